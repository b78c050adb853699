package org.shogibridge.core.notation;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;

/**
 * Western move notation in its two styles: Hodges ({@code P-7f}, {@code S7bx8c+}, {@code N*3e}) with rank
 * letters, and Hosking ({@code P-76}, {@code S72x83+}, {@code N*35}) with rank digits. Promoted pieces carry a
 * leading + ({@code +R}); a move ends in + when it promotes and = when it could have promoted but did not.
 * The origin square is written only when another piece of the same kind can legally reach the destination.
 */
public enum WesternNotation {
    HODGES, HOSKING;

    /**
     * Return the name of a square: {@code 7f} in Hodges, {@code 76} in Hosking. On 10x10, file and rank 10 are
     * written {@code 10}: {@code 10j}, {@code 1010}.
     */
    public String square(Variant v, int square) {
        int rank = v.rank(square);
        return v.file(square) + (this == HODGES ? String.valueOf((char) ('a' + rank - 1)) : Integer.toString(rank));
    }

    /** Return the text of a legal move in the position before it. */
    public String format(Position p, int move) {
        Variant v = p.variant();
        int type = Piece.type(Move.piece(move));
        String piece = (Piece.isPromoted(type) ? "+" : "") + Piece.letter(Piece.unpromoted(type));
        if (Move.isDrop(move)) {
            return piece + "*" + square(v, Move.to(move));
        }
        String origin = JapaneseNotation.otherOrigins(p, move).length > 0 ? square(v, Move.from(move)) : "";
        String separator = Move.captured(move) != Piece.EMPTY ? "x" : "-";
        String promotion = Move.promotes(move) ? "+" : JapaneseNotation.mayPromote(p, move) ? "=" : "";
        return piece + origin + separator + square(v, Move.to(move)) + promotion;
    }
}
