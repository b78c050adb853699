package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.device.config.ConfigLoader;

/**
 * The daemon publishing to a real Mosquitto that goes down for several seconds mid-game: the game goes on on the
 * board, and when the broker is back every move reaches the subscriber once, in order.
 */
class BrokerOutageTest {
    private static final Duration WAIT = Duration.ofSeconds(40);
    private static final String PREFIX = "shogi/v1/club/t3";

    @TempDir
    Path dir;

    @Test
    void noMoveIsLostOrDuplicatedWhileTheBrokerIsDown() throws Exception {
        List<String> opening = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h");
        try (Mosquitto mosquitto = new Mosquitto(dir)) {
            var settings = new ConfigLoader().load(null, Map.of("data-dir", dir.resolve("data").toString(), "event", "club",
                    "board-id", "t3", "broker.url", mosquitto.url(), "http.port", Ports.free(),
                    "players.sente", Map.of("type", "human"), "players.gote", Map.of("type", "human")));
            try (Daemon daemon = new Daemon(settings); Subscriber mqtt = new Subscriber(mosquitto.url(), PREFIX)) {
                daemon.start();
                mqtt.await("status", j -> j.get("status").asText().equals("online"), WAIT);
                for (int ply = 1; ply <= 2; ply++) {
                    mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + opening.get(ply - 1) + "\"}");
                    final int p = ply;
                    mqtt.await("moves", j -> j.get("ply").asInt() == p, WAIT);
                }
                mosquitto.stop();
                for (int ply = 3; ply <= 5; ply++) {
                    daemon.probe().simulatePlay(opening.get(ply - 1)).get();
                    waitForMoves(daemon, ply);
                }
                Thread.sleep(3_000); // several seconds without a broker
                mosquitto.start();
                for (int ply = 6; ply <= opening.size(); ply++) {
                    final int p = ply - 1;
                    mqtt.await("moves", j -> j.get("ply").asInt() == p, WAIT); // the backlog arrived
                    mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + opening.get(ply - 1) + "\"}");
                }
                final int last = opening.size();
                mqtt.await("moves", j -> j.get("ply").asInt() == last, WAIT);
                mqtt.await("state", j -> j.get("moves").size() == last, WAIT);

                List<String> received = new ArrayList<>();
                Set<Long> seqs = new HashSet<>();
                long previous = 0;
                for (Subscriber.Message m : mqtt.on("moves")) {
                    JsonNode move = m.json();
                    received.add(move.get("usi").asText());
                    assertTrue(seqs.add(move.get("seq").asLong()), "no duplicate: " + move);
                    assertTrue(move.get("seq").asLong() > previous, "in order: " + move);
                    previous = move.get("seq").asLong();
                }
                assertEquals(opening, received);
                assertEquals("{\"status\":\"online\"}", mqtt.on("status").get(mqtt.on("status").size() - 1).text());
            }
        }
    }

    private static void waitForMoves(Daemon daemon, int plies) throws Exception {
        Await.until("the board at move " + plies, WAIT, () -> {
            try {
                return daemon.probe().moveCount() >= plies;
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }
}
