package org.shogibridge.firmware.protocol;

import java.nio.charset.StandardCharsets;

/** Write a message body field by field into a reused array (little-endian numbers). */
public final class BodyWriter {
    private final byte[] body = new byte[Protocol.MAX_BODY];
    private int length;

    /** Start a new body. */
    public BodyWriter clear() {
        length = 0;
        return this;
    }

    public BodyWriter u8(int value) {
        body[length++] = (byte) value;
        return this;
    }

    public BodyWriter u16(int value) {
        body[length++] = (byte) value;
        body[length++] = (byte) (value >>> 8);
        return this;
    }

    /** A length byte and then the text's ASCII bytes. */
    public BodyWriter text(String text) {
        byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
        u8(ascii.length);
        System.arraycopy(ascii, 0, body, length, ascii.length);
        length += ascii.length;
        return this;
    }

    public byte[] bytes() {
        return body;
    }

    public int length() {
        return length;
    }
}
