package org.shogibridge.device.config;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.device.board.wired.WiredPlan;
import org.shogibridge.device.mqtt.BrokerRoles;
import org.shogibridge.device.mqtt.EmbeddedBroker;

/**
 * The configuration checked and turned into the types the daemon uses. Built only by {@link #validate}, so a
 * {@code RunSettings} is always complete and possible.
 *
 * @param config     the merged configuration, as read
 * @param session    how games are played on the board
 * @param handicap   the handicap of the first game, or null
 * @param senteOptions the USI options of sente's external engine
 * @param goteOptions  the USI options of gote's external engine
 * @param dataDir    where the journal and the games go
 * @param wired      the board wired to the Pi, for {@code board.source: wired}; else null
 * @param online     online play, or null when it is off
 */
public record RunSettings(DaemonConfig config, SessionSettings session, Handicap handicap,
        Map<String, String> senteOptions, Map<String, String> goteOptions, Path dataDir, WiredPlan wired,
        OnlineSettings online) {

    public boolean embeddedBroker() {
        return config.broker().url().equals("embedded");
    }

    /**
     * The external broker's URL as the daemon connects to it and prints it: an account written into it
     * ({@code tcp://table3:secret@host:1883}, as mosquitto_sub takes it) is taken out, so no log line holds a password.
     */
    public String brokerUrl() {
        return withoutAccount(config.broker().url());
    }

    /** The broker's user name: {@code broker.username}, or the one in {@code broker.url}; null for none. */
    public String brokerUsername() {
        String[] account = accountIn(config.broker().url());
        return account != null ? account[0] : config.broker().username();
    }

    /** The broker's password: {@code broker.password}, or the one in {@code broker.url}; null for none. */
    public String brokerPassword() {
        String[] account = accountIn(config.broker().url());
        return account != null ? account[1] : config.broker().password();
    }

    /**
     * The embedded broker's accounts: {@code broker.username} commands (the arbiter's, which the page signs in with),
     * {@code broker.viewer-username} only reads.
     */
    public List<BrokerRoles.Account> brokerAccounts() {
        var b = config.broker();
        List<BrokerRoles.Account> accounts = new ArrayList<>();
        if (b.username() != null) {
            accounts.add(new BrokerRoles.Account(b.username(), b.password(), BrokerRoles.Role.ARBITER));
        }
        if (b.viewerUsername() != null) {
            accounts.add(new BrokerRoles.Account(b.viewerUsername(), b.viewerPassword(), BrokerRoles.Role.VIEWER));
        }
        return accounts;
    }

    /**
     * What a client without an account may do on the embedded broker ({@code broker.anonymous}), null if it is
     * refused. By default: refused once there is an account; with none, an arbiter on a loopback address (only this
     * machine reaches it) and a viewer on any other (the room may watch, no one may command).
     */
    public BrokerRoles.Role anonymousRole() {
        var b = config.broker();
        String anonymous = b.anonymous() != null ? b.anonymous()
                : b.username() != null || b.viewerUsername() != null ? "none" : loopback(b.host()) ? "arbiter" : "viewer";
        return switch (anonymous) {
            case "arbiter" -> BrokerRoles.Role.ARBITER;
            case "viewer" -> BrokerRoles.Role.VIEWER;
            default -> null;
        };
    }

    /** Return true if a host name or address is this machine's loopback (nothing else can reach it). */
    static boolean loopback(String host) {
        return host.equals("localhost") || host.equals("::1") || host.startsWith("127.");
    }

    /** The embedded broker's TLS listeners, or null for none. */
    public EmbeddedBroker.Tls brokerTls() {
        var b = config.broker();
        return b.tlsKeystore() == null ? null
                : new EmbeddedBroker.Tls(Path.of(b.tlsKeystore()), b.tlsPassword(), b.tlsPort(), b.wssPort());
    }

    /** A URL with its account's password hidden, for messages. */
    static String redacted(String url) {
        return BrokerUrl.redacted(url);
    }

    private static String withoutAccount(String url) {
        return BrokerUrl.withoutAccount(url);
    }

    private static String[] accountIn(String url) {
        return BrokerUrl.account(url);
    }

    /** The external USI engine the configuration names for either side (a page may choose it for a game), or null. */
    public Player usiEngine() {
        Player black = session.black();
        Player white = session.white();
        return black.kind() == Player.Kind.USI ? black : white.kind() == Player.Kind.USI ? white : null;
    }

    /**
     * Return the seed of the simulated hands and the built-in engine's choices by feel: {@code board.seed} when it is
     * set; in a demo the time (so that each start plays other games, issue 82); else 1, so a run is repeatable.
     */
    public long randomSeed(long nowNanos) {
        Long seed = config.board().seed();
        return seed != null ? seed : config.demo() ? nowNanos : 1L;
    }

    /** Return the topic prefix {@code shogi/v1/<event>/<board>}. */
    public String topicPrefix() {
        return "shogi/v1/" + config.event() + "/" + config.boardId();
    }

    /**
     * Check every value of a merged configuration.
     *
     * @param where gives the place of a key for the message: {@code FILE:LINE} or {@code option --x}
     */
    static RunSettings validate(DaemonConfig c, Function<String, String> where) throws ConfigException {
        ConfigCheck check = new ConfigCheck(where);
        Variant variant = check.oneOf("variant", c.variant(), Map.of("standard", Variant.STANDARD, "okisaki", Variant.OKISAKI,
                "minishogi", Variant.MINISHOGI));
        Game.Mode mode = check.oneOf("mode", c.mode(), Map.of("casual", Game.Mode.CASUAL, "tournament", Game.Mode.TOURNAMENT));
        Handicap handicap = null;
        if (!c.handicap().equals("none")) {
            if (variant != Variant.STANDARD) {
                throw check.fail("handicap", "handicaps exist only in standard shogi");
            }
            handicap = Handicap.ofName(c.handicap()).orElse(null);
            if (handicap == null) {
                throw check.fail("handicap", "unknown handicap '" + c.handicap() + "' (none, lance, bishop, rook, two-pieces, ... or 香落ち, 角落ち, ...)");
            }
        }
        Player sente = player(check, "players.sente", c.players().sente(), Player.SENTE, c, true);
        Player gote = player(check, "players.gote", c.players().gote(), Player.GOTE, c, false);
        if (sente.kind() == Player.Kind.BOARD && gote.kind() == Player.Kind.BOARD) {
            throw check.fail("players", "a board's own person plays one side: only one may be type board");
        }
        TimeControl clock = new TimeControl(
                check.range("clock.main-seconds", c.clock().mainSeconds(), 0, 360_000) * 1000L,
                check.range("clock.byoyomi-seconds", c.clock().byoyomiSeconds(), 0, 3_600) * 1000L,
                check.range("clock.increment-seconds", c.clock().incrementSeconds(), 0, 3_600) * 1000L);
        check.oneOf("clock.press-to-move", c.clock().pressToMove(), Map.of("auto", "auto", "always", "always", "never", "never"));
        boolean promoteByDefault = check.oneOf("promotion.default", c.promotion().byDefault(),
                Map.of("promote", true, "decline", false));
        int window = check.range("promotion.window-millis", c.promotion().windowMillis(), 0, 10_000);
        String source = check.oneOf("board.source", c.board().source(),
                Map.of("simulated", "simulated", "serial", "serial", "tcp", "tcp", "wired", "wired"));
        if (source.equals("serial") && (c.board().port() == null || c.board().port().isBlank())) {
            throw check.fail("board.port", "must name the serial device for board.source serial (e.g. /dev/ttyACM0)");
        }
        if (source.equals("serial")) {
            check.range("board.baud", c.board().baud(), 1_200, 4_000_000);
        }
        if (source.equals("tcp") && (c.board().address() == null || !c.board().address().matches("[^:\\s]+:\\d{1,5}"))) {
            throw check.fail("board.address", "must be HOST:PORT for board.source tcp, not '" + c.board().address() + "'");
        }
        if (!source.equals("simulated") && Boolean.TRUE.equals(c.demo())) {
            throw check.fail("board.source", "the demo plays on the simulated board only");
        }
        double noise = c.board().noise() == null ? 0 : c.board().noise();
        if (!(noise >= 0 && noise <= 1)) {
            throw check.fail("board.noise", "must be between 0 and 1, not " + noise);
        }
        int settle = check.range("board.settle-millis", c.board().settleMillis(), 20, 5_000);
        long clearSettle = c.board().clearMoveSettleMillis() == null ? InferenceSettings.clearMoveSettle(settle)
                : check.range("board.clear-move-settle-millis", c.board().clearMoveSettleMillis(), 0, settle);
        int wrong = check.range("board.wrong-position-millis", c.board().wrongPositionMillis(), settle, 60_000);
        String url = c.broker().url();
        if (!url.equals("embedded")) {
            String shown = redacted(url); // a message never holds the password
            try {
                URI uri = new URI(withoutAccount(url));
                if (!("tcp".equals(uri.getScheme()) || "ssl".equals(uri.getScheme())) || uri.getHost() == null || uri.getPort() < 1) {
                    throw check.fail("broker.url", "must be embedded, tcp://HOST:PORT or ssl://HOST:PORT, not '" + shown + "'");
                }
            } catch (java.net.URISyntaxException e) {
                throw check.fail("broker.url", "must be embedded, tcp://HOST:PORT or ssl://HOST:PORT, not '" + shown + "'");
            }
            String[] account = accountIn(url);
            if (account != null && account[1] == null) {
                throw check.fail("broker.url", "names the user " + account[0] + " but no password (tcp://USER:PASSWORD@HOST:PORT)");
            }
            if (account != null && c.broker().username() != null) {
                throw check.fail("broker.url", "holds an account, and so do broker.username and broker.password: give it once");
            }
        }
        check.range("broker.mqtt-port", c.broker().mqttPort(), 0, 65_535);
        check.range("broker.ws-port", c.broker().wsPort(), 0, 65_535);
        check.range("http.port", c.http().port(), 0, 65_535);
        check.pair("broker.username", c.broker().username(), "broker.password", c.broker().password());
        var b = c.broker();
        check.pair("broker.viewer-username", b.viewerUsername(), "broker.viewer-password", b.viewerPassword());
        for (String user : new String[] {b.username(), b.viewerUsername()}) {
            if (BrokerRoles.BOARD_USER.equals(user)) {
                throw check.fail(user == b.username() ? "broker.username" : "broker.viewer-username",
                        "is the daemon's own account on its broker; choose another name");
            }
        }
        if (b.username() != null && b.username().equals(b.viewerUsername())) {
            throw check.fail("broker.viewer-username", "must differ from broker.username (the arbiter's)");
        }
        if (b.anonymous() != null) {
            check.oneOf("broker.anonymous", b.anonymous(), Map.of("arbiter", "arbiter", "viewer", "viewer", "none", "none"));
        }
        int tlsPort = check.range("broker.tls-port", b.tlsPort(), 0, 65_535);
        int wssPort = check.range("broker.wss-port", b.wssPort(), 0, 65_535);
        if (b.tlsKeystore() != null) {
            if (!Files.isReadable(Path.of(b.tlsKeystore()))) {
                throw check.fail("broker.tls-keystore", "names no readable file: '" + b.tlsKeystore() + "'");
            }
            if (b.tlsPassword() == null) {
                throw check.fail("broker.tls-password", "is needed to open broker.tls-keystore");
            }
            if (tlsPort == 0 && wssPort == 0) {
                throw check.fail("broker.tls-keystore", "is used by broker.tls-port or broker.wss-port; set one of them");
            }
        } else if (tlsPort != 0 || wssPort != 0) {
            throw check.fail(tlsPort != 0 ? "broker.tls-port" : "broker.wss-port",
                    "needs broker.tls-keystore, the broker's key and certificate (docs/security.md)");
        }
        if (c.broker().caFile() != null && !url.startsWith("ssl://")) {
            throw check.fail("broker.ca-file", "a CA file is for an ssl:// broker");
        }
        String dashboardUrl = c.broker().dashboardUrl();
        if (dashboardUrl != null && !dashboardUrl.matches("wss?://[^/\\s]+(/\\S*)?")) {
            throw check.fail("broker.dashboard-url", "must be ws://HOST:PORT/PATH or wss://HOST:PORT/PATH, not '" + dashboardUrl + "'");
        }
        check.id("event", c.event());
        check.id("board-id", c.boardId());
        if (c.round() != null) {
            check.range("round", c.round(), 1, 1000);
        }
        check.range("analysis.millis", c.analysis().millis(), 10, 60_000);
        check.range("review.nodes", c.review().nodes(), 1_000, 10_000_000);
        check.oneOf("voice.output", c.voice().output(), Map.of("aplay", "aplay", "none", "none"));
        check.oneOf("voice.language", c.voice().language(), Map.of("ja", "ja", "en", "en"));
        check.range("voice.volume", c.voice().volume(), 0, 200);
        if (c.voice().command() != null && !c.voice().command().contains("{wav}")) {
            throw check.fail("voice.command", "must say where the sound goes with {wav}, e.g. \"open_jtalk ... -ow {wav}\"");
        }
        if (c.dataDir() == null || c.dataDir().isBlank()) {
            throw check.fail("data-dir", "must name a directory");
        }
        boolean faceSensing = Boolean.TRUE.equals(c.board().faceSensing());
        WiredPlan wired = source.equals("wired") ? WiredSettings.plan(c.board().wired(), variant, faceSensing, check) : null;
        InferenceSettings inference = new InferenceSettings(faceSensing,
                mode == Game.Mode.TOURNAMENT ? Game.Settings.tournament() : Game.Settings.casual(), 4, settle,
                clearSettle, wrong, window, promoteByDefault);
        SessionSettings session = new SessionSettings(variant, inference, clock, sente, gote);
        return new RunSettings(c, session, handicap, options(c.players().sente()), options(c.players().gote()),
                Path.of(c.dataDir()), wired, OnlineSettings.of(c.online(), check));
    }

    /**
     * A person at another board: its id and event name it; the host owns the game, sente's board unless {@code host}
     * names one of the two; the name defaults to the other board's id (the host's state then names both people).
     */
    private static Player remoteBoard(ConfigCheck check, String key, DaemonConfig.Player p, DaemonConfig c, boolean sente)
            throws ConfigException {
        if (p.board() == null || !p.board().matches("[^/#+\\s]+")) {
            throw check.fail(key + ".board", "a person at another board needs that board's id (no '/', '#', '+' or space)");
        }
        String event = p.event() == null ? c.event() : p.event();
        if (!event.matches("[^/#+\\s]+")) {
            throw check.fail(key + ".event", "an event name has no '/', '#', '+' or space");
        }
        if (p.board().equals(c.boardId()) && event.equals(c.event())) {
            throw check.fail(key + ".board", "names this board itself");
        }
        String host = p.host() == null ? (sente ? p.board() : c.boardId()) : p.host();
        if (!host.equals(p.board()) && !host.equals(c.boardId())) {
            throw check.fail(key + ".host", "must be this board (" + c.boardId() + ") or the other (" + p.board() + ")");
        }
        if (p.graceSeconds() != null) {
            check.range(key + ".grace-seconds", p.graceSeconds(), 5, 86_400);
        }
        String name = p.name() == null ? p.board() : check.name(key + ".name", p.name());
        return Player.remoteBoard(name, event + "/" + p.board(), host.equals(p.board()));
    }

    /** Return how long the other board of board against board may be unreachable before the game is adjourned. */
    public long remoteGraceMillis() {
        DaemonConfig.Player p = "board".equals(config.players().sente().type()) ? config.players().sente() : config.players().gote();
        return (p.graceSeconds() == null ? 60 : p.graceSeconds()) * 1000L;
    }

    private static Map<String, String> options(DaemonConfig.Player p) {
        return p.options() == null ? Map.of() : Map.copyOf(p.options());
    }

    private static Player player(ConfigCheck check, String key, DaemonConfig.Player p, String defaultName, DaemonConfig c,
            boolean sente) throws ConfigException {
        if (p == null) {
            throw check.fail(key, "must say who plays: type human, engine, usi or board");
        }
        String type = check.oneOf(key + ".type", p.type(), Map.of("human", "human", "engine", "engine", "usi", "usi",
                "board", "board"));
        return switch (type) {
            case "board" -> remoteBoard(check, key, p, c, sente);
            case "human" -> Player.human(p.name() == null ? defaultName : check.name(key + ".name", p.name()));
            case "engine" -> {
                int level = check.range(key + ".level", p.level() == null ? 5 : p.level(), 1, 10);
                Player engine = Player.engine(level);
                yield p.name() == null ? engine : new Player(check.name(key + ".name", p.name()), Player.Kind.ENGINE, level, "");
            }
            default -> {
                if (p.command() == null || p.command().isBlank()) {
                    throw check.fail(key + ".command", "an external USI engine needs a command");
                }
                yield new Player(p.name() == null ? p.command() : check.name(key + ".name", p.name()), Player.Kind.USI, 0, p.command());
            }
        };
    }
}
