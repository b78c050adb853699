package org.shogibridge.core.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;

import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * Reads JKF, the JSON Kifu Format of Kifu for JS: header, initial position (a preset or explicit board data),
 * moves with times, comments and forks (variations), and specials (endings). Moves without {@code from}, as a
 * converter from KI2 writes them, are resolved from {@code relative} like KI2 moves.
 *
 * <p>Errors name the move by its path, for example {@code moves[12]} or {@code moves[3].forks[0][1]}.
 */
public final class JkfReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String source;
    private RecordBuilder builder;

    private JkfReader(String source) {
        this.source = source;
    }

    /** Read a JKF record; {@code source} names it in error messages. */
    public static GameRecord read(String source, String text) {
        return new JkfReader(source).parse(text);
    }

    private GameRecord parse(String text) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new RecordFormatException(source, e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
                    "Invalid JSON. " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new RecordFormatException(source, 0, "Invalid JKF. The top level is not an object");
        }
        GameRecord record = new GameRecord(initial(root.path("initial")));
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("header").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> h = it.next();
            // The start position says what 手合割 would.
            if (!h.getKey().equals("手合割")) {
                record.headers().put(GameRecord.canonicalKey(h.getKey()), h.getValue().asText().strip());
            }
        }
        builder = new RecordBuilder(record);
        readLine(root.path("moves"), "moves");
        return record;
    }

    private Position initial(JsonNode initial) {
        if (initial.isMissingNode() || initial.isNull()) {
            return Position.start(Variant.STANDARD);
        }
        String preset = initial.path("preset").asText(JkfPresets.EVEN);
        if (preset.equals(JkfPresets.EVEN)) {
            return Position.start(Variant.STANDARD);
        }
        if (!preset.equals(JkfPresets.OTHER)) {
            Optional<Handicap> h = JkfPresets.handicap(preset);
            if (h.isEmpty()) {
                throw new RecordFormatException(source, 0, "Invalid JKF. Unknown preset '" + preset + "'");
            }
            return h.get().startPosition();
        }
        JsonNode data = initial.path("data");
        JsonNode board = data.path("board");
        Variant variant = switch (board.size()) {
            case 5 -> Variant.MINISHOGI;
            case 9 -> Variant.STANDARD;
            case 10 -> Variant.OKISAKI;
            default -> throw new RecordFormatException(source, 0, "Invalid JKF. initial.data.board has "
                    + board.size() + " files");
        };
        Diagram d = new Diagram(variant);
        try {
            for (int x = 0; x < variant.files(); x++) {
                for (int y = 0; y < variant.ranks(); y++) {
                    JsonNode cell = board.path(x).path(y);
                    if (cell.has("kind")) {
                        d.put(x + 1, y + 1, Piece.code(pieceType(variant, cell.path("kind").asText()),
                                cell.path("color").asInt()));
                    }
                }
            }
            JsonNode hands = data.path("hands");
            for (Side side : Side.values()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = hands.path(side.index()).fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    d.addToHand(side, pieceType(variant, e.getKey()), e.getValue().asInt());
                }
            }
            d.sideToMove(data.path("color").asInt() == 1 ? Side.WHITE : Side.BLACK);
            return d.toPosition();
        } catch (IllegalArgumentException e) {
            throw new RecordFormatException(source, 0, "initial.data: " + e.getMessage());
        }
    }

    private static int pieceType(Variant variant, String csa) {
        int type = PieceNames.ofCsa(csa);
        if (type < 0 || !variant.hasType(Piece.unpromoted(type))) {
            throw new IllegalArgumentException("Unknown piece. '" + csa + "'");
        }
        return type;
    }

    private void readLine(JsonNode moves, String path) {
        RecordBuilder.Branch branch = builder.current();
        for (int i = 0; i < moves.size(); i++) {
            JsonNode element = moves.get(i);
            String where = path + "[" + i + "]";
            try {
                readElement(element);
            } catch (RecordFormatException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new RecordFormatException(source, 0, where + ": " + e.getMessage());
            }
            JsonNode forks = element.path("forks");
            int ply = builder.nextPly() - 1;
            for (int f = 0; f < forks.size(); f++) {
                builder.variation(branch, ply);
                readLine(forks.get(f), where + ".forks[" + f + "]");
                builder.select(branch);
            }
        }
    }

    private void readElement(JsonNode element) {
        if (element.has("move")) {
            builder.play(move(element.path("move"))).elapsedMillis(elapsed(element));
        } else if (element.has("special")) {
            boolean blackToMove = builder.position().sideToMove() == Side.BLACK;
            String special = element.path("special").asText();
            Ending ending = Ending.ofCsa(special, blackToMove).orElseThrow(
                    () -> new IllegalArgumentException("Unknown special. '" + special + "'"));
            builder.end(ending, elapsed(element));
        }
        for (JsonNode comment : element.path("comments")) {
            builder.comment(comment.asText());
        }
    }

    private static long elapsed(JsonNode element) {
        JsonNode now = element.path("time").path("now");
        if (now.isMissingNode()) {
            return RecordedMove.UNKNOWN_TIME;
        }
        return (now.path("h").asLong() * 3600 + now.path("m").asLong() * 60 + now.path("s").asLong()) * 1000;
    }

    private int move(JsonNode m) {
        Position p = builder.position();
        Variant v = p.variant();
        int type = pieceType(v, m.path("piece").asText());
        if (m.has("color") && m.path("color").asInt() != p.sideToMove().index()) {
            throw new IllegalArgumentException("Illegal move. It is " + (p.sideToMove() == Side.BLACK ? "Black" : "White")
                    + "'s turn.");
        }
        int to = m.hasNonNull("to") ? square(v, m.path("to")) : builder.previousTo();
        if (to < 0) {
            throw new IllegalArgumentException("Unreadable move. It has no destination");
        }
        boolean promote = m.path("promote").asBoolean(false);
        if (!m.hasNonNull("from")) {
            // A move written like KI2: name the piece and let the notation resolve it.
            String text = JapaneseNotation.square(v, to) + PieceNames.japanese(type)
                    + relativeText(m.path("relative").asText("")) + (promote ? "成" : "");
            return JapaneseNotation.parse(p, text, builder.previousTo());
        }
        int from = square(v, m.path("from"));
        if (p.pieceAt(from) == Piece.EMPTY || Piece.type(p.pieceAt(from)) != type) {
            throw new IllegalArgumentException("Illegal move. There is no " + m.path("piece").asText() + " on "
                    + v.file(from) + v.rank(from) + ".");
        }
        int move = Rules.complete(p, Move.of(from, to, 0, 0, promote));
        Violation violation = Rules.violation(p, move);
        if (violation != null) {
            throw new IllegalArgumentException("Illegal move. " + violation.description() + ".");
        }
        return move;
    }

    private static int square(Variant v, JsonNode xy) {
        int x = xy.path("x").asInt();
        int y = xy.path("y").asInt();
        if (x < 1 || y < 1 || x > v.files() || y > v.ranks()) {
            throw new IllegalArgumentException("Bad square. " + xy);
        }
        return v.square(x, y);
    }

    /** JKF relative codes to KI2 text: L 左, C 直, R 右, U 上, M 寄, D 引, H 打. */
    static String relativeText(String codes) {
        StringBuilder sb = new StringBuilder();
        for (char c : codes.toCharArray()) {
            int i = "LCRUMDH".indexOf(c);
            if (i < 0) {
                throw new IllegalArgumentException("Bad relative. '" + codes + "'");
            }
            sb.append("左直右上寄引打".charAt(i));
        }
        // KI2 writes the place before the motion, JKF in either order.
        return sb.toString();
    }

    /** KI2 text to JKF relative codes. */
    static String relativeCodes(String text) {
        StringBuilder sb = new StringBuilder();
        for (char c : text.toCharArray()) {
            sb.append("LCRUMDH".charAt("左直右上寄引打".indexOf(c)));
        }
        return sb.toString();
    }
}
