package org.shogibridge.core.record;

import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Variant;

/**
 * A start position being assembled from a record's board diagram, CSA position lines or JKF initial data;
 * {@link #toPosition} checks it with the rules core's SFEN reader.
 */
final class Diagram {
    private final Variant variant;
    private final int[] board;
    /** Pieces in hand by piece code, as {@link Position} counts them. */
    private final int[] hand = new int[Piece.CODES];
    private Side sideToMove = Side.BLACK;

    Diagram(Variant variant) {
        this.variant = variant;
        this.board = new int[variant.squares()];
    }

    /** Start from an existing position (CSA {@code PI}, a handicap preset). */
    static Diagram of(Position p) {
        Diagram d = new Diagram(p.variant());
        for (int sq = 0; sq < d.board.length; sq++) {
            d.board[sq] = p.pieceAt(sq);
        }
        for (Side side : Side.values()) {
            for (int type : p.variant().handTypes()) {
                d.hand[Piece.code(type, side.index())] = p.handCount(side, type);
            }
        }
        d.sideToMove = p.sideToMove();
        return d;
    }

    int pieceAt(int file, int rank) {
        return board[variant.square(file, rank)];
    }

    void put(int file, int rank, int code) {
        board[variant.square(file, rank)] = code;
    }

    void addToHand(Side side, int type, int count) {
        hand[Piece.code(type, side.index())] += count;
    }

    void sideToMove(Side side) {
        this.sideToMove = side;
    }

    /** Put every piece of the variant's set that is not on the board or in a hand into this side's hand. */
    void putRemainingInHand(Side side) {
        for (int type : variant.handTypes()) {
            int used = hand[Piece.code(type, 0)] + hand[Piece.code(type, 1)];
            for (int code : board) {
                if (code != Piece.EMPTY && Piece.unpromoted(Piece.type(code)) == type) {
                    used++;
                }
            }
            hand[Piece.code(type, side.index())] += Math.max(0, variant.pieceCount(type) - used);
        }
    }

    /** Return the position; throws {@link org.shogibridge.core.rules.SfenException} if it is impossible. */
    Position toPosition() {
        return Sfen.parseIrregular(variant, Sfen.format(variant, board, hand, sideToMove, 1));
    }
}
