package org.shogibridge.device.daemon;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.EvalParams;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.engine.Level;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.engine.SearchResult;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.review.Tutor;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.ClockState;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent.EngineTurn;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.tsume.TsumeDefender;
import org.shogibridge.core.tsume.TsumeProblem;
import org.shogibridge.core.tsume.TsumeSet;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.UsiEngineException;
import org.shogibridge.device.threads.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Thinks for the computer players on one worker thread: the built-in engine at the player's level, or an external USI
 * engine (started on first use, restarted by {@link UsiClient} if it dies). Answers go back through a callback; an
 * engine that fails is logged and the game waits for a command, never a dead daemon.
 */
final class EngineWorker implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EngineWorker.class);
    /** Time per move when the game has no clock (the level's node limit usually stops it first). */
    private static final long FREE_MOVE_MILLIS = 2_000;
    /** The node budget of each of the tutor's two searches: a fraction of a second on a Pi. */
    private static final long TUTOR_NODES = 30_000;

    private final ExecutorService thread = Executors.newSingleThreadExecutor(DaemonThreads.named("engine"));
    /** A 16 MB table: on a 1 GB Pi the daemon stays small, and levels below 10 stop on nodes long before it fills. */
    /** The built-in engine, with the weights of the variant it last played (made again when the variant changes). */
    private volatile Engine engine;
    /** Level 10 and the analysis search on every core but one (the board's scan loop keeps one): 3 on a Pi 4. */
    private final int searchThreads = searchThreads(Runtime.getRuntime().availableProcessors());
    private final ExecutorService helpers = searchThreads > 1
            ? Executors.newFixedThreadPool(searchThreads - 1, DaemonThreads.named("engine-helper")) : null;
    private final Map<String, UsiClient> usiEngines = new HashMap<>();
    /** The analysis waiting to begin, if any (a newer one takes its place). */
    private final AtomicReference<Runnable> nextAnalysis = new AtomicReference<>();
    /** The tutor, made at its first use (engine thread only). */
    private VariantTutor tutor;
    /** The defender of the tsume being solved, made at its first use (engine thread only). */
    private TsumeDefender tsumeDefender;
    /** Computer moves asked for and not yet answered. */
    private final AtomicInteger movesAsked = new AtomicInteger();
    /** Hint searches begun (the probe's: hints asked together share one search). */
    private final AtomicInteger hintsSearched = new AtomicInteger();
    private final Map<Side, Map<String, String>> usiOptions;

    /** The seed of the built-in engine's choices by feel (levels 1-3). */
    private final long seed;

    EngineWorker(Map<String, String> senteOptions, Map<String, String> goteOptions, long seed) {
        this.usiOptions = Map.of(Side.BLACK, senteOptions, Side.WHITE, goteOptions);
        this.seed = seed;
    }

    /** Return the built-in engine for a variant: its own evaluation weights where it has them (minishogi). */
    private Engine engine(Variant variant) {
        Engine e = engine;
        if (e == null || e.weights() != EvalWeights.builtIn(variant)) {
            e = new Engine(16, EvalWeights.builtIn(variant), EvalParams.DEFAULT, seed);
            e.setThreads(searchThreads, helpers);
            engine = e;
        }
        return e;
    }

    /** Search threads for a machine with {@code cores} cores: all but one, at most 3 (where a Pi 4 tops out). */
    static int searchThreads(int cores) {
        return Math.max(1, Math.min(3, cores - 1));
    }

    /**
     * Ask for a move; {@code answer} gets the move in USI, {@code resign} or {@code win}. With {@link EngineTurn#tutor()},
     * the person's last move is checked first, and {@code warning} gets the tutor's advice if it warns of it.
     */
    void ask(EngineTurn turn, Consumer<Tutor.Advice> warning, Consumer<String> answer) {
        movesAsked.incrementAndGet();
        thread.execute(() -> {
            try {
                if (turn.tutor()) {
                    Tutor.Advice advice = checkLastMove(turn);
                    if (advice != null) {
                        warning.accept(advice);
                    }
                }
                answer.accept(think(turn));
            } catch (Exception e) {
                log.error("The engine for {} failed at move {}: {}. The game waits; send new-game or players to go on.",
                        turn.player().name(), turn.ply() + 1, e.getMessage());
            } finally {
                movesAsked.decrementAndGet();
            }
        });
    }

    /** The tutor's look at the person's last move, on its own small engine (the game's keeps its table). */
    private Tutor.Advice checkLastMove(EngineTurn turn) {
        Position before = turn.start().copy();
        List<Integer> moves = turn.moves();
        for (int i = 0; i < moves.size() - 1; i++) {
            before.doMove(moves.get(i));
        }
        if (tutor == null || tutor.variant() != before.variant()) {
            tutor = new VariantTutor(before.variant(), new Tutor(new Engine(4, EvalWeights.builtIn(before.variant()),
                    EvalParams.DEFAULT, seed), TUTOR_NODES));
        }
        // An external engine has no level: the middle level's threshold.
        int level = turn.player().level() > 0 ? turn.player().level() : 5;
        return tutor.tutor().check(before, moves.get(moves.size() - 1), moves.size(), level);
    }

    /** The tutor of the variant it was made for. */
    private record VariantTutor(Variant variant, Tutor tutor) {
    }

    /** Return true while a computer player's move is asked for and not yet answered: a game needs the processor. */
    boolean thinkingForAGame() {
        return movesAsked.get() > 0;
    }

    /**
     * Start an external engine now, in the background, so that its start-up (a JVM, a large evaluation file) is not
     * charged to its clock at its first move, and a wrong command shows in the log at once.
     */
    void prepare(Player player, Side side) {
        if (player.kind() != Player.Kind.USI) {
            return;
        }
        thread.execute(() -> {
            try {
                usi(player, side);
                log.info("External engine for {} ready: {}.", side == Side.BLACK ? "sente" : "gote", player.command());
            } catch (UsiEngineException e) {
                log.error("External engine for {} did not start: {}", side == Side.BLACK ? "sente" : "gote", e.getMessage());
            }
        });
    }

    /** Find the best move for the side to move at full strength, for a hint. */
    void hint(Position position, long millis, Consumer<String> answer) {
        hintsSearched.incrementAndGet();
        thread.execute(() -> {
            try {
                Engine e = engine(position.variant());
                e.setLevel(Level.maximum());
                SearchResult result = e.hint(position, millis);
                answer.accept(result.bestMove() == Move.NONE ? null : Usi.format(position.variant(), result.bestMove()));
            } catch (RuntimeException e) {
                log.error("Hint failed: {}", e.toString());
                answer.accept(null);
            }
        });
    }

    /** Return how many hint searches were begun. */
    int hintsSearched() {
        return hintsSearched.get();
    }

    /**
     * Evaluate a position (for the analysis topic); {@code answer} gets the result, from the side to move. Only the
     * newest position asked waits: one asked before it and not yet begun is dropped, as a later move made it stale.
     */
    void analyse(Position position, long millis, Consumer<SearchResult> answer) {
        Runnable search = () -> {
            try {
                Engine e = engine(position.variant());
                e.setLevel(Level.maximum());
                answer.accept(e.hint(position, millis));
            } catch (RuntimeException e) {
                log.warn("Analysis failed: {}", e.toString());
            }
        };
        if (nextAnalysis.getAndSet(search) == null) {
            thread.execute(() -> nextAnalysis.getAndSet(null).run());
        }
    }

    private String think(EngineTurn turn) throws UsiEngineException {
        Position position = turn.start().copy();
        for (int move : turn.moves()) {
            position.doMove(move);
        }
        if (turn.player().kind() == Player.Kind.TSUME) {
            return defend(turn, position);
        }
        ClockState clock = turn.clock();
        TimeControl timeControl = turn.timeControl();
        if (turn.player().kind() == Player.Kind.USI) {
            UsiClient client = usi(turn.player(), turn.side());
            client.selectVariant(position.variant()); // Fairy-Stockfish plays chess until told; a config need not say
            GameRecord game = GameRecord.of(turn.start(), turn.moves(), null, Move.NONE);
            String go = timeControl.unlimited() ? "go byoyomi " + FREE_MOVE_MILLIS
                    : "go btime " + clock.blackMillis() + " wtime " + clock.whiteMillis()
                            + (timeControl.byoyomiMillis() > 0 ? " byoyomi " + timeControl.byoyomiMillis()
                                    : " binc " + timeControl.incrementMillis() + " winc " + timeControl.incrementMillis());
            long budget = timeControl.unlimited() ? FREE_MOVE_MILLIS : clock.millis(turn.side()) + timeControl.byoyomiMillis();
            return client.go(UsiRecord.write(game).strip(), go, Duration.ofMillis(budget)).move();
        }
        Engine engine = engine(position.variant());
        engine.setLevel(Level.of(turn.player().level()));
        SearchLimits limits = timeControl.unlimited() ? SearchLimits.moveTime(FREE_MOVE_MILLIS)
                : new SearchLimits(clock.blackMillis(), clock.whiteMillis(), timeControl.byoyomiMillis(),
                        timeControl.incrementMillis(), timeControl.incrementMillis(), 0, 0, 0, false);
        SearchResult result = engine.think(position, limits, false, null);
        if (result.declareWin()) {
            return "win";
        }
        return result.bestMove() == Move.NONE ? "resign" : Usi.format(position.variant(), result.bestMove());
    }

    /**
     * A tsume's defender: the longest defence, the problem's own while the attack follows its solution, or the
     * refutation of a failed attack ({@link GameSession#REFUTES}).
     */
    private String defend(EngineTurn turn, Position position) {
        TsumeProblem problem = TsumeSet.builtIn().byId(turn.player().command())
                .orElseThrow(() -> new IllegalStateException("Unknown tsume " + turn.player().command()));
        int ply = turn.ply();
        List<String> played = turn.moves().stream().map(m -> Usi.format(position.variant(), m)).toList();
        boolean onSolution = ply < problem.plies() && played.equals(problem.solution().subList(0, ply));
        int solutionMove = onSolution ? Usi.parseLegalMove(position, problem.solution().get(ply)) : Move.NONE;
        if (tsumeDefender == null) {
            tsumeDefender = new TsumeDefender();
        }
        TsumeDefender.Reply reply = tsumeDefender.reply(position, problem.plies() - ply, solutionMove);
        if (reply.move() == Move.NONE) {
            return "resign"; // mated: the rules end the game before it is asked, so this is not reached
        }
        String move = Usi.format(position.variant(), reply.move());
        return reply.refutes() ? move + GameSession.REFUTES : move;
    }

    private UsiClient usi(Player player, Side side) throws UsiEngineException {
        UsiClient client = usiEngines.get(player.command());
        if (client == null) {
            List<String> command = UsiClient.splitCommand(player.command());
            client = new UsiClient(UsiClient.Config.of(command, usiOptions.get(side)));
            client.start();
            client.newGame();
            usiEngines.put(player.command(), client);
        }
        return client;
    }

    @Override
    public void close() {
        Engine running = engine;
        if (running != null) {
            running.stop();
        }
        thread.shutdownNow();
        if (helpers != null) {
            helpers.shutdownNow();
        }
        try {
            thread.awaitTermination(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        usiEngines.values().forEach(UsiClient::close);
    }
}
