package org.shogibridge.core.rules;

/**
 * Shogi-only rules as named predicates, and the classification of an illegal move by the rule it breaks.
 */
public final class Rules {
    private Rules() {
    }

    /**
     * Return the rule a move breaks in the position, or null if it is legal. The move needs only its
     * squares, promotion flag and, for a drop, the dropped piece code; the rest is read from the board.
     */
    public static Violation violation(Position p, int move) {
        final Variant v = p.variant;
        final int n = p.squares;
        final int us = p.sideToMove;
        final int to = Move.to(move);
        if (to >= n) {
            return Violation.IMPOSSIBLE_MOVEMENT;
        }
        if (Move.isDrop(move)) {
            int pc = Move.piece(move);
            int type = Piece.type(pc);
            if (Piece.colour(pc) != us) {
                return Violation.WRONG_TURN;
            }
            if (type == Piece.EMPTY || type == Piece.KING || Piece.isPromoted(type) || p.hand[pc] == 0
                    || p.board[to] != Piece.EMPTY || Move.promotes(move)) {
                return Violation.IMPOSSIBLE_MOVEMENT;
            }
            if (v.deadSquare[pc * n + to]) {
                return Violation.DEAD_PIECE;
            }
            if (type == Piece.PAWN && isDoublePawn(p, to)) {
                return Violation.NIFU;
            }
            if (leavesKingInCheck(p, move)) {
                return Violation.LEFT_IN_CHECK;
            }
            if (type == Piece.PAWN && givesCheckByPawnDrop(p, to) && isPawnDropMate(p, to)) {
                return Violation.UCHIFUZUME;
            }
            return null;
        }
        final int from = Move.from(move);
        if (from >= n || p.board[from] == Piece.EMPTY) {
            return Violation.IMPOSSIBLE_MOVEMENT;
        }
        final int pc = p.board[from];
        if (Piece.colour(pc) != us) {
            return Violation.WRONG_TURN;
        }
        final int target = p.board[to];
        if (to == from || target != Piece.EMPTY && Piece.colour(target) == us || !reaches(p, pc, from, to)) {
            return Violation.IMPOSSIBLE_MOVEMENT;
        }
        boolean mayPromote = Piece.canPromote(Piece.type(pc)) && (v.inZone[us * n + from] || v.inZone[us * n + to]);
        if (Move.promotes(move) && !mayPromote) {
            return Violation.IMPOSSIBLE_MOVEMENT;
        }
        if (!Move.promotes(move) && v.deadSquare[pc * n + to]) {
            return Violation.DEAD_PIECE;
        }
        if (leavesKingInCheck(p, Move.of(from, to, pc, target, Move.promotes(move)))) {
            return Violation.LEFT_IN_CHECK;
        }
        return null;
    }

    /** Return the move with its moving and captured pieces read from the board (they are not checked). */
    public static int complete(Position p, int move) {
        if (Move.isDrop(move)) {
            return move;
        }
        int from = Move.from(move), to = Move.to(move);
        return Move.of(from, to, p.board[from], p.board[to], Move.promotes(move));
    }

    /** Return true if the piece on {@code from} can reach {@code to} by its movement, path clear. */
    static boolean reaches(Position p, int pc, int from, int to) {
        final Variant v = p.variant;
        for (int i = v.stepStart[pc * p.squares + from], t; (t = v.steps[i]) >= 0; i++) {
            if (t == to) {
                return true;
            }
        }
        int d = v.lineDirection[from * p.squares + to];
        if (d < 0 || (v.slideMask[pc] >>> d & 1) == 0) {
            return false;
        }
        for (int i = v.rayStart[from * 8 + d], s; (s = v.rays[i]) >= 0; i++) {
            if (s == to) {
                return true;
            }
            if (p.board[s] != Piece.EMPTY) {
                return false;
            }
        }
        return false;
    }

    /**
     * Return true if dropping a pawn of the side to move on the square would make two unpromoted pawns of
     * that side on one file (nifu). Promoted pawns do not count.
     */
    public static boolean isDoublePawn(Position p, int square) {
        return p.pawnsOnColumn[p.sideToMove * 16 + square % p.variant.files()] > 0;
    }

    /** Return true if a pawn of the side to move dropped on the square would attack the enemy king. */
    public static boolean givesCheckByPawnDrop(Position p, int square) {
        int enemyKing = p.kingSquare[p.sideToMove ^ 1];
        int files = p.variant.files();
        return enemyKing >= 0 && enemyKing == square + (p.sideToMove == 0 ? -files : files);
    }

    /**
     * Return true if a pawn drop on the square, which gives check, leaves the enemy no legal reply
     * (uchifuzume). It does not check that the drop gives check: call {@link #givesCheckByPawnDrop} first.
     */
    public static boolean isPawnDropMate(Position p, int square) {
        final Variant v = p.variant;
        final int n = p.squares;
        final int[] board = p.board;
        final int us = p.sideToMove;
        final int them = us ^ 1;
        final int king = p.kingSquare[them];
        board[square] = Piece.code(Piece.PAWN, us);
        try {
            for (int i = v.stepStart[board[king] * n + king], t; (t = v.steps[i]) >= 0; i++) {
                int tp = board[t];
                if ((tp == Piece.EMPTY || Piece.colour(tp) != them) && !p.isAttacked(t, us, king)) {
                    return false;
                }
            }
            // The pawn is the only checker and stands next to the king, so only capturing it can help.
            for (int d = 0; d < 8; d++) {
                final int first = v.rayStart[square * 8 + d];
                for (int i = first, s; (s = v.rays[i]) >= 0; i++) {
                    int pc = board[s];
                    if (pc == Piece.EMPTY) {
                        continue;
                    }
                    int mask = i == first ? v.nearMask[pc] : v.slideMask[pc];
                    if (Piece.colour(pc) == them && s != king && (mask >>> ((d + 4) & 7) & 1) != 0 && !p.isPinned(s)) {
                        return false;
                    }
                    break;
                }
            }
            int knight = Piece.code(Piece.KNIGHT, them);
            for (int i = v.knightFromStart[them * n + square], s; (s = v.knightFrom[i]) >= 0; i++) {
                if (board[s] == knight && !p.isPinned(s)) {
                    return false;
                }
            }
            return true;
        } finally {
            board[square] = Piece.EMPTY;
        }
    }

    private static boolean leavesKingInCheck(Position p, int move) {
        Side mover = p.sideToMove();
        p.doMove(move);
        boolean inCheck = p.inCheck(mover);
        p.undoMove(move);
        return inCheck;
    }
}
