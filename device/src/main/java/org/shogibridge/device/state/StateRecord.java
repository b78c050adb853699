package org.shogibridge.device.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.TimeControl;

/**
 * A {@code state} message (docs/mqtt.md) read back into a game record, for a process that only hears a board: the
 * hub's feeds and archive. The moves are replayed by the rules core, so a message whose moves are not legal is
 * refused rather than written into a record.
 */
public final class StateRecord {
    private StateRecord() {
    }

    /**
     * Return the game of a state message: start, moves with their times, players, time control and, once over, the
     * ending (a game abandoned for a new one ends in 中断).
     *
     * @throws IllegalArgumentException with a "Category. detail." message if the message is not a readable state
     */
    public static GameRecord record(JsonNode state) {
        Variant variant;
        Position start;
        try {
            variant = Variant.byId(text(state, "variant"));
            start = Position.fromSfen(variant, text(state, "startSfen"));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Unreadable state. " + e.getMessage());
        }
        List<String> usiMoves = new ArrayList<>();
        state.path("moves").forEach(m -> usiMoves.add(m.asText()));
        List<Integer> moves;
        try {
            moves = UsiRecord.moves(start, usiMoves);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unplayable state. " + e.getMessage());
        }
        JsonNode result = state.path("result");
        boolean unfinished = result.isObject() && "unfinished".equals(result.path("reason").asText());
        GameRecord record = GameRecord.of(start, moves, result.isObject() && !unfinished ? result(result, moves.size()) : null,
                Move.NONE);
        if (unfinished) {
            record.mainLine().ending(Ending.INTERRUPTION);
        }
        JsonNode players = state.path("players");
        record.headers().put(GameRecord.BLACK, players.path("black").path("name").asText("先手"));
        record.headers().put(GameRecord.WHITE, players.path("white").path("name").asText("後手"));
        JsonNode control = state.path("clock").path("timeControl");
        if (control.isObject()) {
            TimeControl timeControl = StateJson.readTimeControl(control);
            if (!timeControl.unlimited()) {
                record.headers().put("持ち時間", timeControl.describeJapanese());
            }
        }
        List<RecordedMove> recorded = record.mainLine().moves();
        JsonNode millis = state.path("moveMillis");
        for (int i = 0; i < recorded.size() && i < millis.size(); i++) {
            recorded.get(i).elapsedMillis(Math.max(0, millis.get(i).asLong()));
        }
        return record;
    }

    private static GameResult result(JsonNode result, int plies) {
        Termination termination;
        try {
            termination = Termination.valueOf(result.path("reason").asText().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unreadable state. The result's reason '" + result.path("reason").asText()
                    + "' is not one of docs/mqtt.md.");
        }
        String winner = result.path("winner").asText(null);
        Side side = winner == null ? null : winner.equals("black") ? Side.BLACK : Side.WHITE;
        return new GameResult(side, termination, null, plies, result.path("detail").asText(""));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("the field '" + field + "' is missing");
        }
        return value.asText();
    }
}
