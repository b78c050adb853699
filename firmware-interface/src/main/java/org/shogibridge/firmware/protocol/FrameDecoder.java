package org.shogibridge.firmware.protocol;

/**
 * The streaming frame decoder: feed it the bytes of a link in chunks of any size, and it hands each intact frame to
 * its sink. A frame on the wire is the COBS encoding of {@code type, body, CRC-32 (little-endian)} followed by a zero
 * byte; COBS leaves no zero inside a frame, so the decoder resynchronises at the next zero after garbage, a lost
 * byte or a reset mid-frame. A state machine over one reused buffer: nothing is allocated per byte or per frame, and
 * a fault is counted and reported to the sink, never thrown.
 */
public final class FrameDecoder {

    /** Why bytes were thrown away. */
    public enum Fault {
        /** The CRC did not match: a flipped bit, a lost byte or the tail of an earlier frame. */
        CRC,
        /** More than {@link Protocol#MAX_PAYLOAD} bytes before a delimiter. */
        TOO_LONG,
        /** The COBS structure broke (a delimiter inside a block): a lost byte or a reset mid-frame. */
        BROKEN,
        /** Fewer bytes than a type and a CRC. */
        TOO_SHORT
    }

    /** Where decoded frames and faults go; called on the thread that feeds the decoder. */
    public interface Sink {
        /**
         * One intact frame. The body is {@code payload[1 .. 1 + bodyLength)}; the array is reused for the next
         * frame, so copy what you keep.
         */
        void frame(int type, byte[] payload, int bodyLength);

        /** Bytes were discarded for this reason. */
        void fault(Fault fault);
    }

    private final Sink sink;
    private final Crc32 crc32 = new Crc32();
    private final byte[] payload = new byte[Protocol.MAX_PAYLOAD];
    private int length;
    /** Data bytes left in the current COBS block; 0 when the next byte is a code byte. */
    private int blockLeft;
    /** The current block's code byte. */
    private int code;
    /** The current block ended and its code was below 0xFF: a zero belongs before the next block's data. */
    private boolean zeroPending;
    private boolean overflow;
    private boolean started;
    private long frames;
    private long faults;

    public FrameDecoder(Sink sink) {
        this.sink = sink;
    }

    /** Decode {@code count} bytes from {@code offset}. */
    public void feed(byte[] bytes, int offset, int count) {
        for (int i = offset; i < offset + count; i++) {
            feed(bytes[i]);
        }
    }

    /** Decode one byte. */
    public void feed(byte b) {
        if (b == 0) {
            endOfFrame();
            return;
        }
        started = true;
        if (blockLeft == 0) { // a code byte: the next code - 1 bytes are data
            if (zeroPending) {
                append((byte) 0);
            }
            code = b & 0xFF;
            blockLeft = code - 1;
            zeroPending = blockLeft == 0 && code < 0xFF;
        } else {
            append(b);
            if (--blockLeft == 0) {
                zeroPending = code < 0xFF;
            }
        }
    }

    private void append(byte b) {
        if (length == payload.length) {
            overflow = true;
        } else {
            payload[length++] = b;
        }
    }

    private void endOfFrame() {
        if (!started) {
            return; // delimiters between frames (a sender may flush with extra zeros)
        }
        if (overflow) {
            fault(Fault.TOO_LONG);
        } else if (blockLeft > 0) {
            fault(Fault.BROKEN);
        } else if (length < Protocol.CRC_BYTES + 1) {
            fault(Fault.TOO_SHORT);
        } else {
            int end = length - Protocol.CRC_BYTES;
            int crc = (payload[end] & 0xFF) | (payload[end + 1] & 0xFF) << 8 | (payload[end + 2] & 0xFF) << 16
                    | (payload[end + 3] & 0xFF) << 24;
            if (crc != crc32.of(payload, 0, end)) {
                fault(Fault.CRC);
            } else {
                frames++;
                sink.frame(payload[0] & 0xFF, payload, end - 1);
            }
        }
        reset();
    }

    private void fault(Fault fault) {
        faults++;
        sink.fault(fault);
    }

    /** Forget a partial frame (the link was reopened). */
    public void reset() {
        length = 0;
        blockLeft = 0;
        zeroPending = false;
        overflow = false;
        started = false;
    }

    /** Return how many intact frames were decoded. */
    public long frames() {
        return frames;
    }

    /** Return how many faults were counted. */
    public long faults() {
        return faults;
    }
}
