package org.shogibridge.core.simulation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

class HumanSimulatorTest {
    private static final long CHOICE_SHOWN_AT = 6_000;
    /** The shortest a piece is held off a square (HumanSimulator's holds are 60 ms or more; a bounce lasts a scan). */
    private static final long LIFT_MILLIS = 50;

    /**
     * The hands decline 8h2b (a capture) on a board whose destination still blinks white (the captured piece lifted,
     * a frame the board has not yet replaced) until the choice blinks yellow at 6 s. Before then 2b may be emptied once,
     * the captured piece taken off; the gesture, 2b emptied again, comes only once the choice is shown (every seed).
     */
    @Test
    void thePromotionGestureAnswersTheChoiceNotAnotherBlinkOnItsSquare() {
        Position before = Position.fromSfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
        int decline = Usi.parseLegalMove(before, "8h2b");
        int square = Usi.parseSquare(Variant.STANDARD, "2b");
        for (long seed = 1; seed <= 20; seed++) {
            LedFrame leds = new LedFrame(Variant.STANDARD.squares());
            leds.set(square, LedFrame.Colour.WHITE, LedFrame.Pattern.BLINK);
            int[] emptiedBefore = {0};
            int[] emptiedAfter = {0};
            long[] emptySince = {-1};
            HumanSimulator hands = new HumanSimulator(Variant.STANDARD, InferenceSettings.defaults(), 0, seed, 5, snapshot -> {
                long now = snapshot.timeMillis();
                if (now >= CHOICE_SHOWN_AT) {
                    leds.set(square, LedFrame.Colour.YELLOW, LedFrame.Pattern.BLINK);
                }
                boolean empty = snapshot.reading(square) == SensorSnapshot.EMPTY;
                if (empty && emptySince[0] < 0) {
                    emptySince[0] = now;
                } else if (!empty && emptySince[0] >= 0) {
                    if (now - emptySince[0] >= LIFT_MILLIS) { // a piece taken off, not a switch bouncing as one is put down
                        (emptySince[0] < CHOICE_SHOWN_AT ? emptiedBefore : emptiedAfter)[0]++;
                    }
                    emptySince[0] = -1;
                }
            });
            hands.setUp(before);
            hands.watch(leds);
            hands.play(before, decline);
            assertTrue(emptiedBefore[0] <= 1 && emptiedAfter[0] >= 1, "seed " + seed + ": 2b emptied " + emptiedBefore[0]
                    + " time(s) before the choice was shown, " + emptiedAfter[0] + " after");
        }
    }
    /**
     * A gesture made blind (the choice not shown within the hands' 8 s, the board away) is one a board that acknowledges
     * its LEDs never takes: once the choice blinks, still the unwanted yellow, the hands make it again at once, not after
     * the 2 s they give the Pi to answer a gesture it could read, which left too little of the 3 s window beside two
     * CPU-bound loops (FirmwareBinaryIT, a declined 8h2b recorded as 8h2b+).
     */
    @Test
    void aGestureMadeBlindIsMadeAgainAsSoonAsTheChoiceIsShown() {
        Position before = Position.fromSfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
        int decline = Usi.parseLegalMove(before, "8h2b");
        int square = Usi.parseSquare(Variant.STANDARD, "2b");
        long shownAt = 12_000;
        for (long seed = 1; seed <= 20; seed++) {
            LedFrame leds = new LedFrame(Variant.STANDARD.squares());
            long[] firstLiftAfter = {-1};
            long[] emptySince = {-1};
            HumanSimulator hands = new HumanSimulator(Variant.STANDARD, InferenceSettings.defaults(), 0, seed, 5, snapshot -> {
                long now = snapshot.timeMillis();
                if (now >= shownAt) {
                    leds.set(square, LedFrame.Colour.YELLOW, LedFrame.Pattern.BLINK);
                }
                boolean empty = snapshot.reading(square) == SensorSnapshot.EMPTY;
                if (empty && emptySince[0] < 0) {
                    emptySince[0] = now;
                } else if (!empty && emptySince[0] >= 0) {
                    if (now - emptySince[0] >= LIFT_MILLIS && emptySince[0] >= shownAt && firstLiftAfter[0] < 0) {
                        firstLiftAfter[0] = emptySince[0];
                    }
                    emptySince[0] = -1;
                }
            });
            hands.setUp(before);
            hands.watch(leds);
            hands.play(before, decline);
            assertTrue(firstLiftAfter[0] >= shownAt && firstLiftAfter[0] < shownAt + 1_000, "seed " + seed
                    + ": the gesture made again at " + firstLiftAfter[0] + " ms, the choice shown at " + shownAt + " ms");
        }
    }
}
