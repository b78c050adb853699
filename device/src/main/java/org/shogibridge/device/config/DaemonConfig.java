package org.shogibridge.device.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * The daemon's configuration, as read from the YAML file (docs/configuration.md lists every key with its default).
 * Records bound by Jackson; a key left out keeps the default of {@link #defaults()}. Validated by
 * {@link ConfigLoader}, which names the key and the file line of any problem.
 */
public record DaemonConfig(
        String variant,
        String handicap,
        String mode,
        Players players,
        Clock clock,
        Promotion promotion,
        Board board,
        Broker broker,
        String event,
        @JsonProperty("board-id") String boardId,
        Integer round,
        Commands commands,
        Analysis analysis,
        Review review,
        Boolean tutor,
        Http http,
        Voice voice,
        @JsonProperty("data-dir") String dataDir,
        Boolean demo,
        Online online) {

    /**
     * Playing online with the board (docs/online.md): {@code service} {@code lishogi} turns it on.
     *
     * @param tokenFile        the file holding the account's API token (scope board:play), never the token itself
     * @param acceptChallenges accept incoming challenges the board can play (standard and minishogi)
     * @param seek             the seek {@code cmd/seek} and the menu create
     */
    public record Online(String service, String url, @JsonProperty("token-file") String tokenFile,
            @JsonProperty("accept-challenges") Boolean acceptChallenges, Seek seek) {
    }

    /** A seek in the site's lobby: minutes of main time, byoyomi and increment in seconds, rated, variant. */
    public record Seek(Integer minutes, @JsonProperty("byoyomi-seconds") Integer byoyomiSeconds,
            @JsonProperty("increment-seconds") Integer incrementSeconds, Boolean rated, String variant) {
    }

    /** Who plays each side: sente (Black) and gote (White). */
    public record Players(Player sente, Player gote) {
    }

    /**
     * One side's player.
     *
     * @param type    {@code human}, {@code engine} (the built-in engine), {@code usi} (an external engine) or
     *                {@code board} (a person at another board: docs/remote-play.md)
     * @param name    the name shown and recorded; defaults to 先手/後手 for people and the engine's name
     * @param level   the built-in engine's level, 1-10
     * @param command the external engine's command line
     * @param options USI options for the external engine
     * @param board   for {@code board}: the other board's id
     * @param event   for {@code board}: the other board's event (this board's by default)
     * @param host    for {@code board}: the id of the board that owns the game and the clock (sente's by default)
     * @param graceSeconds for {@code board}, on the host: how long the other board may be unreachable before the game
     *                is adjourned (its clock stopped until it is back); 60 by default
     */
    public record Player(String type, String name, Integer level, String command, Map<String, String> options,
            String board, String event, String host, @JsonProperty("grace-seconds") Integer graceSeconds) {
        public Player(String type, String name, Integer level, String command, Map<String, String> options) {
            this(type, name, level, command, options, null, null, null, null);
        }
    }

    /**
     * The clock, in seconds; all zero means no clock. {@code press-to-move}: {@code auto} or {@code always}, a clock
     * button press judges the board at once and makes the move on it at the press; {@code never}, a press only starts
     * a clock that has not run yet.
     */
    public record Clock(@JsonProperty("main-seconds") Integer mainSeconds,
            @JsonProperty("byoyomi-seconds") Integer byoyomiSeconds,
            @JsonProperty("increment-seconds") Integer incrementSeconds,
            @JsonProperty("press-to-move") String pressToMove) {
    }

    /** Optional promotions without face sensing: the choice a move starts with, and how long the gesture may change it. */
    public record Promotion(@JsonProperty("default") String byDefault, @JsonProperty("window-millis") Integer windowMillis) {
    }

    /**
     * Where the board is read from.
     *
     * @param source       {@code simulated}, {@code serial} (a microcontroller on a serial port), {@code tcp} (one on
     *                     the network, or the emulator) or {@code wired} (sensors and LEDs wired to the Pi)
     * @param noise        the simulated board's sensor noise, 0 to 1
     * @param seed         the simulated hands' and the engine's random seed, or null for the default (RunSettings.randomSeed)
     * @param faceSensing  the squares report which face of a piece is up
     * @param followLeds   the simulated board carries out the computer's moves shown on the LEDs by itself
     * @param settleMillis how long the board must stay still before it is judged
     * @param clearMoveSettleMillis how long instead when it shows a clear move (docs/leds.md), or null for 100 ms
     *                     (the settle time if that is shorter)
     * @param wrongPositionMillis how long a board that fits nothing may stay so before a correction is shown
     * @param port         for {@code serial}: the device, a udev-stable name or a glob ({@code /dev/ttyACM*})
     * @param baud         for {@code serial}: the line speed
     * @param address      for {@code tcp}: {@code HOST:PORT}
     * @param wired        for {@code wired}: sensors, LEDs and buttons on the Pi's own pins and buses
     */
    public record Board(String source, Double noise, Long seed, @JsonProperty("face-sensing") Boolean faceSensing,
            @JsonProperty("follow-leds") Boolean followLeds, @JsonProperty("settle-millis") Integer settleMillis,
            @JsonProperty("clear-move-settle-millis") Integer clearMoveSettleMillis,
            @JsonProperty("wrong-position-millis") Integer wrongPositionMillis, String port, Integer baud, String address,
            WiredConfig wired) {
    }

    /**
     * The MQTT broker.
     *
     * @param url       {@code embedded}, {@code tcp://HOST:PORT} or {@code ssl://HOST:PORT}
     * @param host      the embedded broker's address (loopback unless a club wants it on the network)
     * @param mqttPort  the embedded broker's MQTT port
     * @param wsPort    the embedded broker's WebSocket port (for the dashboard)
     * @param username  user name for the broker (the embedded broker then requires it)
     * @param password  password
     * @param clientId  MQTT client id; defaults to {@code shogi-bridge-<board-id>}
     * @param caFile    for {@code ssl://}: a PEM file with the CA that signed the broker's certificate
     * @param dashboardUrl the WebSocket URL the dashboard served by this daemon connects to (with an external broker;
     *                  the embedded broker's own is the default)
     * @param viewerUsername the embedded broker's read-only account (with {@code viewerPassword}), or null
     * @param viewerPassword its password
     * @param anonymous what a client without an account may do on the embedded broker: {@code arbiter} (command),
     *                  {@code viewer} (read only) or {@code none} (refused); null for the default (docs/security.md)
     * @param tlsPort   the embedded broker's MQTT-over-TLS port (0 for none)
     * @param wssPort   the embedded broker's WebSocket-over-TLS port (0 for none)
     * @param tlsKeystore the key pair and certificate for TLS: a PKCS#12 file ({@code openssl pkcs12 -export})
     * @param tlsPassword its password
     */
    public record Broker(String url, String host, @JsonProperty("mqtt-port") Integer mqttPort,
            @JsonProperty("ws-port") Integer wsPort, String username, String password,
            @JsonProperty("client-id") String clientId, @JsonProperty("ca-file") String caFile,
            @JsonProperty("dashboard-url") String dashboardUrl,
            @JsonProperty("viewer-username") String viewerUsername, @JsonProperty("viewer-password") String viewerPassword,
            String anonymous, @JsonProperty("tls-port") Integer tlsPort, @JsonProperty("wss-port") Integer wssPort,
            @JsonProperty("tls-keystore") String tlsKeystore, @JsonProperty("tls-password") String tlsPassword) {
    }

    /** Remote commands on {@code cmd/<verb>}. */
    public record Commands(Boolean enabled) {
    }

    /** The engine's evaluation after each move, on {@code analysis}. */
    public record Analysis(Boolean enabled, @JsonProperty("millis") Integer millis) {
    }

    /**
     * A review of every finished game by the built-in engine, in the background (docs/learning.md).
     *
     * @param enabled review each game once it ends
     * @param nodes   the search's node budget per position
     */
    public record Review(Boolean enabled, Integer nodes) {
    }

    /**
     * What the board says aloud (docs/voice.md).
     *
     * @param enabled          speak and publish on {@code voice}
     * @param output           {@code aplay} (ALSA: the Pi's jack or a USB speaker) or {@code none} (publish only)
     * @param command          the speech engine, with {@code {wav}} and {@code {text}} in it; null for espeak-ng
     * @param volume           espeak-ng's amplitude, 0 to 200
     * @param language         {@code ja}
     * @param announceOwnMoves read a person's own moves too, not only the computer's
     * @param byoyomi          call the clock's warnings and byoyomi
     */
    public record Voice(Boolean enabled, String output, String command, Integer volume, String language,
            @JsonProperty("announce-own-moves") Boolean announceOwnMoves, Boolean byoyomi) {
    }

    /** The HTTP server for the dashboard and the games. */
    public record Http(String host, Integer port) {
    }

    /** Return the defaults: what the daemon does with no configuration file and no options. */
    public static DaemonConfig defaults() {
        return new DaemonConfig("standard", "none", "casual",
                new Players(new Player("human", "先手", null, null, Map.of()), new Player("engine", null, 5, null, Map.of())),
                new Clock(0, 0, 0, "auto"), new Promotion("promote", 1500),
                new Board("simulated", 0.0, null, false, true, 250, null, 2500, null, 115_200, null, WiredConfig.defaults()),
                new Broker("embedded", "127.0.0.1", 1883, 9001, null, null, null, null, null, null, null, null, 0, 0, null, null),
                "local", "board1", null, new Commands(true), new Analysis(false, 500), new Review(true, 50_000), false, new Http("127.0.0.1", 8080),
                new Voice(false, "aplay", null, 100, "ja", false, true),
                "./shogi-bridge-data", false,
                new Online(null, "https://lishogi.org", null, true, new Seek(10, 30, 0, false, "standard")));
    }
}
