package org.shogibridge.core.inference;

import java.util.Arrays;
import org.shogibridge.core.rules.Side;

/**
 * What the board's LEDs should show: a colour and a pattern per square and per komadai. {@link MoveInference}
 * keeps one frame up to date; the device layer renders it whenever {@link #version()} changes. The meaning of
 * each colour is documented in docs/leds.md.
 */
public final class LedFrame {
    /** Colours, each with one meaning in docs/leds.md. */
    public enum Colour { OFF, GREEN, BLUE, YELLOW, RED, WHITE }

    /** Patterns: steady, slow blink (about 1 Hz) or fast blink (about 4 Hz). */
    public enum Pattern { STEADY, BLINK, FAST_BLINK }

    private static final Colour[] COLOURS = Colour.values();
    private static final Pattern[] PATTERNS = Pattern.values();

    /** Per square, then the two komadai (Black's, White's): colour ordinal and pattern ordinal. */
    private final byte[] colour;
    private final byte[] pattern;
    private final int squares;
    private long version;

    public LedFrame(int squares) {
        this.squares = squares;
        this.colour = new byte[squares + 2];
        this.pattern = new byte[squares + 2];
    }

    public int squares() {
        return squares;
    }

    public Colour colour(int square) {
        return COLOURS[colour[square]];
    }

    public Pattern pattern(int square) {
        return PATTERNS[pattern[square]];
    }

    public Colour komadaiColour(Side side) {
        return COLOURS[colour[squares + side.index()]];
    }

    public Pattern komadaiPattern(Side side) {
        return PATTERNS[pattern[squares + side.index()]];
    }

    /** Return a number that changes whenever the frame does. */
    public long version() {
        return version;
    }

    void clear() {
        Arrays.fill(colour, (byte) 0);
        Arrays.fill(pattern, (byte) 0);
        version++;
    }

    /** Make this frame show what another of the same size shows (a driver's own copy, taken under its lock). */
    public void copyFrom(LedFrame other) {
        System.arraycopy(other.colour, 0, colour, 0, colour.length);
        System.arraycopy(other.pattern, 0, pattern, 0, pattern.length);
        version++;
    }

    /** Set one square (0 .. squares - 1); public for drivers and emulators that receive a frame from elsewhere. */
    public void set(int square, Colour c, Pattern p) {
        colour[square] = (byte) c.ordinal();
        pattern[square] = (byte) p.ordinal();
        version++;
    }

    public void setKomadai(Side side, Colour c, Pattern p) {
        set(squares + side.index(), c, p);
    }

    /** A diagram, top rank first: one letter per square (lower case when blinking), '.' when off. */
    public String toString(int files) {
        StringBuilder sb = new StringBuilder();
        for (int sq = 0; sq < squares; sq++) {
            char c = ".GBYRW".charAt(colour[sq]);
            sb.append(pattern[sq] == 0 ? c : Character.toLowerCase(c));
            if ((sq + 1) % files == 0) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
