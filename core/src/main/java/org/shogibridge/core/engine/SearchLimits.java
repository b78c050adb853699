package org.shogibridge.core.engine;

/**
 * What a search may spend, as a USI {@code go} command gives it. Times are milliseconds; zero means "not
 * given". With no clock, no movetime, no depth, no nodes and not infinite, the search stops at a depth cap.
 *
 * @param blackTime   Black's remaining main time (btime)
 * @param whiteTime   White's remaining main time (wtime)
 * @param byoyomi     byoyomi per move
 * @param blackIncrement Fischer increment for Black (binc)
 * @param whiteIncrement Fischer increment for White (winc)
 * @param moveTime    exact time for this move
 * @param depth       maximum depth in plies
 * @param nodes       maximum nodes
 * @param infinite    search until stopped
 */
public record SearchLimits(long blackTime, long whiteTime, long byoyomi, long blackIncrement, long whiteIncrement,
        long moveTime, int depth, long nodes, boolean infinite) {

    /** Return limits of a fixed depth. */
    public static SearchLimits depth(int depth) {
        return new SearchLimits(0, 0, 0, 0, 0, 0, depth, 0, false);
    }

    /** Return limits of a fixed node count. */
    public static SearchLimits nodes(long nodes) {
        return new SearchLimits(0, 0, 0, 0, 0, 0, 0, nodes, false);
    }

    /** Return limits of a fixed time per move. */
    public static SearchLimits moveTime(long millis) {
        return new SearchLimits(0, 0, 0, 0, 0, millis, 0, 0, false);
    }

    /** Return the same limits with a node limit. */
    public SearchLimits withNodes(long maxNodes) {
        return new SearchLimits(blackTime, whiteTime, byoyomi, blackIncrement, whiteIncrement, moveTime, depth, maxNodes,
                infinite);
    }

    /** Return true if a clock (main time, byoyomi or increment) governs the search. */
    public boolean hasClock() {
        return blackTime > 0 || whiteTime > 0 || byoyomi > 0 || blackIncrement > 0 || whiteIncrement > 0;
    }
}
