package org.shogibridge.device.http;

import io.netty.handler.codec.http.HttpHeaders;

/**
 * A request that has arrived whole: its method, its path (percent-decoded), its raw query string (or null) and its
 * headers. Handlers see only this, never the transport.
 */
public record WebRequest(String method, String path, String rawQuery, HttpHeaders headers) {
    /** The first value of a header, or null. */
    public String header(String name) {
        return headers.get(name);
    }

    public boolean head() {
        return method.equals("HEAD");
    }
}
