package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43, finding 3: commands are bounded, repeats share their work, and a command is acknowledged only once it is
 * done. Played on the daemon in this process with a simulated board and the embedded broker.
 */
class DaemonCommandFloodTest {
    private static final Duration WAIT = LocalDaemon.WAIT;
    private static final Map<String, Object> HUMAN = Map.of("type", "human");
    private static final String BUSY = "Busy. 8 commands wait for their answer; this one was not carried out."
            + " Send it again once they are answered.";

    @TempDir
    Path data;
    private LocalDaemon daemon;
    private Mosquitto broker;

    @AfterEach
    void stop() throws Exception {
        Subscriber.closeAll(daemon, broker);
    }

    /** The answers on a command's result topic whose id starts with the prefix, once there are {@code count}. */
    private List<JsonNode> answers(String verb, String idPrefix, int count) throws InterruptedException {
        daemon.mqtt.await("cmd/" + verb + "/result", j -> results(verb, idPrefix).size() >= count, WAIT);
        return results(verb, idPrefix);
    }

    private List<JsonNode> results(String verb, String idPrefix) {
        return daemon.mqtt.on("cmd/" + verb + "/result").stream().map(Subscriber.Message::json)
                .filter(j -> j.path("id").asText().startsWith(idPrefix)).toList();
    }

    @Test
    void hintsAskedTogetherShareOneSearch() throws Exception {
        daemon = new LocalDaemon(data, HUMAN, HUMAN, Map.of());
        for (int i = 0; i < RemoteCommands.MAX_WAITING; i++) {
            daemon.mqtt.flood("hint", "{\"id\":\"h" + i + "\"}");
        }
        List<JsonNode> hints = answers("hint", "h", RemoteCommands.MAX_WAITING);
        assertEquals(RemoteCommands.MAX_WAITING, hints.size(), "each is answered once: " + hints);
        Set<String> moves = new HashSet<>();
        for (JsonNode hint : hints) {
            assertTrue(hint.get("ok").asBoolean(), hint.toString());
            moves.add(hint.get("hint").asText());
        }
        assertEquals(1, moves.size(), "one answer for them all: " + hints);
        assertEquals(1, daemon.daemon.probe().hintsSearched(), "one search answered them all");
    }

    @Test
    void aFloodIsAnsweredBusyAtOnceAndTheGameGoesOn() throws Exception {
        daemon = new LocalDaemon(data, HUMAN, HUMAN, Map.of());
        int sent = 40;
        for (int i = 0; i < sent; i++) {
            daemon.mqtt.flood("new-game", "{\"id\":\"n" + i + "\"}");
        }
        List<JsonNode> answers = answers("new-game", "n", sent);
        long busy = answers.stream().filter(j -> BUSY.equals(j.path("error").asText())).count();
        long ok = answers.stream().filter(j -> j.get("ok").asBoolean()).count();
        assertTrue(ok >= 1 && busy >= 1 && ok + busy == sent, "ok " + ok + ", busy " + busy + ": " + answers);
        assertTrue(ok <= RemoteCommands.MAX_WAITING + 8, "a flood is not queued: " + ok + " were carried out");

        daemon.mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"7g7f\",\"id\":\"after\"}");
        assertTrue(daemon.mqtt.await("cmd/sim/result", j -> j.path("id").asText().equals("after"), WAIT).json().get("ok").asBoolean());
        // Answers leave in order (one outbox): a second answer to any of the flood would have come before this one.
        assertEquals(sent, results("new-game", "n").size(), "each command is answered exactly once");
        JsonNode state = last(daemon.mqtt.on("state"));
        assertEquals(List.of("7g7f"), List.of(state.get("moves").get(0).asText()));
        assertEquals(1, state.get("moves").size(), state.toString());
    }

    /**
     * Issue 84, finding 8: a move sent while other commands filled the eight places was answered {@code Busy.}. A move
     * is never refused for load: moves have their own places.
     */
    @Test
    void aMoveIsNeverRefusedBecauseOtherCommandsWait() throws Exception {
        daemon = new LocalDaemon(data, HUMAN, HUMAN, Map.of());
        for (int i = 0; i < 40; i++) {
            daemon.mqtt.flood("hint", "{\"id\":\"h" + i + "\"}"); // each waits for a search of a second
        }
        String[] moves = {"7g7f", "3c3d", "2g2f"};
        for (int i = 0; i < moves.length; i++) {
            String id = "move" + i;
            daemon.mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + moves[i] + "\",\"id\":\"" + id + "\"}");
            JsonNode answer = daemon.mqtt.await("cmd/sim/result", j -> j.path("id").asText().equals(id), WAIT).json();
            assertTrue(answer.get("ok").asBoolean(), "a move in a flood: " + answer);
            for (int k = 0; k < 10; k++) { // more of the flood between the moves
                daemon.mqtt.flood("hint", "{\"id\":\"h" + i + "-" + k + "\"}");
            }
        }
        JsonNode state = daemon.mqtt.await("state", j -> j.get("moves").size() == moves.length, WAIT).json();
        assertEquals(List.of(moves), java.util.stream.StreamSupport.stream(state.get("moves").spliterator(), false)
                .map(JsonNode::asText).toList());
    }

    @Test
    void aMoveAskedTwiceIsMadeOnceAndAcknowledgedWhenMade() throws Exception {
        daemon = new LocalDaemon(data, HUMAN, HUMAN, Map.of());
        daemon.mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"7g7f\",\"id\":\"a\"}");
        daemon.mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"7g7f\",\"id\":\"b\"}");
        JsonNode first = daemon.mqtt.await("cmd/sim/result", j -> j.path("id").asText().equals("a"), WAIT).json();
        assertTrue(first.get("ok").asBoolean(), first.toString());
        assertTrue(daemon.mqtt.on("state").stream().anyMatch(m -> m.json().get("moves").size() == 1),
                "the move is in a published state before its command is acknowledged");
        JsonNode second = daemon.mqtt.await("cmd/sim/result", j -> j.path("id").asText().equals("b"), WAIT).json();
        assertEquals("Board changed. The board no longer shows the position this move was asked for.",
                second.path("error").asText(), second.toString());
        // The board is read a second on (by the daemon's clock) and judged: it agrees with a game of one move.
        assertTrue(daemon.daemon.probe().awaitBoardRead(1_000, WAIT.toMillis()), "the board is read on");
        var judged = daemon.daemon.probe().stateAfterATick();
        assertEquals(1, judged.moves().size(), judged.moves().toString());
        assertEquals(org.shogibridge.core.session.BoardStatus.Kind.MATCHED, judged.status().kind(), judged.status().toString());
        assertEquals(1, last(daemon.mqtt.on("state")).get("moves").size());
    }

    /**
     * Finding 2: a core thread that dies of an error it cannot go on from (out of memory) never leaves a live-looking
     * daemon that records nothing: the daemon is told and stops (run exits 70 and systemd starts it again).
     */
    @Test
    void aBoardLoopThatDiesStopsTheDaemonRatherThanLeaveItLimping() throws Exception {
        // On a Mosquitto of its own: the embedded broker stops with the daemon, and on a busy machine it went before
        // the watcher had read the retained "offline" (issue 82). A broker that stays up keeps it for the watcher.
        java.nio.file.Files.createDirectories(data.resolve("broker"));
        broker = new Mosquitto(data.resolve("broker"));
        daemon = new LocalDaemon(data.resolve("daemon"), HUMAN, HUMAN, Map.of("broker.url", broker.url()));
        java.util.concurrent.CountDownLatch told = new java.util.concurrent.CountDownLatch(1);
        daemon.daemon.onFatal(() -> {
            told.countDown();
            daemon.daemon.close();
        });
        daemon.daemon.probe().onBoardLoop(() -> {
            throw new OutOfMemoryError("Java heap space (a test's)");
        });
        assertTrue(told.await(10, java.util.concurrent.TimeUnit.SECONDS), "the daemon was told its board loop died");
        daemon.mqtt.await("status", j -> j.get("status").asText().equals("offline"), WAIT);
    }

    private static JsonNode last(List<Subscriber.Message> messages) {
        return messages.get(messages.size() - 1).json();
    }
}
