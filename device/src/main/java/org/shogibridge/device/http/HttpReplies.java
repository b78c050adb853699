package org.shogibridge.device.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Executors;
import org.shogibridge.device.threads.DaemonThreads;

/**
 * The answers both web servers (the daemon's and the hub's) give on the JDK server: plain bodies, the dashboard's
 * files, and feeds that pollers ask for again and again, which carry {@code ETag} and {@code Last-Modified} and are
 * answered {@code 304 Not Modified} when unchanged (Kifu for JS and relay tools poll every few seconds).
 */
public final class HttpReplies {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    /**
     * Request handlers. The JDK server reads a request on its handler's thread, so a client that sends slowly holds
     * one: two slow connections once stopped the dashboard (issue 43). More threads, and a request that is not
     * complete within {@link #MAX_REQUEST_SECONDS} is closed.
     */
    static final int THREADS = 8;
    /** A request (line and headers) must arrive within this; a response must be taken within {@link #MAX_RESPONSE_SECONDS}. */
    static final int MAX_REQUEST_SECONDS = 10;
    static final int MAX_RESPONSE_SECONDS = 60;

    static {
        // The JDK server reads these once, when its first server is made; a value set on the command line wins.
        setIfAbsent("sun.net.httpserver.maxReqTime", MAX_REQUEST_SECONDS);
        setIfAbsent("sun.net.httpserver.maxRspTime", MAX_RESPONSE_SECONDS);
    }

    private static void setIfAbsent(String property, int seconds) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, String.valueOf(seconds));
        }
    }

    private HttpReplies() {
    }

    /** Start a JDK HTTP server on {@code host:port} with one handler for every path, on {@link #THREADS} named threads. */
    public static HttpServer server(String host, int port, HttpHandler handler, String threadName) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 16);
        server.createContext("/", handler);
        server.setExecutor(Executors.newFixedThreadPool(THREADS, DaemonThreads.named(threadName)));
        server.start();
        return server;
    }

    /**
     * A feed's body at one version: {@code etag} changes whenever the bytes do, {@code gzip} is their compressed form
     * or null (small or binary bodies), {@code modifiedMillis} when the content last changed.
     */
    public record Feed(String type, byte[] bytes, byte[] gzip, String etag, long modifiedMillis) {
        /** A feed whose gzip form is made here when it saves bytes. */
        public static Feed of(String type, byte[] bytes, String etag, long modifiedMillis) {
            byte[] gzip = bytes.length > 512 && !type.equals("application/zip") ? DashboardAssets.gzip(bytes) : null;
            return new Feed(type, bytes, gzip != null && gzip.length < bytes.length ? gzip : null, etag, modifiedMillis);
        }
    }

    public static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        send(exchange, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    public static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** Answer a feed: 304 when the poller has this version, else the body (gzip if the client takes it). */
    public static void feed(HttpExchange exchange, Feed feed) throws IOException {
        var headers = exchange.getResponseHeaders();
        headers.set("ETag", feed.etag());
        headers.set("Last-Modified", HTTP_DATE.format(Instant.ofEpochMilli(feed.modifiedMillis())));
        headers.set("Cache-Control", "no-cache");
        if (notModified(exchange, feed)) {
            exchange.sendResponseHeaders(304, -1);
            return;
        }
        body(exchange, feed.type(), feed.bytes(), feed.gzip());
    }

    /** Whether the request's {@code If-None-Match} (or, without one, {@code If-Modified-Since}) names this version. */
    static boolean notModified(HttpExchange exchange, Feed feed) {
        String match = exchange.getRequestHeaders().getFirst("If-None-Match");
        if (match != null) {
            for (String tag : match.split(",")) {
                String t = tag.strip();
                if (t.equals("*") || t.equals(feed.etag()) || t.equals("W/" + feed.etag())) {
                    return true;
                }
            }
            return false;
        }
        String since = exchange.getRequestHeaders().getFirst("If-Modified-Since");
        if (since == null) {
            return false;
        }
        try {
            return feed.modifiedMillis() / 1000 <= Instant.from(HTTP_DATE.parse(since)).getEpochSecond();
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** Answer a file of the dashboard (or 404), cached for ever when its name carries its content's hash. */
    public static void staticFile(HttpExchange exchange, DashboardAssets assets, String path) throws IOException {
        var found = assets.find(path.equals("/") ? "index.html" : path.substring(1));
        if (found.isEmpty()) {
            send(exchange, 404, "text/plain; charset=utf-8", "Not found.\n");
            return;
        }
        DashboardAssets.Asset asset = found.get();
        exchange.getResponseHeaders().set("Cache-Control", asset.immutable() ? "public, max-age=31536000, immutable" : "no-cache");
        body(exchange, asset.type(), asset.bytes(), asset.gzip());
    }

    private static void body(HttpExchange exchange, String type, byte[] bytes, byte[] gzip) throws IOException {
        if (gzip != null) {
            exchange.getResponseHeaders().set("Vary", "Accept-Encoding");
            String accepted = exchange.getRequestHeaders().getFirst("Accept-Encoding");
            if (accepted != null && accepted.contains("gzip")) {
                exchange.getResponseHeaders().set("Content-Encoding", "gzip");
                send(exchange, 200, type, gzip);
                return;
            }
        }
        send(exchange, 200, type, bytes);
    }
}
