package org.shogibridge.core.engine;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;

/** The search's test for a mate in one at every node: cheap attack tests first, the defender's replies last. */
final class MateInOne {
    /**
     * Return a move of the list that mates at once, or {@link Move#NONE}. Only checks that touch the king (or a
     * knight's) are tried, each on a square another piece of ours covers so that the king cannot take: the
     * mates of one move that a search otherwise sees a ply late, or past its horizon not at all. The list is
     * the side to move's legal moves; {@code replies} is a buffer for the defender's, so nothing is allocated.
     */
    int find(Position pos, MoveList list, MoveList replies) {
        Side us = pos.sideToMove();
        int king = pos.kingSquare(us.opponent());
        if (king < 0) {
            return Move.NONE;
        }
        int files = pos.variant().files();
        int kingRow = king / files;
        int kingColumn = king % files;
        for (int i = 0, count = list.size(); i < count; i++) {
            int move = list.get(i);
            int to = Move.to(move);
            int rows = Math.abs(to / files - kingRow);
            int columns = Math.abs(to % files - kingColumn);
            boolean contact = rows <= 1 && columns <= 1;
            boolean knight = rows == 2 && columns == 1 && Piece.type(Move.pieceAfter(move)) == Piece.KNIGHT;
            if (!contact && !knight
                    || contact && !pos.isAttackedBy(to, us, Move.isDrop(move) ? -1 : Move.from(move))) {
                continue;
            }
            pos.doMove(move);
            boolean mates = false;
            // A king that can step out of check refutes at the cost of a few attack tests; only a king with no
            // flight square needs the full list of replies (a capture or an interposition may still save it).
            if (pos.inCheck() && !hasFlightSquare(pos, king, us, files)) {
                MoveGenerator.generateLegal(pos, replies);
                mates = replies.size() == 0;
            }
            pos.undoMove(move);
            if (mates) {
                return move;
            }
        }
        return Move.NONE;
    }

    /** Return true if the king may step to a square next to it that is neither its side's nor attacked by us. */
    private static boolean hasFlightSquare(Position pos, int king, Side us, int files) {
        int ranks = pos.variant().ranks();
        int row = king / files;
        int column = king % files;
        int defender = 1 - us.index();
        for (int r = Math.max(0, row - 1); r <= Math.min(ranks - 1, row + 1); r++) {
            for (int c = Math.max(0, column - 1); c <= Math.min(files - 1, column + 1); c++) {
                int sq = r * files + c;
                int pc = pos.pieceAt(sq);
                if (sq == king || pc != Piece.EMPTY && Piece.colour(pc) == defender) {
                    continue;
                }
                if (!pos.isAttackedBy(sq, us, king)) {
                    return true;
                }
            }
        }
        return false;
    }
}
