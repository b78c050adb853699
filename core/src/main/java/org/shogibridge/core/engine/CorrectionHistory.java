package org.shogibridge.core.engine;

import java.util.Arrays;
import org.shogibridge.core.rules.Position;

/**
 * Correction history: how far the static evaluation has been from what the search then found, remembered by the
 * pawns on the board and by the pieces in hand, and added to the evaluation of later positions that share them.
 * A linear evaluation errs the same way across a whole subtree (a pawn structure whose weakness it underrates, a
 * bishop in hand whose drop attack it misjudges), and the search meets the same structure thousands of times;
 * after a few deep results the pruning decisions that rest on the evaluation err less. As in Stockfish.
 *
 * <p>Each table holds, per side to move, an entry in [-{@link #LIMIT}, {@link #LIMIT}] pulled towards each new
 * difference (so old evidence fades), and an entry moves the evaluation by entry / {@link #SCALE}: at most
 * {@value #MAX_CORRECTION} units per table. One instance serves one search thread and is kept from move to move.
 */
final class CorrectionHistory {
    static final int LIMIT = 1024;
    private static final int SCALE = 32;
    static final int MAX_CORRECTION = LIMIT / SCALE;
    private static final int ENTRY_BITS = 14;
    private static final int ENTRIES = 1 << ENTRY_BITS;

    private final short[] byPawns = new short[2 * ENTRIES];
    private final short[] byHands = new short[2 * ENTRIES];

    /** Return the evaluation corrected by what earlier searches found of positions with these pawns and hands. */
    int corrected(Position pos, int evaluation) {
        int side = pos.sideToMove().index();
        int correction = byPawns[index(side, pos.pawnKey())] + byHands[index(side, pos.handKey())];
        int score = evaluation + correction / SCALE;
        return Math.max(-Score.MATE_BOUND + 1, Math.min(Score.MATE_BOUND - 1, score));
    }

    /**
     * The search of a node at {@code depth} found a score {@code difference} above its (corrected) evaluation:
     * pull both entries towards it, the more the deeper the search.
     */
    void update(Position pos, int depth, int difference) {
        int bonus = Math.max(-LIMIT / 4, Math.min(LIMIT / 4, difference * depth / 8));
        int side = pos.sideToMove().index();
        pull(byPawns, index(side, pos.pawnKey()), bonus);
        pull(byHands, index(side, pos.handKey()), bonus);
    }

    /** Forget everything learned (a new game). */
    void clear() {
        Arrays.fill(byPawns, (short) 0);
        Arrays.fill(byHands, (short) 0);
    }

    private static void pull(short[] table, int index, int bonus) {
        int entry = table[index];
        table[index] = (short) (entry + bonus - entry * Math.abs(bonus) / LIMIT);
    }

    /** The upper bits of the key: the transposition table indexes by the lower ones. */
    private static int index(int side, long key) {
        return side << ENTRY_BITS | (int) (key >>> (64 - ENTRY_BITS));
    }
}
