package org.shogibridge.core.inference;

/**
 * The clock press as the reader sees it: a press being judged ("my move is done"), and in a tournament on a board
 * with clock buttons, a person's move that is made only at the press that confirms it (the record's time is the
 * press; the mover's clock runs until then). The computer's moves, carried out from the LEDs, need no press.
 */
final class ClockPress {
    private boolean movesNeedPress;
    /** A settled board shows a person's move that waits for its press. */
    private boolean unconfirmed;
    /** The time of the press being judged, or -1. */
    private long pressedAt = -1;

    void confirmMovesByPress(boolean on) {
        movesNeedPress = on;
    }

    /** Whether a person's move waits for the press that confirms it. */
    boolean movesNeedPress() {
        return movesNeedPress;
    }

    /** A press is judged from now until {@link #judged}. */
    void pressing(long at) {
        pressedAt = at;
    }

    void judged() {
        pressedAt = -1;
    }

    /** Whether a press is being judged. */
    boolean pressing() {
        return pressedAt >= 0;
    }

    /** A judgement begins: a move waiting for its press must be seen again. */
    void judging() {
        unconfirmed = false;
    }

    /** Whether a settled board shows a person's move that waits for its press. */
    boolean unconfirmed() {
        return unconfirmed;
    }

    /** Whether the board's move must still wait for its press (it is then unconfirmed). */
    boolean moveWaits() {
        if (movesNeedPress && pressedAt < 0) {
            unconfirmed = true;
            return true;
        }
        return false;
    }

    /** When the person's move was made: at the press that confirmed it, else when the board last changed. */
    long madeAt(long boardChangedAt) {
        return pressedAt >= 0 ? pressedAt : boardChangedAt;
    }
}
