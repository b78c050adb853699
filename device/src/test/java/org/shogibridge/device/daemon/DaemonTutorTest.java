package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.Position;

/**
 * Issue 86: the tutor in the daemon ({@code tutor: on}): the person's move that leaves the rook to the bishop is
 * warned of on the state and aloud before the computer replies, and taken back from the page.
 */
class DaemonTutorTest {
    @TempDir
    Path data;

    private static String beforeTheBlunder() {
        GameRecord game = UsiRecord.read("game.usi", "position startpos moves 7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 2e2d 2c2d");
        Position p = game.startPosition().copy();
        for (int move : game.mainLine().moveArray()) {
            p.doMove(move);
        }
        return p.toSfen();
    }

    @Test
    void aHangingRookIsWarnedOfBeforeTheComputerRepliesAndTakenBack() throws Exception {
        try (LocalDaemon d = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "engine", "level", 5),
                Map.of("tutor", true, "voice.enabled", true, "voice.output", "none"))) {
            Subscriber mqtt = d.mqtt;
            mqtt.command("new-game", "{\"sfen\":\"" + beforeTheBlunder() + "\"}");
            mqtt.await("state", j -> j.get("startSfen").asText().equals(beforeTheBlunder()), LocalDaemon.WAIT);
            mqtt.command("sim", "{\"action\":\"set-up\"}");
            mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"2h2d\"}");

            JsonNode warned = mqtt.await("state", j -> !j.path("advice").isNull() && j.has("advice"), LocalDaemon.WAIT).json();
            JsonNode advice = warned.get("advice");
            assertEquals(1, advice.get("ply").asInt());
            assertTrue(List.of("悪手", "大悪手").contains(advice.get("mark").asText()), advice.toString());
            assertTrue(advice.get("betterJapanese").asText().startsWith("▲"), advice.toString());
            assertTrue(warned.get("engineMove").isNull(), "the computer has not replied: " + warned);
            JsonNode said = mqtt.await("voice", j -> j.get("kind").asText().equals("tutor"), LocalDaemon.WAIT).json();
            assertEquals("その手は" + advice.get("mark").asText() + "です。待ったしますか？", said.get("text").asText());

            mqtt.command("takeback", "{\"id\":\"t\"}");
            assertTrue(mqtt.await("cmd/takeback/result", j -> j.has("id"), LocalDaemon.WAIT).json().get("ok").asBoolean());
            JsonNode back = mqtt.await("state", j -> j.get("moves").size() == 0 && j.get("seq").asLong() > warned.get("seq").asLong(),
                    LocalDaemon.WAIT).json();
            assertTrue(back.get("advice").isNull(), back.toString());
            // The reply the warning held was to a move taken back: once the engine has answered and the board loop has
            // taken the answer, it is not shown.
            assertTrue(d.daemon.probe().awaitEngineIdle(LocalDaemon.WAIT.toMillis()), "the engine answers");
            var now = d.daemon.probe().stateAfterATick();
            assertNull(now.engineMove(), now.toString());
            assertEquals(0, now.moves().size());
            JsonNode last = mqtt.on("state").get(mqtt.on("state").size() - 1).json();
            assertTrue(last.get("engineMove").isNull(), last.toString());
        }
    }

    @Test
    void aPageTurnsTheTutorOnAndTheStateSaysSo() throws Exception {
        try (LocalDaemon d = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "engine", "level", 1), Map.of())) {
            Subscriber mqtt = d.mqtt;
            assertTrue(!mqtt.await("state", j -> true, LocalDaemon.WAIT).json().get("tutor").asBoolean(), "off unless turned on");
            mqtt.command("tutor", "{\"on\":true,\"id\":\"1\"}");
            assertTrue(mqtt.await("cmd/tutor/result", j -> j.path("id").asText().equals("1"), LocalDaemon.WAIT).json().get("ok").asBoolean());
            mqtt.await("state", j -> j.get("tutor").asBoolean(), LocalDaemon.WAIT);
            mqtt.command("tutor", "{\"on\":\"yes\",\"id\":\"2\"}");
            JsonNode refused = mqtt.await("cmd/tutor/result", j -> j.path("id").asText().equals("2"), LocalDaemon.WAIT).json();
            assertEquals("Malformed command. 'on' must be true or false.", refused.get("error").asText());
        }
    }
}
