package org.shogibridge.core.engine;

/**
 * The outcome of a search.
 *
 * @param bestMove    the move to play, {@link org.shogibridge.core.rules.Move#NONE} if there is no legal move
 *                    (resign) or the side declares an entering-king win
 * @param declareWin  true if the side to move should declare an entering-king win (USI "bestmove win")
 * @param score       the score of the best move, see {@link Score}
 * @param depth       the last depth completed
 * @param nodes       nodes searched
 * @param millis      time spent
 * @param pv          the principal variation, starting with the best move
 */
public record SearchResult(int bestMove, boolean declareWin, int score, int depth, long nodes, long millis, int[] pv) {
    /** Return the expected reply (USI "ponder"), or 0. */
    public int ponderMove() {
        return pv.length > 1 ? pv[1] : 0;
    }
}
