package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

class EvaluationTest {
    private static final String[] POSITIONS = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "ln1g3nl/1r1sk1g2/p1pppp1pp/6p2/1p5P1/2P6/PPSPPPP1P/2G2S1R1/LN2KG1NL w Bb 20",
        "l6nl/1r3kg2/p2pppsp1/2p3p1p/1p5P1/2PP1P2P/PPS1P1P2/1KG3+r2/LN5NL b BGSNbgs 61",
        "3k5/9/9/9/4p4/9/9/9/4K4 w 2P3p 100",
        "rbsgk/4p/5/P4/KGSBR b - 1",
        "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1",
    };

    private final Evaluation evaluation = new Evaluation(EvalParams.DEFAULT);

    @Test
    void theCacheNeverChangesAnAnswer() {
        // Random games in all three variants visit far more positions than the cache has slots, so entries are
        // replaced and slots are shared: each answer must still be the one collected afresh.
        Random random = new Random(18);
        MoveList moves = new MoveList();
        int visited = 0;
        for (int game = 0; game < 2_000; game++) {
            Position p = Position.fromSfen(POSITIONS[game % POSITIONS.length]);
            for (int ply = 0; ply < 200; ply++) {
                int expected = evaluation.evaluateAfresh(p);
                assertEquals(expected, evaluation.evaluate(p), "first visit: " + Sfen.format(p));
                assertEquals(expected, evaluation.evaluate(p), "second visit: " + Sfen.format(p));
                visited++;
                moves.clear();
                MoveGenerator.generateLegal(p, moves);
                if (moves.size() == 0) {
                    break;
                }
                p.doMove(moves.get(random.nextInt(moves.size())));
            }
        }
        assertTrue(visited > 2 * 65_536, visited + " positions visited, fewer than twice the cache's slots");
    }

    @Test
    void aScoreBeyondTheCachesRangeIsAnsweredAfreshEveryTime() {
        int[] values = new int[EvalFeatures.SIZE];
        values[EvalFeatures.MATERIAL + Piece.ROOK] = 1_000_000; // a weights file of absurd values
        Evaluation absurd = new Evaluation(EvalWeights.of(values), EvalParams.DEFAULT);
        Position p = Position.fromSfen("4k4/9/9/9/9/9/9/9/R3K4 b - 1"); // Black's rook, Black to move
        assertEquals(1_000_000, absurd.evaluateAfresh(p));
        assertEquals(1_000_000, absurd.evaluate(p));
        assertEquals(1_000_000, absurd.evaluate(p));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aPositionIsWorthTheSameSeenFromTheOtherSideOrInAMirror(int which) {
        Position p = Position.fromSfen(POSITIONS[which]);
        for (boolean rotate : new boolean[] {true, false}) {
            Position transformed = Position.fromSfen(transform(p, rotate));
            assertEquals(evaluation.evaluate(p), evaluation.evaluate(transformed),
                    (rotate ? "rotated: " : "mirrored: ") + POSITIONS[which]);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void everyFeatureSeesBothSidesAndBothWingsAlike(int which) {
        // Random weights for every feature, the king-safety groups included, so that no group is left untested.
        Random random = new Random(which);
        int[] values = new int[EvalFeatures.SIZE];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(201) - 100;
        }
        Evaluation anyWeights = new Evaluation(EvalWeights.of(values), EvalParams.DEFAULT);
        Position p = Position.fromSfen(POSITIONS[which]);
        for (boolean rotate : new boolean[] {true, false}) {
            assertEquals(anyWeights.evaluate(p), anyWeights.evaluate(Position.fromSfen(transform(p, rotate))),
                    (rotate ? "rotated: " : "mirrored: ") + POSITIONS[which]);
        }
    }

    @Test
    void aKingsFlightSquaresAndTheAttackersAroundItAreCounted() {
        // White's dragon on 5h covers 4h, 6h, 4i and 6i: Black's king on 5i may only take it (5h is not defended).
        Position p = Position.fromSfen("4k4/9/9/9/9/9/9/4+r4/4K4 b - 1");
        List<Integer> black = new ArrayList<>();
        List<Integer> white = new ArrayList<>();
        new EvalFeatures().collect(p, (index, sign) -> (sign > 0 ? black : white).add(index));
        assertTrue(black.contains(EvalFeatures.ESCAPES + 1), black.toString());
        assertTrue(white.contains(EvalFeatures.ESCAPES + 5), white.toString());
        // The square ahead of Black's king (5h, slot 0): attacked by no White piece (the dragon stands on it),
        // defended once, by the king.
        assertTrue(black.contains(EvalFeatures.ZONE + 1), black.toString());
        // The square beside it (4i, slot 2): attacked once by the dragon, defended once by the king.
        assertTrue(black.contains(EvalFeatures.ZONE + (2 * 4 + 1) * 4 + 1), black.toString());
        // The dragon's reach: 5g-5a (7, up to its own king), 5i, 4h-1h, 6h-9h and the four diagonal steps.
        assertTrue(white.contains(EvalFeatures.MOBILITY + Piece.DRAGON * 25 + 20), white.toString());
    }

    @Test
    void evaluatingAllocatesNothing() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Position p = Position.fromSfen(POSITIONS[2]);
        long sum = 0;
        for (int i = 0; i < 20_000; i++) {
            // warm up, so that the JIT's own work is not counted
            sum += evaluation.evaluate(p) + evaluation.evaluateAfresh(p);
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100_000; i++) {
            sum += evaluation.evaluate(p) + evaluation.evaluateAfresh(p); // the cache's answer and the features
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 10_000, allocated + " bytes for 100,000 evaluations (sum " + sum + ")");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void aWeightsFileOfAnOlderLayoutIsReadWithTheWeightsItLacksAtZero(int layout) throws IOException {
        int size = layout == 1 ? EvalFeatures.FIRST_LAYOUT_SIZE
                : layout == 2 ? EvalFeatures.SECOND_LAYOUT_SIZE
                : layout == 3 ? EvalFeatures.THIRD_LAYOUT_SIZE : EvalFeatures.FOURTH_LAYOUT_SIZE;
        StringBuilder text = new StringBuilder("weights " + size + "\n");
        for (int i = 0; i < size; i++) {
            text.append(i % 7).append(' ');
        }
        int[] read = EvalWeights.read(new StringReader(text.toString()), "old.txt").values();
        assertEquals(EvalFeatures.SIZE, read.length);
        assertEquals(EvalFeatures.FIRST_LAYOUT_SIZE - 1, EvalFeatures.TEMPO);
        assertEquals(EvalFeatures.SECOND_LAYOUT_SIZE, EvalFeatures.KING_DANGER);
        assertEquals((size - 1) % 7, read[size - 1]);
        for (int i = size; i < EvalFeatures.SIZE; i++) {
            assertEquals(0, read[i]);
        }
    }

    @Test
    void aKingsDangerCountsTheAttackedZoneTheMissingFlightSquaresAndTheEnemysHand() {
        // White's dragon on 5h attacks 4h, 6h, 4i and 6i (each defended once, by the king: 2 each), and 5g, 4g and 6g
        // (not defended: 2 each), so 14; Black's king has one flight square (taking the dragon): 1 more.
        List<Integer> black = new ArrayList<>();
        List<Integer> white = new ArrayList<>();
        collect("4k4/9/9/9/9/9/9/4+r4/4K4 b - 1", black, white);
        assertTrue(black.contains(EvalFeatures.KING_DANGER + 15), black.toString());
        // White's king: nothing attacks its zone, five flight squares, Black holds nothing, and Black has the move.
        assertTrue(white.contains(EvalFeatures.KING_DANGER + 32), white.toString());

        // A gold, two silvers and pawns in White's hand add 2 + 2 * 2 + 1 (pawns count once).
        black.clear();
        white.clear();
        collect("4k4/9/9/9/9/9/9/4+r4/4K4 b g2s3p 1", black, white);
        assertTrue(black.contains(EvalFeatures.KING_DANGER + 22), black.toString());
        assertTrue(white.contains(EvalFeatures.KING_DANGER + 32), white.toString());
    }

    @Test
    void aPieceIsSeenAgainstItsAttackersAndDefendersAndTwoHangingPiecesAreAFork() {
        // White's knight on 5c forks Black's golds on 6e and 4e, neither defended; Black's silver on 5e between them
        // is attacked by nothing and defended by both golds. Black has the move.
        List<Integer> black = new ArrayList<>();
        List<Integer> white = new ArrayList<>();
        collect("4k4/9/4n4/9/3GSG3/9/9/9/4K4 b - 1", black, white);
        int forkedGold = EvalFeatures.threatIndex(true, Piece.GOLD, false, 1, 0);
        assertEquals(2, black.stream().filter(i -> i == forkedGold).count(), black.toString());
        assertTrue(black.contains(EvalFeatures.threatIndex(true, Piece.SILVER, false, 0, 2)), black.toString());
        assertTrue(black.contains(EvalFeatures.hangingIndex(true, 2)), black.toString());
        // The knight is attacked by nothing and defended by nothing; White, not to move, hangs nothing.
        assertTrue(white.contains(EvalFeatures.threatIndex(false, Piece.KNIGHT, false, 0, 0)), white.toString());
        assertTrue(white.contains(EvalFeatures.hangingIndex(false, 0)), white.toString());

        // With White to move the same golds are the side not to move's.
        black.clear();
        white.clear();
        collect("4k4/9/4n4/9/3GSG3/9/9/9/4K4 w - 1", black, white);
        int goldNotToMove = EvalFeatures.threatIndex(false, Piece.GOLD, false, 1, 0);
        assertEquals(2, black.stream().filter(i -> i == goldNotToMove).count(), black.toString());
        assertTrue(black.contains(EvalFeatures.hangingIndex(false, 2)), black.toString());
    }

    @Test
    void aPawnsStrikeHangsAPieceEvenWhenItIsDefended() {
        // Black's pawn on 5c strikes White's silver on 5b, which the king defends; the silver attacks the pawn,
        // which nothing defends. White has the move: each side has one hanging piece.
        List<Integer> black = new ArrayList<>();
        List<Integer> white = new ArrayList<>();
        collect("4k4/4s4/4P4/9/9/9/9/9/4K4 w - 1", black, white);
        assertTrue(white.contains(EvalFeatures.threatIndex(true, Piece.SILVER, true, 1, 1)), white.toString());
        assertTrue(white.contains(EvalFeatures.hangingIndex(true, 1)), white.toString());
        assertTrue(black.contains(EvalFeatures.threatIndex(false, Piece.PAWN, false, 1, 0)), black.toString());
        assertTrue(black.contains(EvalFeatures.hangingIndex(false, 1)), black.toString());
    }

    @Test
    void aGoldOnTheOpenSideOfACornerKingIsToldFromOneBetweenItAndTheEdge() {
        // Black's king on 8h (file 8: one file from its nearer edge), a gold beside it on 7h (towards the centre) or
        // on 9h (towards the edge). The folded tables see both golds one file aside; the king-file tables do not.
        int folded = EvalFeatures.relativeIndex(EvalFeatures.OWN_KING, Piece.GOLD, 0, 1);
        int openSide = EvalFeatures.kingFileIndex(false, 1, Piece.GOLD, 0, 1);
        int edgeSide = EvalFeatures.kingFileIndex(false, 1, Piece.GOLD, 0, -1);
        List<Integer> black = new ArrayList<>();
        List<Integer> white = new ArrayList<>();
        collect("4k4/9/9/9/9/9/9/1KG6/9 b - 1", black, white);
        assertTrue(black.contains(folded) && black.contains(openSide) && !black.contains(edgeSide), black.toString());
        black.clear();
        collect("4k4/9/9/9/9/9/9/GK7/9 b - 1", black, white);
        assertTrue(black.contains(folded) && black.contains(edgeSide) && !black.contains(openSide), black.toString());
        // Against White's king on 5a (the centre file, whose two sides are alike), the gold on 9h stands 7 ranks
        // behind it and four files aside.
        assertTrue(black.contains(EvalFeatures.kingFileIndex(true, 4, Piece.GOLD, -7, 4)), black.toString());
    }

    private static void collect(String sfen, List<Integer> black, List<Integer> white) {
        new EvalFeatures().collect(Position.fromSfen(sfen), (index, sign) -> (sign > 0 ? black : white).add(index));
    }

    @Test
    void materialDecidesWhenNothingElseDiffers() {
        Position even = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b - 1");
        Position rookUp = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b R 1");
        Position pawnUp = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b P 1");
        int base = evaluation.evaluate(even);
        assertTrue(evaluation.evaluate(rookUp) > evaluation.evaluate(pawnUp));
        assertTrue(evaluation.evaluate(pawnUp) > base);
        assertTrue(evaluation.value(Piece.ROOK) > evaluation.value(Piece.SILVER));
        assertTrue(evaluation.value(Piece.DRAGON) > evaluation.value(Piece.ROOK));
    }

    @Test
    void theScalesOfTheParametersApplyToTheirGroupsOnly() {
        Position p = Position.fromSfen(POSITIONS[1]);
        Evaluation noMaterial = new Evaluation(new EvalParams(0, 100, 100, 100, 100, 100));
        Evaluation noPlaces = new Evaluation(new EvalParams(100, 100, 0, 0, 0, 0));
        assertEquals(0, noMaterial.value(Piece.ROOK));
        assertEquals(evaluation.value(Piece.ROOK), noPlaces.value(Piece.ROOK));
        assertNotEquals(evaluation.evaluate(p), noPlaces.evaluate(p));
    }

    @Test
    void minishogiAndOkisakiHaveBuiltInWeightsOfTheirOwn() {
        assertSame(EvalWeights.builtIn(), EvalWeights.builtIn(Variant.STANDARD));
        EvalWeights minishogi = EvalWeights.builtIn(Variant.MINISHOGI);
        assertFalse(Arrays.equals(EvalWeights.builtIn().values(), minishogi.values()),
                "minishogi counts ranks from another back rank: its square weights are its own");
        assertSame(minishogi, EvalWeights.builtIn(Variant.MINISHOGI), "read once");
        EvalWeights okisaki = EvalWeights.builtIn(Variant.OKISAKI);
        assertFalse(Arrays.equals(EvalWeights.builtIn().values(), okisaki.values()),
                "Okisaki's set was learned from 10x10 positions");
        assertFalse(Arrays.equals(minishogi.values(), okisaki.values()));
        assertSame(okisaki, EvalWeights.builtIn(Variant.OKISAKI), "read once");
    }

    @Test
    void weightsSurviveWritingAndReading() throws IOException {
        EvalWeights w = EvalWeights.builtIn();
        StringWriter text = new StringWriter();
        w.write(text, "test set\nsecond line");
        EvalWeights back = EvalWeights.read(new StringReader(text.toString()), "test.txt");
        assertTrue(Arrays.equals(w.values(), back.values()));
        assertTrue(text.toString().contains("# second line\n"));
    }

    @Test
    void aBadWeightsFileSaysWhatAndWhere() {
        IOException wrongSize = assertThrows(IOException.class,
                () -> EvalWeights.read(new StringReader("# c\nweights 12\n1 2 3\n"), "w.txt"));
        assertEquals("w.txt:2: expected 'weights " + EvalFeatures.SIZE + "', found 'weights 12'.", wrongSize.getMessage());
        IOException notANumber = assertThrows(IOException.class,
                () -> EvalWeights.read(new StringReader("weights " + EvalFeatures.SIZE + "\n1 x 3\n"), "w.txt"));
        assertEquals("w.txt:2: 'x' is not an integer.", notANumber.getMessage());
        IOException shortFile = assertThrows(IOException.class,
                () -> EvalWeights.read(new StringReader("weights " + EvalFeatures.SIZE + "\n1 2 3\n"), "w.txt"));
        assertEquals("w.txt:2: expected " + EvalFeatures.SIZE + " weights, found 3.", shortFile.getMessage());
    }

    @Test
    void theHandMadeSetIsTheEvaluationTheLearningStartedFrom() {
        Evaluation handMade = new Evaluation(EvalWeights.handMade(), EvalParams.DEFAULT);
        Position rookUp = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b R 1");
        // Rook in hand 990 * 110 %, tempo 20, both kings on their shelter square (equal).
        assertEquals(990 * 110 / 100 + 20, handMade.evaluate(rookUp));
    }

    /** Rotate the board half a turn and swap the colours, or mirror it left to right. */
    static String transform(Position p, boolean rotate) {
        Variant v = p.variant();
        int[] board = new int[v.squares()];
        int[] hand = new int[Piece.CODES];
        for (int sq = 0; sq < v.squares(); sq++) {
            int pc = p.pieceAt(sq);
            if (pc == Piece.EMPTY) {
                continue;
            }
            if (rotate) {
                board[v.squares() - 1 - sq] = Piece.code(Piece.type(pc), 1 - Piece.colour(pc));
            } else {
                board[v.square(v.files() + 1 - v.file(sq), v.rank(sq))] = pc;
            }
        }
        for (int type = 1; type < Piece.TYPES; type++) {
            for (int colour = 0; colour < 2; colour++) {
                Side owner = colour == 0 ? Side.BLACK : Side.WHITE;
                hand[Piece.code(type, rotate ? 1 - colour : colour)] = p.handCount(owner, type);
            }
        }
        Side side = rotate ? p.sideToMove().opponent() : p.sideToMove();
        return Sfen.format(v, board, hand, side, p.moveNumber());
    }
}
