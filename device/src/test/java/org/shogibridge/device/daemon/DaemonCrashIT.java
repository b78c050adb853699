package org.shogibridge.device.daemon;

import org.shogibridge.device.ProductJar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;

/**
 * The real jar as a child process, killed with SIGKILL at random points of a game (between moves and in the middle
 * of one) and started again: the game resumes at the move it had reached, and the finished record has every move
 * once. The broker is a real Mosquitto, so the subscriber outlives the daemon.
 */
class DaemonCrashIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String PREFIX = "shogi/v1/crash/k1";
    private static final List<String> GAME = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b",
            "2e2d", "2c2d", "2h2d", "8e8f", "8g8f", "8b8f");

    @TempDir
    Path dir;

    private Process start(Mosquitto mosquitto, Path data) throws IOException {
        return new ProcessBuilder(ProductJar.command("-Xmx256m", "run", "--data-dir", data.toString(),
                "--broker", mosquitto.url(), "--http-port", Integer.toString(Ports.free()), "--event", "crash", "--board", "k1",
                "--sente", "human", "--gote", "human"))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("daemon.log").toFile())).start();
    }

    @Test
    void killedAtRandomPointsTheGameResumesAndTheRecordHasEveryMoveOnce() throws Exception {
        Random random = new Random(20261123);
        Path data = dir.resolve("data");
        try (Mosquitto mosquitto = new Mosquitto(dir); Subscriber mqtt = new Subscriber(mosquitto.url(), PREFIX)) {
            Process daemon = start(mosquitto, data);
            long lastOnline = awaitOnline(mqtt, 0);
            int kills = 0;
            int ply = 0;
            String gameId = null;
            while (ply < GAME.size()) {
                JsonNode state = latestState(mqtt);
                gameId = state.get("game").asText();
                ply = state.get("moves").size();
                assertEquals(GAME.subList(0, ply), strings(state.get("moves")), "the game resumed with the moves it had");
                if (ply == GAME.size()) {
                    break;
                }
                mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + GAME.get(ply) + "\"}");
                boolean killMidMove = kills < 4 && random.nextInt(4) == 0;
                if (!killMidMove) {
                    final int next = ply + 1;
                    mqtt.await("state", j -> j.get("moves").size() == next, WAIT);
                }
                if (killMidMove || kills < 4 && random.nextInt(3) == 0) {
                    Thread.sleep(random.nextInt(killMidMove ? 1500 : 300));
                    daemon.destroyForcibly(); // SIGKILL: no shutdown hook, no offline, mid-write if it happens
                    daemon.waitFor();
                    kills++;
                    daemon = start(mosquitto, data);
                    lastOnline = awaitOnline(mqtt, lastOnline);
                    mqtt.await("state", j -> j.get("resumed").asBoolean(), WAIT);
                }
            }
            assertTrue(kills >= 2, "killed " + kills + " times");
            mqtt.command("resign", "{\"side\":\"white\"}");
            mqtt.await("state", j -> !j.get("result").isNull(), WAIT);
            daemon.destroy();
            daemon.waitFor();

            Path kifu = data.resolve("games").resolve(gameId + ".kifu");
            GameRecord record = RecordFormat.read(kifu.toString(), Files.readAllBytes(kifu));
            List<String> moves = RecordMoves.usi(record);
            assertEquals(GAME, moves, Files.readString(dir.resolve("daemon.log"), StandardCharsets.UTF_8));
            assertEquals(Ending.RESIGNATION, record.mainLine().ending());
            assertTrue(Files.readString(dir.resolve("daemon.log")).contains("resumed at move"), "the log says it resumed");
        }
    }

    @Test
    void sigtermStopsCleanlySaysOfflineAndTheGameGoesOnAfterARestart() throws Exception {
        Path data = dir.resolve("data");
        try (Mosquitto mosquitto = new Mosquitto(dir); Subscriber mqtt = new Subscriber(mosquitto.url(), PREFIX)) {
            Process daemon = start(mosquitto, data);
            long online = awaitOnline(mqtt, 0);
            for (int ply = 1; ply <= 3; ply++) {
                mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + GAME.get(ply - 1) + "\"}");
                final int p = ply;
                mqtt.await("state", j -> j.get("moves").size() == p, WAIT);
            }
            int statusesBefore = mqtt.on("status").size();
            daemon.destroy(); // SIGTERM
            assertEquals(143, daemon.waitFor(), "the JVM's exit code after SIGTERM and its shutdown hook");
            String log = Files.readString(dir.resolve("daemon.log"), StandardCharsets.UTF_8);
            assertTrue(log.contains("Stopping.") && log.contains("Stopped."), log);
            Await.until("a status after the stop", WAIT, () -> mqtt.on("status").size() > statusesBefore);
            List<Subscriber.Message> statuses = mqtt.on("status");
            assertEquals("{\"status\":\"offline\"}", statuses.get(statuses.size() - 1).text());

            daemon = start(mosquitto, data);
            awaitOnline(mqtt, online);
            JsonNode resumed = mqtt.await("state", j -> j.get("resumed").asBoolean(), WAIT).json();
            assertEquals(GAME.subList(0, 3), strings(resumed.get("moves")));
            daemon.destroy();
            daemon.waitFor();
        }
    }

    /** Wait for an {@code online} status newer than the last one seen (its index among the status messages). */
    private static long awaitOnline(Subscriber mqtt, long seen) throws InterruptedException {
        // The daemon subscribes to its commands before it says "online" (MqttLink): it hears what is sent from then on.
        return Await.value("the daemon online again", WAIT, () -> {
            List<Subscriber.Message> statuses = mqtt.on("status");
            for (int i = (int) seen; i < statuses.size(); i++) {
                if (statuses.get(i).text().contains("online")) {
                    return (long) (i + 1);
                }
            }
            return null;
        });
    }

    private static JsonNode latestState(Subscriber mqtt) throws InterruptedException {
        mqtt.await("state", j -> true, WAIT); // the newest seen: a move sent before a kill and played after it is read next round
        List<Subscriber.Message> states = mqtt.on("state");
        JsonNode best = null;
        for (Subscriber.Message m : states) {
            if (best == null || m.json().get("seq").asLong() > best.get("seq").asLong()) {
                best = m.json();
            }
        }
        return best;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
