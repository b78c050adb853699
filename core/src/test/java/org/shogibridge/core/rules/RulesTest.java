package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Each restriction of the rules, with a position where it forbids a move and one where it allows it. */
class RulesTest {

    /** Return the rule the USI move breaks in the SFEN position, or null if it is legal. */
    static Violation check(String sfen, String usi) {
        Position p = Position.fromSfen(sfen);
        Violation v = Rules.violation(p, Usi.parseMove(p, usi));
        MoveList legal = new MoveList();
        MoveGenerator.generateLegal(p, legal);
        boolean generated = false;
        for (int m : legal.toArray()) {
            generated |= Usi.format(p.variant(), m).equals(usi);
        }
        // The classifier and the generator must agree on every move these tests try.
        assertEquals(v == null, generated, "generator and Rules.violation disagree on " + usi + " in " + sfen);
        return v;
    }

    @Nested
    class Nifu {
        @Test
        void pawnDropOnFileWithOwnUnpromotedPawnIsNifu() {
            assertEquals(Violation.NIFU, check("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e"));
        }

        @Test
        void pawnDropOnAnotherFileIsAllowed() {
            assertNull(check("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*4e"));
        }

        @Test
        void promotedPawnDoesNotCount() {
            assertNull(check("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", "P*5e"));
        }

        @Test
        void enemyPawnDoesNotCount() {
            assertNull(check("4k4/4p4/9/9/9/9/9/9/4K4 b P 1", "P*5e"));
        }

        @Test
        void nifuAppliesInOkisakiOnFileTen() {
            assertEquals(Violation.NIFU, check("5k4/10/10/10/10/10/P9/10/10/5K4 b P 1", "P*10e"));
            assertNull(check("5k4/10/10/10/10/10/P9/10/10/5K4 b P 1", "P*9e"));
        }
    }

    @Nested
    class Uchifuzume {
        @Test
        void pawnDropGivingMateIsForbidden() {
            // King 1a: 2a is its own knight, 2b and the pawn on 1b are covered by the gold on 2c.
            assertEquals(Violation.UCHIFUZUME, check("7nk/9/7G1/9/9/9/9/9/4K4 b P 1", "P*1b"));
        }

        @Test
        void pawnDropCheckWithAnEscapeIsAllowed() {
            // The gold on 3c leaves the pawn on 1b unprotected: the king can take it.
            assertNull(check("7nk/9/6G2/9/9/9/9/9/4K4 b P 1", "P*1b"));
        }

        @Test
        void captureByAPinnedPieceDoesNotCount() {
            // The gold on 2a could take the pawn, but the rook on 5a pins it to the king: still mate.
            assertEquals(Violation.UCHIFUZUME, check("4R2gk/9/7G1/9/9/9/9/9/4K4 b P 1", "P*1b"));
            // Without the rook the gold takes the pawn.
            assertNull(check("7gk/9/7G1/9/9/9/9/9/4K4 b P 1", "P*1b"));
        }

        @Test
        void pawnPushMateIsAllowed() {
            assertNull(check("7nk/9/7GP/9/9/9/9/9/4K4 b - 1", "1c1b"));
        }

        @Test
        void otherDropMatesAreAllowed() {
            // A lance dropped on 1b gives the same mate legally.
            assertNull(check("7nk/9/7G1/9/9/9/9/9/4K4 b L 1", "L*1b"));
        }

        @Test
        void mateProblemWithoutAttackingKing() {
            // Tsume positions often give the attacker no king; its moves are then never constrained.
            assertEquals(Violation.UCHIFUZUME, check("7nk/9/7G1/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1", "P*1b"));
            assertNull(check("7nk/9/7G1/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1", "2c2b"));
            // 6 gold moves + 70 pawn drops: 78 empty squares less the 7 on rank a and the mate on 1b.
            assertEquals(76, new Perft().count(Position.fromSfen("7nk/9/7G1/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1"), 1));
        }

        @Test
        void uchifuzumeInOkisakiAndMinishogi() {
            assertEquals(Violation.UCHIFUZUME, check("9k/2n7/9G/4p5/10/10/10/8R1/10/5K4 b QP 1", "P*1b"));
            assertEquals(Violation.UCHIFUZUME, check("3rk/5/3G1/5/K4 b P 1", "P*1b"));
        }
    }

    @Nested
    class DeadPieces {
        static final String HANDS = "4k4/9/9/9/9/9/9/9/4K4 b PLN 1";

        @Test
        void dropsOnSquaresWithoutFutureMovesAreForbidden() {
            assertEquals(Violation.DEAD_PIECE, check(HANDS, "P*1a"));
            assertEquals(Violation.DEAD_PIECE, check(HANDS, "L*1a"));
            assertEquals(Violation.DEAD_PIECE, check(HANDS, "N*1a"));
            assertEquals(Violation.DEAD_PIECE, check(HANDS, "N*1b"));
        }

        @Test
        void dropsOneRankCloserAreAllowed() {
            assertNull(check(HANDS, "P*1b"));
            assertNull(check(HANDS, "L*1b"));
            assertNull(check(HANDS, "N*1c"));
        }

        @Test
        void whiteDeadRanksAreTheBottomOnes() {
            String white = "4k4/9/9/9/9/9/9/9/4K4 w pln 1";
            assertEquals(Violation.DEAD_PIECE, check(white, "P*1i"));
            assertEquals(Violation.DEAD_PIECE, check(white, "N*1h"));
            assertNull(check(white, "N*1g"));
        }

        @Test
        void pawnAndKnightMustPromoteOnTheirLastRanks() {
            assertEquals(Violation.DEAD_PIECE, check("4k4/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a"));
            assertNull(check("4k4/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a+"));
            assertEquals(Violation.DEAD_PIECE, check("4k4/9/9/7N1/9/9/9/9/4K4 b - 1", "2d1b"));
            assertNull(check("4k4/9/9/7N1/9/9/9/9/4K4 b - 1", "2d1b+"));
            // Knight to the third rank: promotion is optional.
            assertNull(check("4k4/9/9/9/7N1/9/9/9/4K4 b - 1", "2e1c"));
            assertNull(check("4k4/9/9/9/7N1/9/9/9/4K4 b - 1", "2e1c+"));
        }

        @Test
        void okisakiOnlyRestrictsThePawn() {
            String hands = "5k4/10/10/10/10/10/10/10/10/5K4 b PLN 1";
            assertEquals(Violation.DEAD_PIECE, check(hands, "P*1a"));
            assertNull(check(hands, "N*1a"));
            assertNull(check(hands, "L*1a"));
            // The chess-like knight may stay unpromoted on the last rank: it can still move back.
            assertNull(check("5k4/10/8N1/10/10/10/10/10/10/5K4 b - 1", "2c1a"));
            assertEquals(Violation.DEAD_PIECE, check("5k4/9P/10/10/10/10/10/10/10/5K4 b - 1", "1b1a"));
        }

        @Test
        void minishogiPawnPromotesOnTheLastRank() {
            assertEquals(Violation.DEAD_PIECE, check("2k2/4P/5/5/K4 b - 1", "1b1a"));
            assertNull(check("2k2/4P/5/5/K4 b - 1", "1b1a+"));
            assertEquals(Violation.DEAD_PIECE, check("2k2/5/5/5/K4 b P 1", "P*1a"));
        }
    }

    @Nested
    class Promotion {
        @Test
        void optionalWhenEnteringTheZone() {
            assertNull(check("4k4/9/9/4S4/9/9/9/9/4K4 b - 1", "5d5c"));
            assertNull(check("4k4/9/9/4S4/9/9/9/9/4K4 b - 1", "5d5c+"));
        }

        @Test
        void optionalWhenLeavingTheZone() {
            assertNull(check("4k4/9/4S4/9/9/9/9/9/4K4 b - 1", "5c4d+"));
        }

        @Test
        void impossibleOutsideTheZone() {
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check("4k4/9/9/9/4S4/9/9/9/4K4 b - 1", "5e5d+"));
        }

        @Test
        void goldKingAndQueenNeverPromote() {
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check("4k4/9/9/4G4/9/9/9/9/4K4 b - 1", "5d5c+"));
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT,
                    check("5k4/10/10/4Q5/10/10/10/10/10/5K4 b - 1", "6d6c+"));
        }

        @Test
        void minishogiZoneIsTheLastRankOnly() {
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check("k4/5/2S2/5/4K b - 1", "3c3b+"));
            assertNull(check("k4/2S2/5/5/4K b - 1", "3b3a+"));
        }
    }

    @Nested
    class KingSafety {
        @Test
        void pinnedPieceMustStayOnItsLine() {
            String pinned = "4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1";
            assertEquals(Violation.LEFT_IN_CHECK, check(pinned, "5h4h"));
            assertNull(check(pinned, "5h5g"));
        }

        @Test
        void kingMayNotMoveIntoCheck() {
            String position = "4k4/9/9/9/3r5/9/9/9/4K4 b - 1";
            assertEquals(Violation.LEFT_IN_CHECK, check(position, "5i6i"));
            assertNull(check(position, "5i4i"));
        }

        @Test
        void inCheckOnlyBlocksCapturesAndKingMovesAreLegal() {
            String check = "4k4/9/9/9/4r4/9/9/9/4K4 b G 1";
            assertNull(check(check, "G*5h"));
            assertEquals(Violation.LEFT_IN_CHECK, check(check, "G*4h"));
            assertNull(check(check, "5i4i"));
        }

        @Test
        void kingMayNotStepAlongTheCheckingLine() {
            // The rook checks along file 5; 5i5h stays on its line, even though 5h is "behind" nothing.
            assertEquals(Violation.LEFT_IN_CHECK, check("4k4/9/9/9/4r4/9/9/9/4K4 b - 1", "5i5h"));
        }

        @Test
        void okisakiKnightAndQueenGiveCheck() {
            // A chess knight on 4h attacks 5j: the king must deal with it.
            assertEquals(Violation.LEFT_IN_CHECK, check("5k4/10/10/10/10/10/10/6n3/10/5K4 b G 1", "G*1e"));
            assertNull(check("5k4/10/10/10/10/10/10/6n3/10/5K4 b - 1", "5j4j"));
        }
    }

    @Nested
    class Movement {
        @Test
        void wrongTurn() {
            String start = Variant.STANDARD.startSfen();
            assertEquals(Violation.WRONG_TURN, check(start, "3c3d"));
        }

        @Test
        void impossibleMovements() {
            String start = Variant.STANDARD.startSfen();
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check(start, "2h2c"), "rook blocked by own pawn");
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check(start, "2h2g"), "capture of own piece");
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check(start, "5e5d"), "no piece on the square");
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check(start, "B*5e"), "piece not in hand");
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check("4k4/9/9/9/4G4/9/9/9/4K4 b - 1", "5e4f"),
                    "gold has no backward diagonal");
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check("4k4/9/9/9/4S4/9/9/9/4K4 b - 1", "5e4e"),
                    "silver has no sideways step");
        }

        @Test
        void okisakiLanceSlidesBackwardAndQueenSlidesEverywhere() {
            String position = "5k4/10/10/10/Q9/10/10/10/9L/5K4 b - 1";
            assertNull(check(position, "1i1b"));
            assertNull(check(position, "1i1j"));
            assertNull(check(position, "10e1e"));
            assertNull(check(position, "10e6a"));
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check(position, "10e9c"));
        }

        @Test
        void standardLanceCannotMoveBackward() {
            assertEquals(Violation.IMPOSSIBLE_MOVEMENT, check("4k4/9/9/9/8L/9/9/9/4K4 b - 1", "1e1f"));
        }
    }
}
