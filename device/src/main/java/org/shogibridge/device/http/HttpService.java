package org.shogibridge.device.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.WriteTimeoutHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.shogibridge.device.threads.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP transport of both web servers (the daemon's and the hub's), on Netty (which the embedded broker already
 * brings, so it costs the jar nothing). One event-loop thread reads every connection without blocking: a client that
 * sends half a request holds a few bytes of buffer, never a thread (issue 84: eight of them froze the JDK server,
 * which read each request on one of its eight threads). Only a request that has arrived whole goes to one of
 * {@link #HANDLER_THREADS} handler threads, since handlers read files and the archive's database.
 *
 * <p>Limits, each answered as HTTP says: a request line over {@link #MAX_REQUEST_LINE} bytes gets 414 and headers
 * over {@link #MAX_HEADERS} get 431, refused as they arrive (the decoder counts; it never keeps more); a request
 * must arrive whole within {@link #REQUEST_SECONDS}, an idle keep-alive connection is closed after
 * {@link #IDLE_SECONDS}, an answer must be taken within {@link #RESPONSE_SECONDS}; over {@link #MAX_CONNECTIONS}
 * open connections a new one is closed at once; when the handlers' queue is full the answer is 503.
 */
public final class HttpService implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HttpService.class);

    static final int MAX_REQUEST_LINE = 4096;
    static final int MAX_HEADERS = 8192;
    static final int REQUEST_SECONDS = 10;
    static final int IDLE_SECONDS = 30;
    static final int RESPONSE_SECONDS = 60;
    static final int MAX_CONNECTIONS = 4096;
    /** How long a refused connection's remaining bytes are read and dropped before it is closed. */
    static final int LINGER_SECONDS = 2;
    static final int HANDLER_THREADS = 4;
    static final int HANDLER_QUEUE = 256;

    /** What a server does with a request that has arrived whole. */
    @FunctionalInterface
    public interface Handler {
        WebReply handle(WebRequest request) throws IOException;
    }

    private final NioEventLoopGroup loop;
    private final ThreadPoolExecutor handlers;
    private final Channel listener;
    private final Handler handler;
    private final AtomicInteger open = new AtomicInteger();
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private HttpService(String host, int port, Handler handler, String threadName) throws IOException {
        this.handler = handler;
        loop = new NioEventLoopGroup(1, DaemonThreads.named(threadName + "-io"));
        handlers = new ThreadPoolExecutor(HANDLER_THREADS, HANDLER_THREADS, 0, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(HANDLER_QUEUE), DaemonThreads.named(threadName));
        try {
            listener = new ServerBootstrap().group(loop).channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 256)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            accept(channel);
                        }
                    }).bind(new InetSocketAddress(host, port)).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            close();
            throw new IOException("Web server. Cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
        }
    }

    /** Start serving {@code host:port}; {@code threadName} names the threads ("http", "hub-http"). */
    public static HttpService start(String host, int port, Handler handler, String threadName) throws IOException {
        return new HttpService(host, port, handler, threadName);
    }

    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    private void accept(SocketChannel channel) {
        if (open.incrementAndGet() > MAX_CONNECTIONS) {
            open.decrementAndGet();
            channel.close();
            return;
        }
        channel.closeFuture().addListener(f -> open.decrementAndGet());
        channel.pipeline().addLast(new RequestDeadline(REQUEST_SECONDS, IDLE_SECONDS))
                .addLast(new HttpServerCodec(MAX_REQUEST_LINE, MAX_HEADERS, 8192))
                .addLast(new WriteTimeoutHandler(RESPONSE_SECONDS))
                .addLast(new Exchange());
    }

    /**
     * One connection's requests, answered one at a time and in order: reading pauses while a request is answered, and
     * requests a client sent ahead (pipelined, already read) wait their turn, at most {@link #PIPELINED} of them.
     */
    private final class Exchange extends SimpleChannelInboundHandler<HttpObject> {
        private static final int PIPELINED = 16;
        private final ArrayDeque<HttpRequest> waiting = new ArrayDeque<>();
        private HttpRequest request;
        private boolean answering;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject message) {
            if (message instanceof HttpRequest r) {
                if (r.decoderResult().isFailure()) {
                    refuse(ctx, r.decoderResult().cause());
                    return;
                }
                request = r;
            }
            if (message instanceof LastHttpContent && request != null) {
                HttpRequest whole = request;
                request = null;
                if (answering) {
                    if (waiting.size() == PIPELINED) {
                        ctx.close();
                        return;
                    }
                    waiting.add(whole);
                    return;
                }
                dispatch(ctx, whole);
            }
        }

        private void refuse(ChannelHandlerContext ctx, Throwable cause) {
            int status = cause instanceof TooLongHttpLineException ? 414 : cause instanceof TooLongHttpHeaderException ? 431 : 400;
            String text = switch (status) {
                case 414 -> "URI too long.\n";
                case 431 -> "Request headers too large.\n";
                default -> "Bad request.\n";
            };
            answering = true;
            // Close gently: stop writing, read (and drop) what the client still sends for a moment, then close. Closing
            // with unread bytes would reset the connection, and the client could lose the answer before reading it.
            ctx.writeAndFlush(response(WebReply.text(status, text), false, false)).addListener(f -> {
                if (ctx.channel() instanceof SocketChannel socket) {
                    socket.shutdownOutput();
                }
                ctx.executor().schedule(() -> ctx.close(), LINGER_SECONDS, TimeUnit.SECONDS);
            });
        }

        private void dispatch(ChannelHandlerContext ctx, HttpRequest whole) {
            answering = true;
            ctx.pipeline().get(RequestDeadline.class).arrived();
            ctx.channel().config().setAutoRead(false); // the next request waits for this answer
            boolean keepAlive = HttpUtil.isKeepAlive(whole);
            boolean head = whole.method().name().equals("HEAD");
            try {
                handlers.execute(() -> {
                    WebReply reply = answer(whole);
                    ctx.channel().eventLoop().execute(() -> write(ctx, reply, keepAlive, head));
                });
            } catch (RejectedExecutionException e) {
                write(ctx, WebReply.text(503, "Busy. Try again.\n").header("Retry-After", "1"), false, head);
            }
        }

        private void write(ChannelHandlerContext ctx, WebReply reply, boolean keepAlive, boolean head) {
            if (!ctx.channel().isActive()) {
                return;
            }
            var written = ctx.writeAndFlush(response(reply, keepAlive, head));
            if (!keepAlive) {
                written.addListener(ChannelFutureListener.CLOSE);
                return;
            }
            answering = false;
            HttpRequest next = waiting.poll();
            if (next != null) {
                dispatch(ctx, next);
                return;
            }
            ctx.pipeline().get(RequestDeadline.class).answered();
            ctx.channel().config().setAutoRead(true);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            log.debug("HTTP connection: {}", cause.toString()); // a client that went away, a write that timed out
            ctx.close();
        }
    }

    private WebReply answer(HttpRequest request) {
        try {
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            String query = uri.rawQuery();
            return handler.handle(new WebRequest(request.method().name(), uri.path(), query.isEmpty() ? null : query,
                    request.headers()));
        } catch (IllegalArgumentException e) {
            return WebReply.text(400, "Bad request.\n"); // a malformed %-escape
        } catch (IOException | RuntimeException e) {
            log.warn("HTTP request failed: {}", e.toString());
            return WebReply.text(500, "Internal error.\n");
        }
    }

    private static FullHttpResponse response(WebReply reply, boolean keepAlive, boolean head) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(reply.status()),
                head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(reply.body()));
        var headers = response.headers();
        if (reply.type() != null) {
            headers.set(HttpHeaderNames.CONTENT_TYPE, reply.type());
        }
        reply.headers().forEach(headers::set);
        if (reply.status() != 304 && reply.status() != 204) {
            headers.set(HttpHeaderNames.CONTENT_LENGTH, reply.body().length);
        }
        if (!keepAlive) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return response;
    }

    /** Stop listening and close every connection; a second call does nothing. */
    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        if (listener != null) {
            listener.close().syncUninterruptibly();
        }
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        handlers.shutdownNow();
    }
}
