package org.shogibridge.firmware.protocol;

import java.nio.charset.StandardCharsets;

/**
 * Read a message body field by field from a decoded frame. Reading past the end does not throw: it sets
 * {@link #malformed()} and returns zeros, so a parser checks once at the end.
 */
public final class BodyReader {
    private byte[] payload;
    private int position;
    private int end;
    private boolean malformed;

    /** Read the body of a frame as {@link FrameDecoder} delivers it (the body starts after the type byte). */
    public BodyReader of(byte[] framePayload, int bodyLength) {
        this.payload = framePayload;
        this.position = 1;
        this.end = 1 + bodyLength;
        this.malformed = false;
        return this;
    }

    public int u8() {
        if (position >= end) {
            malformed = true;
            return 0;
        }
        return payload[position++] & 0xFF;
    }

    public int u16() {
        return u8() | u8() << 8;
    }

    public String text(int maxLength) {
        int n = u8();
        if (n > maxLength || position + n > end) {
            malformed = true;
            return "";
        }
        for (int i = position; i < position + n; i++) {
            if (payload[i] < 0x20 || payload[i] > 0x7E) {
                malformed = true;
                return "";
            }
        }
        String text = new String(payload, position, n, StandardCharsets.US_ASCII);
        position += n;
        return text;
    }

    /** Return the byte at an absolute body index without moving (for packed fields). */
    public int byteAt(int bodyIndex) {
        int i = 1 + bodyIndex;
        return i < end ? payload[i] & 0xFF : 0;
    }

    public int position() {
        return position - 1;
    }

    public void skip(int n) {
        if (position + n > end) {
            malformed = true;
            position = end;
        } else {
            position += n;
        }
    }

    public int remaining() {
        return end - position;
    }

    public boolean malformed() {
        return malformed;
    }
}
