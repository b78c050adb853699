package org.shogibridge.firmware.protocol;

/** Message bodies in the form a {@link FrameDecoder} hands them on (the type byte first), for tests that skip framing. */
public final class Payloads {
    private Payloads() {
    }

    /** Return the type byte followed by the first {@code length} bytes of the body. */
    public static byte[] of(int type, byte[] body, int length) {
        byte[] payload = new byte[length + 1];
        payload[0] = (byte) type;
        System.arraycopy(body, 0, payload, 1, length);
        return payload;
    }

    /** Return a reader of the body, as a parser gets it from a decoded frame. */
    public static BodyReader reader(int type, byte[] body, int length) {
        return new BodyReader().of(of(type, body, length), length);
    }
}
