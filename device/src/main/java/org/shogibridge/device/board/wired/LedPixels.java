package org.shogibridge.device.board.wired;

import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.rules.Side;

/**
 * The colours a chain of LEDs shows for a core {@link LedFrame} at a moment: the colour of each square and komadai
 * (docs/leds.md), its blinking (slow: lit for the first half of each second, fast: of each quarter second), the
 * board's brightness, and a current limit: if the whole chain would draw more than the supply allows, every LED is
 * dimmed by the same factor. One reused buffer; nothing is allocated per frame.
 */
public final class LedPixels {
    /** Red, green, blue of each {@link LedFrame.Colour} at full brightness; the reference firmware uses the same. */
    private static final int[][] RGB = {{0, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 160, 0}, {255, 0, 0}, {255, 255, 255}};
    /** A WS2812B or APA102 draws about 20 mA per colour at full, and about 1 mA doing nothing. */
    static final double MILLIAMPS_PER_CHANNEL = 20;
    static final double IDLE_MILLIAMPS = 1;

    private final ChainLayout layout;
    private final byte[] rgb;
    private final int brightness;
    private final int limitMilliamps;
    private double milliamps;

    /**
     * @param brightness     0-255, applied to every LED
     * @param limitMilliamps the most the chain may draw (the LED supply's rating, less a margin)
     */
    public LedPixels(ChainLayout layout, int brightness, int limitMilliamps) {
        this.layout = layout;
        this.rgb = new byte[3 * layout.leds()];
        this.brightness = brightness;
        this.limitMilliamps = limitMilliamps;
    }

    /** Render the frame as it looks at {@code millis}; return the colours, three bytes an LED in chain order. */
    public byte[] render(LedFrame frame, long millis) {
        boolean slowLit = millis % 1000 < 500;
        boolean fastLit = millis % 250 < 125;
        int squares = layout.squares();
        double channels = 0;
        for (int i = 0; i < layout.leds(); i++) {
            int target = layout.target(i);
            LedFrame.Colour colour;
            LedFrame.Pattern pattern;
            if (target < squares) {
                colour = frame.colour(target);
                pattern = frame.pattern(target);
            } else {
                Side side = target == squares ? Side.BLACK : Side.WHITE;
                colour = frame.komadaiColour(side);
                pattern = frame.komadaiPattern(side);
            }
            boolean lit = switch (pattern) {
                case STEADY -> true;
                case BLINK -> slowLit;
                case FAST_BLINK -> fastLit;
            };
            int[] full = RGB[lit ? colour.ordinal() : 0];
            for (int c = 0; c < 3; c++) {
                int value = full[c] * brightness / 255;
                rgb[3 * i + c] = (byte) value;
                channels += value;
            }
        }
        double idle = IDLE_MILLIAMPS * layout.leds();
        milliamps = idle + channels / 255 * MILLIAMPS_PER_CHANNEL;
        if (milliamps > limitMilliamps && channels > 0) {
            double scale = Math.max(0, limitMilliamps - idle) / (milliamps - idle);
            channels = 0;
            for (int k = 0; k < rgb.length; k++) {
                int value = (int) ((rgb[k] & 0xFF) * scale);
                rgb[k] = (byte) value;
                channels += value;
            }
            milliamps = idle + channels / 255 * MILLIAMPS_PER_CHANNEL;
        }
        return rgb;
    }

    /** Return the current the last rendered frame draws, estimated, in mA. */
    public double milliamps() {
        return milliamps;
    }

    public ChainLayout layout() {
        return layout;
    }
}
