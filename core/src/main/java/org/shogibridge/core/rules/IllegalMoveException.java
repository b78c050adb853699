package org.shogibridge.core.rules;

/**
 * A move that can be read but breaks a rule in its position: the message in English, and the position, the move and
 * the rule, so that a player's words for it (二歩です) can be made where it is shown.
 */
public final class IllegalMoveException extends SfenException {
    private static final long serialVersionUID = 1L;
    private final transient Position position;
    private final int move;
    private final Violation violation;

    public IllegalMoveException(String message, Position position, int move, Violation violation) {
        super(message);
        this.position = position.copy();
        this.move = move;
        this.violation = violation;
    }

    /** Return the position the move was asked of (a copy). */
    public Position position() {
        return position.copy();
    }

    public int move() {
        return move;
    }

    public Violation violation() {
        return violation;
    }
}
