package org.shogibridge.device.usi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.shogibridge.core.rules.Variant;

/**
 * Runs an external USI engine (YaneuraOu, gpsusi, Fairy-Stockfish, or this jar's own {@code usi}) as a child
 * process and talks to it.
 *
 * <p>Every wait has a deadline. An engine that exits, closes its output, or does not answer in time is killed
 * and started again (handshake and options included), and the call that met the failure throws a
 * {@link UsiEngineException} naming the engine and what went wrong, so the caller can score the game and go
 * on with a working engine.
 */
public final class UsiClient implements AutoCloseable {
    /**
     * How to run an engine.
     *
     * @param command      the program and its arguments
     * @param options      USI options to set after the handshake, in order
     * @param startTimeout how long the handshake (usi/usiok, isready/readyok) may take
     * @param moveMargin   how long past its time budget an engine may take to answer "go"
     */
    public record Config(List<String> command, Map<String, String> options, Duration startTimeout, Duration moveMargin) {
        public Config {
            if (command.isEmpty()) {
                throw new IllegalArgumentException("Engine command. It is empty.");
            }
            command = List.copyOf(command);
            options = new LinkedHashMap<>(options);
        }

        /** Return a configuration with default timeouts (30 s to start, 3 s margin per move). */
        public static Config of(List<String> command, Map<String, String> options) {
            return new Config(command, options, Duration.ofSeconds(30), Duration.ofSeconds(3));
        }
    }

    /**
     * An engine's answer to "go".
     *
     * @param move   the move in USI, or "resign" or "win"
     * @param ponder the expected reply, or null
     * @param info   the last "info" line with a score, or null
     */
    public record BestMove(String move, String ponder, String info) {
    }

    private static final String END_OF_OUTPUT = "\u0000eof";

    private final Config config;
    private Process process;
    private PrintWriter toEngine;
    private BlockingQueue<String> fromEngine;
    private String name = "";
    private final Set<String> optionNames = new LinkedHashSet<>();
    /** The choices ("var") of each combo option the engine declared. */
    private final Map<String, List<String>> optionChoices = new LinkedHashMap<>();
    /** Options set after the start ({@link #setOption}), sent again after a restart. */
    private final Map<String, String> optionsSetLater = new LinkedHashMap<>();
    /** Options every USI GUI may set whether or not the engine declares them. */
    private static final Set<String> GUI_OPTIONS = Set.of("USI_Hash", "USI_Ponder");
    private int restarts;

    public UsiClient(Config config) {
        this.config = config;
    }

    /** Start the engine and complete the handshake; on failure the process is gone and this throws. */
    public void start() throws UsiEngineException {
        try {
            process = new ProcessBuilder(config.command()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new UsiEngineException("Engine '" + String.join(" ", config.command()) + "' could not be started: "
                    + e.getMessage() + ".", e);
        }
        toEngine = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        fromEngine = queue;
        Process started = process;
        Thread reader = new Thread(() -> pump(started, queue), "usi-client-reader");
        reader.setDaemon(true);
        reader.start();
        optionNames.clear();
        optionChoices.clear();
        try {
            send("usi");
            long deadline = deadline(config.startTimeout());
            String line;
            while (!(line = next(deadline, "usiok")).equals("usiok")) {
                if (line.startsWith("id name ")) {
                    name = line.substring("id name ".length()).strip();
                } else if (line.startsWith("option name ")) {
                    String rest = line.substring("option name ".length());
                    int type = rest.indexOf(" type ");
                    String option = (type < 0 ? rest : rest.substring(0, type)).strip();
                    optionNames.add(option);
                    optionChoices.put(option, choicesOf(rest));
                }
            }
            for (Map.Entry<String, String> option : config.options().entrySet()) {
                if (!optionNames.contains(option.getKey()) && !GUI_OPTIONS.contains(option.getKey())) {
                    kill(process);
                    // A misspelt option would otherwise be ignored by the engine and spoil a tuning run unnoticed.
                    throw new IllegalArgumentException("Unknown option. Engine '" + name() + "' declares no option '"
                            + option.getKey() + "'; it has " + String.join(", ", optionNames) + ".");
                }
                send("setoption name " + option.getKey() + " value " + option.getValue());
            }
            optionsSetLater.forEach((option, value) -> send("setoption name " + option + " value " + value));
            ready();
        } catch (UsiEngineException e) {
            kill(process);
            throw new UsiEngineException("Engine '" + name() + "' failed to start: " + e.getMessage() + ".", e);
        }
    }

    /** Return the engine's name as it gave it ("id name"), or the command before the handshake. */
    public String name() {
        return name.isEmpty() ? String.join(" ", config.command()) : name;
    }

    /** Return the names of the options the engine declared. */
    public Set<String> optionNames() {
        return Set.copyOf(optionNames);
    }

    /** Return the choices of a combo option the engine declared, in its order (empty for other options). */
    public List<String> optionChoices(String option) {
        return optionChoices.getOrDefault(option, List.of());
    }

    private static List<String> choicesOf(String declaration) {
        List<String> choices = new ArrayList<>();
        String[] words = declaration.split("\\s+");
        for (int i = 0; i + 1 < words.length; i++) {
            if (words[i].equals("var")) {
                choices.add(words[++i]);
            }
        }
        return List.copyOf(choices);
    }

    /**
     * Tell the engine which variant to play, in its own name for it, if it has the option UCI_Variant
     * (Fairy-Stockfish plays chess until told); nothing is sent if it was told that variant last. An engine
     * without the option can play only the standard game.
     */
    public void selectVariant(Variant wanted) throws UsiEngineException {
        if (!optionNames.contains("UCI_Variant")) {
            if (wanted != Variant.STANDARD) {
                throw new UsiEngineException("Engine '" + name() + "' has no UCI_Variant option, so it cannot play "
                        + wanted.id() + ".", null);
            }
            return;
        }
        String name = UsiVariants.nameFor(wanted, optionChoices("UCI_Variant"));
        if (!name.equals(toldVariant())) {
            setOption("UCI_Variant", name);
        }
    }

    /** True if moves must be rewritten for the engine: Fairy-Stockfish on a board ten files wide. */
    private boolean fairyStockfishSquares() {
        String told = toldVariant();
        Variant variant = told == null ? null : UsiVariants.variantOf(told);
        return variant != null && variant.files() > 9 && name.startsWith("Fairy-Stockfish");
    }

    /** Return the UCI_Variant the engine was last told (set later, or in the config), or null. */
    private String toldVariant() {
        return optionsSetLater.getOrDefault("UCI_Variant", config.options().get("UCI_Variant"));
    }

    /** Return how many times the engine was restarted after a failure. */
    public int restarts() {
        return restarts;
    }

    /**
     * Set an option now (after {@link #start}); it is set again after a restart, so that an engine restarted in a
     * match still plays the variant it was told.
     */
    public void setOption(String option, String value) throws UsiEngineException {
        optionsSetLater.put(option, value);
        send("setoption name " + option + " value " + value);
        try {
            ready();
        } catch (UsiEngineException e) {
            throw restartAfter(e.getMessage(), e);
        }
    }

    /** Tell the engine a new game starts. */
    public void newGame() throws UsiEngineException {
        try {
            ready();
        } catch (UsiEngineException e) {
            throw restartAfter(e.getMessage(), e);
        }
        send("usinewgame");
    }

    /**
     * Ask for a move: send the position and go commands and wait for "bestmove" until the budget plus the
     * configured margin has passed. On timeout the engine is told to stop; if it still does not answer, or if
     * it dies, it is restarted and this throws.
     */
    public BestMove go(String positionCommand, String goCommand, Duration budget) throws UsiEngineException {
        boolean rewrite = fairyStockfishSquares();
        send(rewrite ? FairyStockfishSquares.toEngine(positionCommand) : positionCommand);
        send(goCommand);
        long deadline = deadline(budget.plus(config.moveMargin()));
        String info = null;
        try {
            while (true) {
                String line = next(deadline, "bestmove");
                if (line.startsWith("info") && line.contains(" score ")) {
                    info = line;
                } else if (line.startsWith("bestmove")) {
                    String[] words = line.split("\\s+");
                    if (words.length < 2) {
                        throw new UsiEngineException("answered '" + line + "' without a move", null);
                    }
                    String ponder = words.length >= 4 && words[2].equals("ponder") ? words[3] : null;
                    return rewrite ? new BestMove(FairyStockfishSquares.fromEngine(words[1]),
                            FairyStockfishSquares.fromEngine(ponder), info) : new BestMove(words[1], ponder, info);
                }
            }
        } catch (UsiEngineException e) {
            throw restartAfter(e.getMessage() + " (budget " + budget.toMillis() + " ms + margin "
                    + config.moveMargin().toMillis() + " ms)", e);
        }
    }

    /** Tell the engine the game is over ("win", "lose" or "draw" from its point of view). */
    public void gameOver(String result) {
        send("gameover " + result);
    }

    /** Send "quit", give the engine a moment to leave, then make sure it is gone. */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        send("quit");
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                kill(process);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill(process);
        }
        process = null;
    }

    /** Kill an engine and whatever it started: a wrapper script's engine would otherwise outlive it. */
    private static void kill(Process engine) {
        engine.descendants().forEach(ProcessHandle::destroyForcibly);
        engine.destroyForcibly();
    }

    private void ready() throws UsiEngineException {
        send("isready");
        long deadline = deadline(config.startTimeout());
        while (!next(deadline, "readyok").equals("readyok")) {
            // skip info lines and the like
        }
    }

    private void send(String line) {
        if (toEngine != null) {
            toEngine.println(line);
        }
    }

    /** Return the next line from the engine, or throw when it ends or the deadline passes. */
    private String next(long deadlineNanos, String awaited) throws UsiEngineException {
        try {
            long wait = deadlineNanos - System.nanoTime();
            String line = wait > 0 ? fromEngine.poll(wait, TimeUnit.NANOSECONDS) : fromEngine.poll();
            if (line == null) {
                throw new UsiEngineException("did not send '" + awaited + "' in time", null);
            }
            if (line.equals(END_OF_OUTPUT)) {
                Integer code = exitCode();
                throw new UsiEngineException("exited" + (code != null ? " with code " + code : "")
                        + " while we waited for '" + awaited + "'", null);
            }
            return line.strip();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UsiEngineException("was interrupted while we waited for '" + awaited + "'", e);
        }
    }

    private Integer exitCode() {
        try {
            return process.waitFor(500, TimeUnit.MILLISECONDS) ? process.exitValue() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Kill the engine, start a fresh one, and return the exception describing the failure. */
    private UsiEngineException restartAfter(String what, Exception cause) {
        String who = name();
        kill(process);
        String restart;
        try {
            restarts++;
            start();
            restart = "; it was restarted";
        } catch (UsiEngineException e) {
            restart = "; restarting it failed: " + e.getMessage();
        }
        return new UsiEngineException("Engine '" + who + "' " + what + restart + ".", cause);
    }

    private static void pump(Process process, BlockingQueue<String> queue) {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                queue.add(line);
            }
        } catch (IOException e) {
            // the engine went away: reported as the end of its output
        }
        queue.add(END_OF_OUTPUT);
    }

    private static long deadline(Duration timeout) {
        return System.nanoTime() + timeout.toNanos();
    }

    /** Split a command line into words, honouring single and double quotes (no shell is involved). */
    public static List<String> splitCommand(String commandLine) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (char c : commandLine.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("Engine command. Unclosed quote in '" + commandLine + "'.");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
