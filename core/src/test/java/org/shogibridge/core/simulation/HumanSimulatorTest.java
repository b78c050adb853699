package org.shogibridge.core.simulation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
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
     * A gesture made while the board went away (its cable pulled as the piece was put back) is made again once the
     * board is back and the choice still blinks the unwanted yellow, though the first lit half of that blink, after the
     * dark board, looks steady (FirmwareBinaryIT with every fault beside six CPU-bound loops: the hands took it for a
     * closed choice, never made the gesture again, and a declined 8h2b was recorded as 8h2b+).
     */
    @Test
    void aGestureLostWithTheBoardIsMadeAgainOnceTheBoardIsBackThoughTheBlinkFirstLooksSteady() {
        for (long seed = 1; seed <= 20; seed++) {
            long shownAt = 1_000;
            long[] back = {-1};
            long[] putBack = {-1};
            List<Long> lifts = decline(seed, (snapshot, leds) -> {
                long now = snapshot.timeMillis();
                boolean empty = snapshot.reading(SQUARE) == SensorSnapshot.EMPTY;
                if (now >= shownAt && empty && putBack[0] < 0) {
                    putBack[0] = 0; // the gesture's lift: its put-back comes next
                } else if (putBack[0] == 0 && !empty) {
                    putBack[0] = now;
                    back[0] = now + 1_000; // the board away for a second from the put-back
                }
                if (now < shownAt) {
                    leds.set(SQUARE, LedFrame.Colour.OFF, LedFrame.Pattern.STEADY);
                } else if (back[0] < 0) {
                    leds.set(SQUARE, LedFrame.Colour.YELLOW, LedFrame.Pattern.BLINK);
                } else if (now < back[0]) {
                    leds.set(SQUARE, LedFrame.Colour.OFF, LedFrame.Pattern.STEADY);
                } else {
                    leds.set(SQUARE, LedFrame.Colour.YELLOW,
                            now < back[0] + 500 ? LedFrame.Pattern.STEADY : LedFrame.Pattern.BLINK);
                }
            });
            long again = lifts.stream().filter(t -> back[0] >= 0 && t >= back[0]).count();
            assertTrue(again >= 1, "seed " + seed + ": 2b emptied at " + lifts + ", the board back at " + back[0]);
        }
    }

    /**
     * The hands decline 8h2b; 2b shows {@code until} (a white blink, or dark) until the choice blinks yellow at
     * {@code shownAt} and stays so. Return when 2b was emptied, each time: a piece taken off, not a switch bouncing
     * as one is put down.
     */
    private static List<Long> declineWithTheChoiceShownAt(long seed, long shownAt, LedFrame.Colour until) {
        return decline(seed, (snapshot, leds) -> {
            if (snapshot.timeMillis() >= shownAt) {
                leds.set(SQUARE, LedFrame.Colour.YELLOW, LedFrame.Pattern.BLINK);
            } else {
                leds.set(SQUARE, until, until == LedFrame.Colour.OFF ? LedFrame.Pattern.STEADY : LedFrame.Pattern.BLINK);
            }
        });
    }

    /**
     * The hands decline 8h2b, the LEDs set by {@code lights} at each scan. Return when 2b was emptied, each time: a
     * piece taken off, not a switch bouncing as one is put down.
     */
    private static List<Long> decline(long seed, BiConsumer<SensorSnapshot, LedFrame> lights) {
        LedFrame leds = new LedFrame(Variant.STANDARD.squares());
        List<Long> lifts = new ArrayList<>();
        long[] emptySince = {-1};
        HumanSimulator hands = new HumanSimulator(Variant.STANDARD, InferenceSettings.defaults(), 0, seed, 5, snapshot -> {
            lights.accept(snapshot, leds);
            long now = snapshot.timeMillis();
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
