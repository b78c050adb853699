package org.shogibridge.device.usi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
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

/**
 * The built-in engine speaking USI: reads GUI commands from one stream and answers on another, so it can be
 * loaded into ShogiHome or any USI GUI. Searches run on a worker thread, so "stop" and "ponderhit" are read
 * while thinking. A malformed command is answered with {@code info string error: ...} and ignored; it never
 * ends the engine.
 */
public final class UsiEngineServer {
    static final String NAME = "shogi-bridge 0.1.0";

    private final BufferedReader in;
    private final PrintStream out;
    private int hashMegabytes = 64;
    private boolean ponderEnabled;
    private Level level = Level.maximum();
    private int strength;
    private Impasse.Rule impasseRule = Impasse.Rule.POINTS_27;
    private Variant variant = Variant.STANDARD;
    private int[] evalParams = paramsArray(EvalParams.DEFAULT);
    private long seed = 1;
    private EvalWeights weights = EvalWeights.builtIn();
    private Engine engine;
    private boolean engineStale = true;
    private Position position = Position.start(Variant.STANDARD);
    private Thread worker;
    private SearchLimits ponderLimits;

    public UsiEngineServer(BufferedReader in, PrintStream out) {
        this.in = in;
        this.out = out;
    }

    /** Serve until "quit" or the end of input. */
    public void run() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
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
                send("info string error: " + e.getMessage());
            }
        }
        stopSearch();
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
            default -> send("info string error: unknown command '" + words[0] + "'");
        }
    }

    private void identify() {
        send("id name " + NAME);
        send("id author the shogi-bridge contributors");
        send("option name USI_Hash type spin default 64 min 1 max 4096");
        send("option name USI_Ponder type check default false");
        send("option name Level type spin default 10 min 1 max 10");
        send("option name Strength type spin default 0 min 0 max 3000");
        send("option name EnteringKingRule type combo default 27 var 27 var 24 var none");
        send("option name UCI_Variant type combo default shogi var shogi var okisaki var minishogi");
        send("option name Seed type spin default 1 min 0 max 2147483647");
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
            throw new IllegalArgumentException("setoption without a name: '" + line + "'");
        }
        int valueAt = line.indexOf(" value ");
        String name = (valueAt < 0 ? line.substring(nameAt + 6) : line.substring(nameAt + 6, valueAt)).strip();
        String value = valueAt < 0 ? "" : line.substring(valueAt + 7).strip();
        switch (name) {
            case "USI_Hash" -> hashMegabytes = parseInt(name, value, 1, 4096);
            case "USI_Ponder" -> ponderEnabled = Boolean.parseBoolean(value);
            case "Level" -> level = Level.of(parseInt(name, value, 1, 10));
            case "Strength" -> strength = parseInt(name, value, 0, 3000);
            case "EnteringKingRule" -> impasseRule = switch (value) {
                case "27" -> Impasse.Rule.POINTS_27;
                case "24" -> Impasse.Rule.POINTS_24;
                case "none" -> Impasse.Rule.NONE;
                default -> throw new IllegalArgumentException("EnteringKingRule must be 27, 24 or none, not '" + value + "'");
            };
            case "UCI_Variant" -> variant = variantOf(value);
            case "Seed" -> seed = parseInt(name, value, 0, Integer.MAX_VALUE);
            case "EvalFile" -> weights = switch (value) {
                case "", "<builtin>" -> EvalWeights.builtIn();
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

    /** Return the variant of a UCI_Variant value ("shogi" is the standard game, as Fairy-Stockfish names it). */
    static Variant variantOf(String value) {
        return value.equals("shogi") ? Variant.STANDARD : Variant.byId(value);
    }

    private void ensureEngine() {
        if (engine == null || engineStale) {
            waitForSearch();
            int[] p = evalParams;
            engine = new Engine(hashMegabytes, weights, new EvalParams(p[0], p[1], p[2], p[3], p[4], p[5]), seed);
            engine.setLevel(strength > 0 ? Level.forRating(strength) : level);
            engine.setImpasseRule(impasseRule);
            engineStale = false;
        }
    }

    private Position readPosition(String line) {
        return UsiRecord.readLine(line, variant).positionAfterMainLine();
    }

    private void go(String[] words) {
        stopSearch();
        ensureEngine();
        long btime = 0;
        long wtime = 0;
        long byoyomi = 0;
        long binc = 0;
        long winc = 0;
        long movetime = 0;
        int depth = 0;
        long nodes = 0;
        boolean infinite = false;
        boolean ponder = false;
        String mate = null;
        for (int i = 1; i < words.length; i++) {
            String w = words[i];
            switch (w) {
                case "infinite" -> infinite = true;
                case "ponder" -> ponder = true;
                case "btime", "wtime", "byoyomi", "binc", "winc", "movetime", "depth", "nodes", "mate" -> {
                    if (i + 1 >= words.length) {
                        throw new IllegalArgumentException("go " + w + " needs a value");
                    }
                    String v = words[++i];
                    if (w.equals("mate")) {
                        mate = v;
                        continue;
                    }
                    long n = parseLong(w, v);
                    switch (w) {
                        case "btime" -> btime = n;
                        case "wtime" -> wtime = n;
                        case "byoyomi" -> byoyomi = n;
                        case "binc" -> binc = n;
                        case "winc" -> winc = n;
                        case "movetime" -> movetime = n;
                        case "depth" -> depth = (int) Math.min(n, 100);
                        default -> nodes = n;
                    }
                }
                default -> throw new IllegalArgumentException("go: unknown word '" + w + "'");
            }
        }
        Position searched = position.copy();
        if (mate != null) {
            long millis = mate.equals("infinite") ? 0 : parseLong("mate", mate);
            startWorker(() -> solveMate(searched, millis));
            return;
        }
        SearchLimits limits = new SearchLimits(btime, wtime, byoyomi, binc, winc, movetime, depth, nodes, infinite);
        ponderLimits = ponder ? limits : null;
        boolean pondering = ponder;
        startWorker(() -> think(searched, limits, pondering));
    }

    private void think(Position searched, SearchLimits limits, boolean ponder) {
        Variant v = searched.variant();
        SearchResult result = engine.think(searched, limits, ponder, (progress, selDepth, hashfull) -> {
            long nps = progress.millis() > 0 ? progress.nodes() * 1000 / progress.millis() : progress.nodes();
            send(String.format(Locale.ROOT, "info depth %d seldepth %d score %s nodes %d nps %d time %d hashfull %d pv %s",
                    progress.depth(), selDepth, Score.usi(progress.score()), progress.nodes(), nps, progress.millis(),
                    hashfull, Usi.formatLine(v, progress.pv())));
        });
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
            engine.ponderHit(TimeManager.of(ponderLimits, position.sideToMove(), position.moveNumber() - 1));
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
            throw new IllegalArgumentException(name + " needs a number, not '" + value + "'");
        }
    }
}
