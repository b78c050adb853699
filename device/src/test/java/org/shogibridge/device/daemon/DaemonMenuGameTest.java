package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shogibridge.device.Await;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/**
 * A whole game against the engine on the simulated board with no screen: the game is set up with the menu button
 * (level, new game), every move is a piece moved and the clock button pressed, a hint and a takeback come from the
 * menu, and the game ends by resigning from the menu. Only {@code cmd/sim} is sent. The record, the move times (the
 * presses, not the settle timer), and what the board said (every computer move, the byoyomi call, the end) are checked.
 */
class DaemonMenuGameTest {
    private static final long SETTLE_MILLIS = 1_000;

    @TempDir
    Path data;

    @Test
    void aWholeGameWithOnlyTheButtonsAndThePieces() throws Exception {
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human", "name", "Player"), Map.of("type", "human"), Map.of(
                "board.settle-millis", (int) SETTLE_MILLIS, "board.clear-move-settle-millis", (int) SETTLE_MILLIS, "board.follow-leds", true, "clock.byoyomi-seconds", 30,
                "voice.enabled", true, "voice.output", "none"))) {
            Subscriber mqtt = local.mqtt;
            ButtonPlayer player = new ButtonPlayer(mqtt, ButtonPlayer.viaSim(mqtt));
            player.chooseLevel(3, 1);
            JsonNode state = player.newGame(1);
            String game = state.get("game").asText();
            assertEquals("Player", state.get("players").get("black").get("name").asText());

            List<String> played = new ArrayList<>();
            for (int turn = 1; turn <= 4; turn++) {
                if (turn == 3) {
                    // Sente thinks into the byoyomi: 「10秒」 ten seconds after the clock started (skipped, not waited).
                    local.time.skip(10_000);
                    JsonNode call = mqtt.await("voice", j -> j.get("kind").asText().equals("byoyomi"), ButtonPlayer.WAIT).json();
                    assertEquals("10秒", call.get("text").asText());
                    assertEquals("じゅうびょう", call.get("reading").asText());
                    // Said during sente's think (the exact instant, 10 s into it, is ClockCallsTest's on the test's clock).
                    assertTrue(call.get("seq").asLong() >= state.get("seq").asLong()
                            && call.get("at").asLong() > state.get("time").asLong(), call + " after " + state);
                }
                String usi = ButtonPlayer.nextOpeningMove(state);
                if (turn == 4) {
                    // A hint from the menu: lit and said; the person plays it.
                    player.menu(5, true);
                    JsonNode hint = mqtt.await("voice", j -> j.get("text").asText().startsWith("ヒント "), ButtonPlayer.WAIT).json();
                    Position position = ButtonPlayer.position(state);
                    usi = Usi.format(Variant.STANDARD, JapaneseNotation.parse(position, hint.get("text").asText().substring(4), -1));
                }
                state = player.playAndPress(state, usi);
                played.add(usi);
                state = player.computerReplies(state);
                played.add(state.get("lastMove").asText());
            }
            // 待った from the menu: the engine's reply and the person's move go back; the hands set the board back.
            player.menu(6, true);
            JsonNode beforeTakeBack = state;
            state = mqtt.await("state", j -> j.get("moves").size() == beforeTakeBack.get("moves").size() - 2
                    && j.get("seq").asLong() > beforeTakeBack.get("seq").asLong(), ButtonPlayer.WAIT).json();
            played.subList(played.size() - 2, played.size()).clear();
            // The hands set the board back (cmd/sim's set-up) before they make the next move, asked after it.
            String usi = ButtonPlayer.nextOpeningMove(state);
            state = player.playAndPress(state, usi);
            played.add(usi);
            state = player.computerReplies(state);
            played.add(state.get("lastMove").asText());
            // 投了 from the menu.
            player.menu(7, true);
            JsonNode end = mqtt.await("voice", j -> j.get("kind").asText().equals("end"), ButtonPlayer.WAIT).json();
            assertEquals("まで" + played.size() + "手で後手の勝ち", end.get("text").asText());
            JsonNode last = mqtt.await("state", j -> !j.get("result").isNull(), ButtonPlayer.WAIT).json();
            assertEquals("resignation", last.get("result").get("reason").asText());
            List<String> moves = new ArrayList<>();
            last.get("moves").forEach(m -> moves.add(m.asText()));
            assertEquals(played, moves);

            // The record on disk has every move; 投了 ends it.
            Path kifu = data.resolve("games").resolve(game + ".kifu");
            Await.until("the record " + kifu, ButtonPlayer.WAIT, () -> Files.exists(kifu));
            String record = Files.readString(kifu, StandardCharsets.UTF_8);
            assertTrue(record.contains("先手：Player") && record.contains("後手：コンピュータ レベル1"), record);
            assertTrue(record.contains((played.size() + 1) + " 投了"), record);
            // The daemon's headers: the event, the board, when the game began and ended; CSA's standard time limit.
            assertTrue(record.contains("棋戦：test\n") && record.contains("場所：b1\n"), record);
            assertTrue(record.matches("(?s).*開始日時：\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}\n.*"), record);
            assertTrue(record.matches("(?s).*終了日時：\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}\n.*"), record);
            String csa = Files.readString(data.resolve("games").resolve(game + ".csa"), StandardCharsets.UTF_8);
            assertTrue(csa.contains("$TIME_LIMIT:00:00+30\n") && csa.contains("$EVENT:test\n"), csa);
        }
    }
}
