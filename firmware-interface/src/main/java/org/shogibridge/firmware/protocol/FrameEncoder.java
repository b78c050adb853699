package org.shogibridge.firmware.protocol;

/**
 * Encode one message into a frame: the CRC-32 of type and body is appended (little-endian), the whole is COBS-encoded
 * so that it holds no zero, and a zero delimiter ends it. One reused scratch buffer; the caller owns the output.
 * Not thread-safe: one encoder per writing thread.
 */
public final class FrameEncoder {
    private final byte[] payload = new byte[Protocol.MAX_PAYLOAD];
    private final Crc32 crc32 = new Crc32();

    /**
     * Write the frame of a message into {@code out} (at least {@link Protocol#MAX_FRAME} bytes) and return its length.
     *
     * @throws IllegalArgumentException if the body is longer than {@link Protocol#MAX_BODY}: a bug, not a link fault
     */
    public int encode(int type, byte[] body, int bodyLength, byte[] out) {
        if (bodyLength > Protocol.MAX_BODY) {
            throw new IllegalArgumentException("Message too long. " + Protocol.typeName(type) + " has " + bodyLength
                    + " body bytes; at most " + Protocol.MAX_BODY + " fit a frame.");
        }
        payload[0] = (byte) type;
        System.arraycopy(body, 0, payload, 1, bodyLength);
        int crc = crc32.of(payload, 0, bodyLength + 1);
        for (int i = 0; i < Protocol.CRC_BYTES; i++) {
            payload[bodyLength + 1 + i] = (byte) (crc >>> (8 * i));
        }
        return cobs(payload, bodyLength + 1 + Protocol.CRC_BYTES, out);
    }

    /** COBS-encode {@code length} bytes into {@code out}, followed by the zero delimiter; return the bytes written. */
    static int cobs(byte[] data, int length, byte[] out) {
        int codeAt = 0;
        int w = 1;
        int code = 1;
        for (int i = 0; i < length; i++) {
            if (data[i] == 0) {
                out[codeAt] = (byte) code;
                codeAt = w++;
                code = 1;
            } else {
                out[w++] = data[i];
                if (++code == 0xFF) {
                    out[codeAt] = (byte) code;
                    codeAt = w++;
                    code = 1;
                }
            }
        }
        out[codeAt] = (byte) code;
        out[w++] = 0;
        return w;
    }
}
