package org.shogibridge.device.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.ClockState;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.session.SessionEvent;

/**
 * The game state as JSON, for everything that writes or reads it: the payloads of the {@code state} and {@code moves}
 * topics, field by field as docs/mqtt.md documents them, and the clocks and players the journal keeps (the same
 * fields, so a journaled clock and a published one never differ).
 */
public final class StateJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private StateJson() {
    }

    /** Return the {@code state} payload of a change made at {@code epochMillis} (wall clock). */
    public static String state(GameState s, String event, String board, long epochMillis) {
        return state(s, event, board, null, epochMillis);
    }

    /**
     * Return the {@code state} payload of a change made at {@code epochMillis} (wall clock), with the event's round
     * when the configuration gives one ({@code round}; an event hub files the game under it).
     */
    public static String state(GameState s, String event, String board, Integer round, long epochMillis) {
        ObjectNode root = JSON.createObjectNode();
        root.put("seq", s.seq()).put("game", s.gameId()).put("event", event).put("board", board);
        if (round != null) {
            root.put("round", round);
        }
        root.put("variant", s.variant().name().toLowerCase(Locale.ROOT)).put("startSfen", s.startSfen()).put("sfen", s.sfen());
        strings(root.putArray("moves"), s.moves());
        strings(root.putArray("movesJapanese"), s.movesJapanese());
        ArrayNode millis = root.putArray("moveMillis");
        s.moveMillis().forEach(millis::add);
        Position position = s.position();
        hands(root.putObject("hands"), s.variant().handTypes(), position);
        root.put("sideToMove", side(s.sideToMove()));
        root.put("check", position.inCheck());
        ObjectNode clock = root.putObject("clock");
        clock(clock, s.clock());
        timeControl(clock.putObject("timeControl"), s.timeControl());
        root.put("mode", s.mode().name().toLowerCase(Locale.ROOT));
        ObjectNode players = root.putObject("players");
        player(players.putObject("black"), s.black());
        player(players.putObject("white"), s.white());
        if (s.result() == null) {
            root.putNull("result");
        } else {
            root.putObject("result").put("winner", s.result().winner() == null ? null : side(s.result().winner()))
                    .put("reason", s.result().reason()).put("detail", s.result().detail());
        }
        root.put("lastMove", s.lastMove());
        root.put("engineMove", s.engineMove());
        root.put("engineMoveJapanese", s.engineMove() == null ? null : japanese(s, position, s.engineMove()));
        root.put("tutor", s.tutor());
        if (s.advice() == null) {
            root.putNull("advice");
        } else { // the tutor's warning on the person's last move (docs/learning.md)
            root.putObject("advice").put("ply", s.advice().ply()).put("mark", s.advice().mark())
                    .put("markEnglish", s.advice().markEnglish()).put("better", s.advice().better())
                    .put("betterJapanese", s.advice().betterJapanese());
        }
        if (s.tsume() == null) {
            root.putNull("tsume");
        } else { // a tsume being solved (docs/learning.md): its set-up step while the board is set up
            ObjectNode tsume = root.putObject("tsume").put("id", s.tsume().id()).put("plies", s.tsume().plies())
                    .put("setUp", s.tsume().setUp()).put("setUpEnglish", s.tsume().setUpEnglish());
            strings(tsume.putArray("squares"), s.tsume().squares());
            tsume.put("komadai", s.tsume().komadai());
        }
        ObjectNode boardStatus = root.putObject("boardStatus");
        boardStatus.put("status", s.status().kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        strings(boardStatus.putArray("squares"), s.status().squares());
        boardStatus.put("detail", s.status().detail());
        boardStatus.put("japanese", s.status().spoken());
        strings(boardStatus.putArray("komadai"), s.status().komadai());
        root.put("resumed", s.resumed());
        root.put("time", epochMillis);
        return write(root);
    }

    /** Return the start position of a {@code state} payload. */
    public static Position startPosition(JsonNode state) {
        return Position.fromSfen(Variant.byId(state.path("variant").asText()), state.path("startSfen").asText());
    }

    /**
     * Return the moves of a {@code state} payload, read back from {@code start} by the rules core.
     *
     * @throws IllegalArgumentException "Move N 'x' is not legal there (why)." for a move that does not play
     */
    public static List<Integer> playedMoves(JsonNode state, Position start) {
        List<String> usi = new ArrayList<>();
        state.path("moves").forEach(m -> usi.add(m.asText()));
        return UsiRecord.moves(start, usi);
    }

    /** A move of the position in Japanese notation (▲７六歩, △同　銀), for a page that never shows USI. */
    private static String japanese(GameState s, Position position, String usi) {
        try {
            String last = s.lastMove();
            int previousTo = last == null ? -1 : org.shogibridge.core.rules.Usi.parseSquare(s.variant(), last.substring(2, 4));
            return JapaneseNotation.format(position, org.shogibridge.core.rules.Usi.parseLegalMove(position, usi), previousTo,
                    JapaneseNotation.Marks.TRIANGLES);
        } catch (IllegalArgumentException e) {
            return null; // not a move of this position (cannot happen for the session's own engine move)
        }
    }

    /** Return the {@code moves} payload of a move played or taken back. */
    public static String move(SessionEvent event, String event2, String board) {
        GameState s = event.stateOrNull();
        ObjectNode root = JSON.createObjectNode().put("seq", s.seq()).put("game", s.gameId());
        if (event instanceof SessionEvent.MovePlayed m) {
            root.put("ply", m.ply()).put("usi", m.usi()).put("japanese", m.japanese()).put("sfen", s.sfen())
                    .put("millis", m.elapsedMillis()).put("computer", m.computer());
        } else if (event instanceof SessionEvent.MoveUndone u) {
            root.put("ply", s.plies() + 1).put("undo", u.usi()).put("sfen", s.sfen());
        }
        return write(root);
    }

    /** Write the clocks into a JSON object. */
    public static ObjectNode clock(ObjectNode node, ClockState c) {
        return node.put("black", c.blackMillis()).put("white", c.whiteMillis()).put("byoyomi", c.byoyomiMillis())
                .put("running", c.running() == null ? null : side(c.running())).put("moveMillis", c.moveMillis())
                .put("paused", c.paused() == null ? null : side(c.paused()));
    }

    /** Write a time control into a JSON object. */
    public static ObjectNode timeControl(ObjectNode node, TimeControl t) {
        return node.put("mainMillis", t.mainMillis()).put("byoyomiMillis", t.byoyomiMillis())
                .put("incrementMillis", t.incrementMillis());
    }

    /** Read a time control written by {@link #timeControl(ObjectNode, TimeControl)}. */
    public static TimeControl readTimeControl(JsonNode node) {
        return new TimeControl(node.get("mainMillis").asLong(), node.get("byoyomiMillis").asLong(),
                node.get("incrementMillis").asLong());
    }

    /** Read clocks written by {@link #clock(ObjectNode, ClockState)} (or by a journal of an older version). */
    public static ClockState readClock(JsonNode node) {
        JsonNode running = node.get("running");
        JsonNode move = node.has("moveMillis") ? node.get("moveMillis") : node.get("move");
        JsonNode paused = node.get("paused");
        return new ClockState(node.get("black").asLong(), node.get("white").asLong(), node.get("byoyomi").asLong(),
                running == null || running.isNull() ? null : readSide(running.asText()), move.asLong(),
                paused == null || paused.isNull() ? null : readSide(paused.asText()));
    }

    private static void player(ObjectNode node, Player p) {
        node.put("name", p.name()).put("type", p.kind().name().toLowerCase(Locale.ROOT));
        if (p.kind() == Player.Kind.ENGINE) {
            node.put("level", p.level());
        }
        if (p.kind() == Player.Kind.BOARD) {
            // the other board's EVENT/BOARD, and whether it hosts the game (this board then only mirrors it)
            node.put("board", p.boardAddress()).put("hosts", p.hostsTheGame());
        }
    }

    /** Write a player as the journal keeps it: as published, and the command of an external engine (a tsume's id). */
    public static ObjectNode savedPlayer(Player p) {
        ObjectNode node = JSON.createObjectNode();
        player(node, p);
        if (p.kind() == Player.Kind.USI || p.kind() == Player.Kind.TSUME || p.kind() == Player.Kind.BOARD) {
            node.put("command", p.command()); // the engine's command line, the tsume's id, or the other board
        }
        return node;
    }

    /** Read a player written by {@link #savedPlayer} (or by a journal of an older version). */
    public static Player readPlayer(JsonNode node) {
        String kind = node.has("type") ? node.get("type").asText() : node.get("kind").asText();
        JsonNode level = node.get("level");
        JsonNode command = node.get("command");
        return new Player(node.get("name").asText(), Player.Kind.valueOf(kind.toUpperCase(Locale.ROOT)),
                level == null ? 0 : level.asInt(), command == null || command.isNull() ? "" : command.asText());
    }

    /** Write the pieces in hand of a position, by side and piece letter ({@code {"black":{"P":2},"white":{}}}). */
    public static void hands(ObjectNode node, int[] handTypes, Position p) {
        for (Side side : Side.values()) {
            ObjectNode hand = node.putObject(side(side));
            for (int type : handTypes) {
                int n = p.handCount(side, type);
                if (n > 0) {
                    hand.put(String.valueOf(Piece.letter(type)), n);
                }
            }
        }
    }

    private static void strings(ArrayNode array, java.util.List<String> values) {
        values.forEach(array::add);
    }

    static String side(Side side) {
        return side == Side.BLACK ? "black" : "white";
    }

    /** Read a side written as {@code black} or {@code white}. */
    public static Side readSide(String name) {
        return switch (name) {
            case "black", "BLACK" -> Side.BLACK;
            case "white", "WHITE" -> Side.WHITE;
            default -> throw new IllegalArgumentException("Unknown side. '" + name + "'.");
        };
    }

    static String write(ObjectNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
