package org.shogibridge.firmware.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.firmware.board.BoardGeometry;

/** The strip read back into colours and patterns, on virtual time, as the C core blinks them. */
class LedStripTest {
    private final BoardGeometry geometry = BoardGeometry.recommended(Variant.STANDARD, true);
    private final LedFrame frame = new LedFrame(81);
    private final LedStrip strip = new LedStrip(geometry, frame);
    private final byte[] rgb = new byte[3 * 83];

    private void colour(int led, int r, int g, int b) {
        rgb[3 * led] = (byte) r;
        rgb[3 * led + 1] = (byte) g;
        rgb[3 * led + 2] = (byte) b;
    }

    /** What the C core shows at time t: square 0 red fast, 1 yellow slow, 2 green steady, black's stand blue slow. */
    private void showAt(long t, boolean second) {
        boolean slow = t % 1000 < 500;
        boolean fast = t % 250 < 125;
        colour(0, fast ? 255 : 0, 0, 0);
        colour(1, slow ? 128 : 0, slow ? 80 : 0, 0); // yellow at half brightness
        colour(2, 0, second ? 0 : 40, 0); // green, dim, until it goes out
        colour(81, 0, 0, slow ? 255 : 0);
        strip.show(rgb, t);
    }

    @Test
    void blinksAreToldApartByTheirPhasesAndAnLedThatGoesOutIsOffOnceNoBlinkExplainsIt() {
        for (long t = 0; t < 2_000; t += 125) { // the core redraws at every change of either blink's phase
            showAt(t, false);
        }
        assertEquals(LedFrame.Colour.RED, frame.colour(0));
        assertEquals(LedFrame.Pattern.FAST_BLINK, frame.pattern(0));
        assertEquals(LedFrame.Colour.YELLOW, frame.colour(1));
        assertEquals(LedFrame.Pattern.BLINK, frame.pattern(1));
        assertEquals(LedFrame.Colour.GREEN, frame.colour(2));
        assertEquals(LedFrame.Pattern.STEADY, frame.pattern(2));
        assertEquals(LedFrame.Colour.BLUE, frame.komadaiColour(Side.BLACK));
        assertEquals(LedFrame.Pattern.BLINK, frame.komadaiPattern(Side.BLACK));
        assertEquals(LedFrame.Colour.OFF, frame.komadaiColour(Side.WHITE));

        showAt(2_000, true); // the green goes out: for a moment it may be a blink's dark half
        assertEquals(LedFrame.Colour.GREEN, frame.colour(2));
        strip.refresh(2_000 + LedStrip.OFF_AFTER_MILLIS);
        assertEquals(LedFrame.Colour.OFF, frame.colour(2), "dark longer than a slow blink's dark half: off");
        assertEquals(LedFrame.Pattern.STEADY, frame.pattern(2));
    }

    @Test
    void coloursAreKnownAtAnyBrightness() {
        assertEquals(0, LedStrip.nearest(0, 0, 0));
        assertEquals(1, LedStrip.nearest(0, 12, 0));
        assertEquals(2, LedStrip.nearest(0, 0, 90));
        assertEquals(3, LedStrip.nearest(100, 62, 0));
        assertEquals(4, LedStrip.nearest(255, 0, 0));
        assertEquals(5, LedStrip.nearest(60, 60, 60));
    }
}
