package org.shogibridge.core.notation;

import org.shogibridge.core.rules.Violation;

/**
 * A move text that cannot be read or names an illegal move; the message says what is wrong. When the text names
 * one concrete move that breaks a rule (a king left in check, nifu...), {@link #foulMove} returns it, so that a
 * record of a game lost by that foul can keep it.
 */
public class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int foulMove;
    private final Violation violation;

    public NotationException(String message) {
        this(message, 0, null);
    }

    public NotationException(String message, int foulMove, Violation violation) {
        super(message);
        this.foulMove = foulMove;
        this.violation = violation;
    }

    /** Return the illegal move the text names, or 0 when it names none (unreadable, ambiguous, impossible). */
    public int foulMove() {
        return foulMove;
    }

    /** Return the rule {@link #foulMove} breaks, or null. */
    public Violation violation() {
        return violation;
    }
}
