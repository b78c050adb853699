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
    private final int[][] hand = new int[2][Piece.TYPES];
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
            for (int type = 1; type < Piece.TYPES; type++) {
                if (!Piece.isPromoted(type) && type != Piece.KING) {
                    d.hand[side.index()][type] = p.handCount(side, type);
                }
            }
        }
        d.sideToMove = p.sideToMove();
        return d;
    }

    Variant variant() {
        return variant;
    }

    int pieceAt(int file, int rank) {
        return board[variant.square(file, rank)];
    }

    void put(int file, int rank, int code) {
        board[variant.square(file, rank)] = code;
    }

    void addToHand(Side side, int type, int count) {
        hand[side.index()][type] += count;
    }

    void sideToMove(Side side) {
        this.sideToMove = side;
    }

    /** Put every piece of the variant's set that is not on the board or in a hand into this side's hand. */
    void putRemainingInHand(Side side) {
        for (int type : variant.handTypes()) {
            int used = hand[0][type] + hand[1][type];
            for (int code : board) {
                if (code != Piece.EMPTY && Piece.unpromoted(Piece.type(code)) == type) {
                    used++;
                }
            }
            hand[side.index()][type] += Math.max(0, variant.pieceCount(type) - used);
        }
    }

    /** Return the position; throws {@link org.shogibridge.core.rules.SfenException} if it is impossible. */
    Position toPosition() {
        StringBuilder sb = new StringBuilder();
        for (int rank = 1; rank <= variant.ranks(); rank++) {
            int empty = 0;
            for (int file = variant.files(); file >= 1; file--) {
                int code = pieceAt(file, rank);
                if (code == Piece.EMPTY) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(Piece.sfen(code));
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank < variant.ranks()) {
                sb.append('/');
            }
        }
        sb.append(sideToMove == Side.BLACK ? " b " : " w ");
        StringBuilder hands = new StringBuilder();
        for (Side side : Side.values()) {
            for (int type : new int[] {Piece.ROOK, Piece.BISHOP, Piece.GOLD, Piece.SILVER, Piece.KNIGHT, Piece.LANCE,
                    Piece.PAWN, Piece.QUEEN}) {
                int n = hand[side.index()][type];
                if (n > 0) {
                    hands.append(n > 1 ? Integer.toString(n) : "").append(Piece.sfen(Piece.code(type, side.index())));
                }
            }
        }
        sb.append(hands.length() == 0 ? "-" : hands).append(" 1");
        return Sfen.parseIrregular(variant, sb.toString());
    }
}
