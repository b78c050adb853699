package org.shogibridge.core.engine;

import java.util.Arrays;
import java.util.function.LongSupplier;
import org.shogibridge.core.rules.Impasse;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.StaticExchange;

/**
 * Iterative-deepening principal-variation search with a transposition table, quiescence search on captures
 * (all evasions when in check), mates in one looked for at every node, an extension for checks whose piece
 * cannot simply be taken, null-move pruning, ProbCut, reverse futility, futility, late-move, history and
 * static-exchange pruning at low depth, internal iterative reduction, late-move reductions, and move ordering
 * by TT move, captures by value (those that lose material in the exchange last), killers, history and
 * continuation history (raised by cutoffs, lowered for the quiet moves that failed before them), a singular
 * extension for a table move that no other move comes near, and a correction history that adjusts the
 * evaluation by what searches of positions with the same pawns and hands found.
 *
 * <p>Rules the search scores itself: no legal move loses (mate, or stalemate which also loses in shogi); a
 * repetition is a draw, unless one side gave check on every move of the cycle, who then loses (perpetual
 * check); a side that may declare an entering-king win scores it as a win.
 *
 * <p>One instance searches one position at a time; {@link #stop()} may be called from another thread. Every
 * per-ply buffer is allocated once, so the search itself does not allocate.
 */
public final class Search {
    /** Plies beyond the root the search can reach, extensions included. */
    static final int MAX_PLY = 120;
    /** Late-move pruning: at depth d up to 7, the quiet moves after the first LATE_MOVE_COUNT[d] searched are
     * skipped unless they check (about 8 + 2 d²: a shogi position has two to three times chess's moves). */
    private static final int[] LATE_MOVE_COUNT = {0, 10, 16, 26, 40, 58, 80, 106};
    private static final int LATE_MOVE_DEPTH = LATE_MOVE_COUNT.length - 1;
    /** Static-exchange pruning: up to this depth, quiet moves losing more than margin x depth² and captures
     * losing more than margin x depth are skipped (in evaluation units, a pawn on the board about 90). */
    private static final int SEE_PRUNING_DEPTH = 5;
    private static final int SEE_QUIET_MARGIN = 20;
    private static final int SEE_CAPTURE_MARGIN = 200;
    /** Futility pruning: up to this depth, a quiet move that does not check is skipped when the static
     * evaluation plus base + margin x depth cannot reach alpha. */
    private static final int FUTILITY_DEPTH = 6;
    private static final int FUTILITY_BASE = 100;
    private static final int FUTILITY_MARGIN = 100;
    /**
     * Near the leaves a quiet move whose history and continuation histories together are below this times the
     * depth is not searched (sixteenth session): moves like it have failed low again and again after the moves
     * that led here.
     */
    private static final int HISTORY_PRUNING_DEPTH = 5;
    private static final int HISTORY_PRUNING_MARGIN = 4000;
    /**
     * ProbCut (seventeenth session): from this depth, a capture that wins enough for a search this many plies
     * shallower to clear beta by the margin proves the node fails high, and the full search is spared.
     */
    private static final int PROBCUT_DEPTH = 6;
    private static final int PROBCUT_MARGIN = 300;
    private static final int PROBCUT_REDUCTION = 4;
    /** Singular extension: from this depth, a table move whose lower bound is at most this many plies shallower
     * is extended when no other move reaches its score less 2 x depth in a search of half the depth. */
    private static final int SINGULAR_DEPTH = 6;
    private static final int SINGULAR_TABLE_DEPTH_SLACK = 3;
    /** Late-move reductions by depth and move number: log depth x log number / 1.6, rounded. */
    private static final int[][] REDUCTION = new int[64][64];

    static {
        for (int d = 1; d < 64; d++) {
            for (int m = 1; m < 64; m++) {
                REDUCTION[d][m] = (int) (0.5 + Math.log(d) * Math.log(m) / 1.6);
            }
        }
    }

    /** Receives progress: one call per completed iteration. */
    public interface Listener {
        void iteration(SearchResult progress, int selDepth, int hashfull);
    }

    private final Evaluation evaluation;
    private final TranspositionTable table;
    private long timeMargin = TimeManager.DEFAULT_MARGIN_MS;
    private final StaticExchange exchange = new StaticExchange();
    /** What capturing each piece type wins, for {@link #exchange}. */
    private final int[] exchangeValues;
    private final MoveList[] lists = new MoveList[MAX_PLY + 1];
    private final long[][] orderKeys = new long[MAX_PLY + 1][MoveList.CAPACITY];
    private final MoveOrdering ordering;
    private final ContinuationHistory continuation;
    private final CorrectionHistory correction = new CorrectionHistory();
    private final MateInOne mateInOne = new MateInOne();
    /** The quiet moves searched at each ply so far, whose history a later cutoff lowers. */
    private final int[][] quietsTried = new int[MAX_PLY + 1][MoveList.CAPACITY];
    private final int[][] pv = new int[MAX_PLY + 1][MAX_PLY + 1];
    private final int[] pvLength = new int[MAX_PLY + 1];
    private final boolean[] inCheckAt = new boolean[MAX_PLY + 1];
    /** Per ply, the move a singular-extension search leaves out (0: none). */
    private final int[] excludedAt = new int[MAX_PLY + 1];
    /** Whether the side to move was in check 1..32 plies before the root, for cycles reaching into the game. */
    private final boolean[] inCheckBeforeRoot = new boolean[33];
    private int knownBeforeRoot;
    /** Plies a repetition check may look back at each ply: never across a null move. */
    private final int[] repetitionWindow = new int[MAX_PLY + 2];
    private Impasse.Rule impasseRule = Impasse.Rule.POINTS_27;

    private Position pos;
    private long nodes;
    private long nodeLimit;
    private int selDepth;
    private long startNanos;
    /** The clock the limits are kept by, in nanoseconds: the system's; a test's own to drive (time is an input). */
    private LongSupplier nanoClock = System::nanoTime;
    private volatile long optimumNanos;
    private volatile long maximumNanos;
    private volatile boolean stopRequested;
    /**
     * Set by {@link #stop()} until {@link #clearStop()}: a stop that arrives before the search has started (the
     * thread not yet running, or the engine still in its quick mate test) must still stop it.
     */
    private volatile boolean stopOrdered;
    private volatile boolean pondering;
    /** A helper's last completed iteration, read by the main thread once the helper has stopped. */
    private volatile SearchResult completed;

    public Search(Evaluation evaluation, TranspositionTable table) {
        this(evaluation, table, new ContinuationHistory());
    }

    /** A search that shares its continuation history (a helper of a {@link SearchThreads} and its main search). */
    Search(Evaluation evaluation, TranspositionTable table, ContinuationHistory continuation) {
        this.evaluation = evaluation;
        this.table = table;
        this.continuation = continuation;
        this.exchangeValues = evaluation.exchangeValues();
        this.ordering = new MoveOrdering(evaluation, exchange, exchangeValues, MAX_PLY, continuation);
        for (int i = 0; i <= MAX_PLY; i++) {
            lists[i] = new MoveList();
        }
    }

    /** Set the entering-king rule the search plays by (default 27 points). */
    /** Keep this many milliseconds back from every deadline of a clock (see {@link TimeManager}). */
    public void setTimeMargin(long millis) {
        timeMargin = millis;
    }

    public void setImpasseRule(Impasse.Rule rule) {
        this.impasseRule = rule;
    }

    /** Keep the search's time by {@code nanos} (nanoseconds, any origin) instead of the system's clock. */
    public void setClock(LongSupplier nanos) {
        nanoClock = nanos;
    }

    /** Stop the running search as soon as possible; it returns its best move so far. */
    public void stop() {
        stopOrdered = true;
        stopRequested = true;
    }

    /** Forget a {@link #stop()}: the caller is about to start a search that should run. */
    public void clearStop() {
        stopOrdered = false;
        stopRequested = false;
    }

    /**
     * The opponent played the expected move: a search started as pondering now counts against our clock,
     * from this moment on.
     */
    public void ponderHit(TimeManager time) {
        long now = nanoClock.getAsLong() - startNanos;
        optimumNanos = saturatedAdd(now, time.optimum() * 1_000_000);
        maximumNanos = saturatedAdd(now, time.maximum() * 1_000_000);
        pondering = false;
    }

    /** The continuation history this search learns into, for helpers to share. */
    ContinuationHistory continuation() {
        return continuation;
    }

    /** Forget killers and history (a new game). */
    public void clearHistory() {
        ordering.clear();
        correction.clear();
    }

    /**
     * Search a position (left unchanged). With {@code ponder} the limits' clock only starts to count at
     * {@link #ponderHit}.
     */
    public SearchResult search(Position position, SearchLimits limits, boolean ponder, Listener listener) {
        return search(position, limits, ponder, listener, true);
    }

    /**
     * Search a position; {@code ageTable} is false when the caller already started a new table generation (the
     * main thread of a {@link SearchThreads}, whose helpers store into the table from before it starts).
     */
    SearchResult search(Position position, SearchLimits limits, boolean ponder, Listener listener, boolean ageTable) {
        int[] rootMoves = prepareRoot(position, limits.nodes(), ageTable);
        pondering = ponder;
        TimeManager time = TimeManager.of(limits, pos.sideToMove(), pos.moveNumber() - 1, timeMargin);
        optimumNanos = ponder ? Long.MAX_VALUE : saturatedAdd(0, time.optimum() * 1_000_000);
        maximumNanos = ponder ? Long.MAX_VALUE : saturatedAdd(0, time.maximum() * 1_000_000);
        ordering.forgetKillersAndAgeHistory();
        if (canDeclareWin()) {
            return new SearchResult(Move.NONE, true, Score.MATE, 0, 0, elapsedMillis(), new int[0]);
        }
        int count = rootMoves.length;
        if (count == 0) {
            return new SearchResult(Move.NONE, false, -Score.MATE, 0, 0, elapsedMillis(), new int[0]);
        }
        int maxDepth = limits.depth() > 0 ? Math.min(limits.depth(), MAX_PLY - 20) : MAX_PLY - 20;
        SearchResult best = new SearchResult(rootMoves[0], false, 0, 0, 0, 0, new int[] {rootMoves[0]});
        int previousScore = 0;
        for (int depth = 1; depth <= maxDepth; depth++) {
            int score = aspirationSearch(rootMoves, depth, previousScore);
            if (stopRequested) {
                // Cut short: the root line only changes after a move's search completed, so it stands.
                if (pvLength[0] > 0) {
                    best = result(score, depth - 1);
                }
                break;
            }
            previousScore = score;
            best = result(score, depth);
            if (listener != null) {
                listener.iteration(best, selDepth, table.hashfull());
            }
            long elapsed = nanoClock.getAsLong() - startNanos;
            if (!pondering && (elapsed > optimumNanos || (count == 1 && limits.hasClock() && depth >= 4)
                    || Score.isMate(score) && depth > Score.matePlies(Math.abs(score)) + 2 && !limits.infinite())) {
                break;
            }
        }
        // A GUI may send "stop" only when it wants the move: an infinite or pondering search waits for it.
        while ((limits.infinite() || pondering) && !stopRequested) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return new SearchResult(best.bestMove(), false, best.score(), best.depth(), nodes, elapsedMillis(), best.pv());
    }

    /**
     * Search a position as a helper of a lazy SMP search: iterative deepening from depth {@code 1 + id % 2} (so
     * that half the helpers run a ply ahead of the main thread), up to {@code maxDepth} (0: no limit), filling the
     * shared table until {@link #stop()}. The main thread finds what it stored, and its last completed iteration
     * ({@link #completed()}) votes on the move played.
     */
    void help(Position position, int maxDepth, int id) {
        completed = null;
        int[] rootMoves = prepareRoot(position, 0, false);
        pondering = false;
        optimumNanos = Long.MAX_VALUE;
        maximumNanos = Long.MAX_VALUE;
        ordering.forgetKillersAndAgeHistory();
        if (rootMoves.length == 0 || canDeclareWin()) {
            return;
        }
        int last = maxDepth > 0 ? Math.min(maxDepth, MAX_PLY - 20) : MAX_PLY - 20;
        int previousScore = 0;
        for (int depth = 1 + id % 2; depth <= last; depth++) {
            int score = aspirationSearch(rootMoves, depth, previousScore);
            if (stopRequested) {
                break;  // an iteration cut short says nothing its last completed one did not
            }
            previousScore = score;
            completed = result(score, depth);
        }
    }

    /** The last iteration this helper completed in its latest {@link #help}, or null if none. */
    SearchResult completed() {
        return completed;
    }

    /** Search the root to a depth in a window around the previous iteration's score, widened on a fail. */
    private int aspirationSearch(int[] rootMoves, int depth, int previousScore) {
        int window = depth >= 5 && !Score.isMate(previousScore) ? 40 : Score.INFINITE;
        int alpha = Math.max(-Score.INFINITE, previousScore - window);
        int beta = Math.min(Score.INFINITE, previousScore + window);
        while (true) {
            int score = searchRoot(rootMoves, depth, alpha, beta);
            if (stopRequested || (score > alpha && score < beta)) {
                return score;
            }
            window *= 4;
            if (score <= alpha) {
                alpha = Math.max(-Score.INFINITE, score - window);
            } else {
                beta = Math.min(Score.INFINITE, score + window);
            }
        }
    }

    /**
     * Return the root moves with their scores at a fixed depth (what the weaker levels choose from), each
     * searched with a window {@code window} below the best so far. A stop, or the clock of the limits running
     * out, ends the work: then only the moves scored so far are returned (at least the likeliest best one).
     */
    public int[][] scoreRootMoves(Position position, int depth, int window, SearchLimits limits) {
        int[] moves = prepareRoot(position, limits.nodes(), true);
        pondering = false;
        TimeManager time = TimeManager.of(limits, pos.sideToMove(), pos.moveNumber() - 1, timeMargin);
        optimumNanos = Long.MAX_VALUE;
        maximumNanos = saturatedAdd(0, time.maximum() * 1_000_000);
        int[] scores = new int[moves.length];
        int best = -Score.INFINITE;
        int scored = 0;
        while (scored < moves.length) {
            int move = moves[scored];
            pos.doMove(move);
            repetitionWindow[1] = repetitionWindow[0] + 1;
            int floor = Math.max(-Score.INFINITE, best - window);
            boolean givesCheck = pos.inCheck();
            int score = -negamax(depth - 1 + extension(move, givesCheck), 1, -Score.INFINITE, -floor, true, givesCheck);
            pos.undoMove(move);
            if (stopRequested && scored > 0) {
                break;
            }
            scores[scored++] = score;
            best = Math.max(best, score);
        }
        return new int[][] {Arrays.copyOf(moves, scored), Arrays.copyOf(scores, scored)};
    }

    /** Return the nodes searched by the last search. */
    public long nodes() {
        return nodes;
    }

    /** Start a search of a position: reset the counters and return its legal moves, likeliest best first. */
    private int[] prepareRoot(Position position, long maxNodes, boolean ageTable) {
        startNanos = nanoClock.getAsLong();
        pos = position.copy();
        continuation.prepare(pos.variant());
        stopRequested = stopOrdered;
        nodes = 0;
        selDepth = 0;
        nodeLimit = maxNodes > 0 ? maxNodes : Long.MAX_VALUE;
        if (ageTable) {
            table.newSearch();
        }
        MoveList rootList = lists[0];
        MoveGenerator.generateLegal(pos, rootList);
        int[] moves = rootList.toArray();
        orderRootMoves(moves);
        repetitionWindow[0] = Math.min(pos.plies(), 32);
        inCheckAt[0] = pos.inCheck();
        recallChecksBeforeRoot();
        return moves;
    }

    private SearchResult result(int score, int depth) {
        return new SearchResult(pv[0][0], false, score, depth, nodes, elapsedMillis(), Arrays.copyOf(pv[0], pvLength[0]));
    }

    private long elapsedMillis() {
        return (nanoClock.getAsLong() - startNanos) / 1_000_000;
    }

    private void orderRootMoves(int[] moves) {
        long entry = table.probe(pos.key());
        int ttMove = entry != 0 ? TranspositionTable.move(entry) : 0;
        int[] keys = new int[moves.length];
        ordering.enterNode(pos, 0);
        for (int i = 0; i < moves.length; i++) {
            keys[i] = ordering.key(pos, moves[i], ttMove, 0);
        }
        for (int i = 1; i < moves.length; i++) { // insertion sort, best first
            int m = moves[i];
            int k = keys[i];
            int j = i - 1;
            while (j >= 0 && keys[j] < k) {
                moves[j + 1] = moves[j];
                keys[j + 1] = keys[j];
                j--;
            }
            moves[j + 1] = m;
            keys[j + 1] = k;
        }
    }

    private int searchRoot(int[] moves, int depth, int alpha, int beta) {
        int bestScore = -Score.INFINITE;
        pvLength[0] = 0;
        for (int i = 0; i < moves.length; i++) {
            int move = moves[i];
            pos.doMove(move);
            repetitionWindow[1] = repetitionWindow[0] + 1;
            boolean givesCheck = pos.inCheck();
            int newDepth = depth - 1 + extension(move, givesCheck);
            int score;
            if (i == 0) {
                score = -negamax(newDepth, 1, -beta, -alpha, true, givesCheck);
            } else {
                score = -negamax(newDepth, 1, -alpha - 1, -alpha, true, givesCheck);
                if (score > alpha && score < beta) {
                    score = -negamax(newDepth, 1, -beta, -alpha, true, givesCheck);
                }
            }
            pos.undoMove(move);
            if (stopRequested) {
                return bestScore;
            }
            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    alpha = score;
                    updatePv(0, move);
                    // Move the new best to the front, keeping the others in order.
                    System.arraycopy(moves, 0, moves, 1, i);
                    moves[0] = move;
                    if (score >= beta) {
                        return score;
                    }
                }
            }
        }
        return bestScore;
    }

    /** Search a node; {@code inCheck} is whether the side to move is in check (the parent already knows). */
    private int negamax(int depth, int ply, int alpha, int beta, boolean nullAllowed, boolean inCheck) {
        pvLength[ply] = ply;
        if ((++nodes & 1023) == 0) {
            checkLimits();
        }
        if (stopRequested) {
            return 0;
        }
        if (ply >= MAX_PLY - 1) {
            return evaluation.evaluate(pos);
        }
        final boolean pvNode = beta - alpha > 1;
        inCheckAt[ply] = inCheck;
        int repetition = repetitionScore(ply);
        if (repetition != NO_REPETITION) {
            return repetition;
        }
        alpha = Math.max(alpha, -Score.MATE + ply);
        beta = Math.min(beta, Score.MATE - ply - 1);
        if (alpha >= beta) {
            return alpha;
        }
        if (depth <= 0) {
            return quiescence(ply, alpha, beta, inCheck);
        }
        if (canDeclareWin()) {
            return Score.MATE - ply;
        }
        final long key = pos.key();
        final long entry = table.probe(key);
        final int ttMove = entry != 0 ? TranspositionTable.move(entry) : 0;
        final int excluded = excludedAt[ply]; // this is a singular-extension search of the node without that move
        if (entry != 0 && !pvNode && excluded == 0 && TranspositionTable.depth(entry) >= depth) {
            int ttScore = fromTable(TranspositionTable.score(entry), ply);
            int bound = TranspositionTable.bound(entry);
            if (bound == TranspositionTable.BOUND_EXACT
                    || bound == TranspositionTable.BOUND_LOWER && ttScore >= beta
                    || bound == TranspositionTable.BOUND_UPPER && ttScore <= alpha) {
                return ttScore;
            }
        }
        // No table move to try first: a search this deep is expensive to order by guesswork, so go a ply shallower
        // (internal iterative reduction); the next visit finds the move this one stores.
        if (depth >= 4 && ttMove == 0 && !inCheck) {
            depth--;
        }
        final int staticEval = inCheck ? -Score.INFINITE : correction.corrected(pos, evaluation.evaluate(pos));
        if (!pvNode && !inCheck && excluded == 0 && !Score.isMate(beta)) {
            if (depth <= 4 && staticEval - 110 * depth >= beta) {
                return staticEval;
            }
            if (nullAllowed && depth >= 3 && staticEval >= beta) {
                int reduction = 3 + depth / 4;
                pos.doNullMove();
                repetitionWindow[ply + 1] = 0;
                int score = -negamax(depth - 1 - reduction, ply + 1, -beta, -beta + 1, false, false);
                pos.undoNullMove();
                if (stopRequested) {
                    return 0;
                }
                if (score >= beta) {
                    return Score.isMate(score) ? beta : score;
                }
            }
        }
        if (!pvNode && !inCheck && excluded == 0 && depth >= PROBCUT_DEPTH && !Score.isMate(beta)) {
            int score = probCut(depth, ply, beta, staticEval, key, entry, ttMove);
            if (score != NO_CUT) {
                return score;
            }
        }
        // Singular extension: if every other move falls well short of the table move's score in a shallower
        // search, the table move is the only good one here and is searched a ply deeper (a lone defence or the
        // one drop that keeps an attack going). If another move reaches it too, and that is above beta, this
        // node fails high on two moves at once (multi-cut).
        int singularExtension = 0;
        if (depth >= SINGULAR_DEPTH && ttMove != 0 && excluded == 0
                && TranspositionTable.depth(entry) >= depth - SINGULAR_TABLE_DEPTH_SLACK
                && (TranspositionTable.bound(entry) & TranspositionTable.BOUND_LOWER) != 0
                && !Score.isMate(TranspositionTable.score(entry))) {
            int singularBeta = fromTable(TranspositionTable.score(entry), ply) - 2 * depth;
            excludedAt[ply] = ttMove;
            int score = negamax((depth - 1) / 2, ply, singularBeta - 1, singularBeta, false, inCheck);
            excludedAt[ply] = 0;
            pvLength[ply] = ply; // that search's line is not this node's
            if (stopRequested) {
                return 0;
            }
            if (score < singularBeta) {
                singularExtension = 1;
            } else if (singularBeta >= beta) {
                return singularBeta;
            }
        }
        final MoveList list = lists[ply];
        MoveGenerator.generateLegal(pos, list);
        final int count = list.size();
        if (count == 0) {
            return -Score.MATE + ply;
        }
        if (!inCheck && excluded == 0) {
            int mate = mateInOne.find(pos, list, lists[ply + 1]);
            if (mate != Move.NONE) {
                pvLength[ply + 1] = ply + 1;
                updatePv(ply, mate);
                table.store(key, mate, toTable(Score.MATE - ply - 1, ply), depth, TranspositionTable.BOUND_EXACT);
                return Score.MATE - ply - 1;
            }
        }
        final long[] keys = orderKeys[ply];
        ordering.enterNode(pos, ply);
        ordering.fillSortKeys(pos, list, keys, ttMove, ply);
        int[] moves = list.backingArray();
        final int originalAlpha = alpha;
        int bestScore = -Score.INFINITE;
        int bestMove = 0;
        int searched = 0;
        int quiets = 0;
        final int[] tried = quietsTried[ply];
        int remaining = count;
        boolean quietsPruned = false;
        for (int i = 0; i < remaining; i++) {
            boolean prunable = !pvNode && !inCheck && searched > 0 && bestScore > -Score.MATE_BOUND;
            // Late, or even with a margin the evaluation stays short of alpha (futility): every quiet move from
            // here on that does not check is skipped (searched, bestScore and alpha only grow, so it stays so).
            boolean quietsLateOrFutile = depth <= LATE_MOVE_DEPTH && searched >= LATE_MOVE_COUNT[depth]
                    || depth <= FUTILITY_DEPTH && staticEval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha;
            if (prunable && quietsLateOrFutile && !quietsPruned) {
                // Drop those moves at once rather than pick them one by one: most of a shogi node's hundred
                // moves are quiet, and each pick scans all the moves left.
                remaining = keepChecksAndNonQuiets(moves, keys, i, remaining);
                quietsPruned = true;
                if (i == remaining) {
                    break;
                }
            }
            int move = MoveOrdering.pickNext(moves, keys, i, remaining);
            if (move == excluded) {
                continue;
            }
            boolean quiet = Move.captured(move) == 0 && !Move.promotes(move);
            boolean lateOrFutile = quiet && quietsLateOrFutile;
            boolean givesCheck = pos.givesCheck(move);
            boolean badHistory = prunable && quiet && !lateOrFutile && depth <= HISTORY_PRUNING_DEPTH
                    && ordering.quietScore(move, ply) < -HISTORY_PRUNING_MARGIN * depth;
            // Near the leaves, a move that gives material away on its square is not worth a search, unless it
            // checks (a move skipped for other reasons anyway is not worth working its exchange out for).
            boolean losesTooMuch = prunable && !lateOrFutile && !badHistory && !givesCheck && depth <= SEE_PRUNING_DEPTH
                    && exchange.evaluate(pos, move, exchangeValues)
                    < (quiet ? -SEE_QUIET_MARGIN * depth * depth : -SEE_CAPTURE_MARGIN * depth);
            if (prunable && !givesCheck && (lateOrFutile || losesTooMuch || badHistory)) {
                continue; // decided without making the move
            }
            pos.doMove(move);
            int extension = move == ttMove ? Math.max(singularExtension, extension(move, givesCheck))
                    : extension(move, givesCheck);
            if (prunable && extension == 0 && lateOrFutile) {
                pos.undoMove(move); // a check whose piece can simply be taken is pruned as a quiet move
                continue;
            }
            repetitionWindow[ply + 1] = repetitionWindow[ply] + 1;
            int newDepth = depth - 1 + extension;
            int score;
            if (searched == 0) {
                score = -negamax(newDepth, ply + 1, -beta, -alpha, true, givesCheck);
            } else {
                int reduction = 0;
                // In check too: most evasions in shogi are drops between the checker and the king, and only
                // the first few of them need a full-depth look.
                if (depth >= 3 && searched >= 3 && quiet && extension == 0) {
                    reduction = REDUCTION[Math.min(depth, 63)][Math.min(searched, 63)];
                    if (pvNode) {
                        reduction--;
                    }
                    if (ordering.isKiller(move, ply)) {
                        reduction--;
                    }
                    reduction -= ordering.quietScore(move, ply) / MoveOrdering.HISTORY_LIMIT; // often cut: less
                    reduction = Math.max(0, Math.min(reduction, newDepth - 1));
                }
                score = -negamax(newDepth - reduction, ply + 1, -alpha - 1, -alpha, true, givesCheck);
                if (score > alpha && reduction > 0) {
                    score = -negamax(newDepth, ply + 1, -alpha - 1, -alpha, true, givesCheck);
                }
                if (score > alpha && score < beta) {
                    score = -negamax(newDepth, ply + 1, -beta, -alpha, true, givesCheck);
                }
            }
            pos.undoMove(move);
            if (stopRequested) {
                return 0;
            }
            searched++;
            if (score > bestScore) {
                bestScore = score;
                bestMove = move;
                if (score > alpha) {
                    alpha = score;
                    updatePv(ply, move);
                    if (score >= beta) {
                        if (quiet) {
                            ordering.rememberCutoff(move, ply, depth, tried, quiets);
                        }
                        break;
                    }
                }
            }
            if (quiet && quiets < tried.length) {
                tried[quiets++] = move;
            }
        }
        int bound = bestScore >= beta ? TranspositionTable.BOUND_LOWER
                : bestScore > originalAlpha ? TranspositionTable.BOUND_EXACT : TranspositionTable.BOUND_UPPER;
        if (excluded == 0) { // a search without the best move must not stand for the node
            table.store(key, bestMove, toTable(bestScore, ply), depth, bound);
            // What the search found against the evaluation, where the bound says which way it erred: a fail
            // high below the evaluation or a fail low above it says nothing. A best capture's or promotion's
            // score tells of the material won, not of how the quiet position was judged.
            boolean quietBest = Move.captured(bestMove) == 0 && !Move.promotes(bestMove);
            if (!inCheck && (bound == TranspositionTable.BOUND_UPPER || quietBest) && !Score.isMate(bestScore)
                    && !(bound == TranspositionTable.BOUND_LOWER && bestScore <= staticEval)
                    && !(bound == TranspositionTable.BOUND_UPPER && bestScore >= staticEval)) {
                correction.update(pos, depth, bestScore - staticEval);
            }
        }
        return bestScore;
    }

    /**
     * Keep, of the moves from place {@code from} on, those that capture, promote or check, in their order with
     * their sort keys, and return the new end: the quiet moves that do not check are the ones late-move and
     * futility pruning skip. Sort keys are unique, so the moves kept are picked in the order they would have been.
     */
    private int keepChecksAndNonQuiets(int[] moves, long[] keys, int from, int end) {
        int kept = from;
        for (int j = from; j < end; j++) {
            int move = moves[j];
            if (Move.captured(move) != 0 || Move.promotes(move) || pos.givesCheck(move)) {
                moves[kept] = move;
                keys[kept++] = keys[j];
            }
        }
        return kept;
    }

    private static final int NO_CUT = Integer.MIN_VALUE;

    /**
     * ProbCut: look for a capture whose static exchange could carry the score past beta + {@link #PROBCUT_MARGIN}
     * and that a quiescence search, then a search {@link #PROBCUT_REDUCTION} plies shallower, confirm does. A
     * shallow search that clears beta by that much is almost never overturned by the full one. Return the score
     * found and store it as a lower bound, or {@link #NO_CUT}. Skipped when the table already holds a search
     * nearly as deep that stayed below the raised beta.
     */
    private int probCut(int depth, int ply, int beta, int staticEval, long key, long entry, int ttMove) {
        int probBeta = beta + PROBCUT_MARGIN;
        int shallowDepth = depth - PROBCUT_REDUCTION;
        if (entry != 0 && TranspositionTable.depth(entry) > shallowDepth
                && fromTable(TranspositionTable.score(entry), ply) < probBeta) {
            return NO_CUT;
        }
        MoveList captures = lists[ply];
        MoveGenerator.generateLegalCaptures(pos, captures);
        int count = captures.size();
        long[] keys = orderKeys[ply];
        ordering.fillSortKeys(pos, captures, keys, ttMove, ply);
        int[] moves = captures.backingArray();
        for (int i = 0; i < count; i++) {
            int move = MoveOrdering.pickNext(moves, keys, i, count);
            if (exchange.evaluate(pos, move, exchangeValues) < probBeta - staticEval) {
                continue;
            }
            boolean givesCheck = pos.givesCheck(move);
            pos.doMove(move);
            repetitionWindow[ply + 1] = repetitionWindow[ply] + 1;
            int score = -quiescence(ply + 1, -probBeta, -probBeta + 1, givesCheck);
            if (score >= probBeta) {
                score = -negamax(shallowDepth, ply + 1, -probBeta, -probBeta + 1, true, givesCheck);
            }
            pos.undoMove(move);
            if (stopRequested) {
                return 0;
            }
            if (score >= probBeta) {
                table.store(key, move, toTable(score, ply), shallowDepth + 1, TranspositionTable.BOUND_LOWER);
                return score;
            }
        }
        return NO_CUT;
    }

    private int quiescence(int ply, int alpha, int beta, boolean inCheck) {
        pvLength[ply] = ply;
        if ((++nodes & 1023) == 0) {
            checkLimits();
        }
        if (stopRequested) {
            return 0;
        }
        selDepth = Math.max(selDepth, ply);
        if (ply >= MAX_PLY - 1) {
            return evaluation.evaluate(pos);
        }
        final MoveList list = lists[ply];
        int bestScore;
        int standPat = 0;
        if (inCheck) {
            MoveGenerator.generateLegal(pos, list);
            if (list.size() == 0) {
                return -Score.MATE + ply;
            }
            bestScore = -Score.INFINITE;
        } else {
            standPat = correction.corrected(pos, evaluation.evaluate(pos));
            if (standPat >= beta) {
                return standPat;
            }
            alpha = Math.max(alpha, standPat);
            bestScore = standPat;
            MoveGenerator.generateLegalCaptures(pos, list);
        }
        // The full search's best move here, if the table has one, is tried first: a capture or an evasion that
        // refuted this position at depth is the likeliest to again. The table is asked only now, once the
        // evaluation has not settled the node. Its bounds are not used, nor is anything stored: in bench both
        // cost more nodes than they saved.
        final long entry = table.probe(pos.key());
        final int ttMove = entry != 0 ? TranspositionTable.move(entry) : 0;
        final int count = list.size();
        final long[] keys = orderKeys[ply];
        if (inCheck) {
            ordering.enterNode(pos, ply); // quiet evasions are ordered by their history
        }
        ordering.fillSortKeys(pos, list, keys, ttMove, ply);
        int[] moves = list.backingArray();
        for (int i = 0; i < count; i++) {
            int move = MoveOrdering.pickNext(moves, keys, i, count);
            int captured = Move.captured(move);
            // Out of check every move here is a capture, and a negative key marks one that loses material.
            if (!inCheck && (standPat + evaluation.value(Piece.type(captured)) * 2 + 180 < alpha || keys[i] < 0)) {
                continue; // even winning the piece twice over would not reach alpha, or the capture loses
            }
            pos.doMove(move);
            int score = -quiescence(ply + 1, -beta, -alpha, pos.inCheck());
            pos.undoMove(move);
            if (stopRequested) {
                return 0;
            }
            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    alpha = score;
                    updatePv(ply, move);
                    if (score >= beta) {
                        break;
                    }
                }
            }
        }
        return bestScore;
    }

    private static final int NO_REPETITION = Integer.MIN_VALUE;

    /**
     * Return the score of a repeated position, or {@link #NO_REPETITION}. A cycle (in the search or reaching back
     * into the game) in which one side checked on every move loses for that side; any other repetition is a draw.
     */
    private int repetitionScore(int ply) {
        long key = pos.key();
        int window = repetitionWindow[ply];
        for (int back = 4; back <= window; back += 2) {
            if (pos.keyBefore(back) != key) {
                continue;
            }
            if (checkedThroughout(ply, back)) {
                return Score.MATE - ply;   // the opponent checked perpetually and loses
            }
            if (checkedThroughout(ply - 1, back)) {
                return -Score.MATE + ply;  // we did
            }
            return 0;
        }
        return NO_REPETITION;
    }

    /** Return true if the side to move at {@code ply} was in check at every one of its turns in the cycle. */
    private boolean checkedThroughout(int ply, int cycle) {
        for (int p = ply; p > ply - cycle; p -= 2) {
            boolean inCheck = p >= 0 ? inCheckAt[p] : -p <= knownBeforeRoot && inCheckBeforeRoot[-p];
            if (!inCheck) {
                return false;
            }
        }
        return true;
    }

    /** Take back the game's last moves on a copy to learn who was in check before the root. */
    private void recallChecksBeforeRoot() {
        Position earlier = pos.copy();
        knownBeforeRoot = 0;
        for (int back = 1; back <= repetitionWindow[0]; back++) {
            int move = pos.moveBefore(back);
            if (move == Move.NONE) {
                break;
            }
            earlier.undoMove(move);
            inCheckBeforeRoot[back] = earlier.inCheck();
            knownBeforeRoot = back;
        }
    }

    private boolean canDeclareWin() {
        int king = pos.kingSquare(pos.sideToMove());
        return impasseRule != Impasse.Rule.NONE && king >= 0 && pos.variant().inPromotionZone(pos.sideToMove(), king)
                && Impasse.judge(pos, impasseRule) == Impasse.Verdict.WIN;
    }

    /**
     * Return the plies to extend a move just made by: one for a check, unless the checking piece can simply be
     * taken. With pieces in hand a shogi position is full of sacrificial checks; extending them all made
     * the tree explode, and they are then reduced and pruned like quiet moves.
     */
    private int extension(int move, boolean givesCheck) {
        if (!givesCheck) {
            return 0;
        }
        int to = Move.to(move);
        Side checked = pos.sideToMove();
        boolean hangs = evaluation.value(Piece.type(pos.pieceAt(to))) > evaluation.value(Piece.type(Move.captured(move)))
                && pos.isAttackedBy(to, checked, -1) && !pos.isAttackedBy(to, checked.opponent(), -1);
        return hangs ? 0 : 1;
    }

    private void updatePv(int ply, int move) {
        int[] line = pv[ply];
        line[ply] = move;
        int[] child = pv[ply + 1];
        int end = pvLength[ply + 1];
        for (int i = ply + 1; i < end; i++) {
            line[i] = child[i];
        }
        pvLength[ply] = Math.max(end, ply + 1);
    }

    private void checkLimits() {
        if (nodes >= nodeLimit) {
            stopRequested = true;
        }
        if (nanoClock.getAsLong() - startNanos >= maximumNanos) {
            stopRequested = true;
        }
    }

    private static int toTable(int score, int ply) {
        return score > Score.MATE_BOUND ? score + ply : score < -Score.MATE_BOUND ? score - ply : score;
    }

    private static int fromTable(int score, int ply) {
        return score > Score.MATE_BOUND ? score - ply : score < -Score.MATE_BOUND ? score + ply : score;
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
