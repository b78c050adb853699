package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link Position#givesCheck} answers without the move what making it and asking {@link Position#inCheck} would. */
class GivesCheckTest {
    @ParameterizedTest(name = "{1} in {0}: {2}")
    @CsvSource({
        // A silver steps off the lance's file: discovered check; along the file it still blocks.
        "4k4/9/9/9/9/9/4S4/4L4/K8 b - 1, 5g4f, true",
        "4k4/9/9/9/9/9/4S4/4L4/K8 b - 1, 5g5f, false",
        // A rook dropped on the king's file checks from afar, unless a piece stands between.
        "4k4/9/9/9/9/9/9/9/K8 b R 1, R*5e, true",
        "4k4/9/4p4/9/9/9/9/9/K8 b R 1, R*5e, false",
        // Knight drops: from 4c a knight reaches 5a; from 5c it does not.
        "4k4/9/9/9/9/9/9/9/K8 b N 1, N*4c, true",
        "4k4/9/9/9/9/9/9/9/K8 b N 1, N*5c, false",
        // A pawn checks diagonally only once it has promoted (a tokin moves as a gold).
        "4k4/9/5P3/9/9/9/9/9/K8 b - 1, 4c4b+, true",
        "4k4/9/5P3/9/9/9/9/9/K8 b - 1, 4c4b, false",
        // White: a knight leaving the bishop's diagonal uncovers it on Black's king, the bishop moving along
        // the diagonal does not get past the knight; a bishop sliding onto the king's diagonal checks from afar.
        "k8/1b7/9/9/9/5n3/9/9/8K w - 1, 4f5h, true",
        "k8/1b7/9/9/9/5n3/9/9/8K w - 1, 8b7c, false",
        "k8/9/9/7b1/9/9/9/9/4K4 w - 1, 2d1e, true",
        "k8/9/9/7b1/9/9/9/9/4K4 w - 1, 2d3c, false",
        // A dragon checks a king diagonally next to it by its king step, not by its ranged move.
        "4k4/9/3+R5/9/9/9/9/9/K8 b - 1, 6c6b, true",
        "4k4/9/9/3+R5/9/9/9/9/K8 b - 1, 6d7c, false",
    })
    void answersAsMakingTheMoveWould(String sfen, String usi, boolean expected) {
        Position p = Position.fromSfen(sfen);
        int move = Usi.parseMove(p, usi);
        assertEquals(expected, madeGivesCheck(p, move), "the position itself");
        assertEquals(expected, p.givesCheck(move));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void agreesWithMakingEveryMoveAlongRandomGames(Variant variant) {
        Random random = new Random(20261124L + variant.ordinal());
        MoveList list = new MoveList();
        int checks = 0;
        int discovered = 0;
        for (int game = 0; game < 40; game++) {
            Position p = Position.start(variant);
            for (int ply = 0; ply < 200; ply++) {
                MoveGenerator.generateLegal(p, list);
                if (list.size() == 0) {
                    break;
                }
                int checking = -1;
                for (int i = 0; i < list.size(); i++) {
                    int move = list.get(i);
                    boolean made = madeGivesCheck(p, move);
                    assertEquals(made, p.givesCheck(move), () -> Usi.format(variant, move) + " in " + p.toSfen());
                    if (made) {
                        checks++;
                        checking = move;
                        if (!Move.isDrop(move) && !pieceOnLandingSquareChecks(p, move)) {
                            discovered++;
                        }
                    }
                }
                // Prefer a check now and then, so the games reach the positions where checks are common.
                int move = checking >= 0 && random.nextInt(4) == 0 ? checking : list.get(random.nextInt(list.size()));
                p.doMove(move);
            }
        }
        assertTrue(checks > 1000, "checks seen: " + checks);
        assertTrue(discovered > 20, "discovered checks seen: " + discovered);
    }

    private static boolean madeGivesCheck(Position p, int move) {
        p.doMove(move);
        boolean check = p.inCheck();
        p.undoMove(move);
        return check;
    }

    /** Return true if, once the move is made, its piece alone would check (the same board without the others). */
    private static boolean pieceOnLandingSquareChecks(Position p, int move) {
        p.doMove(move);
        Side checked = p.sideToMove();
        int king = p.kingSquare(checked);
        int to = Move.to(move);
        Position alone = new Position(p.variant());
        alone.put(king, p.pieceAt(king));
        alone.put(to, p.pieceAt(to));
        // What lies between the two stays, since it can block the piece.
        for (int sq = 0; sq < p.variant().squares(); sq++) {
            if (sq != king && sq != to && p.pieceAt(sq) != Piece.EMPTY && between(p.variant(), to, king, sq)) {
                alone.put(sq, p.pieceAt(sq));
            }
        }
        p.undoMove(move);
        return alone.isAttackedBy(king, checked.opponent());
    }

    private static boolean between(Variant v, int a, int b, int sq) {
        int d = v.lineDirection[a * v.squares() + b];
        return d >= 0 && v.lineDirection[a * v.squares() + sq] == d && v.lineDirection[b * v.squares() + sq] == ((d + 4) & 7);
    }

    @Test
    void noKingToCheckMeansNoCheck() {
        Position p = Position.fromSfen("9/9/9/9/9/9/9/9/K8 b R 1");
        assertEquals(false, p.givesCheck(Usi.parseMove(p, "R*5e")));
    }
}
