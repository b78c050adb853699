package org.shogibridge.device.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * The answers both web servers (the daemon's and the hub's) give: the dashboard's files, and feeds that pollers ask
 * for again and again, which carry {@code ETag} and {@code Last-Modified} and are answered {@code 304 Not Modified}
 * when unchanged (Kifu for JS and relay tools poll every few seconds).
 */
public final class HttpReplies {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    private HttpReplies() {
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

    /**
     * Answer a feed: 304 when the poller has this version, else the body (gzip if the client takes it); kept by
     * caches as {@code cacheControl} says.
     */
    public static WebReply feed(WebRequest request, Feed feed, String cacheControl) {
        WebReply reply = notModified(request, feed) ? WebReply.empty(304) : body(request, feed.type(), feed.bytes(), feed.gzip());
        return reply.header("ETag", feed.etag())
                .header("Last-Modified", HTTP_DATE.format(Instant.ofEpochMilli(feed.modifiedMillis())))
                .header("Cache-Control", cacheControl);
    }

    /** Whether the request's {@code If-None-Match} (or, without one, {@code If-Modified-Since}) names this version. */
    static boolean notModified(WebRequest request, Feed feed) {
        String match = request.header("If-None-Match");
        if (match != null) {
            for (String tag : match.split(",")) {
                String t = tag.strip();
                if (t.equals("*") || t.equals(feed.etag()) || t.equals("W/" + feed.etag())) {
                    return true;
                }
            }
            return false;
        }
        String since = request.header("If-Modified-Since");
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
    public static WebReply staticFile(WebRequest request, DashboardAssets assets, String path) {
        var found = assets.find(path.equals("/") ? "index.html" : path.substring(1));
        if (found.isEmpty()) {
            return WebReply.text(404, "Not found.\n");
        }
        DashboardAssets.Asset asset = found.get();
        return body(request, asset.type(), asset.bytes(), asset.gzip())
                .header("Cache-Control", asset.immutable() ? "public, max-age=31536000, immutable" : "no-cache");
    }

    private static WebReply body(WebRequest request, String type, byte[] bytes, byte[] gzip) {
        if (gzip == null) {
            return WebReply.of(200, type, bytes);
        }
        String accepted = request.header("Accept-Encoding");
        if (accepted != null && accepted.contains("gzip")) {
            return WebReply.of(200, type, gzip).header("Content-Encoding", "gzip").header("Vary", "Accept-Encoding");
        }
        return WebReply.of(200, type, bytes).header("Vary", "Accept-Encoding");
    }
}
