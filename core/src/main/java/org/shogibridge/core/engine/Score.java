package org.shogibridge.core.engine;

/**
 * Search scores: evaluation units (a pawn is 90) or, near {@link #MATE}, a forced win or loss, where
 * {@code MATE - n} means mate in n plies for the side to move and {@code -(MATE - n)} being mated in n.
 */
public final class Score {
    public static final int INFINITE = 32_000;
    public static final int MATE = 31_000;
    /** Scores beyond this are mates. */
    public static final int MATE_BOUND = MATE - 1_000;

    private Score() {
    }

    /** Return true if the score announces a forced win or loss. */
    public static boolean isMate(int score) {
        return Math.abs(score) > MATE_BOUND;
    }

    /** Return the signed number of plies to mate (positive: the side to move mates). */
    public static int matePlies(int score) {
        return score > 0 ? MATE - score : -(MATE + score);
    }

    /** Return the score in centipawns (pawn = 100), as USI "score cp" expects. */
    public static int centipawns(int score) {
        return score * 100 / 90;
    }

    /** Return the USI form: "cp N" or "mate N". */
    public static String usi(int score) {
        return isMate(score) ? "mate " + matePlies(score) : "cp " + centipawns(score);
    }
}
