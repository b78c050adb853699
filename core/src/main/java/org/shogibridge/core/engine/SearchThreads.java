package org.shogibridge.core.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.LongSupplier;
import org.shogibridge.core.rules.Impasse;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;

/**
 * One search on several cores: lazy SMP. A main {@link Search} keeps the clock and reports progress; helper
 * searches of the same position run beside it, half of them a ply ahead, and share the transposition table, so
 * each finds the others' results there and the main thread's tree is cut sooner. At the end every thread's last
 * completed iteration votes on the move ({@link #vote}). A Raspberry Pi 4 has four cores, and one search alone
 * uses one.
 *
 * <p>The core starts no threads of its own: the helpers run on an {@link Executor} that the caller (the device
 * layer) supplies with {@link #setThreads}. With one thread, the default, this is exactly the main search, so
 * node counts stay reproducible ({@code bench}, the levels with a node cap).
 */
public final class SearchThreads {
    /** Every vote counts at least this much per ply of depth (Stockfish's 14, in its units, is about 6 of ours). */
    private static final int VOTE_FLOOR = 6;

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

    /** Keep time by {@code nanos} instead of the system's clock (only the main thread keeps the time). */
    public void setClock(LongSupplier nanos) {
        main.setClock(nanos);
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
     * Search with every thread; the result is the move, score, depth and line the threads voted for, with the
     * nodes of all and the main thread's time. Returns once the helpers have stopped, so the next search starts
     * from quiet threads.
     */
    public SearchResult search(Position position, SearchLimits limits, boolean ponder, Search.Listener listener) {
        if (helpers.length == 0) {
            return main.search(position, limits, ponder, listener);
        }
        table.newSearch();  // before the helpers start, so that all store under this search's generation
        main.continuation().prepare(position.variant()); // laid out before the helpers share it
        CountDownLatch finished = new CountDownLatch(helpers.length);
        boolean[] started = new boolean[helpers.length];
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
                started[i] = true;
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
        SearchResult[] votes = new SearchResult[helpers.length + 1];
        votes[0] = result;
        for (int i = 0; i < helpers.length; i++) {
            nodes += helpers[i].nodes();  // read after the latch: each helper's count is complete and visible
            votes[i + 1] = started[i] ? helpers[i].completed() : null;
        }
        // A declared win or a position without a move is the main thread's alone to report.
        SearchResult chosen = result.declareWin() || result.bestMove() == Move.NONE ? result : vote(votes);
        return new SearchResult(chosen.bestMove(), chosen.declareWin(), chosen.score(), chosen.depth(), nodes,
                result.millis(), chosen.pv());
    }

    /**
     * Choose the move to play from the threads' results (the first is the main thread's; a helper that completed
     * no iteration is null), as Stockfish's threads vote: each result votes for its move with the weight
     * {@code (score - lowest score + VOTE_FLOOR) * depth}, so a deeper search and a better score count for more,
     * and two threads that agree outweigh one that is a little deeper. A forced win counts above all votes (the
     * quickest one), and a result that sees its side mated never leads. The main thread wins a tie.
     */
    static SearchResult vote(SearchResult[] results) {
        int lowest = Integer.MAX_VALUE;
        for (SearchResult r : results) {
            if (r != null) {
                lowest = Math.min(lowest, r.score());
            }
        }
        SearchResult best = results[0];
        for (SearchResult r : results) {
            if (r == null || r == best) {
                continue;
            }
            if (best.score() > Score.MATE_BOUND) {
                if (r.score() > best.score()) {
                    best = r;  // a quicker mate
                }
            } else if (r.score() > Score.MATE_BOUND
                    || r.score() >= -Score.MATE_BOUND && weight(results, r.bestMove(), lowest)
                            > weight(results, best.bestMove(), lowest)) {
                best = r;
            }
        }
        return best;
    }

    /** The sum of the votes for one move. */
    private static long weight(SearchResult[] results, int move, int lowest) {
        long sum = 0;
        for (SearchResult r : results) {
            if (r != null && r.bestMove() == move) {
                sum += (long) (r.score() - lowest + VOTE_FLOOR) * r.depth();
            }
        }
        return sum;
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
