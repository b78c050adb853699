package org.shogibridge.core.simulation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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

    private static final Position BEFORE =
            Position.fromSfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    private static final int SQUARE = Usi.parseSquare(Variant.STANDARD, "2b");

    /**
     * The hands decline 8h2b (a capture) on a board whose destination still blinks white (the captured piece lifted,
     * a frame the board has not yet replaced) until the choice blinks yellow at 6 s. Before then 2b may be emptied once,
     * the captured piece taken off; the gesture, 2b emptied again, comes only once the choice is shown (every seed).
     */
    @Test
    void thePromotionGestureAnswersTheChoiceNotAnotherBlinkOnItsSquare() {
        for (long seed = 1; seed <= 20; seed++) {
            List<Long> lifts = declineWithTheChoiceShownAt(seed, CHOICE_SHOWN_AT, LedFrame.Colour.WHITE);
            long before = lifts.stream().filter(t -> t < CHOICE_SHOWN_AT).count();
            long after = lifts.size() - before;
            assertTrue(before <= 1 && after >= 1, "seed " + seed + ": 2b emptied " + before
                    + " time(s) before the choice was shown, " + after + " after");
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
        long shownAt = 12_000;
        for (long seed = 1; seed <= 20; seed++) {
            long again = declineWithTheChoiceShownAt(seed, shownAt, LedFrame.Colour.OFF).stream()
                    .filter(t -> t >= shownAt).findFirst().orElse(-1L);
            assertTrue(again >= shownAt && again < shownAt + 1_000, "seed " + seed + ": the gesture made again at "
                    + again + " ms, the choice shown at " + shownAt + " ms");
        }
    }

    /**
     * The hands decline 8h2b; 2b shows {@code until} (a white blink, or dark) until the choice blinks yellow at
     * {@code shownAt} and stays so. Return when 2b was emptied, each time: a piece taken off, not a switch bouncing
     * as one is put down.
     */
    private static List<Long> declineWithTheChoiceShownAt(long seed, long shownAt, LedFrame.Colour until) {
        LedFrame leds = new LedFrame(Variant.STANDARD.squares());
        leds.set(SQUARE, until, until == LedFrame.Colour.OFF ? LedFrame.Pattern.STEADY : LedFrame.Pattern.BLINK);
        List<Long> lifts = new ArrayList<>();
        long[] emptySince = {-1};
        HumanSimulator hands = new HumanSimulator(Variant.STANDARD, InferenceSettings.defaults(), 0, seed, 5, snapshot -> {
            long now = snapshot.timeMillis();
            if (now >= shownAt) {
                leds.set(SQUARE, LedFrame.Colour.YELLOW, LedFrame.Pattern.BLINK);
            }
            boolean empty = snapshot.reading(SQUARE) == SensorSnapshot.EMPTY;
            if (empty && emptySince[0] < 0) {
                emptySince[0] = now;
            } else if (!empty && emptySince[0] >= 0) {
                if (now - emptySince[0] >= LIFT_MILLIS) {
                    lifts.add(emptySince[0]);
                }
                emptySince[0] = -1;
            }
        });
        hands.setUp(BEFORE);
        hands.watch(leds);
        hands.play(BEFORE, Usi.parseLegalMove(BEFORE, "8h2b"));
        return lifts;
    }
}
