package org.shogibridge.core.record;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.NotationException;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;

import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Reads JKF, the JSON Kifu Format of Kifu for JS: header, initial position (a preset or explicit board data),
 * moves with times, comments and forks (variations), and specials (endings). Moves without {@code from}, as a
 * converter from KI2 writes them, are resolved from {@code relative} like KI2 moves.
 *
 * <p>The JSON is read strictly: one value and nothing after it, no key twice, every field of the type JKF gives
 * it, and no field JKF does not define outside the header (a misspelt {@code promote} would otherwise change a
 * move silently); a field set to null counts as absent. Errors name the line and the element by its path, for example {@code moves[12]} or
 * {@code moves[3].forks[0][1]}.
 */
public final class JkfReader {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final Set<String> ROOT_FIELDS = Set.of("header", "initial", "moves");
    private static final Set<String> INITIAL_FIELDS = Set.of("preset", "data");
    private static final Set<String> DATA_FIELDS = Set.of("board", "hands", "color");
    private static final Set<String> CELL_FIELDS = Set.of("color", "kind");
    private static final Set<String> ELEMENT_FIELDS = Set.of("move", "special", "time", "comments", "forks");
    private static final Set<String> MOVE_FIELDS =
            Set.of("from", "to", "piece", "color", "same", "promote", "capture", "relative");
    private static final Set<String> SQUARE_FIELDS = Set.of("x", "y");
    private static final Set<String> TIME_FIELDS = Set.of("now", "total");
    private static final Set<String> CLOCK_FIELDS = Set.of("h", "m", "s");

    private final String source;
    private final String text;
    private RecordBuilder builder;

    private JkfReader(String source, String text) {
        this.source = source;
        this.text = text;
    }

    /** Read a JKF record; {@code source} names it in error messages. */
    public static GameRecord read(String source, String text) {
        return new JkfReader(source, text).parse();
    }

    /** A JKF value that breaks the format; {@code pointer} is where it is, to find its line. */
    private static final class Invalid extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        final String pointer;

        Invalid(String pointer, String message) {
            super(message);
            this.pointer = pointer;
        }
    }

    private GameRecord parse() {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new RecordFormatException(source, e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
                    "Invalid JSON. " + jsonProblem(e.getOriginalMessage()));
        }
        try {
            if (root == null || !root.isObject()) {
                throw new Invalid("", "Invalid JKF. The top level is not an object");
            }
            fields(root, "", ROOT_FIELDS);
            GameRecord record = new GameRecord(initial(root.path("initial")));
            JsonNode header = root.path("header");
            if (!header.isMissingNode()) {
                object(header, "/header");
                for (Iterator<Map.Entry<String, JsonNode>> it = header.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> h = it.next();
                    String value = text(h.getValue(), "/header/" + escape(h.getKey()));
                    // The start position says what 手合割 would.
                    if (!h.getKey().equals("手合割")) {
                        record.headers().put(GameRecord.canonicalKey(h.getKey()), value.strip());
                    }
                }
            }
            builder = new RecordBuilder(record);
            JsonNode moves = root.path("moves");
            if (!moves.isMissingNode()) {
                array(moves, "/moves");
                readLine(moves, "/moves", true);
            }
            return builder.finish();
        } catch (Invalid e) {
            throw new RecordFormatException(source, lineOf(e.pointer), e.getMessage());
        }
    }

    private Position initial(JsonNode initial) {
        if (initial.isMissingNode() || initial.isNull()) {
            return Position.start(Variant.STANDARD);
        }
        object(initial, "/initial");
        fields(initial, "/initial", INITIAL_FIELDS);
        String preset = initial.hasNonNull("preset") ? text(initial.get("preset"), "/initial/preset") : JkfPresets.EVEN;
        if (preset.equals(JkfPresets.EVEN)) {
            return Position.start(Variant.STANDARD);
        }
        if (!preset.equals(JkfPresets.OTHER)) {
            return JkfPresets.handicap(preset).orElseThrow(
                    () -> new Invalid("/initial/preset", "Invalid JKF. Unknown preset '" + preset + "'")).startPosition();
        }
        JsonNode data = object(initial.path("data"), "/initial/data");
        fields(data, "/initial/data", DATA_FIELDS);
        JsonNode board = array(data.path("board"), "/initial/data/board");
        Variant variant = switch (board.size()) {
            case 5 -> Variant.MINISHOGI;
            case 9 -> Variant.STANDARD;
            case 10 -> Variant.OKISAKI;
            default -> throw new Invalid("/initial/data/board", "Invalid JKF. The board has " + board.size() + " files");
        };
        Diagram d = new Diagram(variant);
        for (int x = 0; x < variant.files(); x++) {
            String column = "/initial/data/board/" + x;
            JsonNode file = array(board.get(x), column);
            if (file.size() != variant.ranks()) {
                throw new Invalid(column, "Invalid JKF. " + name(column) + " has " + file.size() + " squares");
            }
            for (int y = 0; y < variant.ranks(); y++) {
                String at = column + "/" + y;
                JsonNode cell = object(file.get(y), at);
                fields(cell, at, CELL_FIELDS);
                if (cell.hasNonNull("kind")) {
                    int colour = integer(cell.path("color"), at + "/color", 0, 1);
                    d.put(x + 1, y + 1, Piece.code(pieceType(variant, text(cell.get("kind"), at + "/kind"), at), colour));
                } else if (cell.hasNonNull("color")) {
                    throw new Invalid(at, "Invalid JKF. " + name(at) + " has a colour and no kind");
                }
            }
        }
        JsonNode hands = array(data.path("hands"), "/initial/data/hands");
        if (hands.size() != 2) {
            throw new Invalid("/initial/data/hands", "Invalid JKF. hands must hold the two hands");
        }
        for (Side side : Side.values()) {
            String at = "/initial/data/hands/" + side.index();
            for (Iterator<Map.Entry<String, JsonNode>> it = object(hands.get(side.index()), at).fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String count = at + "/" + escape(e.getKey());
                d.addToHand(side, pieceType(variant, e.getKey(), count), integer(e.getValue(), count, 0, 18));
            }
        }
        d.sideToMove(integer(data.path("color"), "/initial/data/color", 0, 1) == 1 ? Side.WHITE : Side.BLACK);
        try {
            return d.toPosition();
        } catch (IllegalArgumentException e) {
            throw new Invalid("/initial/data", "initial.data: " + e.getMessage());
        }
    }

    private static int pieceType(Variant variant, String csa, String pointer) {
        int type = PieceNames.ofCsa(csa);
        if (type < 0 || !variant.hasType(Piece.unpromoted(type))) {
            throw new Invalid(pointer, "Unknown piece. '" + RecordText.abbreviated(csa) + "' in " + name(pointer));
        }
        return type;
    }

    /** Read a line of elements; the first element of the main line may carry only the comments before the moves. */
    private void readLine(JsonNode moves, String pointer, boolean mainLine) {
        RecordBuilder.Branch branch = builder.current();
        for (int i = 0; i < moves.size(); i++) {
            String at = pointer + "/" + i;
            JsonNode element = object(moves.get(i), at);
            fields(element, at, ELEMENT_FIELDS);
            boolean opening = mainLine && i == 0;
            try {
                readElement(element, at, opening);
            } catch (Invalid | RecordFormatException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new Invalid(at, pathOf(at) + e.getMessage());
            }
            if (element.hasNonNull("forks")) {
                if (!element.hasNonNull("move")) {
                    throw new Invalid(at, "Invalid JKF. " + name(at) + " has forks but no move");
                }
                JsonNode forks = array(element.get("forks"), at + "/forks");
                int ply = builder.nextPly() - 1;
                for (int f = 0; f < forks.size(); f++) {
                    String fork = at + "/forks/" + f;
                    builder.variation(branch, ply);
                    readLine(array(forks.get(f), fork), fork, false);
                    builder.select(branch);
                }
            }
        }
    }

    private void readElement(JsonNode element, String at, boolean opening) {
        if (element.hasNonNull("move") && element.hasNonNull("special")) {
            throw new Invalid(at, "Invalid JKF. " + name(at) + " has both a move and a special");
        }
        if (element.hasNonNull("move")) {
            long elapsed = elapsed(element, at);
            try {
                builder.play(move(object(element.get("move"), at + "/move"), at + "/move")).elapsedMillis(elapsed);
            } catch (NotationException e) {
                if (e.foulMove() == 0 || builder.hasEnded()) {
                    throw e;
                }
                RecordFormatException error = new RecordFormatException(source, lineOf(at), pathOf(at) + e.getMessage());
                builder.foul(e.foulMove(), error).elapsedMillis(elapsed);
            }
        } else if (element.hasNonNull("special")) {
            boolean blackToMove = builder.sideToMoveAfterLine() == Side.BLACK;
            String special = text(element.get("special"), at + "/special");
            Ending ending = Ending.ofCsa(special, blackToMove).orElseThrow(
                    () -> new Invalid(at + "/special", "Unknown special. '" + RecordText.abbreviated(special) + "' in " + name(at)));
            builder.end(ending, elapsed(element, at));
        } else if (!opening && !element.hasNonNull("comments")) {
            throw new Invalid(at, "Invalid JKF. " + name(at) + " has no move, special or comments");
        }
        if (element.hasNonNull("comments")) {
            JsonNode comments = array(element.get("comments"), at + "/comments");
            for (int c = 0; c < comments.size(); c++) {
                builder.comment(text(comments.get(c), at + "/comments/" + c));
            }
        }
    }

    private long elapsed(JsonNode element, String at) {
        if (!element.hasNonNull("time")) {
            return RecordedMove.UNKNOWN_TIME;
        }
        JsonNode time = object(element.get("time"), at + "/time");
        fields(time, at + "/time", TIME_FIELDS);
        if (time.hasNonNull("total")) {
            clock(time.get("total"), at + "/time/total");
        }
        if (!time.hasNonNull("now")) {
            return RecordedMove.UNKNOWN_TIME;
        }
        return clock(time.get("now"), at + "/time/now");
    }

    /** Read {@code {"h":0,"m":1,"s":5}} into milliseconds. */
    private static long clock(JsonNode clock, String at) {
        object(clock, at);
        fields(clock, at, CLOCK_FIELDS);
        long seconds = 0;
        int[] limits = {100 * 24, 100 * 24 * 60, 100 * 24 * 3600};
        int[] units = {3600, 60, 1};
        String[] names = {"h", "m", "s"};
        for (int i = 0; i < names.length; i++) {
            if (clock.hasNonNull(names[i])) {
                seconds += (long) integer(clock.get(names[i]), at + "/" + names[i], 0, limits[i]) * units[i];
            }
        }
        try {
            return RecordedMove.checkedElapsed(seconds * 1000, clock.toString());
        } catch (IllegalArgumentException e) {
            throw new Invalid(at, "Bad time. " + name(at) + " is out of range (0 to 100 days)");
        }
    }

    /** Return the legal move an element names; a {@link NotationException} with its foul move if it is illegal. */
    private int move(JsonNode m, String at) {
        builder.checkNoFoul();
        fields(m, at, MOVE_FIELDS);
        Position p = builder.position();
        Variant v = p.variant();
        int type = pieceType(v, text(m.path("piece"), at + "/piece"), at + "/piece");
        Side toMove = builder.sideToMoveAfterLine();
        if (m.hasNonNull("color") && integer(m.get("color"), at + "/color", 0, 1) != toMove.index()) {
            throw new IllegalArgumentException("Illegal move. It is " + (toMove == Side.BLACK ? "Black" : "White")
                    + "'s turn.");
        }
        for (String flag : new String[] {"same", "promote"}) {
            if (m.hasNonNull(flag) && !m.get(flag).isBoolean()) {
                throw new Invalid(at + "/" + flag, "Invalid JKF. " + name(at + "/" + flag) + " must be true or false");
            }
        }
        String relative = m.hasNonNull("relative") ? text(m.get("relative"), at + "/relative") : "";
        if (m.hasNonNull("capture")) {
            pieceType(v, text(m.get("capture"), at + "/capture"), at + "/capture");
        }
        int to = m.hasNonNull("to") ? square(v, m.get("to"), at + "/to") : builder.previousTo();
        if (to < 0) {
            throw new IllegalArgumentException("Unreadable move. It has no destination");
        }
        boolean promote = m.path("promote").asBoolean(false);
        if (!m.hasNonNull("from")) {
            // A move written like KI2: name the piece and let the notation resolve it.
            String kanji = JapaneseNotation.square(v, to) + PieceNames.japanese(type) + relativeText(relative)
                    + (promote ? "成" : "不成");
            return JapaneseNotation.parse(p, kanji, builder.previousTo());
        }
        int from = square(v, m.get("from"), at + "/from");
        if (p.pieceAt(from) == Piece.EMPTY || Piece.type(p.pieceAt(from)) != type) {
            throw new IllegalArgumentException("Illegal move. There is no " + PieceNames.csa(type) + " on "
                    + v.file(from) + v.rank(from) + ".");
        }
        int move = Rules.complete(p, Move.of(from, to, 0, 0, promote));
        Violation violation = Rules.violation(p, move);
        if (violation != null) {
            throw new NotationException("Illegal move. " + violation.description() + ".",
                    violation.isRecordableFoul() ? move : 0, violation);
        }
        return move;
    }

    private static int square(Variant v, JsonNode xy, String at) {
        object(xy, at);
        fields(xy, at, SQUARE_FIELDS);
        int x = integer(xy.path("x"), at + "/x", 1, v.files());
        int y = integer(xy.path("y"), at + "/y", 1, v.ranks());
        return v.square(x, y);
    }

    // ----------------------------------------------------------------------------------------------
    // Types

    private static JsonNode object(JsonNode node, String at) {
        if (node == null || !node.isObject()) {
            throw new Invalid(at, "Invalid JKF. " + name(at) + " must be an object");
        }
        return node;
    }

    private static JsonNode array(JsonNode node, String at) {
        if (node == null || !node.isArray()) {
            throw new Invalid(at, "Invalid JKF. " + name(at) + " must be an array");
        }
        return node;
    }

    private static String text(JsonNode node, String at) {
        if (node == null || !node.isTextual()) {
            throw new Invalid(at, "Invalid JKF. " + name(at) + " must be a string");
        }
        return node.asText();
    }

    private static int integer(JsonNode node, String at, int min, int max) {
        if (node == null || !node.isIntegralNumber() || !node.canConvertToInt() || node.intValue() < min
                || node.intValue() > max) {
            throw new Invalid(at, "Invalid JKF. " + name(at) + " must be a whole number from " + min + " to " + max);
        }
        return node.intValue();
    }

    /** A field JKF does not define is an error: it is most likely a damaged or misspelt one. */
    private static void fields(JsonNode node, String at, Set<String> allowed) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!allowed.contains(name)) {
                throw new Invalid(at + "/" + escape(name), "Invalid JKF. Unknown field '"
                        + RecordText.abbreviated(name) + "' in " + (at.isEmpty() ? "the top level" : name(at)));
            }
        }
    }

    private static String name(String pointer) {
        String path = pathOf(pointer);
        return path.isEmpty() ? "the value" : path.substring(0, path.length() - 2);
    }

    /** Return a JSON pointer as the path an error shows, with ": " after it: {@code /moves/3/forks/0/1} as {@code moves[3].forks[0][1]: }. */
    private static String pathOf(String pointer) {
        if (pointer.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (String part : pointer.substring(1).split("/")) {
            if (!part.isEmpty() && part.chars().allMatch(Character::isDigit)) {
                sb.append('[').append(part).append(']');
            } else {
                sb.append(sb.length() == 0 ? "" : ".").append(part.replace("~1", "/").replace("~0", "~"));
            }
        }
        return sb.append(": ").toString();
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    /** Return the line where the value at a JSON pointer (or, if it is missing, its parent) starts. */
    private int lineOf(String pointer) {
        for (String p = pointer; ; p = p.substring(0, p.lastIndexOf('/'))) {
            if (p.isEmpty()) {
                return 1;
            }
            int line = lineOfValue(p);
            if (line > 0 || p.isEmpty()) {
                return line;
            }
        }
    }

    /** Return the line where the value at a JSON pointer starts, or 0; reads the text again (errors are rare). */
    private int lineOfValue(String pointer) {
        try (JsonParser parser = JSON.getFactory().createParser(text)) {
            for (JsonToken token; (token = parser.nextToken()) != null; ) {
                if (token == JsonToken.FIELD_NAME || token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                    continue;
                }
                JsonStreamContext context = parser.getParsingContext();
                if (token.isStructStart() && context.getParent() != null) {
                    context = context.getParent();
                }
                if (context.pathAsPointer().toString().equals(pointer)) {
                    return parser.currentTokenLocation().getLineNr();
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return 0;
    }

    /** Return the parser's description of a JSON syntax error, first line only, without its list of value kinds. */
    private static String jsonProblem(String message) {
        String m = message == null ? "unreadable" : message;
        int newline = m.indexOf('\n');
        m = newline < 0 ? m : m.substring(0, newline);
        m = m.replaceAll("\\s*\\(JSON String, Number, Array, Object[^)]*\\)", "").strip();
        return m.endsWith("was expecting") || m.endsWith("expected") ? m + " a JSON value" : m;
    }

    /** JKF relative codes to KI2 text: L 左, C 直, R 右, U 上, M 寄, D 引, H 打. */
    static String relativeText(String codes) {
        StringBuilder sb = new StringBuilder();
        for (char c : codes.toCharArray()) {
            int i = "LCRUMDH".indexOf(c);
            if (i < 0) {
                throw new IllegalArgumentException("Bad relative. '" + RecordText.abbreviated(codes) + "'");
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
