package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.state.StateJson;

/**
 * What the world outside the room may see of a game: the last {@code moves} moves held back, and every move and the
 * result only {@code seconds} after the hub first saw it (the practice of hiding the newest moves from commentators).
 * Once a game is over its held-back moves are shown, each still no younger than the seconds.
 */
final class Delay {
    static final Delay NONE = new Delay(0, 0);

    /** How much of a board's game may be shown now: its first {@code plies} moves, and its end if {@code ended}. */
    record Visible(int plies, boolean ended) {
    }

    private final int moves;
    private final long millis;

    Delay(int moves, long millis) {
        if (moves < 0 || millis < 0) {
            throw new IllegalArgumentException("Bad delay. --delay-moves and --delay-seconds must not be negative.");
        }
        this.moves = moves;
        this.millis = millis;
    }

    boolean none() {
        return moves == 0 && millis == 0;
    }

    Visible visible(EventBoards.Board board, long nowMillis) {
        int all = board.moves();
        int plies = board.finished() ? all : Math.max(0, all - moves);
        while (plies > 0 && board.seenMillis().get(plies - 1) > nowMillis - millis) {
            plies--;
        }
        return new Visible(plies, board.finished() && plies == all && board.endSeenMillis() <= nowMillis - millis);
    }

    /** The board's state as it may be shown: itself when nothing is held back, else the game cut to what is visible. */
    static JsonNode state(EventBoards.Board board, Visible visible) {
        JsonNode state = board.state();
        if (visible.plies() == board.moves() && visible.ended() == board.finished()) {
            return state;
        }
        ObjectNode cut = state.deepCopy();
        Variant variant = Variant.byId(state.path("variant").asText());
        Position position = StateJson.startPosition(state);
        List<Integer> played = StateJson.playedMoves(state, position);
        ArrayNode moves = cut.putArray("moves");
        ArrayNode japanese = cut.putArray("movesJapanese");
        ArrayNode millis = cut.putArray("moveMillis");
        String last = null;
        for (int i = 0; i < visible.plies(); i++) {
            last = state.path("moves").get(i).asText();
            position.doMove(played.get(i));
            moves.add(last);
            japanese.add(state.path("movesJapanese").path(i).asText());
            millis.add(state.path("moveMillis").path(i).asLong());
        }
        cut.put("sfen", position.toSfen());
        StateJson.hands(cut.putObject("hands"), variant.handTypes(), position);
        cut.put("sideToMove", position.sideToMove() == Side.BLACK ? "black" : "white").put("check", position.inCheck());
        cut.put("lastMove", last).putNull("engineMove").putNull("engineMoveJapanese");
        if (!visible.ended()) {
            cut.putNull("result");
        }
        cut.set("clock", board.clocks().get(visible.plies()));
        ObjectNode status = cut.putObject("boardStatus");
        status.put("status", "matched").put("detail", "").put("japanese", "");
        status.putArray("squares");
        status.putArray("komadai");
        if (visible.plies() > 0) {
            cut.put("time", board.seenMillis().get(visible.plies() - 1));
        }
        return cut;
    }
}
