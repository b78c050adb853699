package org.shogibridge.device.daemon;

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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.RecordedMove;

/**
 * Issue 86: a game played through {@code cmd/sim} and ended by resignation is reviewed in the background; the review
 * is on disk (the record's comments, the review file) before it is published, retained, on {@code review}.
 */
class DaemonReviewTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The bound: a review within 2 minutes of the game's end on this machine. */
    private static final Duration REVIEW_WAIT = Duration.ofMinutes(2);
    /** Black leaves the rook where the bishop takes it (move 9), and resigns after the recapture. */
    private static final List<String> GAME = List.of("7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "2e2d", "2c2d", "2h2d",
            "3c2d");

    @TempDir
    Path data;

    @Test
    void aGameEndedByResignationIsReviewedOnDiskThenPublished() throws Exception {
        try (LocalDaemon d = new LocalDaemon(data, Map.of("type", "human", "name", "花子"), Map.of("type", "human"),
                Map.of("review.nodes", 20_000, "voice.enabled", true, "voice.output", "none"))) {
            for (int i = 0; i < GAME.size(); i++) {
                int ply = i + 1;
                d.mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + GAME.get(i) + "\"}");
                d.mqtt.await("moves", j -> j.get("ply").asInt() == ply && j.has("usi"), LocalDaemon.WAIT);
            }
            d.mqtt.command("resign", "{\"side\":\"black\"}");
            String id = d.mqtt.await("state", j -> !j.get("result").isNull(), LocalDaemon.WAIT).json().get("game").asText();

            JsonNode review = d.mqtt.await("review", j -> j.path("game").asText().equals(id), REVIEW_WAIT).json();
            JsonNode moves = review.get("moves");
            assertEquals(GAME.size(), moves.size());
            for (int i = 0; i < GAME.size(); i++) {
                JsonNode m = moves.get(i);
                assertEquals(i + 1, m.get("ply").asInt());
                assertEquals(GAME.get(i), m.get("move").asText());
                assertTrue(m.has("evaluation") && m.has("best") && m.get("bestLine").size() > 0, m.toString());
            }
            JsonNode blunder = moves.get(8);
            assertTrue(List.of("mistake", "blunder").contains(blunder.get("mark").asText()), blunder.toString());
            assertTrue(List.of("悪手", "大悪手").contains(blunder.get("markJapanese").asText()), blunder.toString());
            assertEquals("▲同　飛", blunder.get("japanese").asText());
            assertEquals(9, review.get("worst").get(0).asInt(), "black's blunder is the worst: " + review);
            assertTrue(review.get("summary").get("ja").asText().contains("9手目 ▲２四飛、最善は ▲"), review.toString());

            // On disk before it was published: the review beside the record, the record with a comment on every move.
            Path games = data.resolve("games");
            assertEquals(review, JSON.readTree(Files.readString(games.resolve(id + ".review.json"))));
            assertFalse(Files.exists(games.resolve(id + ".review.pending")));
            for (String extension : List.of("kifu", "csa")) {
                Path file = games.resolve(id + "." + extension);
                GameRecord record = RecordFormat.read(file.toString(), Files.readAllBytes(file));
                assertEquals(GAME, RecordMoves.usi(record), extension);
                assertEquals(Ending.RESIGNATION, record.mainLine().ending(), extension);
                for (RecordedMove move : record.mainLine().moves()) {
                    String comment = String.join("\n", move.comments());
                    if (extension.equals("kifu")) { // ShogiHome's own form
                        assertTrue(comment.contains("#評価値=") || comment.contains("#詰み="), extension + ": " + comment);
                        assertTrue(comment.contains("#エンジン=shogi-bridge"), extension + ": " + comment);
                    } else { // floodgate's: '** <evaluation> <line in CSA moves>
                        assertTrue(comment.matches("(?s)(【.+】\\n)?\\* -?\\d+( [+-]\\d{4}[A-Z]{2})+"),
                                extension + ": " + comment);
                    }
                }
            }
            String csa = Files.readString(games.resolve(id + ".csa"));
            assertTrue(csa.contains("\n'** " + blunder.get("evaluation").asInt() + " -"), csa);
            String kifu = Files.readString(games.resolve(id + ".kifu"));
            assertTrue(kifu.contains("先手：花子"), kifu);
            assertTrue(kifu.contains("\n*【" + blunder.get("markJapanese").asText() + "】\n"), kifu);

            // Retained: a viewer who comes later is given it.
            try (Subscriber later = Subscriber.toListeningDaemon(d.daemon.brokerUrl(), LocalDaemon.PREFIX, null, null,
                    LocalDaemon.WAIT)) {
                assertEquals(review, later.await("review", j -> true, LocalDaemon.WAIT).json());
            }

            // The menu's 検討 says the summary, then each mistake in turn.
            ButtonPlayer player = new ButtonPlayer(d.mqtt, ButtonPlayer.viaSim(d.mqtt));
            player.menu(8, false);
            assertEquals("検討", player.said());
            player.menu(0, true);
            assertEquals(review.get("summary").get("ja").asText(), player.nextSaid());
            player.menu(8, true);
            assertTrue(player.nextSaid().startsWith("9手目 ▲２四飛、最善は ▲"), player.said());

            // The page fetches it with the record.
            HttpResponse<String> served = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + d.daemon.httpPort() + "/games/" + id + ".review.json")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, served.statusCode());
            assertEquals(review, JSON.readTree(served.body()));
        }
    }
}
