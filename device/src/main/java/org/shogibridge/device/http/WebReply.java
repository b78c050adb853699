package org.shogibridge.device.http;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** A handler's answer: status, content type, body and any further headers. A HEAD request gets the same without body. */
public final class WebReply {
    private final int status;
    private final String type;
    private final byte[] body;
    private final Map<String, String> headers = new LinkedHashMap<>();

    private WebReply(int status, String type, byte[] body) {
        this.status = status;
        this.type = type;
        this.body = body;
    }

    public static WebReply of(int status, String type, byte[] body) {
        return new WebReply(status, type, body);
    }

    public static WebReply of(int status, String type, String body) {
        return new WebReply(status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    /** A plain-text answer in UTF-8 (errors: "Not found.\n"). */
    public static WebReply text(int status, String body) {
        return of(status, "text/plain; charset=utf-8", body);
    }

    /** An answer without a body (204, 304). */
    public static WebReply empty(int status) {
        return new WebReply(status, null, new byte[0]);
    }

    /** Set a header (replacing one of the same name) and return this reply. */
    public WebReply header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    public int status() {
        return status;
    }

    /** The content type, or null for an answer without a body. */
    public String type() {
        return type;
    }

    public byte[] body() {
        return body;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
