package org.shogibridge.core.rules;

/**
 * Generates the legal moves of a position.
 *
 * <p>Legality is decided while generating, without making moves: checkers and pinned pieces are found once
 * by looking out from the king ({@link Position#findChecksAndPins}), king moves are tested with the king
 * lifted off its square, and other moves must stay on their pin line and, in check, capture the checker or
 * block it. Only a pawn drop that gives check is tried on the board, to apply the pawn-drop-mate rule.
 */
public final class MoveGenerator {
    private MoveGenerator() {
    }

    /** Fill the list with every legal move of the side to move. */
    public static void generateLegal(Position p, MoveList list) {
        generate(p, list, false);
    }

    /**
     * Fill the list with the legal moves that capture a piece (with and without promotion): what a
     * quiescence search looks at. Meant for positions where the side to move is not in check.
     */
    public static void generateLegalCaptures(Position p, MoveList list) {
        generate(p, list, true);
    }

    private static void generate(Position p, MoveList list, boolean capturesOnly) {
        list.size = 0;
        p.findChecksAndPins();
        if (p.kingSquare[p.sideToMove] >= 0) {
            addKingMoves(p, list, capturesOnly);
            if (p.checkers > 1) {
                return;
            }
        }
        addBoardMoves(p, list, capturesOnly);
        if (!capturesOnly) {
            addDrops(p, list);
        }
    }

    private static void addKingMoves(Position p, MoveList list, boolean capturesOnly) {
        final Variant v = p.variant;
        final int[] board = p.board;
        final int[] steps = v.steps;
        final int us = p.sideToMove;
        final int king = p.kingSquare[us];
        final int piece = board[king];
        for (int i = v.stepStart[piece * p.squares + king], t; (t = steps[i]) >= 0; i++) {
            int tp = board[t];
            if ((tp == Piece.EMPTY ? !capturesOnly : Piece.colour(tp) != us) && !p.isAttacked(t, us ^ 1, king)) {
                list.add(Move.of(king, t, piece, tp, false));
            }
        }
    }

    private static void addBoardMoves(Position p, MoveList list, boolean capturesOnly) {
        final Variant v = p.variant;
        final int n = p.squares;
        final int[] board = p.board;
        final int[] steps = v.steps;
        final int[] rays = v.rays;
        final boolean[] zone = v.inZone;
        final int us = p.sideToMove;
        final int zoneBase = us * n;
        final int king = p.kingSquare[us];
        final boolean inCheck = p.checkers == 1;
        final int[] moves = list.moves;
        int size = list.size;
        for (int half = 0; half < 2; half++) {
            long bits = p.occupied[us * 2 + half];
            final long pinned = half == 0 ? p.pinnedLow : p.pinnedHigh;
            while (bits != 0) {
                final int from = Long.numberOfTrailingZeros(bits) + (half << 6);
                bits &= bits - 1;
                if (from == king) {
                    continue;
                }
                final int pc = board[from];
                if ((pinned >>> from & 1) != 0 || inCheck) {
                    list.size = size;
                    addConstrainedMoves(p, list, from, pc, (pinned >>> from & 1) != 0, capturesOnly);
                    size = list.size;
                    continue;
                }
                // Moves differ only in destination and capture: build the rest once per piece.
                final int base = Move.of(from, 0, pc, 0, false);
                final boolean promotable = Piece.canPromote(Piece.type(pc));
                final boolean fromZone = promotable && zone[zoneBase + from];
                for (int i = v.stepStart[pc * n + from], t; (t = steps[i]) >= 0; i++) {
                    int tp = board[t];
                    if (tp == Piece.EMPTY ? capturesOnly : Piece.colour(tp) == us) {
                        continue;
                    }
                    boolean promotes = promotable && (fromZone || zone[zoneBase + t]);
                    size = add(moves, size, base | t | tp << 21, promotes, promotes && v.deadSquare[pc * n + t]);
                }
                for (int mask = v.slideMask[pc]; mask != 0; mask &= mask - 1) {
                    final int d = Integer.numberOfTrailingZeros(mask);
                    for (int i = v.rayStart[from * 8 + d], t; (t = rays[i]) >= 0; i++) {
                        int tp = board[t];
                        if (tp != Piece.EMPTY && Piece.colour(tp) == us) {
                            break;
                        }
                        if (capturesOnly && tp == Piece.EMPTY) {
                            continue;
                        }
                        boolean promotes = promotable && (fromZone || zone[zoneBase + t]);
                        size = add(moves, size, base | t | tp << 21, promotes, promotes && v.deadSquare[pc * n + t]);
                        if (tp != Piece.EMPTY) {
                            break;
                        }
                    }
                }
            }
        }
        list.size = size;
    }

    /** Moves of a pinned piece, or of any piece when the king is in check: only those the constraints allow. */
    private static void addConstrainedMoves(Position p, MoveList list, int from, int pc, boolean pinned,
            boolean capturesOnly) {
        final Variant v = p.variant;
        final int n = p.squares;
        final int[] board = p.board;
        final int us = p.sideToMove;
        final int king = p.kingSquare[us];
        final int pinDirection = pinned ? v.lineDirection[king * n + from] : -1;
        for (int i = v.stepStart[pc * n + from], t; (t = v.steps[i]) >= 0; i++) {
            int tp = board[t];
            if ((tp == Piece.EMPTY ? !capturesOnly : Piece.colour(tp) != us)
                    && (!pinned || v.lineDirection[king * n + t] == pinDirection)
                    && (p.checkers == 0 || resolvesCheck(p, t))) {
                addWithPromotion(v, n, list, us, from, t, pc, tp);
            }
        }
        for (int mask = v.slideMask[pc]; mask != 0; mask &= mask - 1) {
            final int d = Integer.numberOfTrailingZeros(mask);
            if (pinned && d != pinDirection && d != ((pinDirection + 4) & 7)) {
                continue;
            }
            for (int i = v.rayStart[from * 8 + d], t; (t = v.rays[i]) >= 0; i++) {
                int tp = board[t];
                if (tp != Piece.EMPTY && Piece.colour(tp) == us) {
                    break;
                }
                if ((p.checkers == 0 || resolvesCheck(p, t)) && !(capturesOnly && tp == Piece.EMPTY)) {
                    addWithPromotion(v, n, list, us, from, t, pc, tp);
                }
                if (tp != Piece.EMPTY) {
                    break;
                }
            }
        }
    }

    /** Return true if a piece arriving on the square captures the only checker or blocks its line. */
    private static boolean resolvesCheck(Position p, int square) {
        final Variant v = p.variant;
        final int n = p.squares;
        final int king = p.kingSquare[p.sideToMove];
        final int checkDirection = v.lineDirection[king * n + p.checker];
        return square == p.checker || checkDirection >= 0 && v.lineDirection[king * n + square] == checkDirection
                && v.lineDirection[square * n + p.checker] == checkDirection;
    }

    private static void addWithPromotion(Variant v, int n, MoveList list, int us, int from, int to, int pc, int captured) {
        boolean promotes = Piece.canPromote(Piece.type(pc)) && (v.inZone[us * n + from] || v.inZone[us * n + to]);
        list.size = add(list.moves, list.size, Move.of(from, to, pc, captured, false), promotes,
                promotes && v.deadSquare[pc * n + to]);
    }

    /**
     * Add a move and, when it may promote, its promoting twin first; a piece that must promote gets only
     * the twin. Return the new size.
     */
    private static int add(int[] moves, int size, int move, boolean mayPromote, boolean mustPromote) {
        if (mayPromote) {
            moves[size++] = move | Move.PROMOTE;
            if (mustPromote) {
                return size;
            }
        }
        moves[size++] = move;
        return size;
    }

    /** Drops; when in check only onto the squares between the king and a distant checker. */
    private static void addDrops(Position p, MoveList list) {
        final int us = p.sideToMove;
        final Variant v = p.variant;
        boolean any = false;
        for (int type : v.handTypes) {
            any |= p.hand[Piece.code(type, us)] > 0;
        }
        if (!any) {
            return;
        }
        final int n = p.squares;
        if (p.checkers == 1) {
            int king = p.kingSquare[us];
            int checkDirection = v.lineDirection[king * n + p.checker];
            if (checkDirection >= 0) {
                for (int i = v.rayStart[king * 8 + checkDirection], t; (t = v.rays[i]) != p.checker; i++) {
                    addDropsOn(p, list, t);
                }
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
                addDropsOn(p, list, t);
            }
        }
    }

    private static void addDropsOn(Position p, MoveList list, int t) {
        final Variant v = p.variant;
        final int n = p.squares;
        final int us = p.sideToMove;
        for (int type : v.handTypes) {
            int pc = Piece.code(type, us);
            if (p.hand[pc] == 0 || v.deadSquare[pc * n + t]) {
                continue;
            }
            if (type == Piece.PAWN && (Rules.isDoublePawn(p, t)
                    || Rules.givesCheckByPawnDrop(p, t) && Rules.isPawnDropMate(p, t))) {
                continue;
            }
            list.add(Move.drop(pc, t));
        }
    }
}
