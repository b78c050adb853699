package org.shogibridge.device.daemon;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.core.menu.BoardMenu;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.speech.Announcer;
import org.shogibridge.core.speech.Language;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.SimulatedBoard;
import org.shogibridge.device.board.wired.PiBoardFactory;
import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.http.WebServer;
import org.shogibridge.device.journal.GameArchive;
import org.shogibridge.device.journal.Journal;
import org.shogibridge.device.mqtt.BrokerRoles;
import org.shogibridge.device.mqtt.EmbeddedBroker;
import org.shogibridge.device.mqtt.MqttLink;
import org.shogibridge.device.threads.DaemonThreads;
import org.shogibridge.device.voice.ClockCaller;
import org.shogibridge.device.voice.CommandSpeaker;
import org.shogibridge.device.voice.Speaker;
import org.shogibridge.device.voice.Voice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live daemon: one board, its game session, the built-in or external engines, the journal, the broker link and
 * the web server, wired together. Threads: the board's scan thread, the {@link BoardLoop} that owns the session, the
 * {@link EngineWorker}, and the {@link Outlet} that journals and publishes. A failure in one part is logged and
 * contained.
 */
public final class Daemon implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Daemon.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long start-up waits for the broker before saying it is ready without it. */
    private static final long READY_WAIT_MILLIS = 10_000;

    private final RunSettings settings;
    private final MonotonicClock clock = new MonotonicClock();
    private final Variant variant;
    private EmbeddedBroker broker;
    private MqttLink link;
    private Journal journal;
    private GameArchive archive;
    private Outlet outlet;
    private BoardLoop loop;
    private EngineWorker engines;
    /** Playing online (online.service), or null. */
    private org.shogibridge.device.online.OnlinePlay online;
    private OnlineTable onlineTable;
    private BoardPort board;
    /** The same board when it is simulated (cmd/sim, the demo, following the LEDs), else null. */
    private SimulatedBoard simulated;
    private GameSession session;
    private CommandRunner runner;
    /** Whether each move's analysis is published (analysis.enabled, or a new game's set-up). */
    private volatile boolean analysisOn;
    private WebServer web;
    /** What the board says (when on: voice.enabled, or the menu), and its clock calls. */
    private Voice voice;
    private ClockCaller clockCaller;
    /** The menu button's menu (touched only on the board loop). */
    private BoardMenu menu;
    private final ScheduledExecutorService timers =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("daemon-timers"));
    /**
     * The engine move the simulated hands were last told to carry out, as game, ply and move: a new game's first move
     * is at the same ply as the last game's (issue 82: the hands never carried it out), and its ply, to see a takeback.
     */
    private String carriedOut = "";
    private int carriedOutPly = -1;
    private String lastGameId;
    private String brokerUrl;
    /** The daemon's own account on its embedded broker (user, password), or null with an external broker. */
    private String[] boardAccount;
    private volatile Consumer<SessionEvent> observer = event -> { };
    /** Called once a core thread has died (see {@link #onFatal}); by default the daemon stops itself. */
    private volatile Runnable fatal = this::close;
    /**
     * The evaluations of the game analysed last, by ply, sent with each analysis so that a viewer who arrives late
     * draws the whole graph from the one retained message. Touched only by the engine thread's callbacks.
     */
    private final TreeMap<Integer, Integer> analysedScores = new TreeMap<>();
    private String analysedGame;

    /** Where a wired board's pins and buses are: the Pi's own, or a mock Pi's in tests. */
    private final Supplier<com.pi4j.context.Context> pi4j;
    /** The simulated hands' and the built-in engine's seed (board.seed, or the time in a demo). */
    private final long seed;

    public Daemon(RunSettings settings) {
        this(settings, PiBoardFactory::hardwareContext);
    }

    /** A daemon whose wired board ({@code board.source: wired}) is on this Pi4J context. */
    public Daemon(RunSettings settings, Supplier<com.pi4j.context.Context> pi4j) {
        this.settings = settings;
        this.variant = settings.session().variant();
        this.pi4j = pi4j;
        this.analysisOn = settings.config().analysis().enabled();
        this.seed = settings.randomSeed(System.nanoTime());
    }


    /** Start every part; return once the board is being read. */
    public void start() throws Exception {
        Path data = settings.dataDir();
        Files.createDirectories(data);
        Journal.Recovered recovered = Journal.recover(data.resolve("journal.jsonl"));
        if (recovered.dropped() > 0) {
            log.warn("The journal's last {} line(s) were torn by a crash or unreadable and are cut; the file as it was is kept as {}.",
                    recovered.dropped(), recovered.damaged());
        }
        journal = Journal.open(data.resolve("journal.jsonl"), recovered);
        archive = new GameArchive(data.resolve("games"));

        var b = settings.config().broker();
        String brokerUser = settings.brokerUsername();
        String brokerPassword = settings.brokerPassword();
        if (settings.embeddedBroker()) {
            BrokerRoles roles = new BrokerRoles(settings.topicPrefix(), settings.brokerAccounts(), settings.anonymousRole());
            brokerUser = BrokerRoles.BOARD_USER; // the daemon's own account: it alone writes the board's topics
            brokerPassword = roles.boardPassword();
            boardAccount = new String[] {brokerUser, brokerPassword};
            logAccess(roles);
            try {
                broker = new EmbeddedBroker(b.host(), b.mqttPort(), b.wsPort(), roles, settings.brokerTls());
            } catch (RuntimeException e) {
                if (String.valueOf(e.getMessage()).startsWith("Cannot bind")) {
                    throw new IllegalArgumentException("Port in use. The embedded broker cannot listen on " + b.host() + " port "
                            + b.mqttPort() + " or " + b.wsPort() + " (another broker? set --mqtt-port and --ws-port).");
                }
                throw e;
            }
            brokerUrl = "tcp://" + b.host() + ":" + b.mqttPort();
        } else {
            brokerUrl = settings.brokerUrl(); // an account written in the URL is taken out of it

        }
        String clientId = b.clientId() != null ? b.clientId() : "shogi-bridge-" + settings.config().event() + "-" + settings.config().boardId();
        loop = new BoardLoop(variant, clock, settings.session().inference().debounceScans());
        loop.pressToMove(settings.config().clock().pressToMove());
        // Commands arrive on Paho's thread before the outlet exists only in theory: the link connects in the outlet.
        RemoteCommands[] commands = new RemoteCommands[1];
        link = new MqttLink(brokerUrl, clientId, brokerUser, brokerPassword, b.caFile() == null ? null : Path.of(b.caFile()),
                settings.topicPrefix(), settings.config().commands().enabled(), (verb, payload) -> commands[0].command(verb, payload));
        outlet = new Outlet(journal, archive, link, clock, settings.config().event(), settings.config().boardId(),
                settings.config().round());
        outlet.onStorage(problem -> loop.post(() -> {
            if (problem == null) {
                session.storageBack(loop.now());
            } else {
                session.storageFailed(problem, loop.now());
            }
        }));

        startVoice(data);

        engines = new EngineWorker(settings.senteOptions(), settings.goteOptions(), seed);
        engines.prepare(settings.session().black(), Side.BLACK);
        engines.prepare(settings.session().white(), Side.WHITE);
        var boardConfig = settings.config().board();
        board = boardPort(clock);
        runner = new CommandRunner(loop, () -> session, simulated, engines, on -> analysisOn = on);
        commands[0] = new RemoteCommands(new CommandParser(variant, simulated != null ? null : boardConfig.source(),
                settings.session().inference().faceSensing(), settings.usiEngine()), runner::execute, outlet);
        session = new GameSession(settings.session(), this::nextGameId, this::onSessionEvent);
        loop.attach(session, boardMenu(), board);
        if (simulated != null) {
            simulated.watch(session.leds());
        }

        if (!resume(recovered)) {
            session.start(recovered.seq(), clock.millis());
            if (settings.handicap() != null) {
                session.newGame(settings.handicap().startPosition(), clock.millis());
            }
        }
        if (settings.config().demo() && recovered.game() != null && session.state().result() == null) {
            // A demo plays engine against engine: the game it found is filed as unfinished, and a demo game begins.
            session.setPlayers(settings.session().black(), settings.session().white(), clock.millis());
            session.newGame(Position.start(variant), clock.millis());
        }
        if (simulated != null) {
            simulated.setInitial(session.state().position()); // as the real board would be: as the game left it
        }
        loop.start(this::coreThreadDied);
        board.start(loop);
        var http = settings.config().http();
        try {
            web = new WebServer(http.host(), http.port(), archive, settings, this::liveRecord);
        } catch (java.net.BindException e) {
            throw new IllegalArgumentException("Port in use. The web server cannot listen on " + http.host() + ":" + http.port()
                    + " (set --http-port).");
        }
        if (settings.online() != null) { // refused token: one line, exit 2 (before "online" on the broker)
            onlineTable = new OnlineTable(loop, () -> session, variant, simulated);
            online = org.shogibridge.device.online.OnlinePlay.start(settings.online(), onlineTable);
            runner.online(online);
        }
        // Last, the broker link: "online" (and the subscription to commands) once everything else runs.
        outlet.start(this::coreThreadDied);
        if (!link.awaitConnected(READY_WAIT_MILLIS)) {
            log.warn("The broker {} is not reachable yet; the daemon runs and connects when it can.", brokerUrl);
        }
    }

    /**
     * What to do when a core thread (the board loop, the outlet) has died of an error it cannot go on from, such as
     * running out of memory: {@code run} exits with status 70, its shutdown hook stops the daemon cleanly, and
     * systemd starts it again. A daemon without its board loop or outlet would look alive and record nothing.
     */
    public void onFatal(Runnable action) {
        this.fatal = action;
    }

    private void coreThreadDied(Thread thread, Throwable e) {
        log.error("The {} thread stopped: {}. The daemon stops rather than run without it (systemd starts it again).",
                thread.getName(), e.toString(), e);
        Thread stopper = new Thread(fatal, "fatal-stop");
        stopper.setDaemon(true);
        stopper.start();
    }

    /** Say once who may do what on the embedded broker (docs/security.md). */
    private void logAccess(BrokerRoles roles) {
        var b = settings.config().broker();
        String anonymous = roles.anonymous() == null ? "refused" : roles.anonymous() == BrokerRoles.Role.ARBITER
                ? "may command" : "may watch";
        log.info("Broker on {}: clients without an account {}; {} account(s){}.", b.host(), anonymous,
                settings.brokerAccounts().size(), settings.brokerTls() == null ? "" : "; TLS on "
                        + (b.tlsPort() > 0 ? "MQTT " + b.tlsPort() : "") + (b.tlsPort() > 0 && b.wssPort() > 0 ? " and " : "")
                        + (b.wssPort() > 0 ? "WebSocket " + b.wssPort() : ""));
    }

    /**
     * The voice, on with voice.enabled (the menu turns it on and off): an announcer after each change on disk, the
     * clock's calls, and the speaker of voice.output, made when the voice is first on.
     */
    private void startVoice(Path data) {
        var v = settings.config().voice();
        Language language = Language.of(v.language());
        String engine = v.command() != null ? v.command() : language == Language.JA ? CommandSpeaker.ESPEAK : CommandSpeaker.ESPEAK_ENGLISH;
        Supplier<Speaker> speaker = () -> {
            if (v.output().equals("none")) {
                return Speaker.SILENT;
            }
            try {
                return new CommandSpeaker(engine, v.volume(), "aplay -q {wav}", data.resolve("voice"));
            } catch (java.io.IOException e) {
                log.error("Voice: no place for its sound files ({}); it only publishes.", e.getMessage());
                return Speaker.SILENT;
            }
        };
        voice = new Voice(new Announcer(Boolean.TRUE.equals(v.announceOwnMoves()), language), speaker, outlet::voice,
                Boolean.TRUE.equals(v.enabled()));
        outlet.onPublished(voice::after);
        if (!Boolean.FALSE.equals(v.byoyomi())) {
            clockCaller = new ClockCaller(timers, task -> loop.post(task), voice, language);
        }
    }

    /** The menu button's menu, its choices carried out as commands on the board loop. */
    private BoardMenu boardMenu() {
        Language language = Language.of(settings.config().voice().language());
        Player black = settings.session().black();
        Player white = settings.session().white();
        MenuChoices choices = new MenuChoices(runner::execute, () -> session, voice, language, black, white, loop);
        int level = black.kind() == Player.Kind.ENGINE ? black.level() : white.kind() == Player.Kind.ENGINE ? white.level() : 3;
        menu = new BoardMenu(variant, language, level, voice.isOn(), choices);
        choices.menu(menu);
        return menu;
    }

    /** Resume the unfinished game of the journal, if there is one that plays; return whether one was resumed. */
    private boolean resume(Journal.Recovered recovered) {
        if (recovered.game() == null) {
            return false;
        }
        try {
            session.resume(recovered.game(), clock.millis());
        } catch (IllegalArgumentException e) {
            log.error("Game {} in the journal cannot be resumed ({}); a new game begins.", recovered.game().gameId(), e.getMessage());
            return false;
        }
        log.info("Resumed game {} at move {} after a restart.", recovered.game().gameId(), recovered.game().moves().size());
        return true;
    }

    /**
     * Watch every change as the session makes it, on the board loop, before it is journaled (for {@code bench-daemon},
     * which times a change from here to a subscriber). The observer must return at once.
     */
    public void observe(Consumer<SessionEvent> changes) {
        this.observer = changes;
    }

    /** Return the URL the embedded broker's WebSocket listener, or null with an external broker. */
    public String brokerUrl() {
        return brokerUrl;
    }

    public int httpPort() {
        return web.port();
    }

    // ---------------------------------------------------------------- on the board loop

    private void onSessionEvent(SessionEvent event) {
        observer.accept(event);
        if (event instanceof SessionEvent.EngineTurn turn) {
            if (turn.player().kind() == org.shogibridge.core.session.Player.Kind.ONLINE) {
                return; // the opponent's move comes from the site (OnlinePlay)
            }
            engines.ask(turn, answer -> loop.post(() -> {
                if (!session.engineMoved(turn, answer, loop.now())) {
                    log.warn("The engine's answer {} for move {} was refused (stale or illegal).", answer, turn.ply() + 1);
                }
            }));
            return;
        }
        if (event instanceof SessionEvent.GameEnded ended && onlineTable != null) {
            onlineTable.addHeaders(ended.record());
        }
        outlet.change(event);
        if (online != null && (event instanceof SessionEvent.MovePlayed || event instanceof SessionEvent.MoveUndone)) {
            online.boardChanged(); // a move of the player's may be sent
        }
        GameState state = event.stateOrNull();
        if (clockCaller != null) {
            clockCaller.changed(state);
        }
        int engineLevel = Math.max(state.black().level(), state.white().level());
        if (engineLevel > 0 && menu != null) {
            menu.level(engineLevel); // a level set by a page or the gesture is where the menu's levels start
        }
        String engineMove = state.engineMove() == null ? null
                : state.gameId() + " " + state.moves().size() + " " + state.engineMove();
        if (simulated != null && settings.config().board().followLeds() && engineMove != null && !engineMove.equals(carriedOut)) {
            carriedOut = engineMove;
            carriedOutPly = state.moves().size();
            Position before = state.position();
            simulated.play(before, Usi.parseLegalMove(before, state.engineMove())).exceptionally(refused -> {
                log.warn("Simulated hands: {} (the computer's move waits on the LEDs).", refused.getMessage());
                return null;
            });
        }
        if (state.moves().size() < carriedOutPly) {
            carriedOut = ""; // a takeback: the next engine move at that ply is carried out again
            carriedOutPly = -1;
        }
        if (event instanceof SessionEvent.MovePlayed && analysisOn && state.result() == null) {
            analyse(state);
        }
        if (event instanceof SessionEvent.GameEnded && settings.config().demo()) {
            // The demo plays game after game: set up the start again, which the board reads as a new game.
            timers.schedule(() -> simulated.setUp(Position.start(variant)), 3, TimeUnit.SECONDS);
        }
    }

    private void analyse(GameState state) {
        Position position = state.position();
        long seq = state.seq();
        int ply = state.moves().size();
        engines.analyse(position, settings.config().analysis().millis(), result -> {
            int score = position.sideToMove() == Side.BLACK ? result.score() : -result.score();
            ObjectNode json = JSON.createObjectNode().put("seq", seq).put("game", state.gameId()).put("ply", ply)
                    .put("score", score).put("depth", result.depth());
            var pv = json.putArray("pv");
            for (int m : result.pv()) {
                pv.add(Usi.format(variant, m));
            }
            if (!state.gameId().equals(analysedGame)) {
                analysedGame = state.gameId();
                analysedScores.clear();
            }
            analysedScores.tailMap(ply).clear(); // a takeback withdrew the later ones
            analysedScores.put(ply, score);
            var scores = json.putArray("scores");
            analysedScores.forEach((p, s) -> scores.addArray().add(p).add(s));
            outlet.analysis(json.toString());
        });
    }

    private String nextGameId() {
        String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)) + "-"
                + settings.config().boardId();
        if (id.equals(lastGameId) || lastGameId != null && lastGameId.startsWith(id + "-")) {
            id = id + "-" + System.nanoTime() % 1000;
        }
        lastGameId = id;
        return id;
    }

    /** Return the board of the configuration: simulated, a microcontroller's over a serial port or TCP, or wired to the Pi. */
    private BoardPort boardPort(MonotonicClock clock) {
        BoardPort hardware = HardwareBoards.open(settings, clock, pi4j);
        if (hardware != null) {
            return hardware;
        }
        var c = settings.config().board();
        return simulated = new SimulatedBoard(variant, settings.session().inference(), c.noise(), seed, clock);
    }

    /** Return the game in progress as a record file's bytes, in the format's own encoding (asked of the board loop). */
    private byte[] liveRecord(RecordFormat format) {
        try {
            GameRecord record = loop.ask(session::record).get(2, TimeUnit.SECONDS);
            return format.encode(record);
        } catch (Exception e) {
            return null;
        }
    }

    /**
     * Have the simulated hands play a move of the current position (what {@code cmd/sim} play does); the future
     * completes once the hands are done.
     */
    public CompletableFuture<Void> simulatePlay(String usi) {
        return loop.ask(() -> {
            Position position = session.state().position();
            return simulated.play(position, Usi.parseLegalMove(position, usi));
        }).thenCompose(done -> done);
    }

    /**
     * Have the simulated hands make a quiet move of the current position piece by piece (lift, put down) without
     * waiting for it to be judged, as a player who then presses the clock ({@code bench-daemon --press}); the future
     * completes once the hands are done.
     */
    public CompletableFuture<Void> simulateByHand(String usi) {
        return loop.ask(() -> {
            Position position = session.state().position();
            int move = Usi.parseLegalMove(position, usi);
            if (Move.isDrop(move) || Move.captured(move) != 0) {
                throw new IllegalArgumentException("Not a quiet move. " + usi + " drops or captures.");
            }
            simulated.lift(Move.from(move));
            return simulated.place(Move.to(move), org.shogibridge.core.inference.SensorSnapshot.OCCUPIED);
        }).thenCompose(done -> done);
    }

    /** A side's clock button pressed now, as a board reports it from its scan thread ({@code bench-daemon --press}). */
    public void pressClock(Side side) {
        loop.clockPressed(side);
    }

    /**
     * Return the daemon's own account on its embedded broker (user, password), or null with an external broker: for
     * a tool in this process that must publish as the board does ({@code bench-daemon}'s broker baseline). It is
     * never printed.
     */
    public String[] boardAccount() {
        return boardAccount == null ? null : boardAccount.clone();
    }

    /** Return what the board loop was given and what judging it cost so far ({@code bench-daemon}). */
    public BoardLoopCounts boardLoopCounts() {
        return loop.counts();
    }

    /** Run a task on the board loop (tests: what a failing task does to the daemon). */
    void onBoardLoop(Runnable task) {
        loop.post(task);
    }

    /** Return how many moves the game in progress has (asked of the board loop). */
    public int moveCount() throws Exception {
        return loop.ask(() -> session.state().moves().size()).get(5, TimeUnit.SECONDS);
    }

    // ---------------------------------------------------------------- stopping

    /** Stop cleanly: the board, the loop, the engines, then the journal and the broker link ({@code offline}). */
    @Override
    public void close() {
        log.info("Stopping.");
        timers.shutdownNow();
        if (board != null) {
            board.close();
        }
        if (loop != null) {
            loop.stop();
        }
        if (online != null) {
            online.close();
        }
        if (engines != null) {
            engines.close();
        }
        if (outlet != null) {
            outlet.stop();
        }
        if (web != null) {
            web.close();
        }
        if (voice != null) {
            voice.close();
        }
        if (broker != null) {
            broker.close();
        }
        log.info("Stopped.");
    }

}
