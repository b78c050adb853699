package org.shogibridge.device.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose request does not arrive whole in time, or that stays idle between requests. A read
 * timeout would not do: a client that sends one byte every few seconds would never trip it. So the clock starts at a
 * request's first byte (or at connect) and stops only when the request is whole. Runs on the connection's event
 * loop, first in its pipeline (it sees the raw bytes).
 */
final class RequestDeadline extends ChannelInboundHandlerAdapter {
    private final int requestSeconds;
    private final int idleSeconds;
    private ChannelHandlerContext context;
    private ScheduledFuture<?> close;
    /** Whether a request's first byte has come and the request is not yet whole. */
    private boolean reading;
    /** Whether a whole request is being answered (no deadline then: the answer has its own). */
    private boolean answering;

    RequestDeadline(int requestSeconds, int idleSeconds) {
        this.requestSeconds = requestSeconds;
        this.idleSeconds = idleSeconds;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        context = ctx;
        closeIn(requestSeconds); // a connection that sends nothing is a request that never arrives
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (!reading && !answering) {
            reading = true;
            closeIn(requestSeconds);
        }
        ctx.fireChannelRead(message);
    }

    /** The request is whole: no deadline while it is answered. */
    void arrived() {
        reading = false;
        answering = true;
        cancel();
    }

    /** The answer is written: the connection may wait {@code idleSeconds} for the next request. */
    void answered() {
        answering = false;
        closeIn(idleSeconds);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }

    private void closeIn(int seconds) {
        cancel();
        close = context.executor().schedule(() -> {
            context.close();
        }, seconds, TimeUnit.SECONDS);
    }

    private void cancel() {
        if (close != null) {
            close.cancel(false);
            close = null;
        }
    }
}
