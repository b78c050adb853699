package org.shogibridge.core.rules;

/**
 * Moves packed into an int. Layout:
 * <pre>
 *  bits  0-6   destination square
 *  bits  7-13  origin square (board moves only)
 *  bit   14    promotes
 *  bit   15    drop
 *  bits 16-20  piece code before the move (the dropped piece for a drop)
 *  bits 21-25  captured piece code, 0 if none
 * </pre>
 * Because a move carries its captured piece, undoing it needs no other record. {@link #NONE} is no move.
 */
public final class Move {
    public static final int NONE = 0;

    /** The promotion bit; the generator ors it into a move it has already built. */
    static final int PROMOTE = 1 << 14;
    private static final int DROP = 1 << 15;

    private Move() {
    }

    /** Return a board move. */
    public static int of(int from, int to, int piece, int captured, boolean promote) {
        return to | from << 7 | (promote ? PROMOTE : 0) | piece << 16 | captured << 21;
    }

    /** Return a drop of a piece code. */
    public static int drop(int piece, int to) {
        return to | DROP | piece << 16;
    }

    /** Return the destination square. */
    public static int to(int move) {
        return move & 0x7F;
    }

    /** Return the origin square of a board move. */
    public static int from(int move) {
        return move >>> 7 & 0x7F;
    }

    /** Return true if the move promotes the piece. */
    public static boolean promotes(int move) {
        return (move & PROMOTE) != 0;
    }

    /** Return true if the move drops a piece from the hand. */
    public static boolean isDrop(int move) {
        return (move & DROP) != 0;
    }

    /** Return the piece code that moves (before any promotion), or the one dropped. */
    public static int piece(int move) {
        return move >>> 16 & 0x1F;
    }

    /** Return the captured piece code, 0 if none. */
    public static int captured(int move) {
        return move >>> 21 & 0x1F;
    }

    /** Return the kind a drop takes from its mover's hand or a capture adds to it (unpromoted), or 0 for neither. */
    public static int handType(int move) {
        if (isDrop(move)) {
            return Piece.type(piece(move));
        }
        return captured(move) == 0 ? 0 : Piece.unpromoted(Piece.type(captured(move)));
    }

    /** Return the piece code standing on the destination after the move. */
    public static int pieceAfter(int move) {
        return promotes(move) ? piece(move) + Piece.PROMOTION : piece(move);
    }
}
