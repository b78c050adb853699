package org.shogibridge.device.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shogibridge.device.mqtt.BrokerRoles;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.Player;

class ConfigLoaderTest {
    @TempDir
    Path dir;

    private RunSettings load(String yaml, Map<String, Object> overrides) throws Exception {
        Path file = null;
        if (yaml != null) {
            file = dir.resolve("shogi-bridge.yaml");
            Files.writeString(file, yaml);
        }
        return new ConfigLoader().load(file, overrides);
    }

    @Test
    void theDefaultsAreAPersonAgainstTheEngineOnASimulatedBoardWithTheEmbeddedBroker() throws Exception {
        RunSettings s = load(null, Map.of());
        assertEquals(Variant.STANDARD, s.session().variant());
        assertEquals(Player.Kind.HUMAN, s.session().black().kind());
        assertEquals(Player.engine(5), s.session().white());
        assertEquals("shogi/v1/local/board1", s.topicPrefix());
        assertEquals(true, s.embeddedBroker());
        assertEquals("127.0.0.1", s.config().broker().host());
        assertEquals(Path.of("./shogi-bridge-data"), s.dataDir());
        assertNull(s.handicap());
    }

    @Test
    void theFileOverridesTheDefaultsAndOptionsOverrideTheFile() throws Exception {
        RunSettings s = load("""
                variant: standard
                handicap: 角落ち
                mode: tournament
                players:
                  gote:
                    type: usi
                    command: /usr/games/gpsusi
                    options: {Threads: "1"}
                clock:
                  main-seconds: 600
                  byoyomi-seconds: 30
                broker:
                  mqtt-port: 1999
                """, Map.of("broker.mqtt-port", 2001, "event", "club"));
        assertEquals(Handicap.BISHOP, s.handicap());
        assertEquals(Game.Mode.TOURNAMENT, s.session().inference().game().mode());
        assertEquals(Player.Kind.USI, s.session().white().kind());
        assertEquals(Map.of("Threads", "1"), s.goteOptions());
        assertEquals(600_000, s.session().timeControl().mainMillis());
        assertEquals(30_000, s.session().timeControl().byoyomiMillis());
        assertEquals(2001, s.config().broker().mqttPort());
        assertEquals("shogi/v1/club/board1", s.topicPrefix());
        assertEquals(Player.Kind.HUMAN, s.session().black().kind(), "a side the file leaves out keeps its default");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "unknown key|variant: standard\\nplayers:\\n  gote:\\n    type: engine\\n    levle: 3|:5: unknown key 'players.gote.levle' (known here: board, command, event, grace-seconds, host, level, name, options, type).",
            "wrong type|clock:\\n  main-seconds: ten|:2: key 'clock.main-seconds' must be a whole number.",
            "impossible value|players:\\n  gote:\\n    type: engine\\n    level: 12|:4: key 'players.gote.level' must be 1 to 10, not 12.",
            "unknown variant|variant: chess|:1: key 'variant' must be one of minishogi, okisaki, standard, not 'chess'.",
            "bad broker|broker:\\n  url: http://x|:2: key 'broker.url' must be embedded, tcp://HOST:PORT or ssl://HOST:PORT, not 'http://x'.",
            "bad dashboard url|broker:\\n  url: tcp://club:1883\\n  dashboard-url: http://club/mqtt|:3: key 'broker.dashboard-url' must be ws://HOST:PORT/PATH or wss://HOST:PORT/PATH, not 'http://club/mqtt'.",
            "user without password|broker:\\n  username: club|:2: key 'broker.username' needs 'broker.password' as well.",
            "account in a bad url|broker:\\n  url: http://table3:s3cret@club|:2: key 'broker.url' must be embedded, tcp://HOST:PORT or ssl://HOST:PORT, not 'http://table3:***@club'.",
            "url user without password|broker:\\n  url: tcp://table3@club:1883|:2: key 'broker.url' names the user table3 but no password (tcp://USER:PASSWORD@HOST:PORT).",
            "account twice|broker:\\n  url: tcp://table3:s3cret@club:1883\\n  username: a\\n  password: b|:2: key 'broker.url' holds an account, and so do broker.username and broker.password: give it once.",
            "viewer without password|broker:\\n  viewer-username: room|:2: key 'broker.viewer-username' needs 'broker.viewer-password' as well.",
            "the daemon's own account|broker:\\n  username: shogi-bridge-board\\n  password: x|:2: key 'broker.username' is the daemon's own account on its broker; choose another name.",
            "bad anonymous role|broker:\\n  anonymous: admin|:2: key 'broker.anonymous' must be one of arbiter, none, viewer, not 'admin'.",
            "tls without a key|broker:\\n  tls-port: 8883|:2: key 'broker.tls-port' needs broker.tls-keystore, the broker's key and certificate (docs/security.md).",
            "tls key missing|broker:\\n  tls-port: 8883\\n  tls-keystore: /nonexistent/broker.p12\\n  tls-password: x|:3: key 'broker.tls-keystore' names no readable file: '/nonexistent/broker.p12'.",
            "bad board id|board-id: a/b|:1: key 'board-id' must be 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit, not 'a/b'.",
            "handicap in minishogi|variant: minishogi\\nhandicap: 角落ち|:2: key 'handicap' handicaps exist only in standard shogi.",
            "not YAML|mode: [a|:1: not YAML: while parsing a flow sequence.",
            "not a mapping|- a\\n- b|:1: the file must be a mapping of keys.",
            "wrong promotion|promotion:\\n  default: maybe|:2: key 'promotion.default' must be one of decline, promote, not 'maybe'.",
            "round zero|round: 0|:1: key 'round' must be 1 to 1000, not 0.",
    })
    void aBadFileNamesTheKeyAndTheLine(String what, String yaml, String message) {
        ConfigException e = assertThrows(ConfigException.class, () -> load(yaml.replace("\\n", "\n"), Map.of()));
        String file = dir.resolve("shogi-bridge.yaml").toString();
        assertEquals("Invalid configuration. " + file + message, e.getMessage());
    }

    /** Issue 82: a demo without board.seed plays other games at each start; a set seed or a plain run repeats. */
    @Test
    void theTutorIsOffUnlessTurnedOnAndTheReviewIsOn() throws Exception {
        assertEquals(false, load(null, Map.of()).config().tutor());
        assertEquals(true, load("tutor: on\n", Map.of()).config().tutor(), "as the issue and docs/learning.md write it");
        assertEquals(true, load(null, Map.of()).config().review().enabled());
        assertEquals(20_000, load("review:\n  nodes: 20000\n", Map.of()).config().review().nodes());
        ConfigException e = assertThrows(ConfigException.class, () -> load("review:\n  nodes: 10\n", Map.of()));
        assertTrue(e.getMessage().contains("review.nodes"), e.getMessage());
    }

    @Test
    void aDemoIsSeededFromTheTimeUnlessTheBoardSeedIsSet() throws Exception {
        RunSettings demo = load(null, Map.of("demo", true));
        assertEquals(111L, demo.randomSeed(111L));
        assertEquals(222L, demo.randomSeed(222L));
        assertEquals(7L, load(null, Map.of("demo", true, "board.seed", 7)).randomSeed(111L));
        assertEquals(1L, load(null, Map.of()).randomSeed(111L), "a plain run repeats: its hands are seeded with 1");
    }

    @Test
    void aBadOptionNamesTheOption() {
        ConfigException e = assertThrows(ConfigException.class, () -> load(null, Map.of("broker.mqtt-port", 70000)));
        assertEquals("Invalid configuration. option --mqtt-port: key 'broker.mqtt-port' must be 0 to 65535, not 70000.", e.getMessage());
    }

    /** Who may do what on the embedded broker by default: docs/security.md. */
    @Test
    void theEmbeddedBrokersDefaultRolesFollowWhereItListensAndItsAccounts() throws Exception {
        assertEquals(BrokerRoles.Role.ARBITER, load(null, Map.of()).anonymousRole(), "loopback, no account: this machine commands");
        assertEquals(BrokerRoles.Role.VIEWER, load(null, Map.of("broker.host", "0.0.0.0")).anonymousRole(),
                "on the network with no account: the room watches, no one commands");
        RunSettings accounts = load("broker:\n  host: 0.0.0.0\n  username: arbiter\n  password: a\n"
                + "  viewer-username: room\n  viewer-password: r\n", Map.of());
        assertEquals(null, accounts.anonymousRole(), "with accounts, a client without one is refused");
        assertEquals(List.of(new BrokerRoles.Account("arbiter", "a", BrokerRoles.Role.ARBITER),
                new BrokerRoles.Account("room", "r", BrokerRoles.Role.VIEWER)), accounts.brokerAccounts());
        assertEquals(BrokerRoles.Role.VIEWER, load("broker:\n  username: arbiter\n  password: a\n  anonymous: viewer\n",
                Map.of()).anonymousRole(), "unless broker.anonymous says otherwise");
    }

    /** An account written into the broker's URL is used, and taken out of the URL the daemon prints and logs. */
    @Test
    void anAccountInTheBrokerUrlIsTakenOutOfIt() throws Exception {
        RunSettings s = load("broker:\n  url: tcp://table3:s%40cret@club.example:1883\n", Map.of());
        assertEquals("tcp://club.example:1883", s.brokerUrl());
        assertEquals("table3", s.brokerUsername());
        assertEquals("s@cret", s.brokerPassword(), "percent-encoded as in any URL");
        RunSettings plain = load("broker:\n  url: tcp://club.example:1883\n  username: a\n  password: b\n", Map.of());
        assertEquals("tcp://club.example:1883", plain.brokerUrl());
        assertEquals("a", plain.brokerUsername());
        assertEquals("b", plain.brokerPassword());
    }
}
