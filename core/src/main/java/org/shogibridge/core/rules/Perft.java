package org.shogibridge.core.rules;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counts the leaf nodes of the legal-move tree to a depth: the standard proof that move generation is
 * exact. At the last ply the legal moves are counted, not played.
 */
public final class Perft {
    private static final int MAX_DEPTH = 64;

    private final MoveList[] lists = new MoveList[MAX_DEPTH];

    public Perft() {
        for (int i = 0; i < MAX_DEPTH; i++) {
            lists[i] = new MoveList();
        }
    }

    /** Return the number of leaf nodes at the depth (1 at depth 0). */
    public long count(Position p, int depth) {
        if (depth < 0 || depth >= MAX_DEPTH) {
            throw new IllegalArgumentException("Invalid depth. " + depth + " is outside 0.." + (MAX_DEPTH - 1) + ".");
        }
        return depth == 0 ? 1 : count(p, depth, 0);
    }

    private long count(Position p, int depth, int ply) {
        MoveList list = lists[ply];
        MoveGenerator.generateLegal(p, list);
        if (depth == 1) {
            return list.size;
        }
        long nodes = 0;
        for (int i = 0; i < list.size; i++) {
            int move = list.moves[i];
            p.doMove(move);
            nodes += count(p, depth - 1, ply + 1);
            p.undoMove(move);
        }
        return nodes;
    }

    /** Return the leaf count below each root move (USI text), in generation order. */
    public Map<String, Long> divide(Position p, int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("Invalid depth. Divide needs a depth of at least 1.");
        }
        Map<String, Long> result = new LinkedHashMap<>();
        int[] moves = legalMoves(p);
        for (int move : moves) {
            p.doMove(move);
            result.put(Usi.format(p.variant, move), count(p, depth - 1));
            p.undoMove(move);
        }
        return result;
    }

    private static int[] legalMoves(Position p) {
        MoveList list = new MoveList();
        MoveGenerator.generateLegal(p, list);
        return list.toArray();
    }
}
