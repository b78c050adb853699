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
import org.shogibridge.core.speech.Readings;

/**
 * The daemon with its voice on ({@code voice.output: none}: published, not played) against the engine on the
 * simulated board: every computer move is announced with its reading, and the clock's byoyomi is counted at its
 * instants until the flag falls, which is called too.
 */
class DaemonVoiceTest {
    private static final Duration WAIT = LocalDaemon.WAIT;

    @TempDir
    Path data;

    @Test
    void theComputersMovesAndTheByoyomiAreSpokenAtTheirInstants() throws Exception {
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "engine", "level", 1),
                Map.of("clock.byoyomi-seconds", 10, "voice.enabled", true, "voice.output", "none"))) {
            Subscriber mqtt = local.mqtt;
            mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"7g7f\"}");
            // The engine answers, the hands carry its move out from the LEDs, and it is read aloud.
            JsonNode computer = mqtt.await("moves", j -> j.get("ply").asInt() == 2 && j.has("usi"), WAIT).json();
            JsonNode spoken = mqtt.await("voice", j -> j.get("kind").asText().equals("move"), WAIT).json();
            String text = computer.get("japanese").asText().substring(1);
            assertEquals(text, spoken.get("text").asText(), "the computer's move, not the person's");
            assertEquals(Readings.of(text), spoken.get("reading").asText());
            assertTrue(spoken.get("seq").asLong() >= computer.get("seq").asLong());
            // Sente thinks on 10 s byoyomi: 1 to 9, a second apart, then the flag falls.
            JsonNode end = mqtt.await("voice", j -> j.get("kind").asText().equals("end"), WAIT).json();
            assertEquals("まで2手で時間切れにより後手の勝ち", end.get("text").asText());
            List<JsonNode> calls = mqtt.on("voice").stream().map(Subscriber.Message::json)
                    .filter(j -> j.get("kind").asText().equals("byoyomi")
                            && j.get("seq").asLong() >= computer.get("seq").asLong())
                    .toList(); // Sente's calls (the engine's own think, with the hands' carrying out, may be counted too)
            assertEquals(List.of("1", "2", "3", "4", "5", "6", "7", "8", "9"),
                    calls.stream().map(j -> j.get("text").asText()).toList());
            for (int i = 1; i < calls.size(); i++) {
                // In time order; the exact instants, a second apart, are ClockCallsTest's on the test's clock.
                assertTrue(calls.get(i).get("at").asLong() > calls.get(i - 1).get("at").asLong(), calls.toString());
            }
            List<String> kinds = mqtt.on("voice").stream().map(m -> m.json().get("kind").asText()).toList();
            assertEquals(List.of("time", "end"), kinds.subList(kinds.size() - 2, kinds.size()),
                    "切れ負け, then the record's words");
        }
    }
}
