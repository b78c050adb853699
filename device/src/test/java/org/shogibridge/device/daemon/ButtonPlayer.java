package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.speech.Readings;
import org.shogibridge.device.board.BoardButton;
import org.shogibridge.device.board.SimulatedBoard;

/**
 * A person at a board with no screen, for whole-game tests: presses the menu and clock buttons, moves pieces by hand
 * (confirmed by the clock button, not waiting for the settle timer), carries out the computer's moves shown on the
 * LEDs, and checks on MQTT what the daemon made of it and said.
 */
final class ButtonPlayer {
    static final Duration WAIT = LocalDaemon.WAIT;
    private static final List<String> OPENING = List.of("7g7f", "2g2f", "6i7h", "2f2e", "3i4h", "5i6h", "4i5h", "1g1f", "9g9f",
            "9i9h", "1i1h");

    /** What the person's hands do to the board. */
    interface Hands {
        void press(BoardButton button, long holdMillis) throws Exception;

        /** Move a piece, piece by piece, and let go (a move not yet confirmed). */
        void move(Position before, int move) throws Exception;

        /** Carry out the computer's move the LEDs show (nothing to do where the daemon's own hands follow them). */
        void carryOut(Position before, int move) throws Exception;
    }

    /** The simulated board of the daemon, through {@code cmd/sim}: the only command a screenless test sends. */
    static Hands viaSim(Subscriber mqtt) {
        return new Hands() {
            @Override
            public void press(BoardButton button, long holdMillis) throws Exception {
                mqtt.command("sim", "{\"action\":\"press\",\"button\":\"" + button.name().toLowerCase().replace('_', '-')
                        + "\",\"hold-millis\":" + holdMillis + "}");
            }

            @Override
            public void move(Position before, int move) throws Exception {
                String usi = Usi.format(before.variant(), move);
                String to = usi.substring(2, 4);
                if (Move.isDrop(move)) {
                    mqtt.command("sim", "{\"action\":\"take\",\"side\":\"black\",\"piece\":\"" + usi.charAt(0) + "\"}");
                } else {
                    if (Move.captured(move) != Piece.EMPTY) {
                        mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"" + to + "\"}");
                        mqtt.command("sim", "{\"action\":\"put\",\"side\":\"black\",\"piece\":\"" + capturedLetter(move) + "\"}");
                    }
                    mqtt.command("sim", "{\"action\":\"lift\",\"square\":\"" + usi.substring(0, 2) + "\"}");
                }
                mqtt.command("sim", "{\"action\":\"place\",\"square\":\"" + to + "\"}");
            }

            @Override
            public void carryOut(Position before, int move) {
                // board.follow-leds: the daemon's simulated hands carry it out
            }
        };
    }

    /** Hands on a simulated board of the test's own, which feeds an emulator or a mock Pi. */
    static Hands on(SimulatedBoard board) {
        return new Hands() {
            @Override
            public void press(BoardButton button, long holdMillis) {
                board.press(button, holdMillis);
            }

            @Override
            public void move(Position before, int move) {
                int to = Move.to(move);
                Side mover = before.sideToMove();
                if (Move.isDrop(move)) {
                    board.komadai(mover, Piece.type(Move.piece(move)), -1);
                } else {
                    if (Move.captured(move) != Piece.EMPTY) {
                        board.lift(to);
                        board.komadai(mover, Piece.unpromoted(Piece.type(Move.captured(move))), +1);
                    }
                    board.lift(Move.from(move));
                }
                board.place(to, SensorSnapshot.OCCUPIED);
            }

            @Override
            public void carryOut(Position before, int move) {
                board.play(before, move);
            }
        };
    }

    private static char capturedLetter(int move) {
        return Piece.letter(Piece.unpromoted(Piece.type(Move.captured(move))));
    }

    private final Subscriber mqtt;
    private final Hands hands;
    private int menuWords;

    ButtonPlayer(Subscriber mqtt, Hands hands) {
        this.mqtt = mqtt;
        this.hands = hands;
        this.menuWords = menuMessages().size();
    }

    // ---------------------------------------------------------------- the menu

    /** Press the menu button {@code shortPresses} times, waiting for each word said, then hold it (choose) if asked. */
    void menu(int shortPresses, boolean thenChoose) throws Exception {
        for (int i = 0; i < shortPresses; i++) {
            hands.press(BoardButton.MENU, 100);
            awaitMenuWords(menuWords + 1);
        }
        if (thenChoose) {
            hands.press(BoardButton.MENU, 1_200);
        }
    }

    /** The menu's last word. */
    String said() {
        List<String> words = menuMessages();
        return words.get(words.size() - 1);
    }

    /** The menu's next word (after a long press). */
    String nextSaid() throws InterruptedException {
        awaitMenuWords(menuWords + 1);
        return said();
    }

    private void awaitMenuWords(int count) throws InterruptedException {
        Await.until(count + " words of the menu", WAIT, () -> menuMessages().size() >= count);
        menuWords = menuMessages().size();
    }

    private List<String> menuMessages() {
        return mqtt.on("voice").stream().map(Subscriber.Message::json).filter(j -> j.get("kind").asText().equals("menu"))
                .map(j -> j.get("text").asText()).toList();
    }

    /** Choose the level from the menu, from {@code from}: open, レベル, its values, step on, set. */
    void chooseLevel(int from, int level) throws Exception {
        menu(1, false);
        assertEquals("新規対局", said());
        menu(1, true);
        assertEquals("レベル" + from, nextSaid());
        menu((level - from + 10) % 10, false);
        assertEquals("レベル" + level, said());
        menu(0, true);
    }

    /**
     * Start a new game from the menu against the engine at {@code level}; return its first state. The board already
     * shows the start: the first move may come at once (a board that shows a new game reads the next move as a move).
     */
    JsonNode newGame(int level) throws Exception {
        List<Subscriber.Message> before = mqtt.on("state");
        String oldGame = before.isEmpty() ? "" : before.get(before.size() - 1).json().get("game").asText();
        menu(1, true);
        JsonNode state = mqtt.await("state", j -> !j.get("game").asText().equals(oldGame)
                && j.get("players").get("white").path("level").asInt() == level && j.get("moves").size() == 0
                && j.get("result").isNull(), WAIT).json();
        return state;
    }

    // ---------------------------------------------------------------- moves

    /**
     * Move a piece by hand, then press sente's clock; return the state with the move. (That the press, not the settle
     * time, makes the move is DaemonButtonsTest's, with a settle time no test waits for.)
     */
    JsonNode playAndPress(JsonNode state, String usi) throws Exception {
        Position position = position(state);
        int ply = state.get("moves").size() + 1;
        hands.move(position, Usi.parseLegalMove(position, usi));
        hands.press(BoardButton.BLACK_CLOCK, 100);
        JsonNode move = mqtt.await("moves", j -> j.get("ply").asInt() == ply && usi.equals(j.path("usi").asText())
                && j.get("seq").asLong() > state.get("seq").asLong(), WAIT).json();
        return mqtt.await("state", j -> j.get("seq").asLong() >= move.get("seq").asLong(), WAIT).json();
    }

    /** The engine answers; its move is carried out from the LEDs and read aloud; return the state after it. */
    JsonNode computerReplies(JsonNode state) throws Exception {
        int ply = state.get("moves").size() + 1;
        JsonNode asked = mqtt.await("state", j -> !j.get("engineMove").isNull() && j.get("seq").asLong() > state.get("seq").asLong(),
                WAIT).json();
        Position before = position(asked);
        hands.carryOut(before, Usi.parseLegalMove(before, asked.get("engineMove").asText()));
        JsonNode move = mqtt.await("moves", j -> j.get("ply").asInt() == ply && j.has("usi")
                && j.get("seq").asLong() > state.get("seq").asLong(), WAIT).json();
        String text = move.get("japanese").asText().substring(1);
        JsonNode spoken = mqtt.await("voice", j -> j.get("kind").asText().equals("move")
                && j.get("seq").asLong() >= move.get("seq").asLong(), WAIT).json();
        assertEquals(text, spoken.get("text").asText());
        assertEquals(Readings.of(text), spoken.get("reading").asText());
        return mqtt.await("state", j -> j.get("seq").asLong() >= move.get("seq").asLong(), WAIT).json();
    }

    static Position position(JsonNode state) {
        return Position.fromSfen(Variant.STANDARD, state.get("sfen").asText());
    }

    /** The first move of a fixed opening that is legal here. */
    static String nextOpeningMove(JsonNode state) {
        Position position = position(state);
        return OPENING.stream().filter(usi -> {
            try {
                Usi.parseLegalMove(position, usi);
                return true;
            } catch (IllegalArgumentException e) {
                return false;
            }
        }).findFirst().orElseThrow();
    }
}
