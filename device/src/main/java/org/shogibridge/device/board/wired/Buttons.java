package org.shogibridge.device.board.wired;

import com.pi4j.io.gpio.digital.DigitalInput;
import org.shogibridge.core.inference.Debouncer;

/**
 * The push buttons on GPIO: black's clock, white's clock and the menu/confirm button, each optional, each debounced
 * over the scans (a press counts once its new level has held for the debounce time) and reported once per press.
 * Buttons usually close to ground against the Pi's pull-up, so they are active low unless configured otherwise.
 */
public final class Buttons {
    public static final int BLACK_CLOCK = 0;
    public static final int WHITE_CLOCK = 1;
    public static final int MENU = 2;
    private static final String[] NAMES = {"black clock", "white clock", "menu"};

    private final DigitalInput[] inputs;
    private final boolean activeLow;
    private final Debouncer debouncer;
    private int released;

    /**
     * @param inputs        black's clock, white's clock, menu; an absent button is null
     * @param debounceScans how many scans a new level must hold
     */
    public Buttons(DigitalInput[] inputs, boolean activeLow, int debounceScans) {
        this.inputs = inputs.clone();
        this.activeLow = activeLow;
        this.debouncer = new Debouncer(inputs.length, Math.max(1, debounceScans));
    }

    /** Read the buttons once; return the buttons just pressed as bits ({@code 1 << BLACK_CLOCK}, ...), 0 for none. */
    public int poll() {
        int pressed = 0;
        released = 0;
        for (int b = 0; b < inputs.length; b++) {
            if (inputs[b] == null) {
                continue;
            }
            boolean down = inputs[b].isLow() == activeLow;
            if (debouncer.update(b, down ? 1 : 0)) {
                if (down) {
                    pressed |= 1 << b;
                } else {
                    released |= 1 << b;
                }
            }
        }
        return pressed;
    }

    /** Return the buttons that came up at the last {@link #poll()}, as bits. */
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
