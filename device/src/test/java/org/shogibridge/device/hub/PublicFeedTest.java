package org.shogibridge.device.hub;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.device.state.StateJson;

/**
 * The public feed's deltas, on the states a board publishes while a real game (the 76th Meijin-sen, game 3, copied
 * under its licence into the test resources) is played on it by hand with a clock: each delta makes, from the state
 * before it, exactly the state published with it; each state can be fetched by its seq; a takeback and a new game are
 * deltas too; and what a viewer receives per move shrinks.
 */
class PublicFeedTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The broker: what was published, in order. */
    private static final class Recorded implements PublicFeed.Outlet {
        final List<String[]> messages = new ArrayList<>();
        boolean up = true;
        int generation = 1;

        @Override
        public boolean connected() {
            return up;
        }

        @Override
        public int generation() {
            return generation;
        }

        @Override
        public boolean publish(String topic, String payload, int qos, boolean retained) {
            messages.add(new String[] {topic, payload});
            return true;
        }

        List<JsonNode> on(String kind) {
            List<JsonNode> found = new ArrayList<>();
            for (String[] m : messages) {
                if (m[0].endsWith("/" + kind)) {
                    found.add(read(m[1]));
                }
            }
            return found;
        }

        long bytes(String kind) {
            return messages.stream().filter(m -> m[0].endsWith("/" + kind)).mapToLong(m -> m[1].getBytes(StandardCharsets.UTF_8).length).sum();
        }
    }

    /** A board played by hand, its session publishing a state per change as a daemon does. */
    private static final class PlayedBoard {
        final GameSession session;
        Position pieces = Position.start(Variant.STANDARD);
        long time = 1_000;
        int games;

        PlayedBoard() {
            session = new GameSession(new SessionSettings(Variant.STANDARD, InferenceSettings.defaults(),
                    new TimeControl(1_800_000, 60_000, 0), Player.human(Player.SENTE), Player.human(Player.GOTE)),
                    () -> "20261204-10000" + (games++) + "-b1", e -> { });
            session.start(0, time);
        }

        void play(String usi, long thinkMillis) {
            rest(thinkMillis - 600);
            pieces.doMove(Usi.parseLegalMove(pieces, usi));
            rest(600);
        }

        void rest(long millis) {
            for (long t = 0; t < millis; t += 20) {
                time += 20;
                session.snapshot(SensorSnapshot.of(pieces, false).timeMillis(time));
            }
        }

        JsonNode state() {
            return read(StateJson.state(session.state(), "club", "b1", time));
        }
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }

    private static List<String> meijinsen() throws Exception {
        Path file = Path.of(PublicFeedTest.class.getResource("/records/meijinsen_20180508_M7_10034.kif").toURI());
        GameRecord record = RecordFormat.read(file.getFileName().toString(), Files.readAllBytes(file));
        List<String> moves = new ArrayList<>();
        for (int m : record.mainLine().moveArray()) {
            moves.add(Usi.format(record.variant(), m));
        }
        return moves;
    }

    private final Recorded broker = new Recorded();
    private final EventBoards boards = new EventBoards(new HashMap<>(), 1, n -> { }, b -> { });
    private final PublicSnapshots snapshots = new PublicSnapshots();
    private final PublicFeed feed = new PublicFeed(boards, new Delay(0, 0), "shogi/v1/public/club", broker, snapshots);
    private long now = 1_000_000;

    /** The board's state reaches the hub and the feed publishes what changed. */
    private void heard(JsonNode state) {
        now += 1_000;
        boards.state("b1", state, now);
        feed.publish(now);
    }

    /** Every delta makes its state from the one before; the viewer's copy is always the newest state. */
    private void assertDeltasMakeEveryState() {
        JsonNode viewer = null;
        Map<Long, JsonNode> states = new HashMap<>();
        broker.on("state").forEach(s -> states.put(s.get("seq").asLong(), s));
        int deltas = 0;
        for (String[] m : broker.messages) {
            JsonNode message = read(m[1]);
            if (m[0].endsWith("/state") && viewer == null) {
                viewer = message; // the viewer joined: the whole state
            } else if (m[0].endsWith("/delta")) {
                JsonNode made = PublicDelta.apply(viewer, message);
                assertNotNull(made, "the delta follows the viewer's state: " + message);
                assertEquals(states.get(message.get("seq").asLong()), made, "delta " + message);
                viewer = made;
                deltas++;
            }
        }
        assertEquals(broker.on("state").size() - 1, deltas, "a delta with every state after the first");
        assertEquals(broker.on("state").get(broker.on("state").size() - 1), viewer);
    }

    @Test
    void aRealGamesDeltasMakeEveryStateAndAViewerReceivesAFractionOfTheBytes() throws Exception {
        List<String> game = meijinsen();
        PlayedBoard board = new PlayedBoard();
        heard(board.state());
        for (int i = 0; i < game.size(); i++) {
            board.play(game.get(i), 2_000 + 700L * (i % 5));
            heard(board.state());
        }
        assertEquals(game.size(), board.session.state().moves().size());
        assertDeltasMakeEveryState();

        // What a viewer receives per move: before, the state and the move; now, the delta.
        int moves = game.size();
        long before = broker.bytes("state") + broker.bytes("moves");
        long after = broker.bytes("delta");
        List<JsonNode> states = broker.on("state");
        int last = states.get(states.size() - 1).toString().getBytes(StandardCharsets.UTF_8).length;
        System.out.printf("PublicFeedTest: %d moves: per move per viewer %d bytes with the whole state (%d at the end)"
                + " and %d with deltas%n", moves, before / moves, last, after / moves);
        assertTrue(after * 4 < before, "the deltas are under a quarter of the states and moves: " + after + " of " + before);
        JsonNode lastDelta = broker.on("delta").get(broker.on("delta").size() - 1);
        assertTrue(lastDelta.toString().length() * 5 < last, "a delta does not grow with the game: " + lastDelta);
        assertEquals(List.of(game.get(moves - 1)), List.of(lastDelta.get("append").get("moves").get(0).asText()));
        assertTrue(lastDelta.get("merge").get("clock").has("running") && !lastDelta.get("merge").get("clock").has("timeControl")
                && lastDelta.get("set").has("sfen"), lastDelta.toString());

        // Each published state is there to fetch by its seq, the newest sixteen of them.
        JsonNode newest = states.get(states.size() - 1);
        assertArrayEquals(newest.toString().getBytes(StandardCharsets.UTF_8), snapshots.at("b1", newest.get("seq").asLong()).json());
        assertEquals(newest.get("seq").asLong(), snapshots.newest("b1").seq());
        assertNull(snapshots.at("b1", states.get(0).get("seq").asLong()), "the first state is no longer kept");
    }

    @Test
    void aTakebackANewGameAndAReconnectionAreDeltasToo() throws Exception {
        PlayedBoard board = new PlayedBoard();
        heard(board.state());
        for (String usi : List.of("7g7f", "3c3d", "2g2f")) {
            board.play(usi, 1_500);
            heard(board.state());
        }
        assertTrue(board.session.takeBack(board.time), "the arbiter takes the last move back");
        board.pieces = Position.start(Variant.STANDARD);
        board.pieces.doMove(Usi.parseLegalMove(board.pieces, "7g7f"));
        board.pieces.doMove(Usi.parseLegalMove(board.pieces, "3c3d"));
        board.rest(1_000);
        heard(board.state());
        JsonNode undo = broker.on("delta").get(broker.on("delta").size() - 1);
        assertEquals(2, undo.get("cut").get("moves").asInt(), undo.toString());
        assertTrue(!undo.has("append"), "nothing added: " + undo);

        broker.up = false; // the public broker goes away and comes back: the retained state again, and the deltas go on
        board.play("6g6f", 1_500);
        heard(board.state());
        broker.up = true;
        broker.generation++;
        board.play("8c8d", 1_500);
        heard(board.state());

        board.session.newGame(null, board.time);
        board.pieces = Position.start(Variant.STANDARD);
        board.rest(1_000);
        heard(board.state());
        JsonNode newGame = broker.on("delta").get(broker.on("delta").size() - 1);
        assertTrue(newGame.get("set").get("game").asText().endsWith("-b1") && newGame.get("cut").get("moves").asInt() == 0,
                newGame.toString());
        assertDeltasMakeEveryState();
    }
}
