package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.session.BoardStatus;
import org.shogibridge.core.session.GameState;
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
        // Without press-to-move the press only starts the clock (a state with sente's clock running and no move), and
        // the settle time (here 2 s) makes the move; with it, the press makes the move, and no such state is ever
        // published (the settle time is the longest allowed, 5 s). No duration is measured: what decided is told by
        // what the daemon published, in order. (When a press judges the board is MoveInferenceTest's, on its clock.)
        boolean auto = pressToMove.equals("auto");
        int settle = auto ? 5_000 : 2_000;
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "human"), Map.of(
                "board.settle-millis", settle, "board.clear-move-settle-millis", settle, "board.wrong-position-millis", 20_000,
                "clock.main-seconds", 600, "clock.press-to-move", pressToMove))) {
            Subscriber mqtt = local.mqtt;
            mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"7g\"}");
            mqtt.command("sim", "{\"action\":\"place\",\"square\":\"7f\"}");
            mqtt.command("sim", "{\"action\":\"press\",\"side\":\"black\"}"); // in turn after the hands' moves
            if (!auto) {
                JsonNode started = mqtt.await("state", j -> "black".equals(j.get("clock").path("running").asText(null)), WAIT).json();
                assertEquals(0, started.get("moves").size(), "the press started the clock and made no move: " + started);
            }
            JsonNode move = mqtt.await("moves", j -> j.has("usi"), WAIT).json();
            assertEquals("7g7f", move.get("usi").asText());
            if (auto) {
                assertTrue(mqtt.on("state").stream().map(Subscriber.Message::json).noneMatch(j -> j.get("moves").isEmpty()
                        && "black".equals(j.get("clock").path("running").asText(null))), "the press made the move");
            }
        }
    }

    /** In a tournament on a board with clock buttons a move waits, unconfirmed, for its press; its time is the press. */
    @Test
    void inATournamentTheMoveWaitsForThePress() throws Exception {
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "human"), Map.of(
                "mode", "tournament", "clock.main-seconds", 600))) {
            Subscriber mqtt = local.mqtt;
            mqtt.command("sim", "{\"action\":\"press\",\"button\":\"white-clock\"}"); // gote starts sente's clock
            mqtt.await("state", j -> "black".equals(j.get("clock").path("running").asText(null)), WAIT);
            mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"7g\"}");
            mqtt.command("sim", "{\"action\":\"place\",\"square\":\"7f\"}");
            // Past the settle (250 ms) and wrong-position (2.5 s) times by the daemon's own clock: the board read 3 s on.
            assertTrue(local.daemon.probe().awaitBoardRead(3_000, WAIT.toMillis()), "the board is read on");
            GameState waiting = local.daemon.probe().stateAfterATick();
            assertTrue(waiting.moves().isEmpty() && mqtt.on("moves").isEmpty(), "no move before the press");
            assertEquals(BoardStatus.Kind.MATCHED, waiting.status().kind(), "waiting, not a correction: " + waiting.status());
            mqtt.command("sim", "{\"action\":\"press\",\"button\":\"black-clock\"}");
            JsonNode move = mqtt.await("moves", j -> j.has("usi"), WAIT).json();
            assertEquals("7g7f", move.get("usi").asText());
            // Made at the put-down it would be about 0 ms into sente's think; its time runs to the press, after the
            // 3 s the board was read on (both by the daemon's clock).
            assertTrue(move.get("millis").asLong() >= 3_000, "the move's time runs to the press: " + move);
        }
    }

    /** A board without buttons: gote's king stood on the middle rank before the first move chooses the level. */
    @Test
    void theLevelGestureOnTheSimulatedBoard() throws Exception {
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "engine", "level", 3), Map.of(
                "voice.enabled", true, "voice.output", "none"))) {
            Subscriber mqtt = local.mqtt;
            assertTrue(local.daemon.probe().awaitBoardRead(1_000, WAIT.toMillis()), "the start read a second on");
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
