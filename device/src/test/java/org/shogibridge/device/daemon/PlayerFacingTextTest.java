package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 82, item 4: what the daemon says to a page or a voice is in a Japanese player's words. Every refused command's
 * reply has a {@code japanese} text, and the state's names and corrections too; none is plain ASCII (English), and
 * none holds a USI move or a SFEN.
 */
class PlayerFacingTextTest {
    /** A USI move (7g7f, 8h2b+, P*5e) or a SFEN's board (runs of pieces and digits with slashes). */
    private static final Pattern MACHINE_TEXT = Pattern.compile(
            "\\b[1-9][a-i][1-9][a-i]\\+?\\b|\\b[PLNSGBR]\\*[1-9][a-i]\\b|[1-9lnsgkrbpLNSGKRBP+]+/[1-9lnsgkrbpLNSGKRBP+/]+");

    @TempDir
    Path data;

    static void assertPlayersWords(String field, String text) {
        assertTrue(text != null && !text.isBlank(), field + " is empty");
        assertFalse(text.chars().allMatch(c -> c < 128), field + " has no Japanese: " + text);
        assertFalse(MACHINE_TEXT.matcher(text).find(), field + " shows a USI move or a SFEN: " + text);
    }

    @Test
    void everyRefusalAndEveryNameIsInAPlayersWords() throws Exception {
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "human"), Map.of())) {
            Subscriber mqtt = local.mqtt;
            mqtt.await("state", j -> true, LocalDaemon.WAIT);
            // Refusals a player meets on the page: a move against the rules, nothing to undo or choose, no engine or
            // clock to set, an empty komadai, and what a broken or unknown command gets.
            String[][] refused = {
                {"sim", "{\"action\":\"play\",\"usi\":\"3c3d\",\"id\":\"r1\"}"},
                {"takeback", "{\"id\":\"r2\"}"},
                {"promote", "{\"promote\":true,\"id\":\"r3\"}"},
                {"level", "{\"level\":3,\"id\":\"r4\"}"},
                {"clock", "{\"action\":\"start\",\"id\":\"r5\"}"},
                {"sim", "{\"action\":\"take\",\"side\":\"black\",\"piece\":\"R\",\"id\":\"r6\"}"},
                {"sim", "{\"action\":\"play\",\"usi\":\"7g7x\",\"id\":\"r7\"}"},
                {"new-game", "{\"handicap\":\"nine-pieces\",\"id\":\"r8\"}"},
                {"result", "{\"winner\":\"draw\",\"reason\":\"resignation\",\"id\":\"r9\"}"},
                {"frobnicate", "{\"id\":\"r10\"}"},
                {"resign", "{\"side\":\"black\",\"colour\":\"red\",\"id\":\"r11\"}"}, // a field too many: refused, its id kept
            };
            for (String[] command : refused) {
                mqtt.command(command[0], command[1]);
            }
            for (int i = 0; i < refused.length; i++) {
                String id = "r" + (i + 1);
                JsonNode reply = mqtt.await("cmd/" + refused[i][0] + "/result", j -> j.path("id").asText().equals(id),
                        LocalDaemon.WAIT).json();
                assertFalse(reply.get("ok").asBoolean(), reply.toString());
                assertTrue(reply.get("error").asText().matches("[A-Z][^.]*\\. .*"), "the English stays: " + reply);
                assertPlayersWords(String.join(" ", refused[i]), reply.path("japanese").asText(null));
            }
            // Two pawns on a file: the rule and the move, as a club player says them (gote takes a pawn, then drops
            // it on a file of its own pawn).
            String[] moves = {"2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "7g7f"};
            for (int i = 0; i < moves.length; i++) {
                String id = "m" + i;
                mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + moves[i] + "\",\"id\":\"" + id + "\"}");
                JsonNode done = mqtt.await("cmd/sim/result", j -> j.path("id").asText().equals(id), LocalDaemon.WAIT).json();
                assertTrue(done.get("ok").asBoolean(), moves[i] + ": " + done);
            }
            mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"P*5e\",\"id\":\"nifu\"}");
            JsonNode nifu = mqtt.await("cmd/sim/result", j -> j.path("id").asText().equals("nifu"), LocalDaemon.WAIT).json();
            assertFalse(nifu.get("ok").asBoolean(), nifu.toString());
            assertEquals("二歩です（△５五歩打）。", nifu.get("japanese").asText(), nifu.toString());

            // The names a board gives its players when nobody named them, and a correction the board asks for.
            mqtt.command("sim", "{\"action\":\"place\",\"square\":\"5f\",\"id\":\"stray\"}");
            JsonNode wrong = mqtt.await("state", j -> j.path("boardStatus").path("status").asText().equals("correction-needed"),
                    LocalDaemon.WAIT).json();
            assertPlayersWords("boardStatus.japanese", wrong.get("boardStatus").get("japanese").asText());
            for (String side : List.of("black", "white")) {
                assertPlayersWords("players." + side + ".name", wrong.get("players").get(side).get("name").asText());
            }
            mqtt.command("players", "{\"white\":{\"type\":\"engine\",\"level\":2},\"id\":\"p\"}");
            JsonNode engine = mqtt.await("state", j -> j.path("players").path("white").path("type").asText().equals("engine"),
                    LocalDaemon.WAIT).json();
            assertEquals("コンピュータ レベル2", engine.get("players").get("white").get("name").asText());
        }
    }
}
