package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.shogibridge.core.rules.Position;
import org.shogibridge.device.state.StateJson;

/**
 * The event republished for the world outside the room, under {@code <public-prefix>/<board>/}: {@code status},
 * {@code state} (retained), its {@code delta} from the state before (what viewers follow: a move is a few hundred
 * bytes where the state grows past 3 KB) and {@code moves}, and {@code analysis} of positions already shown, each held
 * back by the {@link Delay}. Each state is kept for HTTP ({@link PublicSnapshots}) before it is published, so a viewer
 * that joins or misses a delta fetches the one it needs. It carries no {@code cmd/} topic: nothing on it reaches a
 * board. Its {@code seq} is its own (the time of publishing, always growing), since a delayed state may show more of a
 * game without the board's changing.
 */
final class PublicFeed {
    /** Where the feed goes: the public broker's link. */
    interface Outlet {
        boolean connected();

        /** Counts the connections: a new one needs every retained message again. */
        int generation();

        /** Return false if the message could not be sent (it is sent again later). */
        boolean publish(String topic, String payload, int qos, boolean retained);
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What was last published of a board. */
    private record Published(String game, String key, int plies, boolean online) {
    }

    private final EventBoards boards;
    private final Delay delay;
    private final String prefix;
    private final Outlet out;
    private final PublicSnapshots snapshots;
    /** The last state published of each board, across connections: the next delta is made from it. */
    private final Map<String, JsonNode> lastState = new HashMap<>();
    private final Map<String, Published> published = new HashMap<>();
    /** The newest analysis of each board, as heard. */
    private final Map<String, JsonNode> analyses = new ConcurrentHashMap<>();
    private final Map<String, Integer> analysisShown = new HashMap<>();
    private int generation;
    private long seq;

    PublicFeed(EventBoards boards, Delay delay, String prefix, Outlet out, PublicSnapshots snapshots) {
        this.boards = boards;
        this.delay = delay;
        this.prefix = prefix;
        this.out = out;
        this.snapshots = snapshots;
    }

    /** Keep a board's newest analysis (heard on the MQTT thread), to show once its position is. */
    void analysis(String board, JsonNode analysis) {
        analyses.put(board, analysis);
    }

    /** Publish what has become visible since the last call (the hub's thread calls it a few times a second). */
    void publish(long nowMillis) {
        if (!out.connected()) {
            return;
        }
        if (out.generation() != generation) { // a new connection: every retained message again
            generation = out.generation();
            published.clear();
            analysisShown.clear();
        }
        for (EventBoards.Board board : boards.boards()) {
            if (board.state() != null) {
                publish(board, nowMillis);
            }
        }
    }

    private void publish(EventBoards.Board board, long nowMillis) {
        Delay.Visible visible = delay.visible(board, nowMillis);
        String key = board.gameId() + "/" + board.version() + "/" + visible.plies() + "/" + visible.ended();
        Published last = published.get(board.id());
        String topic = prefix + "/" + board.id() + "/";
        if (last == null || last.online() != board.online()) {
            if (!out.publish(topic + "status", "{\"status\":\"" + (board.online() ? "online" : "offline") + "\"}", 1, true)) {
                return;
            }
        }
        if (last != null && last.key().equals(key)) {
            published.put(board.id(), new Published(last.game(), key, last.plies(), board.online()));
            analysis(board, last.plies(), topic);
            return;
        }
        ObjectNode state = Delay.state(board, visible).deepCopy();
        long stateSeq = nextSeq(nowMillis);
        state.put("seq", stateSeq);
        if (last != null && last.game().equals(board.gameId()) && !moves(board, state, last.plies(), topic, stateSeq)) {
            return;
        }
        String json = state.toString();
        snapshots.keep(board.id(), stateSeq, json);
        if (!out.publish(topic + "state", json, 1, true)) {
            return;
        }
        JsonNode before = lastState.get(board.id());
        if (before != null && !out.publish(topic + "delta", PublicDelta.between(before, state).toString(), 1, false)) {
            return; // sent again with the state: the state is retained, and a viewer who missed the delta fetches it
        }
        lastState.put(board.id(), state);
        published.put(board.id(), new Published(board.gameId(), key, visible.plies(), board.online()));
        analysis(board, visible.plies(), topic);
    }

    /** One {@code moves} message per move newly shown, or one withdrawing a move taken back. */
    private boolean moves(EventBoards.Board board, JsonNode state, int shownBefore, String topic, long stateSeq) {
        int shown = state.path("moves").size();
        if (shown < shownBefore) {
            ObjectNode undo = JSON.createObjectNode().put("seq", stateSeq).put("game", board.gameId()).put("ply", shown + 1)
                    .put("undo", board.state().path("moves").path(shown).asText()).put("sfen", state.path("sfen").asText());
            return out.publish(topic + "moves", undo.toString(), 1, false);
        }
        Position position = StateJson.startPosition(state);
        List<Integer> played = StateJson.playedMoves(state, position);
        for (int i = 0; i < shown; i++) {
            String usi = state.path("moves").get(i).asText();
            position.doMove(played.get(i));
            if (i >= shownBefore) {
                ObjectNode move = JSON.createObjectNode().put("seq", stateSeq).put("game", board.gameId()).put("ply", i + 1)
                        .put("usi", usi).put("japanese", state.path("movesJapanese").path(i).asText()).put("sfen", position.toSfen())
                        .put("millis", state.path("moveMillis").path(i).asLong());
                if (!out.publish(topic + "moves", move.toString(), 1, false)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The board's newest analysis of a position already shown, its graph cut to the plies shown. */
    private void analysis(EventBoards.Board board, int plies, String topic) {
        JsonNode analysis = analyses.get(board.id());
        if (analysis == null || !analysis.path("game").asText().equals(board.gameId()) || analysis.path("ply").asInt() > plies
                || analysisShown.getOrDefault(board.id(), -1) == analysis.path("ply").asInt()) {
            return;
        }
        ObjectNode shown = analysis.deepCopy();
        ArrayNode scores = shown.putArray("scores");
        analysis.path("scores").forEach(s -> {
            if (s.path(0).asInt() <= plies) {
                scores.add(s);
            }
        });
        if (out.publish(topic + "analysis", shown.toString(), 0, true)) {
            analysisShown.put(board.id(), analysis.path("ply").asInt());
        }
    }

    private long nextSeq(long nowMillis) {
        seq = Math.max(seq + 1, nowMillis);
        return seq;
    }
}
