package org.shogibridge.core.simulation;

import java.util.function.Predicate;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;

/**
 * The gestures a player makes in answer to the board's LEDs (docs/leds.md): the promotion gesture once the choice is
 * shown, made again when the board did not read it, and the wait for a blink before another. Without a watched LED
 * frame the player waits as long as the board takes to judge.
 */
final class LedGestures {
    /**
     * How long a light must stay lit without going dark to be steady: a slow blink's lit half is 500 ms, and a blink
     * that starts after the LED was dark (a board back from an outage) looks steady until its first dark half.
     */
    static final long STEADY_AFTER_MILLIS = 700;

    private final SensedBoard board;
    private final InferenceSettings settings;
    private LedFrame leds;
    private int gestures;
    private long longestBlinkWait;
    private int blinksMissed;
    private int gesturesAgain;

    LedGestures(SensedBoard board, InferenceSettings settings) {
        this.board = board;
        this.settings = settings;
    }

    void watch(LedFrame frame) {
        this.leds = frame;
    }

    boolean watching() {
        return leds != null;
    }

    /** How the promotion gestures went: how many, the longest wait for the choice, how many made blind or again. */
    String summary() {
        return gestures + " promotion gestures, the longest wait for the blink " + longestBlinkWait + " ms, "
                + blinksMissed + " not seen, " + gesturesAgain + " made again (not read)";
    }

    /**
     * Scan until the square shows a promotion choice (yellow or green, blinking: docs/leds.md), or the time runs out;
     * return true if it did. Another blink is not the choice: the white blink of a piece lifted from that square (the
     * captured one) can still be on the board when the capturing piece is put down, and a gesture made then is part of
     * the move (FirmwareBoardIT over a pseudo-terminal: the gesture answered it, and 8h2b was recorded 8h2b+).
     */
    boolean waitForChoice(int square, long maxMillis) {
        return waitForLed(square, c -> c == LedFrame.Colour.YELLOW || c == LedFrame.Colour.GREEN, LedFrame.Pattern.BLINK,
                maxMillis);
    }

    /** Scan until the square shows a colour {@code wanted} takes in the pattern, or the time runs out; return true if it did. */
    boolean waitForLed(int square, Predicate<LedFrame.Colour> wanted, LedFrame.Pattern pattern, long maxMillis) {
        if (leds == null) {
            board.hold(settings.settleMillis() + board.between(150, 300));
            return true;
        }
        for (long waited = 0; waited < maxMillis; waited += board.scanMillis()) {
            if (leds.pattern(square) == pattern && wanted.test(leds.colour(square))) {
                return true;
            }
            board.scan();
        }
        return false;
    }

    /**
     * Lift the piece on its destination and put it back once the LED shows the promotion choice: toggles it. A player
     * waits for the choice to be shown, through a board that goes away meanwhile (8 s); a gesture made blind after
     * that is one a board that acknowledges its LEDs does not take (issue 97), and the player makes it again once the
     * unwanted choice blinks.
     */
    void promote(int to) {
        boolean seen = true;
        if (leds == null) {
            long judgedAt = board.lastChange() + (long) settings.debounceScans() * board.scanMillis() + settings.settleMillis();
            board.hold(Math.max(0, judgedAt - board.time()));
        } else {
            long before = board.time();
            seen = waitForChoice(to, 8_000);
            blinksMissed += seen ? 0 : 1;
            longestBlinkWait = Math.max(longestBlinkWait, board.time() - before);
        }
        gestures++;
        board.hold(board.between(100, 300));
        liftAndReplace(to);
        if (leds != null) {
            // The player looks: the target blinks yellow while promoting, green while not. A gesture the board did
            // not read (its cable pulled meanwhile) leaves the other colour blinking once it is back: made again. One
            // made blind is never read (the Pi takes a gesture only once the board showed the choice): made again as
            // soon as the choice blinks unwanted.
            LedFrame.Colour unwanted = settings.promoteByDefault() ? LedFrame.Colour.YELLOW : LedFrame.Colour.GREEN;
            for (int again = 0; again < 3 && (seen ? choiceStaysUnwanted(to, unwanted) : choiceShownUnwanted(to, unwanted));
                    again++) {
                gesturesAgain++;
                seen = true;
                board.hold(board.between(100, 300));
                liftAndReplace(to);
            }
        }
    }

    /**
     * After a gesture made blind: whether the choice, once shown (dark LEDs and other blinks waited through for 30 s),
     * blinks in the colour the player did not want. A light that stays steady means the choice is closed; the wanted
     * colour, that the gesture was read.
     */
    private boolean choiceShownUnwanted(int to, LedFrame.Colour unwanted) {
        long steadyFor = 0;
        for (long waited = 0; waited < 30_000; waited += board.scanMillis()) {
            LedFrame.Colour colour = leds.colour(to);
            boolean choice = colour == LedFrame.Colour.YELLOW || colour == LedFrame.Colour.GREEN;
            if (leds.pattern(to) == LedFrame.Pattern.BLINK && choice) {
                return colour == unwanted;
            }
            boolean steady = leds.pattern(to) == LedFrame.Pattern.STEADY && colour != LedFrame.Colour.OFF;
            steadyFor = steady ? steadyFor + board.scanMillis() : 0;
            if (steadyFor >= STEADY_AFTER_MILLIS) {
                return false;
            }
            board.scan();
        }
        return false;
    }

    /**
     * Whether the choice the player did not want goes on blinking for 2 s after their gesture (the Pi's answer to a
     * gesture it read comes within a second or two, even late); dark LEDs (the board away) are waited through, for
     * 30 s, and a light that stays steady means the choice is closed.
     */
    private boolean choiceStaysUnwanted(int to, LedFrame.Colour unwanted) {
        long unwantedFor = 0;
        long steadyFor = 0;
        for (long waited = 0; waited < 30_000; waited += board.scanMillis()) {
            LedFrame.Colour colour = leds.colour(to);
            boolean lit = colour != LedFrame.Colour.OFF;
            steadyFor = lit && leds.pattern(to) == LedFrame.Pattern.STEADY ? steadyFor + board.scanMillis() : 0;
            if (steadyFor >= STEADY_AFTER_MILLIS || lit && colour != unwanted) {
                return false;
            }
            unwantedFor = lit ? unwantedFor + board.scanMillis() : 0;
            if (unwantedFor >= 2_000) {
                return true;
            }
            board.scan();
        }
        return false;
    }

    /** Lift the piece on a square and put it back as it was. */
    void liftAndReplace(int to) {
        byte reading = board.truth(to);
        board.set(to, SensorSnapshot.EMPTY);
        board.hold(board.between(150, 300));
        board.set(to, reading);
    }
}
