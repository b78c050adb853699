package org.shogibridge.core.rules;

/**
 * Static exchange evaluation: what a move wins or loses in material if both sides then take on its destination
 * square, each always with its least valuable piece, and each free to stop taking when that suits it. Pieces
 * behind a taker (a lance behind a rook, say) join in as the square opens. Pins are not considered, nor
 * promotions after the first move: an estimate cheap enough to order and prune moves in a search.
 *
 * <p>Values are given per piece type by the caller, who knows what a capture is worth to it (in shogi the piece
 * changes sides, so a capture is worth its value on the board and in the taker's hand). One instance serves
 * one search thread: it keeps its scratch list, and evaluating allocates nothing.
 */
public final class StaticExchange {
    /** Captures on one square cannot outnumber the pieces that can reach it: 8 rays, 2 knights, and the first. */
    private static final int MAX_SWAPS = 40;
    private final int[] gain = new int[MAX_SWAPS];

    /**
     * Return the material the side to move gains by {@code move} (negative if it loses), in the units of
     * {@code values} (indexed by {@link Piece} type; the king's entry is ignored, a king is never given up).
     * Drops and quiet moves gain nothing at first, so their result is zero or what the piece loses.
     */
    public int evaluate(Position pos, int move, int[] values) {
        final int to = Move.to(move);
        final int moved = Move.pieceAfter(move);
        long removedLow = 0;
        long removedHigh = 0;
        if (!Move.isDrop(move)) {
            int from = Move.from(move);
            if (from < 64) {
                removedLow = 1L << from;
            } else {
                removedHigh = 1L << (from - 64);
            }
        }
        int captured = Move.captured(move);
        gain[0] = captured == Piece.EMPTY ? 0 : values[Piece.type(captured)];
        if (Move.promotes(move)) {
            gain[0] += values[Piece.type(moved)] - values[Piece.type(Move.piece(move))];
        }
        int onSquare = Piece.type(moved);
        int colour = Piece.colour(moved) ^ 1;
        int depth = 0;
        while (depth + 1 < MAX_SWAPS) {
            int from = leastValuableAttacker(pos, to, colour, removedLow, removedHigh, values);
            if (from < 0) {
                break;
            }
            if (onSquare == Piece.KING) {
                if (depth > 0) {
                    depth--; // the last capture was the king's own, into an attack: not a legal move, so undo it
                }
                break;
            }
            depth++;
            gain[depth] = values[onSquare] - gain[depth - 1]; // if the exchange ended with this capture
            onSquare = Piece.type(pos.board[from]);
            if (from < 64) {
                removedLow |= 1L << from;
            } else {
                removedHigh |= 1L << (from - 64);
            }
            colour ^= 1;
        }
        while (depth > 0) {
            gain[depth - 1] = -Math.max(-gain[depth - 1], gain[depth]);
            depth--;
        }
        return gain[0];
    }

    /**
     * Return the square of the colour's cheapest piece that attacks {@code to} with the squares in the removed
     * set taken as empty, or -1. A king counts as the dearest of all.
     */
    private static int leastValuableAttacker(Position pos, int to, int colour, long removedLow, long removedHigh,
                                             int[] values) {
        final Variant v = pos.variant;
        final int[] b = pos.board;
        int best = -1;
        int bestValue = Integer.MAX_VALUE;
        for (int d = 0; d < 8; d++) {
            final int first = v.rayStart[to * 8 + d];
            for (int i = first, s; (s = v.rays[i]) >= 0; i++) {
                int pc = b[s];
                if (pc == Piece.EMPTY || isRemoved(s, removedLow, removedHigh)) {
                    continue;
                }
                if (Piece.colour(pc) == colour) {
                    int towards = (d + 4) & 7;
                    int mask = i == first ? v.nearMask[pc] : v.slideMask[pc];
                    if ((mask >>> towards & 1) != 0) {
                        int value = valueOf(Piece.type(pc), values);
                        if (value < bestValue) {
                            best = s;
                            bestValue = value;
                        }
                    }
                }
                break;
            }
        }
        final int knight = Piece.code(Piece.KNIGHT, colour);
        for (int i = v.knightFromStart[colour * pos.squares + to], s; (s = v.knightFrom[i]) >= 0; i++) {
            if (b[s] == knight && !isRemoved(s, removedLow, removedHigh)) {
                int value = values[Piece.KNIGHT];
                if (value < bestValue) {
                    best = s;
                    bestValue = value;
                }
            }
        }
        return best;
    }

    private static int valueOf(int type, int[] values) {
        return type == Piece.KING ? Integer.MAX_VALUE - 1 : values[type];
    }

    private static boolean isRemoved(int square, long removedLow, long removedHigh) {
        return square < 64 ? (removedLow >>> square & 1) != 0 : (removedHigh >>> (square - 64) & 1) != 0;
    }
}
