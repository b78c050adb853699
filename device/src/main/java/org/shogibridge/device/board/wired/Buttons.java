package org.shogibridge.device.board.wired;

import com.pi4j.io.gpio.digital.DigitalInput;
import java.util.Arrays;

/**
 * The push buttons on GPIO: black's clock, white's clock and the menu/confirm button, each optional, each debounced
 * by time (a press counts once its new level has been read on two scans at least the debounce time apart) and reported
 * once per press. By time, not by a count of scans: on a busy Pi the scan thread runs late, and a finger's 100 ms press
 * read on three scans 30 ms apart was lost when four scans were needed (issue 97). Buttons usually close to ground
 * against the Pi's pull-up, so they are active low unless configured otherwise.
 */
public final class Buttons {
    public static final int BLACK_CLOCK = 0;
    public static final int WHITE_CLOCK = 1;
    public static final int MENU = 2;
    private static final String[] NAMES = {"black clock", "white clock", "menu"};

    private final DigitalInput[] inputs;
    private final boolean activeLow;
    private final long debounceMillis;
    /** Per button: the level reported, the other level being read and since when (-1: none). */
    private final boolean[] down;
    private final boolean[] candidate;
    private final long[] candidateSince;
    private int released;

    /**
     * @param inputs         black's clock, white's clock, menu; an absent button is null
     * @param debounceMillis how long a new level must hold, read on two scans at least this far apart
     */
    public Buttons(DigitalInput[] inputs, boolean activeLow, long debounceMillis) {
        this.inputs = inputs.clone();
        this.activeLow = activeLow;
        this.debounceMillis = Math.max(1, debounceMillis);
        this.down = new boolean[inputs.length];
        this.candidate = new boolean[inputs.length];
        this.candidateSince = new long[inputs.length];
        Arrays.fill(candidateSince, -1);
    }

    /**
     * Read the buttons once, at {@code millis} on the board's clock; return the buttons just pressed as bits
     * ({@code 1 << BLACK_CLOCK}, ...), 0 for none.
     */
    public int poll(long millis) {
        int pressed = 0;
        released = 0;
        for (int b = 0; b < inputs.length; b++) {
            if (inputs[b] == null) {
                continue;
            }
            boolean level = inputs[b].isLow() == activeLow;
            if (level == down[b]) {
                candidateSince[b] = -1; // a bounce, or nothing: the reported level stands
            } else if (candidateSince[b] < 0 || candidate[b] != level) {
                candidate[b] = level;
                candidateSince[b] = millis;
            } else if (millis - candidateSince[b] >= debounceMillis) {
                down[b] = level;
                candidateSince[b] = -1;
                if (level) {
                    pressed |= 1 << b;
                } else {
                    released |= 1 << b;
                }
            }
        }
        return pressed;
    }

    /** Return the buttons that came up at the last {@link #poll(long)}, as bits. */
    public int released() {
        return released;
    }

    /** Whether a clock button is wired. */
    public boolean hasClocks() {
        return inputs[BLACK_CLOCK] != null || inputs[WHITE_CLOCK] != null;
    }

    public static String name(int button) {
        return NAMES[button];
    }
}
