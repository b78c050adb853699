package org.shogibridge.core.engine;

import java.util.Arrays;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;

/**
 * Continuation history: how well a quiet move or drop has done right after a given earlier move (a reply to a
 * drop on 5e is not a reply to a rook move). A table of earlier move against move, each as its kind (the piece
 * type moved, drops apart) and destination seen from its mover's side, White's squares turned round, so both
 * sides share what they learn. Kept from move to move, as in Stockfish.
 *
 * <p>Shogi needs 7.6 MB of shorts (Okisaki 12.5, minishogi 0.7), so the threads of one {@link SearchThreads}
 * share a single table instead of one each, which a Raspberry Pi's small heap could not hold. Two threads
 * writing one entry at once only lose an update: a short is written whole. The table is laid out for one
 * variant at a time, by {@link #prepare}, which a multi-threaded search calls before its helpers start.
 */
final class ContinuationHistory {
    /** Piece types for board moves, then drops by type: pawn to gold, and Okisaki's queen in the slot of the
     * king, which is never dropped. */
    private static final int MOVE_KINDS = Piece.TYPES + Piece.KING + 1;

    private short[] table = new short[0];
    private int squares;
    /** Entries per row: a move kind for each square. */
    private int rowLength;

    /** Lay the table out for a variant's board (empty) unless it already is. */
    void prepare(Variant variant) {
        if (variant.squares() != squares) {
            squares = variant.squares();
            rowLength = MOVE_KINDS * squares;
            table = new short[rowLength * rowLength];
        }
    }

    /** Forget everything learned (a new game). */
    void clear() {
        Arrays.fill(table, (short) 0);
    }

    /** Return a move's column: its kind and its destination from its mover's side. */
    int column(int move) {
        int piece = Move.piece(move);
        int type = Piece.type(piece);
        int kind = !Move.isDrop(move) ? type : Piece.TYPES + (type == Piece.QUEEN ? Piece.KING : type);
        int to = Move.to(move);
        return kind * squares + (Piece.colour(piece) == 0 ? to : squares - 1 - to);
    }

    /** Return where the row of the move played {@code back} plies before the position starts, -1 if none (the
     * start of the record, or a null move). */
    int row(Position pos, int back) {
        if (pos.plies() < back) {
            return -1;
        }
        int move = pos.moveBefore(back);
        return move == Move.NONE ? -1 : column(move) * rowLength;
    }

    /** Return the score of a column in a row, 0 for no row. */
    int score(int row, int column) {
        return row < 0 ? 0 : table[row + column];
    }

    /** Add a bonus (or a malus) to a column of a row, pulled towards the history bound as {@link MoveOrdering}
     * pulls its own scores. */
    void update(int row, int column, int bonus) {
        if (row >= 0) {
            table[row + column] = (short) MoveOrdering.pulled(table[row + column], bonus);
        }
    }
}
