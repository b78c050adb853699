package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The clock buttons of the simulated board ({@code cmd/sim press}) on the daemon: with press-to-move a placed piece
 * is a move at the press, long before a (here two-second) settle time; with {@code clock.press-to-move: never} the
 * board waits for the settle time as before.
 */
class DaemonButtonsTest {
    private static final Duration WAIT = LocalDaemon.WAIT;

    @TempDir
    Path data;

    @ParameterizedTest
    @ValueSource(strings = {"auto", "never"})
    void aPressMakesThePlacedPieceAMoveAtOnce(String pressToMove) throws Exception {
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "human"), Map.of(
                "board.settle-millis", 5_000, "board.clear-move-settle-millis", 5_000, "board.wrong-position-millis", 20_000, "clock.main-seconds", 600,
                "clock.press-to-move", pressToMove))) {
            Subscriber mqtt = local.mqtt;
            Thread.sleep(5_500); // the board is judged once, showing the start: the game is on the board
            mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"7g\"}");
            mqtt.command("sim", "{\"action\":\"place\",\"square\":\"7f\"}");
            Thread.sleep(100);
            long pressed = System.nanoTime();
            mqtt.command("sim", "{\"action\":\"press\",\"side\":\"black\"}");
            JsonNode move = mqtt.await("moves", j -> j.has("usi"), WAIT).json();
            long millis = (System.nanoTime() - pressed) / 1_000_000;
            assertEquals("7g7f", move.get("usi").asText());
            if (pressToMove.equals("auto")) {
                // The settle time is long so that this bound can be several seconds on a busy machine.
                assertTrue(millis < 4_000, "a move at the press, not after the 5 s settle time: " + millis + " ms");
            } else {
                assertTrue(millis >= 4_500, "without press-to-move the settle time decides: " + millis + " ms");
            }
        }
    }

    /** In a tournament on a board with clock buttons a move waits, unconfirmed, for its press; its time is the press. */
    @Test
    void inATournamentTheMoveWaitsForThePress() throws Exception {
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "human"), Map.of(
                "mode", "tournament", "clock.main-seconds", 600))) {
            Subscriber mqtt = local.mqtt;
            Thread.sleep(1_000);
            mqtt.command("sim", "{\"action\":\"press\",\"button\":\"white-clock\"}"); // gote starts sente's clock
            mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"7g\"}");
            mqtt.command("sim", "{\"action\":\"place\",\"square\":\"7f\"}");
            Thread.sleep(4_000); // past the settle (250 ms) and wrong-position (2.5 s) times
            assertTrue(mqtt.on("moves").isEmpty(), "no move before the press");
            List<Subscriber.Message> states = mqtt.on("state");
            JsonNode waiting = states.get(states.size() - 1).json();
            assertEquals("matched", waiting.get("boardStatus").get("status").asText(), "waiting, not a correction");
            mqtt.command("sim", "{\"action\":\"press\",\"button\":\"black-clock\"}");
            JsonNode move = mqtt.await("moves", j -> j.has("usi"), WAIT).json();
            assertEquals("7g7f", move.get("usi").asText());
            // Made at the put-down it would be about 0 ms (the piece was placed right after the clock started); the
            // press came 4 s later by the test's clock, less however much longer the first press waited in the queue.
            assertTrue(move.get("millis").asLong() >= 3_500, "the move's time runs to the press: " + move);
        }
    }

    /** A board without buttons: gote's king stood on the middle rank before the first move chooses the level. */
    @Test
    void theLevelGestureOnTheSimulatedBoard() throws Exception {
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "engine", "level", 3), Map.of(
                "voice.enabled", true, "voice.output", "none"))) {
            Subscriber mqtt = local.mqtt;
            Thread.sleep(1_000);
            mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"5a\"}");
            mqtt.command("sim", "{\"action\":\"place\",\"square\":\"2e\"}"); // the 8th file from Sente's left
            JsonNode chosen = mqtt.await("state", j -> j.get("players").get("white").get("level").asInt() == 8, WAIT).json();
            assertEquals("コンピュータ レベル8", chosen.get("players").get("white").get("name").asText());
            assertEquals("レベル8", mqtt.await("voice", j -> j.get("kind").asText().equals("menu"), WAIT).json().get("text").asText());
            mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"2e\"}");
            mqtt.command("sim", "{\"action\":\"place\",\"square\":\"5a\"}");
            mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"7g7f\"}");
            assertEquals("7g7f", mqtt.await("moves", j -> j.has("usi"), WAIT).json().get("usi").asText(), "the game goes on");
        }
    }
}
