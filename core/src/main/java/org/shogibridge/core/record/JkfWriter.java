package org.shogibridge.core.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes JKF as Kifu for JS reads it: moves carry {@code from}, {@code to}, {@code piece}, {@code color},
 * {@code same}, {@code promote}, {@code capture} and {@code relative}; variations are {@code forks}. Okisaki
 * and minishogi start positions are written as {@code OTHER} data with 10 or 5 files.
 */
public final class JkfWriter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JkfWriter() {
    }

    /** Return the record as JKF text. */
    public static String write(GameRecord r) {
        ObjectNode root = NODES.objectNode();
        ObjectNode header = root.putObject("header");
        for (Map.Entry<String, String> h : r.headers().entrySet()) {
            header.put(h.getKey(), h.getValue());
        }
        root.set("initial", initial(r));
        ArrayNode moves = root.putArray("moves");
        ObjectNode first = moves.addObject();
        comments(first, r.comments());
        line(moves, r.mainLine(), r.startPosition(), -1, new long[2]);
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode initial(GameRecord r) {
        ObjectNode initial = NODES.objectNode();
        Optional<Handicap> handicap = r.handicap();
        if (r.variant() == Variant.STANDARD && r.hasStandardStart()) {
            return initial.put("preset", JkfPresets.EVEN);
        }
        if (handicap.isPresent()) {
            return initial.put("preset", JkfPresets.name(handicap.get()));
        }
        initial.put("preset", JkfPresets.OTHER);
        ObjectNode data = initial.putObject("data");
        Position p = r.startPosition();
        Variant v = p.variant();
        ArrayNode board = data.putArray("board");
        for (int x = 1; x <= v.files(); x++) {
            ArrayNode file = board.addArray();
            for (int y = 1; y <= v.ranks(); y++) {
                ObjectNode cell = file.addObject();
                int code = p.pieceAt(v.square(x, y));
                if (code != Piece.EMPTY) {
                    cell.put("color", Piece.colour(code)).put("kind", PieceNames.csa(Piece.type(code)));
                }
            }
        }
        data.put("color", p.sideToMove().index());
        ArrayNode hands = data.putArray("hands");
        for (Side side : Side.values()) {
            ObjectNode hand = hands.addObject();
            for (int type : v.handTypes()) {
                hand.put(PieceNames.csa(type), p.handCount(side, type));
            }
        }
        return initial;
    }

    private static void line(ArrayNode out, MoveLine line, Position p, int previousTo, long[] totals) {
        long[] clock = totals.clone();
        int prev = previousTo;
        List<RecordedMove> moves = line.moves();
        for (RecordedMove rm : moves) {
            int move = rm.move();
            ObjectNode element = out.addObject();
            element.set("move", move(p, move, prev));
            time(element, rm.elapsedMillis(), clock, p.sideToMove());
            comments(element, rm.comments());
            if (!rm.alternatives().isEmpty()) {
                ArrayNode forks = element.putArray("forks");
                for (MoveLine alternative : rm.alternatives()) {
                    line(forks.addArray(), alternative, p, prev, clock);
                }
            }
            if (rm.elapsedMillis() >= 0) {
                clock[p.sideToMove().index()] += rm.elapsedMillis();
            }
            prev = Move.to(move);
            p.doMove(move);
        }
        Side toMove = p.sideToMove();
        if (line.foul() != null) {
            RecordedMove foul = line.foul();
            ObjectNode element = out.addObject();
            element.set("move", move(p, foul.move(), prev));
            time(element, foul.elapsedMillis(), clock, toMove);
            comments(element, foul.comments());
            if (foul.elapsedMillis() >= 0) {
                clock[toMove.index()] += foul.elapsedMillis();
            }
            toMove = toMove.opponent();
        }
        if (line.ending() != null) {
            ObjectNode element = out.addObject();
            element.put("special", line.ending().jkf(toMove == Side.BLACK));
            time(element, line.endingElapsedMillis(), clock, toMove);
            comments(element, line.endingComments());
        }
        for (int i = moves.size() - 1; i >= 0; i--) {
            p.undoMove(moves.get(i).move());
        }
    }

    private static ObjectNode move(Position p, int move, int previousTo) {
        Variant v = p.variant();
        ObjectNode m = NODES.objectNode();
        if (!Move.isDrop(move)) {
            m.set("from", square(v, Move.from(move)));
        }
        m.set("to", square(v, Move.to(move)));
        m.put("piece", PieceNames.csa(Piece.type(Move.piece(move))));
        m.put("color", p.sideToMove().index());
        if (Move.to(move) == previousTo) {
            m.put("same", true);
        }
        if (Move.promotes(move)) {
            m.put("promote", true);
        } else if (JapaneseNotation.mayPromote(p, move)) {
            m.put("promote", false);
        }
        if (Move.captured(move) != Piece.EMPTY) {
            m.put("capture", PieceNames.csa(Piece.type(Move.captured(move))));
        }
        String relative = JapaneseNotation.relative(p, move);
        if (!relative.isEmpty()) {
            m.put("relative", JkfReader.relativeCodes(relative));
        }
        return m;
    }

    private static ObjectNode square(Variant v, int square) {
        return NODES.objectNode().put("x", v.file(square)).put("y", v.rank(square));
    }

    /** The time of a move, the clock holding each side's total before it. */
    private static void time(ObjectNode element, long elapsed, long[] clock, Side mover) {
        if (elapsed < 0) {
            return;
        }
        long s = elapsed / 1000;
        long total = (clock[mover.index()] + elapsed) / 1000;
        ObjectNode time = element.putObject("time");
        time.putObject("now").put("m", s / 60).put("s", s % 60);
        time.putObject("total").put("h", total / 3600).put("m", total / 60 % 60).put("s", total % 60);
    }

    private static void comments(ObjectNode element, List<String> comments) {
        if (!comments.isEmpty()) {
            ArrayNode array = element.putArray("comments");
            comments.forEach(array::add);
        }
    }
}
