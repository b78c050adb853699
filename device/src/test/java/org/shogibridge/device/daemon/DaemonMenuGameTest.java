package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.speech.Readings;

/**
 * A whole game against the engine on the simulated board with no screen: the game is set up with the menu button
 * (level, new game), every move is a piece moved and the clock button pressed, a hint and a takeback come from the
 * menu, and the game ends by resigning from the menu. Only {@code cmd/sim} is sent. The record, the move times (the
 * presses, not the settle timer), and what the board said (every computer move, the byoyomi call, the end) are checked.
 */
class DaemonMenuGameTest {
    private static final Duration WAIT = LocalDaemon.WAIT;
    private static final long SETTLE_MILLIS = 1_500;
    private static final List<String> OPENING = List.of("7g7f", "2g2f", "6i7h", "2f2e", "3i4h", "5i6h", "4i5h", "1g1f", "9g9f");

    @TempDir
    Path data;

    private Subscriber mqtt;
    private int menuWords;

    @Test
    void aWholeGameWithOnlyTheButtonsAndThePieces() throws Exception {
        try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human", "name", "Player"), Map.of("type", "human"), Map.of(
                "board.settle-millis", (int) SETTLE_MILLIS, "board.follow-leds", true, "clock.byoyomi-seconds", 30,
                "voice.enabled", true, "voice.output", "none"))) {
            mqtt = local.mqtt;
            // The level: open the menu, step to レベル, open its values (3), step on to 1 and set it.
            menu(1, false);
            assertEquals("新規対局", said());

            menu(1, true);
            assertEquals("レベル3", nextSaid());
            menu(8, false);
            assertEquals("レベル1", said());
            menu(0, true);
            // A new game from the menu: the person sente, the engine gote at level 1.
            menu(1, true);
            JsonNode state = mqtt.await("state", j -> j.get("players").get("white").path("level").asInt() == 1
                    && j.get("moves").size() == 0, WAIT).json();
            String game = state.get("game").asText();
            assertEquals("Player", state.get("players").get("black").get("name").asText());
            Thread.sleep(SETTLE_MILLIS + 500); // the hands set the board up (here it already is)

            List<String> played = new ArrayList<>();
            for (int turn = 1; turn <= 4; turn++) {
                if (turn == 3) {
                    // Sente thinks into the byoyomi: 「10秒」 ten seconds after the clock started.
                    JsonNode call = mqtt.await("voice", j -> j.get("kind").asText().equals("byoyomi"), WAIT).json();
                    assertEquals("10秒", call.get("text").asText());
                    assertEquals("じゅうびょう", call.get("reading").asText());
                    // The clock ran from the put-down of gote's piece, the settle time before its state was made.
                    long thinking = call.get("at").asLong() - state.get("time").asLong() + state.get("clock").get("moveMillis").asLong();
                    assertTrue(Math.abs(thinking - 10_000) < 700, "10秒 is called 10 s into the think: " + thinking + " ms");
                }
                if (turn == 4) {
                    // A hint from the menu: lit and said; the person plays it.
                    menu(5, true);
                    JsonNode hint = mqtt.await("voice", j -> j.get("text").asText().startsWith("ヒント "), WAIT).json();
                    String usi = humanMove(state, hint.get("text").asText().substring(4));
                    state = playAndPress(state, usi, played);
                } else {
                    state = playAndPress(state, nextOpeningMove(state), played);
                }
                state = computerReplies(state, played);
            }
            // 待った from the menu: the engine's reply and the person's move go back; the hands set the board back.
            menu(6, true);
            JsonNode beforeTakeBack = state;
            state = mqtt.await("state", j -> j.get("moves").size() == beforeTakeBack.get("moves").size() - 2
                    && j.get("seq").asLong() > beforeTakeBack.get("seq").asLong(), WAIT).json();
            played.subList(played.size() - 2, played.size()).clear();
            Thread.sleep(SETTLE_MILLIS + 500); // the board shows the position again
            state = playAndPress(state, nextOpeningMove(state), played);
            state = computerReplies(state, played);
            // 投了 from the menu.
            menu(7, true);
            JsonNode end = mqtt.await("voice", j -> j.get("kind").asText().equals("end"), WAIT).json();
            assertEquals("まで" + played.size() + "手で後手の勝ち", end.get("text").asText());
            JsonNode last = mqtt.await("state", j -> !j.get("result").isNull(), WAIT).json();
            assertEquals("resignation", last.get("result").get("reason").asText());
            assertEquals(played, texts(last.get("moves")));

            // The record on disk has every move; 投了 ends it.
            Path kif = data.resolve("games").resolve(game + ".kifu");
            for (long deadline = System.currentTimeMillis() + 10_000; !Files.exists(kif) && System.currentTimeMillis() < deadline;) {
                Thread.sleep(100);
            }
            String record = Files.readString(kif, StandardCharsets.UTF_8);
            assertTrue(record.contains("先手：Player") && record.contains("後手：shogi-bridge level 1"), record);
            assertTrue(record.contains((played.size() + 1) + " 投了"), record);
        }
    }

    /** Press the menu button {@code shortPresses} times, then hold it (a long press) if asked; wait for each word said. */
    private void menu(int shortPresses, boolean thenChoose) throws Exception {
        for (int i = 0; i < shortPresses; i++) {
            mqtt.command("sim", "{\"action\":\"press\",\"button\":\"menu\"}");
            awaitMenuWords(++menuWords);
        }
        if (thenChoose) {
            mqtt.command("sim", "{\"action\":\"press\",\"button\":\"menu\",\"hold-millis\":1200}");
        }
    }

    private void awaitMenuWords(int count) throws InterruptedException {
        long deadline = System.currentTimeMillis() + WAIT.toMillis();
        while (menuMessages().size() < count) {
            assertTrue(System.currentTimeMillis() < deadline, "the menu said " + menuMessages());
            Thread.sleep(20);
        }
        menuWords = menuMessages().size();
    }

    private List<String> menuMessages() {
        return mqtt.on("voice").stream().map(Subscriber.Message::json).filter(j -> j.get("kind").asText().equals("menu"))
                .map(j -> j.get("text").asText()).toList();
    }

    /** The menu's last word. */
    private String said() {
        List<String> words = menuMessages();
        return words.get(words.size() - 1);
    }

    /** The menu's next word (after a long press). */
    private String nextSaid() throws InterruptedException {
        awaitMenuWords(menuWords + 1);
        return said();
    }

    /** Move a piece by hand, then press sente's clock: the move is made at the press, well before the settle time. */
    private JsonNode playAndPress(JsonNode state, String usi, List<String> played) throws Exception {
        int ply = state.get("moves").size() + 1;
        byHand(state, usi);
        long pressed = System.currentTimeMillis();
        mqtt.command("sim", "{\"action\":\"press\",\"button\":\"black-clock\"}");
        JsonNode move = mqtt.await("moves", j -> j.get("ply").asInt() == ply && usi.equals(j.path("usi").asText())
                && j.get("seq").asLong() > state.get("seq").asLong(), WAIT).json();
        played.add(usi);
        JsonNode after = mqtt.await("state", j -> j.get("seq").asLong() >= move.get("seq").asLong(), WAIT).json();
        long late = after.get("time").asLong() - pressed;
        assertTrue(late < SETTLE_MILLIS, "a move at the press, not after the settle time: " + late + " ms");
        return after;
    }

    /** Make a move with the hands, piece by piece, without resting until it is judged (as cmd/sim play does). */
    private void byHand(JsonNode state, String usi) throws Exception {
        Position position = Position.fromSfen(Variant.STANDARD, state.get("sfen").asText());
        int move = Usi.parseLegalMove(position, usi);
        String to = usi.substring(2, 4);
        if (Move.isDrop(move)) {
            mqtt.command("sim", "{\"action\":\"take\",\"side\":\"black\",\"piece\":\"" + usi.charAt(0) + "\"}");
        } else {
            if (Move.captured(move) != Piece.EMPTY) {
                mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"" + to + "\"}");
                char taken = Piece.letter(Piece.unpromoted(Piece.type(Move.captured(move))));
                mqtt.command("sim", "{\"action\":\"put\",\"side\":\"black\",\"piece\":\"" + taken + "\"}");
            }
            mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"" + usi.substring(0, 2) + "\"}");
        }
        mqtt.command("sim", "{\"action\":\"place\",\"square\":\"" + to + "\"}");
    }

    /** The engine answers; the hands carry its move out from the LEDs; it is read aloud. */
    private JsonNode computerReplies(JsonNode state, List<String> played) throws Exception {
        int ply = state.get("moves").size() + 1;
        JsonNode move = mqtt.await("moves", j -> j.get("ply").asInt() == ply && j.has("usi")
                && j.get("seq").asLong() > state.get("seq").asLong(), WAIT).json();
        played.add(move.get("usi").asText());
        String text = move.get("japanese").asText().substring(1);
        JsonNode spoken = mqtt.await("voice", j -> j.get("kind").asText().equals("move")
                && j.get("seq").asLong() >= move.get("seq").asLong(), WAIT).json();
        assertEquals(text, spoken.get("text").asText());
        assertEquals(Readings.of(text), spoken.get("reading").asText());
        return mqtt.await("state", j -> j.get("seq").asLong() >= move.get("seq").asLong(), WAIT).json();
    }

    private static String nextOpeningMove(JsonNode state) {
        Position position = Position.fromSfen(Variant.STANDARD, state.get("sfen").asText());
        return Stream.concat(OPENING.stream(), Stream.of("9i9h", "1i1h"))
                .filter(usi -> {
                    try {
                        Usi.parseLegalMove(position, usi);
                        return true;
                    } catch (IllegalArgumentException e) {
                        return false;
                    }
                }).findFirst().orElseThrow();
    }

    /** The USI of the hinted move, written in Japanese (７六歩), found among the legal moves. */
    private static String humanMove(JsonNode state, String japanese) {
        Position position = Position.fromSfen(Variant.STANDARD, state.get("sfen").asText());
        int move = org.shogibridge.core.notation.JapaneseNotation.parse(position, japanese, -1);
        return Usi.format(Variant.STANDARD, move);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(j -> out.add(j.asText()));
        return out;
    }
}
