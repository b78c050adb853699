package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.usi.TestEngines;

/**
 * What the daemon offers beyond playing moves, each through the broker as a user reaches it: tournament fouls,
 * analysis and hints, an external USI engine as a player, and the embedded broker's password.
 */
class DaemonFeaturesTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String PREFIX = "shogi/v1/test/f1";

    @TempDir
    Path data;
    private Daemon daemon;
    private Subscriber mqtt;
    private int mqttPort;

    private void start(Map<String, Object> extra) throws Exception {
        mqttPort = Ports.free();
        Map<String, Object> overrides = new HashMap<>(Map.of("data-dir", data.toString(), "event", "test", "board-id", "f1",
                "broker.mqtt-port", mqttPort, "broker.ws-port", Ports.free(), "http.port", Ports.free(),
                "players.sente", Map.of("type", "human"), "players.gote", Map.of("type", "human")));
        overrides.putAll(extra);
        daemon = new Daemon(new ConfigLoader().load(null, overrides));
        daemon.start();
    }

    private Subscriber subscribe(String username, String password) throws Exception {
        mqtt = Subscriber.toListeningDaemon("tcp://127.0.0.1:" + mqttPort, PREFIX, username, password, WAIT);
        return mqtt;
    }

    @AfterEach
    void stop() throws Exception {
        Subscriber.closeAll(mqtt, daemon);
    }

    private void sim(String json) throws Exception {
        mqtt.command("sim", json);
    }

    @Test
    void inTournamentAnIllegalMoveLeftOnTheBoardLosesAndIsRecorded() throws Exception {
        start(Map.of("mode", "tournament", "board.wrong-position-millis", 500));
        subscribe(null, null);
        sim("{\"action\":\"play\",\"usi\":\"7g7f\"}");
        sim("{\"action\":\"press\",\"button\":\"black-clock\"}"); // in a tournament a move is made at its press
        mqtt.await("moves", j -> j.get("ply").asInt() == 1, WAIT);
        // Gote's pawn jumps two squares: 3c to 3e.
        sim("{\"action\":\"lift\",\"square\":\"3c\"}");
        sim("{\"action\":\"place\",\"square\":\"3e\"}");
        JsonNode ended = mqtt.await("state", j -> !j.get("result").isNull(), WAIT).json();
        assertEquals("black", ended.get("result").get("winner").asText(), ended.toString());
        assertTrue(ended.get("result").get("reason").asText().contains("illegal"), ended.toString());

        Path games = data.resolve("games");
        Path kifu;
        try (var files = Files.list(games)) {
            kifu = files.filter(p -> p.toString().endsWith(".kifu")).findFirst().orElseThrow();
        }
        GameRecord record = RecordFormat.read(kifu.toString(), Files.readAllBytes(kifu));
        assertEquals(1, record.mainLine().moveArray().length);
        assertEquals(Usi.parseMove(Position.start(Variant.STANDARD), "7g7f"), record.mainLine().moveArray()[0]);
        assertEquals(Ending.ILLEGAL_MOVE, record.mainLine().ending(), "gote, to move, lost by the foul");
        assertTrue(String.join(" ", record.mainLine().endingComments()).contains("impossible movement"),
                record.mainLine().endingComments().toString());
    }

    @Test
    void analysisFollowsEachMoveAndAHintIsALegalMove() throws Exception {
        start(Map.of("analysis.enabled", true, "analysis.millis", 200));
        subscribe(null, null);
        sim("{\"action\":\"play\",\"usi\":\"7g7f\"}");
        JsonNode analysis = mqtt.await("analysis", j -> j.get("ply").asInt() == 1, WAIT).json();
        Position after = Position.start(Variant.STANDARD);
        after.doMove(Usi.parseMove(after, "7g7f"));
        assertTrue(analysis.get("pv").size() > 0, analysis.toString());
        Usi.parseLegalMove(after, analysis.get("pv").get(0).asText()); // throws unless gote can play it
        assertTrue(analysis.get("depth").asInt() > 0, analysis.toString());

        mqtt.command("hint", "{\"id\":\"h1\"}");
        JsonNode hint = mqtt.await("cmd/hint/result", j -> true, WAIT).json();
        assertTrue(hint.get("ok").asBoolean(), hint.toString());
        assertEquals("h1", hint.get("id").asText());
        Usi.parseLegalMove(after, hint.get("hint").asText());

        // The next analysis carries the whole game's scores, for a viewer who arrives late.
        sim("{\"action\":\"play\",\"usi\":\"8c8d\"}");
        JsonNode next = mqtt.await("analysis", j -> j.get("ply").asInt() == 2, WAIT).json();
        assertEquals("[[1," + analysis.get("score").asInt() + "],[2," + next.get("score").asInt() + "]]",
                next.get("scores").toString());
    }

    @Test
    void anExternalUsiEngineTakesASideAndItsMovesAreCarriedOutFromTheLeds() throws Exception {
        // This project's own USI engine, started as a separate process the way gpsusi or YaneuraOu would be.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = java + " -cp " + System.getProperty("java.class.path") + " org.shogibridge.device.cli.ShogiBridge usi";
        assertFalse(command.contains("\""), "a plain command line");
        start(Map.of("players.gote", Map.of("type", "usi", "command", command, "options", Map.of("Level", "1")),
                "board.follow-leds", true, "clock.byoyomi-seconds", 10));
        subscribe(null, null);
        sim("{\"action\":\"play\",\"usi\":\"7g7f\"}");
        JsonNode reply = mqtt.await("moves", j -> j.get("ply").asInt() == 2, WAIT).json();
        assertTrue(reply.get("computer").asBoolean(), reply.toString());
        Position after = Position.start(Variant.STANDARD);
        after.doMove(Usi.parseMove(after, "7g7f"));
        int move = Usi.parseLegalMove(after, reply.get("usi").asText());
        after.doMove(move);
        assertEquals(Sfen.format(after), reply.get("sfen").asText());
        JsonNode state = mqtt.await("state", j -> j.get("moves").size() == 2, WAIT).json();
        assertEquals("usi", state.get("players").get("white").get("type").asText());
    }

    @Test
    void anExternalUsiEngineIsToldTheVariantOfTheGameInItsOwnWords() throws Exception {
        // A stand-in for Fairy-Stockfish 14: it plays chess until told okisakishogi, then answers 10c10d in its own
        // squares (":c:d"). The config gives no UCI_Variant: the daemon must tell it, and read its move back.
        Path engine = TestEngines.executable(data.resolve("Fairy-Stockfish"), "#!/bin/sh",
                "variant=chess",
                "while read -r line; do",
                "  case \"$line\" in",
                "    usi) echo \"id name Fairy-Stockfish 14.0.1\"",
                "         echo \"option name UCI_Variant type combo default chess var chess var shogi var okisakishogi\"",
                "         echo usiok ;;",
                "    isready) echo readyok ;;",
                "    'setoption name UCI_Variant value '*) variant=\"${line##* }\" ;;",
                "    go*) if [ \"$variant\" = okisakishogi ]; then echo \"bestmove :c:d\"; else echo \"bestmove e7e5\"; fi ;;",
                "    quit) exit 0 ;;",
                "  esac",
                "done");
        start(Map.of("variant", "okisaki", "players.gote", Map.of("type", "usi", "command", engine.toString()),
                "board.follow-leds", true, "clock.byoyomi-seconds", 10));
        subscribe(null, null);
        sim("{\"action\":\"play\",\"usi\":\"1h1g\"}");
        JsonNode reply = mqtt.await("moves", j -> j.get("ply").asInt() == 2, WAIT).json();
        assertTrue(reply.get("computer").asBoolean(), reply.toString());
        assertEquals("10c10d", reply.get("usi").asText());
        Position after = Position.start(Variant.OKISAKI);
        after.doMove(Usi.parseLegalMove(after, "1h1g"));
        after.doMove(Usi.parseLegalMove(after, "10c10d"));
        assertEquals(Sfen.format(after), reply.get("sfen").asText());
    }

    @Test
    void theEmbeddedBrokerWithAPasswordRefusesStrangers() throws Exception {
        start(Map.of("broker.username", "table3", "broker.password", "s3cret"));
        MqttException refused = assertThrows(MqttException.class,
                () -> new Subscriber("tcp://127.0.0.1:" + mqttPort, PREFIX, "table3", "wrong").close());
        assertEquals(MqttException.REASON_CODE_FAILED_AUTHENTICATION, refused.getReasonCode(), refused.toString());
        assertThrows(MqttException.class, () -> new Subscriber("tcp://127.0.0.1:" + mqttPort, PREFIX).close());
        subscribe("table3", "s3cret");
        sim("{\"action\":\"play\",\"usi\":\"2g2f\"}");
        assertEquals("2g2f", mqtt.await("moves", j -> j.get("ply").asInt() == 1, WAIT).json().get("usi").asText());
    }

    /** The page's new-game dialog and arbiter controls, as the commands they send: every field reaches the game. */
    @Test
    void aGameSetUpByCommandRunsItsOwnClockAndAnArbiterPausesSetsAndDecidesIt() throws Exception {
        start(Map.of());
        subscribe(null, null);
        mqtt.command("new-game", "{\"id\":\"n1\",\"handicap\":\"二枚落ち\",\"time\":{\"main-seconds\":600,\"byoyomi-seconds\":30},"
                + "\"mode\":\"tournament\",\"black\":{\"type\":\"human\",\"name\":\"下手 花子\"},"
                + "\"white\":{\"type\":\"human\",\"name\":\"上手 太郎\"}}");
        assertTrue(mqtt.await("cmd/new-game/result", j -> j.path("id").asText().equals("n1"), WAIT).json().get("ok").asBoolean());
        JsonNode game = mqtt.await("state", j -> j.get("players").get("black").get("name").asText().equals("下手 花子"), WAIT).json();
        assertEquals("tournament", game.get("mode").asText());
        assertEquals(600_000, game.get("clock").get("timeControl").get("mainMillis").asLong());
        assertEquals(30_000, game.get("clock").get("timeControl").get("byoyomiMillis").asLong());
        assertEquals("white", game.get("sideToMove").asText(), "the upper hand moves first");
        long seq = game.get("seq").asLong();

        sim("{\"action\":\"play\",\"usi\":\"5a4b\"}");
        sim("{\"action\":\"press\",\"button\":\"white-clock\"}"); // a tournament game: the move is made at its press
        mqtt.await("moves", j -> j.get("ply").asInt() == 1, WAIT);
        mqtt.command("clock", "{\"id\":\"c1\",\"action\":\"pause\"}");
        assertTrue(mqtt.await("cmd/clock/result", j -> j.path("id").asText().equals("c1"), WAIT).json().get("ok").asBoolean());
        JsonNode paused = mqtt.await("state", j -> j.get("seq").asLong() > seq && j.get("clock").get("paused").asText().equals("black"), WAIT).json();
        assertTrue(paused.get("clock").get("running").isNull());
        mqtt.command("clock", "{\"id\":\"c2\",\"action\":\"set\",\"side\":\"black\",\"seconds\":120}");
        mqtt.await("state", j -> j.get("clock").get("black").asLong() == 120_000, WAIT);
        mqtt.command("clock", "{\"id\":\"c3\",\"action\":\"pause\"}");
        JsonNode refused = mqtt.await("cmd/clock/result", j -> j.path("id").asText().equals("c3"), WAIT).json();
        assertEquals("Clock stopped. It is not running.", refused.get("error").asText());
        mqtt.command("clock", "{\"action\":\"start\"}");
        mqtt.await("state", j -> j.get("clock").get("running").asText().equals("black"), WAIT);

        mqtt.command("result", "{\"id\":\"r0\",\"winner\":\"draw\",\"reason\":\"resignation\"}");
        assertEquals("No winner. A resignation needs a winner.",
                mqtt.await("cmd/result/result", j -> j.path("id").asText().equals("r0"), WAIT).json().get("error").asText());
        mqtt.command("result", "{\"id\":\"r1\",\"winner\":\"white\",\"reason\":\"time-forfeit\"}");
        JsonNode ended = mqtt.await("state", j -> !j.get("result").isNull(), WAIT).json();
        assertEquals("white", ended.get("result").get("winner").asText());
        assertEquals("time_forfeit", ended.get("result").get("reason").asText());
        assertEquals("declared by the arbiter", ended.get("result").get("detail").asText());

        Path kifu = awaitRecord(".kifu");
        String text = Files.readString(kifu);
        assertTrue(text.contains("持ち時間：10分+秒読み30秒"), text);
        assertTrue(text.contains("手合割：二枚落ち"), text);
        assertTrue(text.contains("下手：下手 花子") || text.contains("先手：下手 花子"), text);
        GameRecord record = RecordFormat.read(kifu.toString(), Files.readAllBytes(kifu));
        assertEquals(Ending.TIME_UP, record.mainLine().ending());
        assertEquals(1, record.mainLine().moveArray().length);
    }

    /** The first record file of this type in the games directory, once it is written. */
    private Path awaitRecord(String suffix) throws Exception {
        return Await.value("a " + suffix + " record in " + data.resolve("games"), WAIT, () -> {
            if (!Files.isDirectory(data.resolve("games"))) {
                return null;
            }
            try (var files = Files.list(data.resolve("games"))) {
                return files.filter(p -> p.toString().endsWith(suffix)).findFirst().orElse(null);
            } catch (java.io.IOException e) {
                return null;
            }
        });
    }
}
