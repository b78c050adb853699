package org.shogibridge.device.usi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongSupplier;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.EvalParams;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.engine.Level;
import org.shogibridge.core.engine.MateSolver;
import org.shogibridge.core.engine.Score;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.engine.SearchResult;
import org.shogibridge.core.engine.TimeManager;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.Impasse;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.io.TextFiles;
import org.shogibridge.device.threads.DaemonThreads;

/**
 * The built-in engine speaking USI: reads GUI commands from one stream and answers on another, so it can be
 * loaded into ShogiHome or any USI GUI. Searches run on a worker thread, so "stop" and "ponderhit" are read
 * while thinking. A malformed command is answered with {@code info string error: ...} and ignored; it never
 * ends the engine. A {@code go} always ends in a {@code bestmove} (but for {@code infinite} and {@code ponder},
 * which wait for "stop"): a limit that is zero, negative or unreadable means "move at once", never "think until
 * stop", so a GUI is never left waiting.
 */
public final class UsiEngineServer {
    static final String NAME = "shogi-bridge 0.1.0";
    /** The longest command read (a position with thousands of moves fits); the rest of a longer line is dropped. */
    static final int MAX_LINE = 1 << 20;
    /** Time limits above this (about 31 years) are taken as this, so that sums of them cannot overflow. */
    private static final long MAX_MILLIS = 1_000_000_000_000L;
    /** The most search threads a GUI may ask for. */
    static final int MAX_THREADS = 64;
    /** The highest Strength: above the top level's rating (Level, measured in docs/ENGINE.md). */
    static final int MAX_STRENGTH = 4000;

    private final BufferedReader in;
    private final PrintStream out;
    private int hashMegabytes = 64;
    private int threads = 1;
    /** Runs the search's helper threads (lazy SMP); made on the first search with more than one thread. */
    private ExecutorService helperThreads;
    private final LongSupplier nanoClock;
    private boolean ponderEnabled;
    private Level level = Level.maximum();
    private int strength;
    private Impasse.Rule impasseRule = Impasse.Rule.POINTS_27;
    /** Milliseconds kept back from every deadline (NetworkDelay, as YaneuraOu names it). */
    private long networkDelay = TimeManager.DEFAULT_MARGIN_MS;
    private Variant variant = Variant.STANDARD;
    private int[] evalParams = paramsArray(EvalParams.DEFAULT);
    private long seed = 1;
    /** The EvalFile set; null for the built-in set of the variant played. */
    private EvalWeights weights;
    private Engine engine;
    private boolean engineStale = true;
    private Position position = Position.start(Variant.STANDARD);
    private Thread worker;
    private SearchLimits ponderLimits;

    public UsiEngineServer(BufferedReader in, PrintStream out) {
        this(in, out, System::nanoTime);
    }

    /** Serve with the engine's time kept by {@code nanoClock} (nanoseconds, any origin): a test's, which it moves. */
    public UsiEngineServer(BufferedReader in, PrintStream out, LongSupplier nanoClock) {
        this.in = in;
        this.out = out;
        this.nanoClock = nanoClock;
    }

    /** Serve until "quit" or the end of input. */
    public void run() throws IOException {
        String line;
        while ((line = readLine()) != null) {
            line = line.strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.equals("quit")) {
                stopSearch();
                return;
            }
            try {
                handle(line);
            } catch (IllegalArgumentException e) {
                error(e.getMessage());
            } catch (RuntimeException e) {
                error("internal error: " + e);
            }
        }
        stopSearch();
    }

    /** Return the next line, at most {@link #MAX_LINE} characters of it, or null at the end of input. */
    private String readLine() throws IOException {
        StringBuilder sb = new StringBuilder();
        boolean tooLong = false;
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (sb.length() < MAX_LINE) {
                sb.append((char) c);
            } else {
                tooLong = true;
            }
        }
        if (c == -1 && sb.length() == 0) {
            return null;
        }
        if (tooLong) {
            error("a command of more than " + MAX_LINE + " characters was ignored");
            return "";
        }
        return sb.toString();
    }

    /** Send an error line; a message quoting a huge input is cut, so the GUI's log is not flooded. */
    private void error(String message) {
        String m = message == null ? "unknown" : message;
        send("info string error: " + (m.length() <= 200 ? m : m.substring(0, 197) + "..."));
    }

    private void handle(String line) {
        String[] words = line.split("\\s+");
        switch (words[0]) {
            case "usi" -> identify();
            case "isready" -> {
                ensureEngine();
                send("readyok");
            }
            case "setoption" -> setOption(line);
            case "usinewgame" -> {
                stopSearch();
                ensureEngine();
                engine.newGame();
            }
            case "position" -> {
                stopSearch();
                position = readPosition(line);
            }
            case "go" -> go(words);
            case "stop" -> stopSearch();
            case "ponderhit" -> ponderHit();
            case "gameover" -> stopSearch();
            default -> error("unknown command '" + TextFiles.abbreviated(words[0]) + "'");
        }
    }

    private void identify() {
        send("id name " + NAME);
        send("id author the shogi-bridge contributors");
        send("option name USI_Hash type spin default 64 min 1 max 4096");
        send("option name Threads type spin default 1 min 1 max " + MAX_THREADS);
        send("option name USI_Ponder type check default false");
        send("option name Level type spin default 10 min 1 max 10");
        send("option name Strength type spin default 0 min 0 max " + MAX_STRENGTH);
        send("option name EnteringKingRule type combo default 27 var 27 var 24 var none");
        send("option name UCI_Variant type combo default shogi var shogi var okisaki var minishogi");
        send("option name Seed type spin default 1 min 0 max 2147483647");
        send("option name NetworkDelay type spin default " + TimeManager.DEFAULT_MARGIN_MS + " min 0 max 10000");
        send("option name EvalFile type filename default <builtin>");
        String[] names = paramNames();
        int[] defaults = paramsArray(EvalParams.DEFAULT);
        for (int i = 0; i < names.length; i++) {
            send("option name " + names[i] + " type spin default " + defaults[i] + " min -1000 max 1000");
        }
        send("usiok");
    }

    private void setOption(String line) {
        int nameAt = line.indexOf(" name ");
        if (nameAt < 0) {
            throw new IllegalArgumentException("setoption without a name: '" + TextFiles.abbreviated(line) + "'");
        }
        int valueAt = line.indexOf(" value ");
        String name = (valueAt < 0 ? line.substring(nameAt + 6) : line.substring(nameAt + 6, valueAt)).strip();
        String value = valueAt < 0 ? "" : line.substring(valueAt + 7).strip();
        switch (name) {
            case "USI_Hash" -> hashMegabytes = parseInt(name, value, 1, 4096);
            case "Threads" -> threads = parseInt(name, value, 1, MAX_THREADS);
            case "USI_Ponder" -> ponderEnabled = Boolean.parseBoolean(value);
            case "Level" -> level = Level.of(parseInt(name, value, 1, 10));
            case "Strength" -> strength = parseInt(name, value, 0, MAX_STRENGTH);
            case "EnteringKingRule" -> impasseRule = switch (value) {
                case "27" -> Impasse.Rule.POINTS_27;
                case "24" -> Impasse.Rule.POINTS_24;
                case "none" -> Impasse.Rule.NONE;
                default -> throw new IllegalArgumentException("EnteringKingRule must be 27, 24 or none, not '" + value + "'");
            };
            case "UCI_Variant" -> variant = variantOf(value);
            case "Seed" -> seed = parseInt(name, value, 0, Integer.MAX_VALUE);
            case "NetworkDelay" -> networkDelay = parseInt(name, value, 0, 10_000);
            case "EvalFile" -> weights = switch (value) {
                case "", "<builtin>" -> null;
                case "<handmade>" -> EvalWeights.handMade(); // the set the learning started from, for comparisons
                default -> WeightsFile.read(Path.of(value));
            };
            default -> setEvalParam(name, value);
        }
        engineStale = true;
    }

    private void setEvalParam(String name, String value) {
        String[] names = paramNames();
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                evalParams[i] = parseInt(name, value, -1000, 1000);
                return;
            }
        }
        throw new IllegalArgumentException("unknown option '" + name + "'");
    }

    /** Return the variant of a UCI_Variant value, in this jar's or Fairy-Stockfish's words ({@link UsiVariants}). */
    static Variant variantOf(String value) {
        Variant variant = UsiVariants.variantOf(value);
        return variant != null ? variant : Variant.byId(value);
    }

    private void ensureEngine() {
        if (engine == null || engineStale) {
            waitForSearch();
            int[] p = evalParams;
            EvalWeights set = weights != null ? weights : EvalWeights.builtIn(variant);
            engine = new Engine(hashMegabytes, set, new EvalParams(p[0], p[1], p[2], p[3], p[4], p[5]), seed);
            engine.setLevel(strength > 0 ? Level.forRating(strength) : level);
            engine.setImpasseRule(impasseRule);
            engine.setTimeMargin(networkDelay);
            engine.setClock(nanoClock);
            if (threads > 1 && helperThreads == null) {
                helperThreads = Executors.newCachedThreadPool(DaemonThreads.named("search-helper"));
            }
            engine.setThreads(threads, helperThreads);
            engineStale = false;
        }
    }

    private Position readPosition(String line) {
        return UsiRecord.readLine(line, variant).positionAfterMainLine();
    }

    private void go(String[] words) {
        long received = nanoClock.getAsLong(); // the GUI's clock runs from here, not from when the worker starts
        stopSearch();
        ensureEngine();
        engine.clearStop(); // here, before the worker starts: a "stop" from now on stops this search
        GoLimits go = new GoLimits();
        for (int i = 1; i < words.length; i++) {
            String w = words[i];
            switch (w) {
                case "infinite" -> go.infinite = true;
                case "ponder" -> go.ponder = true;
                case "btime", "wtime", "byoyomi", "binc", "winc", "movetime", "depth", "nodes", "mate" -> {
                    String v = i + 1 < words.length ? words[++i] : null;
                    if (w.equals("mate") && "infinite".equals(v)) {
                        go.mate = 0;
                        continue;
                    }
                    go.set(w, goValue(w, v));
                }
                default -> error("go: unknown word '" + TextFiles.abbreviated(w) + "' ignored");
            }
        }
        Position searched = position.copy();
        if (go.mate >= 0) {
            long millis = go.mate;
            startWorker(() -> solveMate(searched, millis));
            return;
        }
        SearchLimits limits = go.limits();
        ponderLimits = go.ponder ? limits : null;
        boolean pondering = go.ponder;
        startWorker(() -> think(searched, limits, pondering, received));
    }

    /**
     * The limits of one {@code go}, with what was given told apart from what was not: a given zero means "no
     * time", which the engine's {@link SearchLimits} (where zero means "not given") must see as the least there is.
     */
    private static final class GoLimits {
        final long[] values = new long[8];
        final boolean[] given = new boolean[8];
        static final String[] WORDS = {"btime", "wtime", "byoyomi", "binc", "winc", "movetime", "depth", "nodes"};
        boolean infinite;
        boolean ponder;
        long mate = -1;

        void set(String word, long value) {
            if (word.equals("mate")) {
                mate = Math.max(1, value);
                return;
            }
            int i = java.util.Arrays.asList(WORDS).indexOf(word);
            values[i] = value;
            given[i] = true;
        }

        SearchLimits limits() {
            boolean clock = given[0] || given[1] || given[2] || given[3] || given[4];
            boolean noTime = clock && values[0] == 0 && values[1] == 0 && values[2] == 0 && values[3] == 0 && values[4] == 0;
            long moveTime = given[5] || noTime ? Math.max(1, values[5]) : 0;
            int depth = given[6] ? (int) Math.max(1, Math.min(values[6], 100)) : 0;
            long nodes = given[7] ? Math.max(1, values[7]) : 0;
            return new SearchLimits(values[0], values[1], values[2], values[3], values[4], moveTime, depth, nodes, infinite);
        }
    }

    /** Return a {@code go} value in milliseconds (or plies, or nodes); a missing or bad one is reported and is 0. */
    private long goValue(String word, String value) {
        if (value == null) {
            error("go " + word + " needs a value; 0 taken");
            return 0;
        }
        if (!value.matches("-?\\d{1,18}")) {
            error("go " + word + " needs a whole number, not '" + TextFiles.abbreviated(value) + "'; 0 taken");
            return 0;
        }
        long n = Long.parseLong(value);
        if (n < 0) {
            error("go " + word + " must not be negative (" + n + "); 0 taken");
            return 0;
        }
        return Math.min(n, MAX_MILLIS);
    }

    private void think(Position searched, SearchLimits limits, boolean ponder, long received) {
        Variant v = searched.variant();
        // Waiting for the last search to stop, making the engine and starting this thread took the GUI's time too.
        engine.setTimeMargin(networkDelay + (nanoClock.getAsLong() - received) / 1_000_000);
        int[] lastPvMove = {0};
        SearchResult result = engine.think(searched, limits, ponder, (progress, selDepth, hashfull) -> {
            long nps = progress.millis() > 0 ? progress.nodes() * 1000 / progress.millis() : progress.nodes();
            send(String.format(Locale.ROOT, "info depth %d seldepth %d score %s nodes %d nps %d time %d hashfull %d pv %s",
                    progress.depth(), selDepth, Score.usi(progress.score()), progress.nodes(), nps, progress.millis(),
                    hashfull, Usi.formatLine(v, progress.pv())));
            lastPvMove[0] = progress.pv().length > 0 ? progress.pv()[0] : 0;
        });
        if (result.bestMove() != 0 && !result.declareWin() && result.bestMove() != lastPvMove[0]) {
            // An iteration cut short, or a helper thread's vote, chose another move than the last line sent: a GUI
            // shows the line of the move played.
            send(String.format(Locale.ROOT, "info depth %d score %s nodes %d time %d pv %s", result.depth(),
                    Score.usi(result.score()), result.nodes(), result.millis(),
                    Usi.formatLine(v, result.pv().length > 0 && result.pv()[0] == result.bestMove() ? result.pv() : new int[] {result.bestMove()})));
        }
        if (result.declareWin()) {
            send("bestmove win");
        } else if (result.bestMove() == 0) {
            send("bestmove resign");
        } else {
            String ponderMove = ponderEnabled && result.ponderMove() != 0
                    ? " ponder " + Usi.format(v, result.ponderMove()) : "";
            send("bestmove " + Usi.format(v, result.bestMove()) + ponderMove);
        }
    }

    private void solveMate(Position searched, long millis) {
        MateSolver.Result r = engine.solveMate(searched, 0, millis);
        switch (r.status()) {
            case MATE -> send("checkmate " + Usi.formatLine(searched.variant(), r.moves()));
            case NO_MATE -> send("checkmate nomate");
            default -> send("checkmate timeout");
        }
    }

    private void ponderHit() {
        if (ponderLimits != null && engine != null) {
            engine.ponderHit(TimeManager.of(ponderLimits, position.sideToMove(), position.moveNumber() - 1, networkDelay));
            ponderLimits = null;
        }
    }

    private void startWorker(Runnable task) {
        worker = new Thread(task, "usi-search");
        worker.setDaemon(true);
        worker.start();
    }

    /** Stop a running search (it still answers with its bestmove) and wait for it. */
    private void stopSearch() {
        if (engine != null) {
            engine.stop();
        }
        waitForSearch();
    }

    /** Wait for a running search to finish. */
    private void waitForSearch() {
        if (worker == null) {
            return;
        }
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        worker = null;
    }

    private synchronized void send(String line) {
        out.println(line);
        out.flush();
    }

    private static String[] paramNames() {
        return new String[] {"EvalMaterial", "EvalHand", "EvalAttack", "EvalDefence", "EvalSquare", "EvalTempo"};
    }

    private static int[] paramsArray(EvalParams p) {
        return new int[] {p.material(), p.hand(), p.attack(), p.defence(), p.square(), p.tempo()};
    }

    private static int parseInt(String name, String value, int min, int max) {
        long n = parseLong(name, value);
        if (n < min || n > max) {
            throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", not " + value);
        }
        return (int) n;
    }

    private static long parseLong(String name, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs a number, not '" + TextFiles.abbreviated(value) + "'");
        }
    }
}
