package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.testing.RandomGames;

class SearchTest {
    private final Search search = new Search(new Evaluation(EvalParams.DEFAULT), new TranspositionTable(8));

    private String best(String sfen, SearchLimits limits) {
        Position p = Position.fromSfen(sfen);
        return Usi.format(p.variant(), search.search(p, limits, false, null).bestMove());
    }

    @Test
    void playsMateInOne() {
        SearchResult r = search.search(Position.fromSfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), SearchLimits.depth(3), false, null);
        assertEquals("G*5b", Usi.format(Variant.STANDARD, r.bestMove()));
        assertEquals(1, Score.matePlies(r.score()));
    }

    @Test
    void seesAMateInThreeAndScoresIt() {
        SearchResult r = search.search(Position.fromSfen("4k5/10/10/10/10/10/10/10/10/5K4 b QG 1"),
                SearchLimits.depth(5), false, null);
        assertTrue(Score.isMate(r.score()));
        assertEquals(3, Score.matePlies(r.score()));
    }

    @Test
    void capturesAHangingRook() {
        // White's rook on 5e hangs to Black's silver on 4f... and to nothing else worth more.
        assertEquals("4f5e", best("4k4/9/9/9/4r4/5S3/9/9/4K4 b - 1", SearchLimits.depth(4)));
    }

    @Test
    void avoidsLosingAPieceForNothing() {
        // Black's rook on 5e is attacked by the pawn on 5d; it must not stay (a quiet move elsewhere loses it).
        Position p = Position.fromSfen("4k4/9/9/4p4/4R4/9/9/9/4K4 b - 1");
        SearchResult r = search.search(p, SearchLimits.depth(4), false, null);
        assertEquals(p.pieceAt(Move.from(r.bestMove())), p.pieceAt(p.variant().square(5, 5)), "the rook moves");
        assertTrue(r.score() > 500, "still a rook ahead: " + r.score());
    }

    @Test
    void withNoLegalMoveItResigns() {
        SearchResult r = search.search(Position.fromSfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"), SearchLimits.depth(3),
                false, null);
        assertEquals(Move.NONE, r.bestMove());
        assertFalse(r.declareWin());
    }

    @Test
    void declaresAnEnteringKingWinWhenItMay() {
        // Black's king and ten pieces in the enemy camp, 28+ points with the hand: a declaration wins.
        Position p = Position.fromSfen("1K1+R+B+P+P+P+P/+P+P+P+P5/9/9/9/9/9/9/4k4 b RB2G 1");
        SearchResult r = search.search(p, SearchLimits.depth(3), false, null);
        assertTrue(r.declareWin());
    }

    @Test
    void respectsNodeAndDepthLimits() {
        Position start = Position.start(Variant.STANDARD);
        SearchResult byNodes = search.search(start, SearchLimits.nodes(20_000), false, null);
        assertTrue(byNodes.nodes() < 20_000 + 1024, "nodes " + byNodes.nodes());
        SearchResult byDepth = search.search(start, SearchLimits.depth(4), false, null);
        assertEquals(4, byDepth.depth());
    }

    @Test
    void anInfiniteSearchRunsUntilStopped() throws Exception {
        AtomicReference<SearchResult> result = new AtomicReference<>();
        SteppingClock clock = new SteppingClock(Duration.ofMinutes(1), Duration.ofHours(1));
        search.setClock(clock);
        Thread t = new Thread(() -> result.set(search.search(Position.start(Variant.STANDARD),
                new SearchLimits(0, 0, 0, 0, 0, 0, 0, 0, true), false, null)));
        t.start();
        assertTrue(clock.awaitMark(Duration.ofMinutes(2)), "the search keeps reading its clock");
        assertTrue(t.isAlive(), "an infinite search must not stop on its own, an hour into its clock");
        search.stop();
        t.join(2000);
        assertFalse(t.isAlive());
        assertTrue(Rules.violation(Position.start(Variant.STANDARD), result.get().bestMove()) == null);
    }

    @Test
    void aSideBehindTakesTheRepetitionAsADraw() {
        // White is a rook ahead; both kings have shuffled once. Stepping up again repeats the position
        // after Black's first move: the only way for Black to score a draw instead of a loss.
        Position p = Position.fromSfen("r3k4/9/9/9/9/9/9/9/4K4 b - 1");
        for (String move : new String[] {"5i5h", "5a5b", "5h5i", "5b5a"}) {
            p.doMove(Usi.parseLegalMove(p, move));
        }
        SearchResult r = search.search(p, SearchLimits.depth(5), false, null);
        assertEquals("5i5h", Usi.format(p.variant(), r.bestMove()));
        assertEquals(0, r.score());
        // Without the history, the same position is simply lost.
        Position fresh = Position.fromSfen(p.toSfen());
        assertTrue(search.search(fresh, SearchLimits.depth(5), false, null).score() < -500);
    }

    @Test
    void aPerpetualCheckReachingBackIntoTheGameLosesForTheChecker() {
        // Black has checked on every move of two cycles already; checking again closes a cycle that began
        // before the root, and perpetual check loses. A quiet rook move keeps the win.
        Position p = Position.fromSfen("8k/R8/9/9/9/9/9/9/4K4 b - 1");
        for (String move : new String[] {"9b9a", "1a1b", "9a9b", "1b1a", "9b9a", "1a1b", "9a9b", "1b1a"}) {
            p.doMove(Usi.parseLegalMove(p, move));
        }
        int[][] scored = search.scoreRootMoves(p, 3, Score.INFINITE, SearchLimits.depth(3));
        boolean seen = false;
        for (int i = 0; i < scored[0].length; i++) {
            if (Usi.format(p.variant(), scored[0][i]).equals("9b9a")) {
                seen = true;
                assertTrue(Score.isMate(scored[1][i]) && scored[1][i] < 0, "9b9a scored " + scored[1][i]);
            }
        }
        assertTrue(seen);
        SearchResult r = search.search(p, SearchLimits.depth(5), false, null);
        assertTrue(r.score() > 500, "score " + r.score());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void playsLegalMovesThroughRandomPositionsOfEveryVariant(Variant variant) {
        RandomGames.forEachPosition(variant, 3, 4, 40, (p, legal, previousTo) -> {
            SearchResult r = search.search(p, SearchLimits.nodes(3000), false, null);
            if (r.bestMove() != Move.NONE) {
                assertEquals(null, Rules.violation(p, r.bestMove()), p.toSfen());
            }
        });
    }

    /**
     * Mates in one are looked for at every node (contact and knight checks only, as a shortcut): a short search
     * must find each one that exists, and must not claim one, for either side, that a full look denies.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void mateInOneClaimsMatchAFullLook(Variant variant) {
        int[] seen = new int[2];
        RandomGames.forEachPosition(variant, 11, 6, 200, (p, legal, previousTo) -> {
            if (legal.size() == 0) {
                return;
            }
            SearchResult r = search.search(p, SearchLimits.depth(3), false, null);
            boolean mates = matingMove(p) != Move.NONE;
            assertEquals(mates, r.score() == Score.MATE - 1, p.toSfen() + " score " + r.score());
            if (mates) {
                seen[0]++;
                assertTrue(noLegalMove(after(p, r.bestMove())), "the claimed mate leaves a reply: " + p.toSfen());
            }
            if (r.score() == -Score.MATE + 2) {
                seen[1]++;
                for (int i = 0; i < legal.size(); i++) {
                    assertTrue(matingMove(after(p, legal.get(i))) != Move.NONE,
                            "no mate follows " + Usi.format(variant, legal.get(i)) + " in " + p.toSfen());
                }
            }
        });
        assertTrue(seen[0] > 0, "no mate in one met: the test would prove nothing");
    }

    private static Position after(Position p, int move) {
        Position next = p.copy();
        next.doMove(move);
        return next;
    }

    /** Return a move that leaves the opponent no legal move, trying every one, or {@link Move#NONE}. */
    private static int matingMove(Position p) {
        MoveList moves = new MoveList();
        MoveGenerator.generateLegal(p, moves);
        for (int i = 0; i < moves.size(); i++) {
            if (noLegalMove(after(p, moves.get(i)))) {
                return moves.get(i);
            }
        }
        return Move.NONE;
    }

    private static boolean noLegalMove(Position p) {
        MoveList moves = new MoveList();
        MoveGenerator.generateLegal(p, moves);
        return moves.size() == 0;
    }
}
