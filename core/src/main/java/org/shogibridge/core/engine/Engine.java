package org.shogibridge.core.engine;

import java.util.Random;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import org.shogibridge.core.rules.Impasse;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;

/**
 * The built-in opponent: a {@link Search} at a {@link Level}, a {@link MateSolver} for forced mates, and hints.
 * One engine plays one game at a time; {@link #stop()} and {@link #ponderHit} may come from another thread.
 */
public final class Engine {
    /** Before each search, mates this short (in nodes of the solver) are looked for and played at once. */
    private static final long QUICK_MATE_NODES = 20_000;

    private final TranspositionTable table;
    private final EvalWeights weights;
    private final SearchThreads search;
    private final MateSolver solver = new MateSolver();
    private final Random random;
    private Level level = Level.maximum();
    private long timeMargin = TimeManager.DEFAULT_MARGIN_MS;
    private LongSupplier nanoClock = System::nanoTime;

    /** Create an engine with a hash table of the given size, evaluation weights and scales, and random seed. */
    public Engine(int hashMegabytes, EvalWeights weights, EvalParams params, long seed) {
        this.weights = weights;
        this.table = new TranspositionTable(hashMegabytes);
        this.search = new SearchThreads(new Evaluation(weights, params), table);
        this.random = new Random(seed);
    }

    /** Create an engine with the built-in evaluation weights. */
    public Engine(int hashMegabytes, EvalParams params, long seed) {
        this(hashMegabytes, EvalWeights.builtIn(), params, seed);
    }

    /** Create a full-strength engine with a 64 MiB table and default evaluation. */
    public Engine() {
        this(64, EvalParams.DEFAULT, 1);
    }

    /** Return the evaluation weights the engine was made with. */
    public EvalWeights weights() {
        return weights;
    }

    /** Keep the engine's time by {@code nanos} (nanoseconds, any origin) instead of the system's clock. */
    public void setClock(LongSupplier nanos) {
        nanoClock = nanos;
        search.setClock(nanos);
    }

    public void setLevel(Level level) {
        this.level = level;
    }

    public Level level() {
        return level;
    }

    /**
     * Search with {@code threads} threads at the levels without a node cap (the weaker levels stay on one, so
     * that they play the same on any machine); the helpers run on {@code executor}. Call between searches.
     */
    public void setThreads(int threads, Executor executor) {
        search.setThreads(threads, executor);
    }

    /**
     * Keep this many milliseconds back from every deadline of a clock, for the delays between the engine and the
     * clock that judges it (USI option NetworkDelay); {@link TimeManager#DEFAULT_MARGIN_MS} unless set.
     */
    public void setTimeMargin(long millis) {
        timeMargin = millis;
    }

    public void setImpasseRule(Impasse.Rule rule) {
        search.setImpasseRule(rule);
    }

    /** Forget what earlier games taught the tables. */
    public void newGame() {
        table.clear();
        search.clearHistory();
    }

    /** Return the move to play at the engine's level. */
    public SearchResult think(Position position, SearchLimits limits, boolean ponder, Search.Listener listener) {
        long began = nanoClock.getAsLong();
        if (level.choosesByFeel()) {
            return chooseByFeel(position, limits);
        }
        if (!ponder && level.number() == Level.maximum().number()) {
            MateSolver.Result mate = solver.solve(position, QUICK_MATE_NODES, 0);
            if (mate.status() == MateSolver.Status.MATE) {
                return new SearchResult(mate.moves()[0], false, Score.MATE - mate.moves().length, mate.moves().length,
                        mate.nodes(), mate.millis(), mate.moves());
            }
        }
        // The clock has run since the question came: the quick mate test's time is kept back from the search's.
        search.setTimeMargin(timeMargin + (nanoClock.getAsLong() - began) / 1_000_000);
        if (level.nodes() > 0) {
            boolean capped = limits.nodes() == 0 || limits.nodes() > level.nodes();
            return search.main().search(position, capped ? limits.withNodes(level.nodes()) : limits, ponder, listener);
        }
        return search.search(position, limits, ponder, listener);
    }

    /**
     * Return the best move for the side to move (a hint for the human, or the daemon's analysis), at full strength
     * within the time. No clock judges it, so no margin is kept back: with the default 120 ms an analysis of 500 ms
     * searched 380.
     */
    public SearchResult hint(Position position, long millis) {
        search.setTimeMargin(0);
        return search.search(position, SearchLimits.moveTime(millis), false, null);
    }

    /** Solve for a forced mate by checks (USI "go mate"). */
    public MateSolver.Result solveMate(Position position, long maxNodes, long maxMillis) {
        return solver.solve(position, maxNodes, maxMillis);
    }

    /**
     * Stop a running search or mate solve. The stop holds until {@link #clearStop()}, so that one arriving before
     * the search has begun (or between the quick mate test and the search) is not lost.
     */
    public void stop() {
        search.stop();
        solver.stop();
    }

    /** Forget an earlier {@link #stop()}; a caller that stops the engine calls this before each new search. */
    public void clearStop() {
        search.clearStop();
        solver.clearStop();
    }

    /** The expected move was played: the ponder search now runs on our clock. */
    public void ponderHit(TimeManager time) {
        search.ponderHit(time);
    }

    /**
     * Return the root moves of a position ({@code [0]}) with their exact scores at a fixed depth ({@code [1]}), for
     * the side to move: how far behind the best each other choice is (a review's 好手: the one move that holds).
     */
    public int[][] scoreRootMoves(Position position, int depth, SearchLimits limits) {
        return search.main().scoreRootMoves(position, depth, Score.INFINITE, limits);
    }

    private SearchResult chooseByFeel(Position position, SearchLimits limits) {
        long start = nanoClock.getAsLong();
        int[][] scored = search.main().scoreRootMoves(position, level.depth(), level.temperature() * 8, limits);
        int[] moves = scored[0];
        int[] scores = scored[1];
        if (moves.length == 0) {
            return new SearchResult(Move.NONE, false, -Score.MATE, 0, 0, 0, new int[0]);
        }
        int best = Integer.MIN_VALUE;
        for (int s : scores) {
            best = Math.max(best, s);
        }
        // A mate found or a mate threatened is not a matter of feel.
        double[] weights = new double[moves.length];
        double total = 0;
        for (int i = 0; i < moves.length; i++) {
            boolean matters = Score.isMate(best) || Score.isMate(scores[i]);
            double gap = best - scores[i];
            weights[i] = matters ? (scores[i] == best ? 1 : 0) : Math.exp(-gap / level.temperature());
            total += weights[i];
        }
        double pick = random.nextDouble() * total;
        int chosen = 0;
        for (int i = 0; i < moves.length; i++) {
            pick -= weights[i];
            if (pick <= 0) {
                chosen = i;
                break;
            }
        }
        long millis = (nanoClock.getAsLong() - start) / 1_000_000;
        return new SearchResult(moves[chosen], false, scores[chosen], level.depth(), search.main().nodes(), millis,
                new int[] {moves[chosen]});
    }
}
