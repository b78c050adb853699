package org.shogibridge.core.rules;

/**
 * The end of a game.
 *
 * @param winner     the winning side, or null for a draw
 * @param termination how it ended
 * @param violation  the rule broken, for {@link Termination#ILLEGAL_MOVE}; otherwise null
 * @param plies      the number of moves played when it ended (an illegal move is not counted)
 * @param detail     a short English explanation, for example the impasse points
 */
public record GameResult(Side winner, Termination termination, Violation violation, int plies, String detail) {

    /** Return true if the game was drawn. */
    public boolean isDraw() {
        return winner == null;
    }

    /** Return a one-line English description, for example "White wins: Black played an illegal move (nifu)". */
    public String describe() {
        String outcome = winner == null ? "Draw" : (winner == Side.BLACK ? "Black" : "White") + " wins";
        return outcome + " by " + termination.name().toLowerCase().replace('_', ' ')
                + (detail == null || detail.isEmpty() ? "" : ": " + detail);
    }
}
