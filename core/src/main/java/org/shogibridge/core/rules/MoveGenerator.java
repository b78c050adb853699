package org.shogibridge.core.rules;

/**
 * Generates the legal moves of a position.
 *
 * <p>Legality is decided while generating, without making moves: checkers and pinned pieces are found once
 * by looking out from the king, king moves are tested with the king lifted off its square, and other moves
 * must stay on their pin line and, in check, capture the checker or block it. Only a pawn drop that gives
 * check is tried on the board, to apply the pawn-drop-mate rule.
 */
public final class MoveGenerator {
    private MoveGenerator() {
    }

    /** Fill the list with every legal move of the side to move. */
    public static void generateLegal(Position p, MoveList list) {
        list.size = 0;
        final Variant v = p.variant;
        final int n = p.squares;
        final int[] board = p.board;
        final int us = p.sideToMove;
        final int them = us ^ 1;
        final int king = p.kingSquare[us];

        int checkers = 0;
        int checker = -1;
        long pinnedLow = 0, pinnedHigh = 0;
        if (king >= 0) {
            for (int d = 0; d < 8; d++) {
                final int first = v.rayStart[king * 8 + d];
                int own = -1;
                for (int i = first, s; (s = v.rays[i]) >= 0; i++) {
                    int pc = board[s];
                    if (pc == Piece.EMPTY) {
                        continue;
                    }
                    if (Piece.colour(pc) == us) {
                        if (own >= 0) {
                            break;
                        }
                        own = s;
                        continue;
                    }
                    int towards = (d + 4) & 7;
                    if (own < 0) {
                        int mask = i == first ? v.nearMask[pc] : v.slideMask[pc];
                        if ((mask >>> towards & 1) != 0) {
                            checkers++;
                            checker = s;
                        }
                    } else if ((v.slideMask[pc] >>> towards & 1) != 0) {
                        if (own < 64) {
                            pinnedLow |= 1L << own;
                        } else {
                            pinnedHigh |= 1L << own;
                        }
                    }
                    break;
                }
            }
            final int enemyKnight = Piece.code(Piece.KNIGHT, them);
            for (int i = v.knightFromStart[them * n + king], s; (s = v.knightFrom[i]) >= 0; i++) {
                if (board[s] == enemyKnight) {
                    checkers++;
                    checker = s;
                }
            }
            for (int i = v.stepStart[board[king] * n + king], t; (t = v.steps[i]) >= 0; i++) {
                int tp = board[t];
                if (tp != Piece.EMPTY && Piece.colour(tp) == us) {
                    continue;
                }
                if (!p.isAttacked(t, them, king)) {
                    list.add(Move.of(king, t, board[king], tp, false));
                }
            }
            if (checkers > 1) {
                return;
            }
        }
        // In check, a non-king move must land on the checker or between it and the king.
        final int checkDirection = checkers == 1 ? v.lineDirection[king * n + checker] : -1;

        for (int half = 0; half < 2; half++) {
            long bits = p.occupied[us * 2 + half];
            while (bits != 0) {
                final int from = Long.numberOfTrailingZeros(bits) + (half << 6);
                bits &= bits - 1;
                if (from == king) {
                    continue;
                }
                final int pc = board[from];
                final boolean pinned = ((half == 0 ? pinnedLow : pinnedHigh) >>> from & 1) != 0;
                final int pinDirection = pinned ? v.lineDirection[king * n + from] : -1;
                for (int i = v.stepStart[pc * n + from], t; (t = v.steps[i]) >= 0; i++) {
                    int tp = board[t];
                    if (tp != Piece.EMPTY && Piece.colour(tp) == us) {
                        continue;
                    }
                    if (pinned && v.lineDirection[king * n + t] != pinDirection) {
                        continue;
                    }
                    if (checkers == 1 && !blocksOrCaptures(v, n, king, checker, checkDirection, t)) {
                        continue;
                    }
                    addWithPromotion(v, n, list, us, from, t, pc, tp);
                }
                for (int d : v.slideDirections[pc]) {
                    if (pinned && d != pinDirection && d != ((pinDirection + 4) & 7)) {
                        continue;
                    }
                    for (int i = v.rayStart[from * 8 + d], t; (t = v.rays[i]) >= 0; i++) {
                        int tp = board[t];
                        if (tp != Piece.EMPTY && Piece.colour(tp) == us) {
                            break;
                        }
                        if (checkers == 0 || blocksOrCaptures(v, n, king, checker, checkDirection, t)) {
                            addWithPromotion(v, n, list, us, from, t, pc, tp);
                        }
                        if (tp != Piece.EMPTY) {
                            break;
                        }
                    }
                }
            }
        }
        generateDrops(p, list, checkers == 1 ? checker : -1, checkDirection);
    }

    private static boolean blocksOrCaptures(Variant v, int n, int king, int checker, int checkDirection, int t) {
        return t == checker || checkDirection >= 0 && v.lineDirection[king * n + t] == checkDirection
                && v.lineDirection[t * n + checker] == checkDirection;
    }

    private static void addWithPromotion(Variant v, int n, MoveList list, int us, int from, int to, int pc, int captured) {
        if (Piece.canPromote(Piece.type(pc)) && (v.inZone[us * n + from] || v.inZone[us * n + to])) {
            list.add(Move.of(from, to, pc, captured, true));
            if (v.deadSquare[pc * n + to]) {
                return;
            }
        }
        list.add(Move.of(from, to, pc, captured, false));
    }

    /** Drops; when in check (checker >= 0) only onto the squares between king and checker. */
    private static void generateDrops(Position p, MoveList list, int checker, int checkDirection) {
        final int us = p.sideToMove;
        final int[] hand = p.hand;
        boolean any = false;
        for (int type = Piece.PAWN; type < Piece.TYPES; type++) {
            if (hand[Piece.code(type, us)] > 0) {
                any = true;
                break;
            }
        }
        if (!any) {
            return;
        }
        final Variant v = p.variant;
        final int n = p.squares;
        if (checker >= 0) {
            if (checkDirection < 0) {
                return;
            }
            for (int i = v.rayStart[p.kingSquare[us] * 8 + checkDirection], t; (t = v.rays[i]) != checker; i++) {
                addDrops(p, list, t);
            }
            return;
        }
        final long lowMask = n >= 64 ? -1L : (1L << n) - 1;
        final long highMask = n <= 64 ? 0 : (1L << (n - 64)) - 1;
        for (int half = 0; half < 2; half++) {
            long empty = ~(p.occupied[half] | p.occupied[2 + half]) & (half == 0 ? lowMask : highMask);
            while (empty != 0) {
                int t = Long.numberOfTrailingZeros(empty) + (half << 6);
                empty &= empty - 1;
                addDrops(p, list, t);
            }
        }
    }

    private static void addDrops(Position p, MoveList list, int t) {
        final Variant v = p.variant;
        final int n = p.squares;
        final int us = p.sideToMove;
        for (int type : v.handTypes) {
            int pc = Piece.code(type, us);
            if (p.hand[pc] == 0 || v.deadSquare[pc * n + t]) {
                continue;
            }
            if (type == Piece.PAWN) {
                if (p.pawnsOnColumn[us * 16 + t % v.files()] > 0) {
                    continue;
                }
                if (Rules.givesCheckByPawnDrop(p, t) && Rules.isPawnDropMate(p, t)) {
                    continue;
                }
            }
            list.add(Move.drop(pc, t));
        }
    }
}
