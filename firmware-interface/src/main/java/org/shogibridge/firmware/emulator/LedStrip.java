package org.shogibridge.firmware.emulator;

import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.rules.Side;
import org.shogibridge.firmware.board.BoardGeometry;

/**
 * An LED strip as a player sees it: colours that come and go, read back into what the Pi asked for. Each update is
 * the strip's colours at one moment; an LED that goes dark and lit again is blinking, slowly (lit half of each second)
 * or fast (half of each quarter second), by how long its last phase lasted; one dark for longer than a slow blink's
 * dark half is off. The colour is the nearest of docs/leds.md's palette at any brightness. The result goes to a core
 * {@link LedFrame}, which the simulated hands watch as they watch the Java emulator's.
 */
public final class LedStrip {
    /** Longer than a slow blink's dark half (500 ms): an LED dark this long is off. */
    static final long OFF_AFTER_MILLIS = 650;
    /** A phase this short or shorter is a fast blink's (125 ms); a slow blink's lasts 500 ms. */
    static final long FAST_PHASE_MILLIS = 250;
    /** Red, green, blue of each colour at full brightness, in {@link LedFrame.Colour} order (as the C core's table). */
    private static final int[][] PALETTE = {{0, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 160, 0}, {255, 0, 0}, {255, 255, 255}};
    private static final LedFrame.Colour[] COLOURS = LedFrame.Colour.values();

    private final BoardGeometry geometry;
    private final LedFrame frame;
    private final int leds;
    private final int[] colour;
    private final boolean[] lit;
    private final long[] toggledAt;
    private final long[] phaseMillis;
    private final boolean[] blinking;

    public LedStrip(BoardGeometry geometry, LedFrame frame) {
        this.geometry = geometry;
        this.frame = frame;
        this.leds = geometry.variant().squares() + geometry.ledGroupsBlack().length() + geometry.ledGroupsWhite().length();
        colour = new int[leds];
        lit = new boolean[leds];
        toggledAt = new long[leds];
        phaseMillis = new long[leds];
        blinking = new boolean[leds];
    }

    /** Return how many LEDs the strip has: one per square, then the komadai's groups (black's first). */
    public int leds() {
        return leds;
    }

    /** The strip shows these colours now: red, green, blue per LED. */
    public synchronized void show(byte[] rgb, long nowMillis) {
        for (int i = 0; i < leds && 3 * i + 2 < rgb.length; i++) {
            int c = nearest(rgb[3 * i] & 0xFF, rgb[3 * i + 1] & 0xFF, rgb[3 * i + 2] & 0xFF);
            boolean on = c != 0;
            if (on != lit[i]) {
                long phase = nowMillis - toggledAt[i];
                // A phase that ended within a blink's reach of the one before it makes a blink.
                blinking[i] = phase < OFF_AFTER_MILLIS;
                phaseMillis[i] = phase;
                toggledAt[i] = nowMillis;
                lit[i] = on;
            }
            if (on) {
                colour[i] = c;
            }
        }
        refresh(nowMillis);
    }

    /** Bring the frame up to date with the time: a blink that stopped became steady or off. */
    public synchronized void refresh(long nowMillis) {
        for (int i = 0; i < leds; i++) {
            long since = nowMillis - toggledAt[i];
            if (since >= OFF_AFTER_MILLIS) {
                blinking[i] = false;
            }
            LedFrame.Colour c;
            LedFrame.Pattern p;
            if (blinking[i]) {
                c = COLOURS[colour[i]];
                p = phaseMillis[i] <= FAST_PHASE_MILLIS ? LedFrame.Pattern.FAST_BLINK : LedFrame.Pattern.BLINK;
            } else if (lit[i]) {
                c = COLOURS[colour[i]];
                p = LedFrame.Pattern.STEADY;
            } else if (since < OFF_AFTER_MILLIS && colour[i] != 0) {
                continue; // just went dark: off, or the first dark half of a blink; say which once it is clear
            } else {
                c = LedFrame.Colour.OFF;
                p = LedFrame.Pattern.STEADY;
            }
            set(i, c, p);
        }
    }

    private void set(int led, LedFrame.Colour c, LedFrame.Pattern p) {
        int squares = geometry.variant().squares();
        if (led < squares) {
            if (frame.colour(led) != c || frame.pattern(led) != p) {
                frame.set(led, c, p);
            }
        } else if (led == squares || led == squares + geometry.ledGroupsBlack().length()) {
            Side side = led == squares && !geometry.ledGroupsBlack().isEmpty() ? Side.BLACK : Side.WHITE;
            if (frame.komadaiColour(side) != c || frame.komadaiPattern(side) != p) {
                frame.setKomadai(side, c, p);
            }
        }
    }

    /** Return the palette colour (its index) whose hue is nearest, whatever the brightness; 0 for dark. */
    static int nearest(int r, int g, int b) {
        int max = Math.max(r, Math.max(g, b));
        if (max < 8) {
            return 0;
        }
        int best = 1;
        double bestDistance = Double.MAX_VALUE;
        for (int c = 1; c < PALETTE.length; c++) {
            double dr = r / (double) max - PALETTE[c][0] / 255.0;
            double dg = g / (double) max - PALETTE[c][1] / 255.0;
            double db = b / (double) max - PALETTE[c][2] / 255.0;
            double distance = dr * dr + dg * dg + db * db;
            if (distance < bestDistance) {
                bestDistance = distance;
                best = c;
            }
        }
        return best;
    }
}
