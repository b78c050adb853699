package org.shogibridge.core.session;

import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Side;

/**
 * The tutor's warning on a person's move in a casual game against the computer (docs/learning.md), and the
 * computer's reply it holds back meanwhile: the person takes the move back (the board put back, as any takeback),
 * or plays on with a press of the clock, or after {@link #PLAY_ON_MILLIS} the computer replies.
 */
final class TutorWarning {
    /** How long the computer's reply waits for the person to take the move back. */
    static final long PLAY_ON_MILLIS = 10_000;

    private TutorAdvice advice;
    private int move = Move.NONE;
    private long since;
    private String heldAnswer;
    private LedFrame frame;

    /** Return the warning in force, or null. */
    TutorAdvice advice() {
        return advice;
    }

    boolean open() {
        return advice != null;
    }

    /** Warn of {@code warned}, the last move (made by {@code mover}), from {@code nowMillis}. */
    void warn(TutorAdvice given, int warned, Side mover, int squares, long nowMillis) {
        advice = given;
        move = warned;
        since = nowMillis;
        heldAnswer = null;
        frame = wayBack(squares, mover);
    }

    /** Return the LEDs of the warning (one frame for as long as it is in force). */
    LedFrame leds() {
        return frame;
    }

    /** Hold the computer's reply while the warning is in force. */
    void hold(String answer) {
        heldAnswer = answer;
    }

    /** Return true if the person has had the time to take the move back. */
    boolean due(long nowMillis) {
        return advice != null && nowMillis - since >= PLAY_ON_MILLIS;
    }

    /** End the warning; return the reply it held (null if the computer had not answered yet). */
    String end() {
        String answer = heldAnswer;
        advice = null;
        move = Move.NONE;
        heldAnswer = null;
        frame = null;
        return answer;
    }

    /**
     * Show the way back on the LEDs, as a correction does: the move's destination blinks red (take the piece from
     * here), its origin green (put it back here), and for a drop or a capture the mover's komadai.
     */
    private LedFrame wayBack(int squares, Side mover) {
        LedFrame way = new LedFrame(squares);
        way.set(Move.to(move), LedFrame.Colour.RED, LedFrame.Pattern.BLINK);
        if (Move.isDrop(move)) {
            way.setKomadai(mover, LedFrame.Colour.GREEN, LedFrame.Pattern.BLINK);
        } else {
            way.set(Move.from(move), LedFrame.Colour.GREEN, LedFrame.Pattern.BLINK);
            if (Move.captured(move) != 0) {
                way.setKomadai(mover, LedFrame.Colour.RED, LedFrame.Pattern.BLINK);
            }
        }
        return way;
    }
}
