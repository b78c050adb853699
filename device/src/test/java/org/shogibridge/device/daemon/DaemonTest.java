package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.config.RunSettings;

/**
 * The daemon in this process on a simulated board with the embedded broker, played and watched over MQTT the way a
 * user does with mosquitto_pub and mosquitto_sub.
 */
class DaemonTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String PREFIX = "shogi/v1/test/b1";
    private static final List<String> OPENING = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e");

    @TempDir
    Path data;
    private Daemon daemon;
    private Subscriber mqtt;

    private Subscriber start(String sente, String gote) throws Exception {
        int mqttPort = Ports.free();
        Map<String, Object> overrides = Map.of("data-dir", data.toString(), "event", "test", "board-id", "b1",
                "broker.mqtt-port", mqttPort, "broker.ws-port", Ports.free(), "http.port", Ports.free(),
                "players.sente", Map.of("type", sente, "level", 1), "players.gote", Map.of("type", gote, "level", 1));
        RunSettings settings = new ConfigLoader().load(null, overrides);
        daemon = new Daemon(settings);
        daemon.start();
        mqtt = Subscriber.toListeningDaemon("tcp://127.0.0.1:" + mqttPort, PREFIX, null, null, WAIT);
        return mqtt;
    }

    @AfterEach
    void stop() throws Exception {
        Subscriber.closeAll(mqtt, daemon);
    }

    private JsonNode play(String usi, int ply) throws Exception {
        mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + usi + "\"}");
        return mqtt.await("moves", j -> j.get("ply").asInt() == ply && j.has("usi"), WAIT).json();
    }

    /** Finding 8: a takeback from the page puts the simulated pieces back, and the game goes on from there. */
    @Test
    void aTakebackFromThePagePutsTheSimulatedPiecesBack() throws Exception {
        start("human", "human");
        play("7g7f", 1);
        play("3c3d", 2);
        long played = mqtt.await("state", j -> j.get("moves").size() == 2, WAIT).json().get("seq").asLong();
        mqtt.command("takeback", "{\"id\":\"t1\"}");
        assertTrue(mqtt.await("cmd/takeback/result", j -> j.has("id"), WAIT).json().get("ok").asBoolean());
        JsonNode back = mqtt.await("state", j -> j.get("seq").asLong() > played && j.get("moves").size() == 1, WAIT).json();
        long seq = back.get("seq").asLong();
        // The board is read a second on (by the daemon's clock) and judged: it agrees with the game, no correction.
        assertTrue(daemon.probe().awaitBoardRead(1_000, WAIT.toMillis()), "the board is read on");
        var judged = daemon.probe().stateAfterATick();
        assertEquals(1, judged.moves().size());
        assertEquals(org.shogibridge.core.session.BoardStatus.Kind.MATCHED, judged.status().kind(), judged.status().toString());
        JsonNode settled = mqtt.on("state").get(mqtt.on("state").size() - 1).json();
        assertEquals(1, settled.get("moves").size());
        assertTrue(settled.get("seq").asLong() >= seq);
        mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"8c8d\"}");
        JsonNode after = mqtt.await("state", j -> j.get("seq").asLong() > seq && j.get("moves").size() == 2, WAIT).json();
        assertEquals(List.of("7g7f", "8c8d"), strings(after.get("moves")), "the game goes on from the position taken back");
    }

    @Test
    void twoPeopleAGameInMovesAndStatesAndTheRecordReadsBackEqual() throws Exception {
        start("human", "human");
        for (int i = 0; i < OPENING.size(); i++) {
            JsonNode move = play(OPENING.get(i), i + 1);
            assertEquals(OPENING.get(i), move.get("usi").asText());
        }
        mqtt.command("resign", "{\"side\":\"black\"}");
        assertTrue(mqtt.await("cmd/resign/result", j -> true, WAIT).json().get("ok").asBoolean());
        JsonNode last = mqtt.await("state", j -> !j.get("result").isNull(), WAIT).json();
        assertEquals("white", last.get("result").get("winner").asText());
        assertEquals("resignation", last.get("result").get("reason").asText());

        // Every moves message once, in order, with growing sequence numbers; every state newer than the last.
        List<String> played = new ArrayList<>();
        long seq = 0;
        for (Subscriber.Message m : mqtt.on("moves")) {
            played.add(m.json().get("usi").asText());
            assertTrue(m.json().get("seq").asLong() > seq);
            seq = m.json().get("seq").asLong();
        }
        assertEquals(OPENING, played);
        long stateSeq = 0;
        long stateTime = 0;
        for (Subscriber.Message m : mqtt.on("state")) {
            assertTrue(m.json().get("seq").asLong() > stateSeq, "states arrive in order");
            stateSeq = m.json().get("seq").asLong();
            long time = m.json().get("time").asLong();
            assertTrue(time >= stateTime && time <= System.currentTimeMillis(), "each state says when it was made: " + time);
            stateTime = time;
        }
        assertEquals(OPENING, strings(last.get("moves")));
        assertEquals("▲７六歩", last.get("movesJapanese").get(0).asText());

        // The finished game is in the games directory as KIF and CSA, and reads back equal.
        String id = last.get("game").asText();
        for (String extension : List.of("kifu", "csa")) {
            Path file = data.resolve("games").resolve(id + "." + extension);
            GameRecord record = RecordFormat.read(file.toString(), Files.readAllBytes(file));
            List<String> moves = RecordMoves.usi(record);
            assertEquals(OPENING, moves, extension);
            assertEquals(Ending.RESIGNATION, record.mainLine().ending(), extension);
        }

        HttpClient http = HttpClient.newHttpClient();
        String games = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.httpPort() + "/games/")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(games.contains(id + ".kifu"), games);
        HttpResponse<String> kifu = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + daemon.httpPort() + "/games/" + id + ".kifu")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, kifu.statusCode());
        assertTrue(kifu.body().contains("投了"), kifu.body());
        assertEquals(404, http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.httpPort()
                + "/games/..%2Fjournal.jsonl")).build(), HttpResponse.BodyHandlers.ofString()).statusCode());

        // The page opens the finished game in its board view: the list, then the game as a finished state.
        String base = "http://127.0.0.1:" + daemon.httpPort() + "/games/";
        JsonNode index = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(base + "index.json")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertEquals(id, index.get("games").get(0).asText());
        JsonNode archived = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(base + id + ".json")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertEquals(OPENING, strings(archived.get("moves")));
        assertEquals(strings(last.get("movesJapanese")), strings(archived.get("movesJapanese")));
        assertEquals(last.get("sfen").asText(), archived.get("sfen").asText());
        assertEquals("white", archived.get("result").get("winner").asText());
        assertEquals("resignation", archived.get("result").get("reason").asText());
        for (String format : List.of("kif", "jkf")) { // made from the kept KIF
            HttpResponse<byte[]> other = http.send(HttpRequest.newBuilder(URI.create(base + id + "." + format)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, other.statusCode(), format);
            assertEquals(OPENING.size(), RecordFormat.read("game." + format, other.body()).mainLine().moveArray().length, format);
        }
        assertEquals(404, http.send(HttpRequest.newBuilder(URI.create(base + "20990101-000000-none.json")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    @Test
    void aPersonAgainstTheEngineWhoseMovesTheHandsCarryOutFromTheLeds() throws Exception {
        start("human", "engine");
        play("7g7f", 1);
        JsonNode reply = mqtt.await("moves", j -> j.get("ply").asInt() == 2, WAIT).json();
        assertTrue(reply.get("computer").asBoolean());
        String engineMove = reply.get("usi").asText();
        play("2g2f", 3);
        mqtt.await("moves", j -> j.get("ply").asInt() == 4, WAIT);
        HttpResponse<String> live = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + daemon.httpPort() + "/live/b1.kifu")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, live.statusCode());
        assertTrue(live.body().contains("コンピュータ レベル1"), live.body());
        assertTrue(live.body().contains("   2 "), "the live record has the engine's move " + engineMove + ": " + live.body());
        for (String format : List.of("kif", "csa", "jkf")) { // kif: KIF in Shift_JIS
            HttpResponse<byte[]> other = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + daemon.httpPort() + "/live/b1." + format)).build(), HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, other.statusCode(), format);
            GameRecord record = RecordFormat.read("live." + format, other.body());
            assertEquals(4, record.mainLine().moveArray().length, format);
            assertEquals(engineMove, Usi.format(record.variant(), record.mainLine().moveArray()[1]), format);
        }
    }

    @Test
    void theDashboardIsServedFromTheJarGzippedToBrowsersThatAcceptIt() throws Exception {
        start("human", "human");
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + daemon.httpPort();
        HttpResponse<String> index = http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, index.statusCode());
        assertEquals("no-cache", index.headers().firstValue("Cache-Control").orElse(""), "a new build's page is seen at once");
        Matcher script = Pattern.compile("src=\"\\./(assets/[^\"]+\\.js)\"").matcher(index.body());
        assertTrue(script.find(), index.body());

        HttpResponse<byte[]> plain = http.send(HttpRequest.newBuilder(URI.create(base + "/" + script.group(1))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        HttpResponse<byte[]> zipped = http.send(HttpRequest.newBuilder(URI.create(base + "/" + script.group(1)))
                .header("Accept-Encoding", "gzip, deflate").build(), HttpResponse.BodyHandlers.ofByteArray());
        assertTrue(plain.headers().firstValue("Content-Encoding").isEmpty());
        assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElse(""));
        assertTrue(zipped.body().length * 2 < plain.body().length, zipped.body().length + " of " + plain.body().length);
        try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(zipped.body()))) {
            assertArrayEquals(plain.body(), in.readAllBytes());
        }
        assertTrue(zipped.headers().firstValue("Cache-Control").orElse("").contains("immutable"), "hashed names never change");
        assertTrue(zipped.headers().firstValue("Content-Type").orElse("").startsWith("text/javascript"));
        for (String missing : List.of("/nothing.js", "/assets/../../pom.xml", "/%2e%2e/journal.jsonl")) {
            assertEquals(404, http.send(HttpRequest.newBuilder(URI.create(base + missing)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode(), missing);
        }
    }

    @Test
    void badCommandsAreAnsweredWithAnErrorAndChangeNothing() throws Exception {
        start("human", "human");
        play("7g7f", 1);
        long seqBefore = mqtt.await("state", j -> j.get("moves").size() == 1, WAIT).json().get("seq").asLong();
        mqtt.command("bogus", "{}");
        assertEquals("Unknown command. 'bogus' is not one of abort, clock, hint, impasse, level, new-game, players, promote, resign, result, seek, sim, takeback, tsume, tutor.",
                mqtt.await("cmd/bogus/result", j -> true, WAIT).json().get("error").asText());
        mqtt.command("seek", "{}");
        assertEquals("Not online. This board plays online only with online.service set (docs/online.md).",
                mqtt.await("cmd/seek/result", j -> true, WAIT).json().get("error").asText());
        mqtt.command("resign", "{\"side\":");
        assertTrue(mqtt.await("cmd/resign/result", j -> true, WAIT).json().get("error").asText().startsWith("Malformed command. Not JSON"));
        mqtt.raw("takeback", new byte[5000]);
        assertEquals("Command too large. 5000 bytes; at most 4096.", mqtt.await("cmd/takeback/result", j -> true, WAIT).json().get("error").asText());
        mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"7g7e\",\"id\":\"x1\"}");
        JsonNode illegal = mqtt.await("cmd/sim/result", j -> j.has("id"), WAIT).json();
        assertFalse(illegal.get("ok").asBoolean());
        assertEquals("x1", illegal.get("id").asText());
        assertTrue(illegal.get("error").asText().startsWith("Illegal move."), illegal.toString());
        mqtt.command("new-game", "{\"sfen\":\"not a position\"}");
        assertTrue(mqtt.await("cmd/new-game/result", j -> true, WAIT).json().get("error").asText().startsWith("Invalid SFEN."));
        mqtt.command("level", "{\"level\":11}");
        assertEquals("Malformed command. 'level' must be a whole number from 1 to 10.",
                mqtt.await("cmd/level/result", j -> true, WAIT).json().get("error").asText());
        mqtt.command("promote", "{\"promote\":true}");
        assertEquals("No promotion pending. Nothing to choose.", mqtt.await("cmd/promote/result", j -> true, WAIT).json().get("error").asText());
        mqtt.command("resign", "{\"side\":\"black\",\"extra\":1}");
        mqtt.await("cmd/resign/result", j -> j.get("error").asText().contains("'resign' has no field 'extra'"), WAIT);
        // What a command changes is published before its answer (one ordered outbox): every answer is in.
        List<Subscriber.Message> states = mqtt.on("state");
        assertEquals(seqBefore, states.get(states.size() - 1).json().get("seq").asLong(), "no bad command changed the game");
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
