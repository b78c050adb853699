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
import org.shogibridge.core.tsume.TsumeSet;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.SimulatedBoard;
import org.shogibridge.device.board.wired.PiBoardFactory;
import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.http.WebServer;
import org.shogibridge.device.journal.GameArchive;
import org.shogibridge.device.journal.Journal;
import org.shogibridge.device.journal.TsumeProgress;
import org.shogibridge.device.mqtt.BrokerRoles;
import org.shogibridge.device.mqtt.EmbeddedBroker;
import org.shogibridge.device.mqtt.MqttLink;
import org.shogibridge.device.threads.Timers;
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
    /** How long start-up waits for the broker before saying it is ready without it. */
    private static final long READY_WAIT_MILLIS = 10_000;

    private final RunSettings settings;
    /** The daemon's time, and where its timers wait: the system's, or a test's that it moves ahead. */
    private final MonotonicClock clock;
    private final Variant variant;
    private BoardBroker broker;
    private MqttLink link;
    private Journal journal;
    private GameArchive archive;
    private Outlet outlet;
    private BoardLoop loop;
    private EngineWorker engines;
    /** Reviews each finished game in the background (review.enabled), or null. */
    private PostGameReview reviews;
    private TsumeProgress tsumeProgress;
    /** Playing online (online.service), or null. */
    private org.shogibridge.device.online.OnlinePlay online;
    private OnlineTable onlineTable;
    /** Board against board, when a side is played at another board; else null. */
    private RemoteSeats remote;
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
    private final Timers timers;
    private ChangeRouter router;
    private final DaemonProbe probe = new DaemonProbe(() -> this.loop, () -> this.session, () -> this.simulated,
            () -> this.broker == null ? null : this.broker.boardAccount(),
            () -> this.engines);
    /** Called once a core thread has died (see {@link #onFatal}); by default the daemon stops itself. */
    private volatile Runnable fatal = this::close;
    /** Where a wired board's pins and buses are: the Pi's own, or a mock Pi's in tests. */
    private final Supplier<com.pi4j.context.Context> pi4j;
    /** The simulated hands' and the built-in engine's seed (board.seed, or the time in a demo). */
    private final long seed;

    public Daemon(RunSettings settings) {
        this(settings, PiBoardFactory::hardwareContext);
    }

    /** A daemon whose wired board ({@code board.source: wired}) is on this Pi4J context. */
    public Daemon(RunSettings settings, Supplier<com.pi4j.context.Context> pi4j) {
        this(settings, pi4j, new MonotonicClock(), Timers.system("daemon-timers"));
    }

    /** A daemon on this clock, whose timers wait on it (a test's: it moves both ahead). */
    Daemon(RunSettings settings, Supplier<com.pi4j.context.Context> pi4j, MonotonicClock clock, Timers timers) {
        this.clock = clock;
        this.timers = timers;
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
        broker = BoardBroker.open(settings);
        loop = new BoardLoop(variant, clock, settings.session().inference().debounceScans());
        loop.pressToMove(settings.config().clock().pressToMove());
        // Commands arrive on Paho's thread before the outlet exists only in theory: the link connects in the outlet.
        RemoteCommands[] commands = new RemoteCommands[1];
        link = new MqttLink(broker.url, broker.clientId, broker.user, broker.password, b.caFile() == null ? null : Path.of(b.caFile()),
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
        var review = settings.config().review();
        if (Boolean.TRUE.equals(review.enabled())) {
            reviews = new PostGameReview(archive, review.nodes(), engines::thinkingForAGame, outlet::review);
            outlet.onPublished(reviews::after);
            reviews.catchUp();
        }
        var boardConfig = settings.config().board();
        board = boardPort(clock);
        tsumeProgress = new TsumeProgress(data.resolve("tsume.json"), TsumeSet.builtIn());
        runner = new CommandRunner(loop, () -> session, simulated, engines, on -> analysisOn = on, tsumeProgress);
        commands[0] = new RemoteCommands(new CommandParser(variant, simulated != null ? null : boardConfig.source(),
                settings.session().inference().faceSensing(), settings.usiEngine()), runner::execute, outlet);
        router = new ChangeRouter(loop, () -> session, engines, outlet, probe::changed);
        router.analysis(new GameAnalysis(engines, settings.config().analysis().millis(), outlet::analysis), () -> analysisOn);
        router.clockCaller(clockCaller);
        router.tsume(tsumeProgress);
        session = new GameSession(settings.session(), new GameIds(settings.config().boardId()), router::changed);
        session.tutor(Boolean.TRUE.equals(settings.config().tutor()));
        loop.attach(session, boardMenu(), board);
        router.menu(menu);
        if (simulated != null) {
            simulated.watch(session.leds());
            if (boardConfig.followLeds()) {
                router.hands(new HandsFollowLeds(simulated));
            }
            if (settings.config().demo()) {
                // The demo plays game after game: set up the start again, which the board reads as a new game.
                router.demo(() -> timers.schedule(() -> simulated.setUp(Position.start(variant)), 3_000));
            }
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
            web.tsume(() -> tsumeProgress.json().toString());
        } catch (java.net.BindException e) {
            throw new IllegalArgumentException("Port in use. The web server cannot listen on " + http.host() + ":" + http.port()
                    + " (set --http-port).");
        }
        if (settings.online() != null) { // refused token: one line, exit 2 (before "online" on the broker)
            onlineTable = new OnlineTable(loop, () -> session, variant, simulated);
            online = org.shogibridge.device.online.OnlinePlay.start(settings.online(), onlineTable);
            runner.online(online);
            router.online(online, onlineTable);
        }
        // Board against board: the other board's topics are followed from the link's first connection on.
        remote = RemoteSeats.start(settings, loop, () -> session, outlet, link, router, voice, timers);
        // Last, the broker link: "online" (and the subscription to commands) once everything else runs.
        outlet.start(this::coreThreadDied);
        if (!link.awaitConnected(READY_WAIT_MILLIS)) {
            log.warn("The broker {} is not reachable yet; the daemon runs and connects when it can.", broker.url);
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
        MenuChoices choices = new MenuChoices(runner::execute, () -> session, voice, language, black, white, loop,
                () -> reviews == null ? null : reviews.latest());
        int level = black.kind() == Player.Kind.ENGINE ? black.level() : white.kind() == Player.Kind.ENGINE ? white.level() : 3;
        menu = new BoardMenu(variant, language, level, voice.isOn(), choices);
        menu.tutorOn(Boolean.TRUE.equals(settings.config().tutor()));
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

    /** Return the URL of the broker the daemon publishes on (its embedded one's, or the club's). */
    public String brokerUrl() {
        return broker.url;
    }

    public int httpPort() {
        return web.port();
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

    /** The running daemon as the lab's {@code bench-daemon} and the tests drive and watch it. */
    public DaemonProbe probe() {
        return probe;
    }

    // ---------------------------------------------------------------- stopping

    /** Stop cleanly: the board, the loop, the engines, then the journal and the broker link ({@code offline}). */
    @Override
    public void close() {
        log.info("Stopping.");
        timers.close();
        if (board != null) {
            board.close();
        }
        if (loop != null) {
            loop.stop();
        }
        if (online != null) {
            online.close();
        }
        if (reviews != null) {
            reviews.close();
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
