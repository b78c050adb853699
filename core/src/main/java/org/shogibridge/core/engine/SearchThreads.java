package org.shogibridge.core.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.shogibridge.core.rules.Impasse;
import org.shogibridge.core.rules.Position;

/**
 * One search on several cores: lazy SMP. A main {@link Search} decides the move and keeps the clock; helper
 * searches of the same position run beside it, half of them a ply ahead, and share only the transposition
 * table, so each finds the others' results there and the main thread's tree is cut sooner. A Raspberry Pi 4 has
 * four cores, and one search alone uses one.
 *
 * <p>The core starts no threads of its own: the helpers run on an {@link Executor} that the caller (the device
 * layer) supplies with {@link #setThreads}. With one thread, the default, this is exactly the main search, so
 * node counts stay reproducible ({@code bench}, the levels with a node cap).
 */
public final class SearchThreads {
    private final Evaluation evaluation;
    private final TranspositionTable table;
    private final Search main;
    private Search[] helpers = new Search[0];
    private Executor executor;
    private Impasse.Rule impasseRule = Impasse.Rule.POINTS_27;

    public SearchThreads(Evaluation evaluation, TranspositionTable table) {
        this.evaluation = evaluation;
        this.table = table;
        this.main = new Search(evaluation, table);
    }

    /** The main search: the one that decides, and the only one a single-threaded caller needs. */
    public Search main() {
        return main;
    }

    /**
     * Use {@code threads} threads in all: the main one (the caller's) and {@code threads - 1} helpers run on the
     * executor, which must be able to run that many tasks at once. Call between searches only.
     */
    public void setThreads(int threads, Executor executor) {
        if (threads < 1) {
            throw new IllegalArgumentException("Bad option. Threads must be at least 1, not " + threads + ".");
        }
        if (threads > 1 && executor == null) {
            throw new IllegalArgumentException("Bad option. " + threads + " threads need an executor to run on.");
        }
        Search[] next = new Search[threads - 1];
        for (int i = 0; i < next.length; i++) {
            next[i] = i < helpers.length ? helpers[i] : new Search(evaluation.forAnotherThread(), table, main.continuation());
            next[i].setImpasseRule(impasseRule);
        }
        helpers = next;
        this.executor = executor;
    }

    /** Return the number of threads a search uses. */
    public int threads() {
        return helpers.length + 1;
    }

    /** Keep this many milliseconds back from every deadline (only the main thread keeps the time). */
    public void setTimeMargin(long millis) {
        main.setTimeMargin(millis);
    }

    public void setImpasseRule(Impasse.Rule rule) {
        impasseRule = rule;
        main.setImpasseRule(rule);
        for (Search helper : helpers) {
            helper.setImpasseRule(rule);
        }
    }

    /** Forget killers and history in every thread (a new game). */
    public void clearHistory() {
        main.clearHistory();
        for (Search helper : helpers) {
            helper.clearHistory();
        }
    }

    /**
     * Search with every thread; the result is the main thread's, with the nodes of all. Returns once the helpers
     * have stopped, so the next search starts from quiet threads.
     */
    public SearchResult search(Position position, SearchLimits limits, boolean ponder, Search.Listener listener) {
        if (helpers.length == 0) {
            return main.search(position, limits, ponder, listener);
        }
        table.newSearch();  // before the helpers start, so that all store under this search's generation
        main.continuation().prepare(position.variant()); // laid out before the helpers share it
        CountDownLatch finished = new CountDownLatch(helpers.length);
        for (int i = 0; i < helpers.length; i++) {
            Search helper = helpers[i];
            int id = i;
            helper.clearStop();
            try {
                executor.execute(() -> {
                    try {
                        helper.help(position, limits.depth(), id + 1);
                    } finally {
                        finished.countDown();
                    }
                });
            } catch (RejectedExecutionException e) {
                finished.countDown();  // an executor that is shutting down: search with fewer threads
            }
        }
        SearchResult result;
        try {
            result = main.search(position, limits, ponder, listener, false);
        } finally {
            for (Search helper : helpers) {
                helper.stop();
            }
            awaitQuietly(finished);
        }
        long nodes = result.nodes();
        for (Search helper : helpers) {
            nodes += helper.nodes();  // read after the latch: each helper's count is complete and visible
        }
        return new SearchResult(result.bestMove(), result.declareWin(), result.score(), result.depth(), nodes,
                result.millis(), result.pv());
    }

    /** Stop the search in every thread (from another thread); holds until {@link #clearStop()}. */
    public void stop() {
        main.stop();
        for (Search helper : helpers) {
            helper.stop();
        }
    }

    /** Forget an earlier {@link #stop()}. */
    public void clearStop() {
        main.clearStop();
        for (Search helper : helpers) {
            helper.clearStop();
        }
    }

    /** The expected move was played: the main thread's clock starts; the helpers follow the main thread. */
    public void ponderHit(TimeManager time) {
        main.ponderHit(time);
    }

    /** Wait for the helpers; an interrupt is kept for the caller, but the wait still completes. */
    private static void awaitQuietly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
