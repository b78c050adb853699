package org.shogibridge.firmware.protocol;

/**
 * LEDS: what the board's LEDs show, sent by the Pi when the picture changes and acknowledged by the board with an
 * ACK of the same seq. One byte per square (SFEN order) and per komadai LED group (black's groups first): the colour in
 * the low four bits (0 off, 1 green, 2 blue, 3 yellow, 4 red, 5 white) and the pattern in the high four (0 steady,
 * 1 slow blink about 1 Hz, 2 fast blink about 4 Hz); and a brightness 0-255 for the whole board.
 *
 * <p>Body: {@code seq u16, brightness u8, squares u8, one byte per square, groups u8, one byte per group}.
 */
public final class LedCommand {
    public static final int COLOURS = 6;
    public static final int PATTERNS = 3;

    private final byte[] squares;
    private final byte[] groups;
    private int seq;
    private int brightness = 255;

    public LedCommand(int squares, int groups) {
        this.squares = new byte[squares];
        this.groups = new byte[groups];
    }

    public int seq() {
        return seq;
    }

    public LedCommand seq(int value) {
        seq = value & 0xFFFF;
        return this;
    }

    public int brightness() {
        return brightness;
    }

    public LedCommand brightness(int value) {
        brightness = value & 0xFF;
        return this;
    }

    public int squares() {
        return squares.length;
    }

    public int groups() {
        return groups.length;
    }

    public int colour(int square) {
        return squares[square] & 0x0F;
    }

    public int pattern(int square) {
        return (squares[square] & 0xFF) >>> 4;
    }

    public int groupColour(int group) {
        return groups[group] & 0x0F;
    }

    public int groupPattern(int group) {
        return (groups[group] & 0xFF) >>> 4;
    }

    public LedCommand square(int square, int colour, int pattern) {
        squares[square] = (byte) (colour | pattern << 4);
        return this;
    }

    public LedCommand group(int group, int colour, int pattern) {
        groups[group] = (byte) (colour | pattern << 4);
        return this;
    }

    /** Return true if every square, group and the brightness equal the other's (the seq aside). */
    public boolean sameAs(LedCommand other) {
        return brightness == other.brightness && java.util.Arrays.equals(squares, other.squares)
                && java.util.Arrays.equals(groups, other.groups);
    }

    public void copyFrom(LedCommand other) {
        System.arraycopy(other.squares, 0, squares, 0, squares.length);
        System.arraycopy(other.groups, 0, groups, 0, groups.length);
        seq = other.seq;
        brightness = other.brightness;
    }

    public void write(BodyWriter out) {
        out.clear().u16(seq).u8(brightness).u8(squares.length);
        for (byte b : squares) {
            out.u8(b);
        }
        out.u8(groups.length);
        for (byte b : groups) {
            out.u8(b);
        }
    }

    /**
     * Take an LEDS body; return {@link Protocol#OK}, or the error code (changing nothing) if it is malformed or does
     * not fit this board's squares and groups, or holds a colour or pattern that does not exist.
     */
    public int read(BodyReader in) {
        int newSeq = in.u16();
        int newBrightness = in.u8();
        int n = in.u8();
        int start = in.position();
        if (in.malformed() || in.remaining() < n + 1) {
            return Protocol.ERROR_MALFORMED;
        }
        int g = in.byteAt(start + n);
        if (in.remaining() < n + 1 + g) {
            return Protocol.ERROR_MALFORMED;
        }
        if (n != squares.length || g != groups.length) {
            return Protocol.ERROR_BAD_VALUE;
        }
        for (int i = 0; i < n + 1 + g; i++) {
            int b = in.byteAt(start + i);
            if (i != n && ((b & 0x0F) >= COLOURS || b >>> 4 >= PATTERNS)) {
                return Protocol.ERROR_BAD_VALUE;
            }
        }
        for (int i = 0; i < n; i++) {
            squares[i] = (byte) in.byteAt(start + i);
        }
        for (int i = 0; i < g; i++) {
            groups[i] = (byte) in.byteAt(start + n + 1 + i);
        }
        in.skip(n + 1 + g);
        seq = newSeq;
        brightness = newBrightness;
        return Protocol.OK;
    }
}
