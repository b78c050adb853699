package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

class SearchThreadsTest {
    /** A middle game with pieces in hand (from the bench set): enough tree for the helpers to matter. */
    private static final String MIDDLE_GAME =
            "lnsgkg1n1/5s1bl/p1pp1pppp/4p4/9/2r4P1/P1NPP1P1P/1BGS1S1R1/L3KG1NL b P3p 23";

    private final ExecutorService executor = Executors.newCachedThreadPool();

    @AfterEach
    void shutDown() {
        executor.shutdownNow();
    }

    private SearchThreads threads(int count) {
        SearchThreads search = new SearchThreads(new Evaluation(EvalParams.DEFAULT), new TranspositionTable(8));
        search.setThreads(count, executor);
        return search;
    }

    @Test
    void withOneThreadItIsExactlyTheMainSearch() {
        Position p = Position.fromSfen(MIDDLE_GAME);
        SearchResult alone = new Search(new Evaluation(EvalParams.DEFAULT), new TranspositionTable(8))
                .search(p, SearchLimits.depth(5), false, null);
        SearchResult one = threads(1).search(p, SearchLimits.depth(5), false, null);
        assertEquals(alone.nodes(), one.nodes());
        assertEquals(alone.bestMove(), one.bestMove());
    }

    @Test
    void twoThreadsFindTheMateAndTheHangingRook() {
        SearchThreads search = threads(2);
        Position mate = Position.fromSfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        SearchResult r = search.search(mate, SearchLimits.depth(3), false, null);
        assertEquals("G*5b", Usi.format(Variant.STANDARD, r.bestMove()));
        assertEquals(Score.MATE - 1, r.score());
        Position rook = Position.fromSfen("4k4/9/9/4r4/9/4B4/9/9/4K4 b - 1");
        Position hanging = Position.fromSfen("4k4/9/9/9/9/9/9/4r4/4K4 b - 1");
        assertEquals("5i5h", Usi.format(Variant.STANDARD, search.search(hanging, SearchLimits.depth(4), false, null)
                .bestMove()), "the king takes the rook");
        assertTrue(Rules.violation(rook, search.search(rook, SearchLimits.depth(4), false, null).bestMove()) == null);
    }

    @Test
    void theHelpersSearchAndTheirNodesAreCounted() {
        SearchThreads search = threads(2);
        SearchResult r = search.search(Position.fromSfen(MIDDLE_GAME), SearchLimits.depth(7), false, null);
        assertEquals(7, r.depth());
        assertTrue(r.nodes() > search.main().nodes(), "all nodes " + r.nodes() + ", main " + search.main().nodes());
    }

    @Test
    void aStopEndsEveryThread() throws Exception {
        SearchThreads search = threads(3);
        AtomicReference<SearchResult> result = new AtomicReference<>();
        Position start = Position.start(Variant.STANDARD);
        SteppingClock clock = new SteppingClock(Duration.ofMinutes(1), Duration.ofHours(1));
        search.setClock(clock);
        Thread t = new Thread(() -> result.set(search.search(start, new SearchLimits(0, 0, 0, 0, 0, 0, 0, 0, true),
                false, null)));
        t.start();
        assertTrue(clock.awaitMark(Duration.ofMinutes(2)), "the search keeps reading its clock");
        assertTrue(t.isAlive(), "an infinite search must not stop on its own, an hour into its clock");
        search.stop();
        t.join(5000);
        assertFalse(t.isAlive());
        assertTrue(Rules.violation(start, result.get().bestMove()) == null);
        executor.shutdown();
        assertTrue(executor.awaitTermination(5, TimeUnit.SECONDS), "a helper still runs after the search returned");
    }

    @Test
    void aTimedSearchReturnsInTimeWithItsHelpersStopped() throws Exception {
        SearchThreads search = threads(2);
        Position p = Position.fromSfen(MIDDLE_GAME);
        search.setClock(new SteppingClock(Duration.ofMillis(1)));
        SearchResult r = search.search(p, SearchLimits.moveTime(200), false, null); // helpers that never stop hang it
        assertTrue(Rules.violation(p, r.bestMove()) == null);
        assertTrue(r.millis() > 0 && r.millis() <= 201, "stopped by its clock: " + r.millis() + " ms of 200");
        executor.shutdown();
        assertTrue(executor.awaitTermination(5, TimeUnit.SECONDS), "a helper still runs after the search returned");
    }

    /** A thread's result as the vote sees it: the move (any number stands for one), the score and the depth. */
    private static SearchResult result(int move, int score, int depth) {
        return new SearchResult(move, false, score, depth, 0, 0, new int[] {move});
    }

    @Test
    void aHelperAPlyDeeperWithTheSameScoreOutvotesTheMainThread() {
        SearchResult main = result(1, 50, 8);
        SearchResult deeper = result(2, 50, 9);
        assertEquals(deeper, SearchThreads.vote(new SearchResult[] {main, deeper}));
        assertEquals(main, SearchThreads.vote(new SearchResult[] {main, null}), "a helper with no iteration has no vote");
    }

    @Test
    void twoThreadsThatAgreeOutweighOneThatIsAPlyDeeper() {
        SearchResult main = result(1, 50, 8);
        SearchResult agreeing = result(1, 50, 8);
        SearchResult deeper = result(2, 50, 9);
        assertEquals(1, SearchThreads.vote(new SearchResult[] {main, agreeing, deeper}).bestMove());
    }

    @Test
    void atEqualDepthTheBetterScoreWinsAndATieStaysWithTheMainThread() {
        SearchResult main = result(1, 0, 8);
        SearchResult better = result(2, 100, 8);
        assertEquals(better, SearchThreads.vote(new SearchResult[] {main, better}));
        SearchResult same = result(2, 0, 8);
        assertEquals(main, SearchThreads.vote(new SearchResult[] {main, same}));
    }

    @Test
    void aForcedWinLeadsTheQuickestFirstAndAThreadThatSeesItselfMatedNever() {
        SearchResult main = result(1, 300, 12);
        SearchResult mates = result(2, Score.MATE - 9, 4);
        SearchResult matesSooner = result(3, Score.MATE - 5, 3);
        assertEquals(mates, SearchThreads.vote(new SearchResult[] {main, mates}), "a mate outweighs any depth");
        assertEquals(matesSooner, SearchThreads.vote(new SearchResult[] {main, mates, matesSooner}));
        SearchResult mated = result(4, -(Score.MATE - 10), 20);
        assertEquals(main, SearchThreads.vote(new SearchResult[] {main, mated}));
    }

    @Test
    void aHelperTheExecutorRefusedHasNoVoteFromAnEarlierSearch() {
        AtomicBoolean refuse = new AtomicBoolean();
        Executor refusing = task -> {
            if (refuse.get()) {
                throw new RejectedExecutionException("shutting down");
            }
            executor.execute(task);
        };
        SearchThreads search = new SearchThreads(new Evaluation(EvalParams.DEFAULT), new TranspositionTable(8));
        search.setThreads(2, refusing);
        search.search(Position.fromSfen(MIDDLE_GAME), SearchLimits.depth(6), false, null);
        refuse.set(true);
        // Lost for the side to move, so a stale helper's better score would outvote the main thread's.
        Position lost = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b 2r2b 1");
        SearchResult r = search.search(lost, SearchLimits.depth(4), false, null);
        assertTrue(Rules.violation(lost, r.bestMove()) == null, "the main thread alone decides: "
                + Usi.format(Variant.STANDARD, r.bestMove()));
    }

    @Test
    void badThreadSettingsAreRefused() {
        SearchThreads search = threads(1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> search.setThreads(0, executor)).getMessage()
                .startsWith("Bad option. Threads must be at least 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> search.setThreads(2, null)).getMessage()
                .startsWith("Bad option. 2 threads need an executor"));
        assertEquals(1, search.threads());
    }
}
