package org.shogibridge.core.record;

import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads KIF (numbered move lines with origins and times) and KI2 (moves in Japanese notation only): headers,
 * the board diagram of a non-standard start, moves, comments, variations and endings. Both styles may be mixed
 * in one file, as some tools do.
 */
public final class KifReader {
    private static final Pattern KIF_MOVE = Pattern.compile(
            "^\\s*(\\d+)\\s+(\\S.*?)\\s*(?:\\(\\s*(\\d+:[\\d:]+)\\s*(?:/\\s*[\\d:]*)?\\s*\\))?\\s*(\\+)?\\s*$");
    private static final Pattern VARIATION = Pattern.compile("^\\s*変化[：:]\\s*(\\d+)手");
    private static final Pattern HEADER = Pattern.compile("^([^：:\\s][^：:]*)[：:](.*)$");
    private static final Pattern SUMMARY = Pattern.compile("^\\s*まで、?(\\d+)手(.*)$");
    private static final Pattern WINNER =
            Pattern.compile("^(時間切れにより)?(先手|後手|下手|上手)の(勝ち|反則勝ち|反則負け|入玉勝ち)$");
    private static final String MARKS = "▲△☗☖▽▼";

    /** The name of 5x5 and 10x10 games in the 手合割 header. */
    static final String MINISHOGI_NAME = "5五将棋";
    static final String OKISAKI_NAME = "沖崎将棋";

    private final String source;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private String startName;
    private final List<String> diagramRows = new ArrayList<>();
    private final String[] handLines = new String[2];
    private Side diagramSideToMove;
    private RecordBuilder builder;

    private KifReader(String source) {
        this.source = source;
    }

    /** Read a KIF or KI2 record; {@code source} names it in error messages. */
    public static GameRecord read(String source, String text) {
        return new KifReader(source).parse(text);
    }

    private GameRecord parse(String text) {
        RecordText.readLines(source, text, this::readLine);
        return started().record();
    }

    private void readLine(String raw) {
        String line = stripEnd(raw);
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.startsWith("&")) {
            return;
        }
        if (trimmed.startsWith("*")) {
            started().comment(trimmed.substring(1));
            return;
        }
        Matcher m = VARIATION.matcher(trimmed);
        if (m.find()) {
            started().variationOfLatest(Integer.parseInt(m.group(1)));
            return;
        }
        if (trimmed.startsWith("手数----") || trimmed.startsWith("手数＝")) {
            if (trimmed.startsWith("手数----")) {
                started();
            }
            return;
        }
        m = SUMMARY.matcher(trimmed);
        if (m.find()) {
            readSummary(m.group(2));
            return;
        }
        if (MARKS.indexOf(trimmed.charAt(0)) >= 0) {
            readKi2Moves(trimmed);
            return;
        }
        m = KIF_MOVE.matcher(withoutTrailingComment(line));
        if (m.matches()) {
            readKifMove(Integer.parseInt(m.group(1)), m.group(2), m.group(3));
            return;
        }
        if (readDiagramLine(trimmed)) {
            return;
        }
        m = HEADER.matcher(trimmed);
        if (m.matches()) {
            readHeader(m.group(1).strip(), m.group(2).strip());
            return;
        }
        if (builder != null && !builder.record().mainLine().moves().isEmpty()) {
            throw new IllegalArgumentException("Unreadable line. '" + trimmed + "'");
        }
        // Text before the moves that is neither header nor diagram (a tool's banner) carries nothing.
    }

    private void readHeader(String key, String value) {
        if (key.equals("手合割")) {
            startName = value.replace("　", "").strip();
        } else if (builder != null) {
            builder.record().headers().put(GameRecord.canonicalKey(key), value);
        } else {
            headers.put(GameRecord.canonicalKey(key), value);
        }
    }

    private boolean readDiagramLine(String line) {
        if (line.startsWith("|") && line.lastIndexOf('|') > 0) {
            diagramRows.add(line);
            return true;
        }
        if (line.startsWith("+--") || line.matches("^[０-９１ 　\\d]+$")) {
            return true;
        }
        int colon = line.indexOf('：');
        if (colon > 0 && line.substring(0, colon).endsWith("の持駒")) {
            String who = line.substring(0, colon);
            Side side = who.startsWith("先手") || who.startsWith("下手") ? Side.BLACK : Side.WHITE;
            handLines[side.index()] = line.substring(colon + 1).strip();
            return true;
        }
        switch (line) {
            case "先手番", "下手番" -> diagramSideToMove = Side.BLACK;
            case "後手番", "上手番" -> diagramSideToMove = Side.WHITE;
            default -> {
                return false;
            }
        }
        return true;
    }

    private RecordBuilder started() {
        if (builder == null) {
            GameRecord record = new GameRecord(startPosition());
            record.headers().putAll(headers);
            builder = new RecordBuilder(record);
        }
        return builder;
    }

    private Position startPosition() {
        if (!diagramRows.isEmpty()) {
            return diagramPosition();
        }
        if (startName == null || startName.isEmpty() || startName.equals("平手")) {
            return Position.start(Variant.STANDARD);
        }
        String name = startName.split("#")[0];
        if (name.equals(MINISHOGI_NAME) || name.equals("五五将棋")) {
            return Position.start(Variant.MINISHOGI);
        }
        if (name.equals(OKISAKI_NAME)) {
            return Position.start(Variant.OKISAKI);
        }
        if (name.equals("平手")) {
            return Position.start(Variant.STANDARD);
        }
        Optional<Handicap> handicap = Handicap.ofJapaneseName(name);
        if (handicap.isEmpty()) {
            throw new IllegalArgumentException("Unknown 手合割. '" + startName + "' is not a standard handicap and "
                    + "the record has no board diagram");
        }
        return handicap.get().startPosition();
    }

    private Position diagramPosition() {
        // When a file holds several diagrams (BOD collections), the last one before the moves is the start.
        int rows = diagramRows.size();
        String last = diagramRows.get(rows - 1);
        int files = (last.lastIndexOf('|') - 1) / 2;
        Variant variant = switch (files) {
            case 5 -> Variant.MINISHOGI;
            case 9 -> Variant.STANDARD;
            case 10 -> Variant.OKISAKI;
            default -> throw new IllegalArgumentException("Bad board diagram. Its rows have " + files + " squares");
        };
        if (rows < variant.ranks()) {
            throw new IllegalArgumentException("Bad board diagram. It has " + rows + " rows, " + variant.ranks()
                    + " expected");
        }
        List<String> board = diagramRows.subList(rows - variant.ranks(), rows);
        Diagram d = new Diagram(variant);
        for (int r = 0; r < variant.ranks(); r++) {
            String row = board.get(r);
            String cells = row.substring(1, row.lastIndexOf('|'));
            if (cells.length() != 2 * variant.files()) {
                throw new IllegalArgumentException("Bad board diagram. Row " + (r + 1) + " '" + row + "' does not have "
                        + variant.files() + " squares");
            }
            for (int f = 0; f < variant.files(); f++) {
                char owner = cells.charAt(2 * f);
                char name = cells.charAt(2 * f + 1);
                if (name == '・') {
                    continue;
                }
                int type = PieceNames.readJapanese(String.valueOf(name), 0);
                if (type < 0) {
                    throw new IllegalArgumentException("Bad board diagram. '" + name + "' in row " + (r + 1)
                            + " is not a piece");
                }
                int colour = owner == 'v' || owner == 'V' ? 1 : 0;
                d.put(variant.files() - f, r + 1, Piece.code(type & 0xff, colour));
            }
        }
        for (Side side : Side.values()) {
            readHand(d, side, handLines[side.index()]);
        }
        d.sideToMove(diagramSideToMove != null ? diagramSideToMove : Side.BLACK);
        return d.toPosition();
    }

    private static void readHand(Diagram d, Side side, String text) {
        if (text == null || text.isEmpty() || text.equals("なし")) {
            return;
        }
        for (String token : text.split("[\\s　]+")) {
            if (token.isEmpty()) {
                continue;
            }
            int type = PieceNames.readJapanese(token, 0);
            if (type < 0 || (type >>> 8) != 1 || Piece.isPromoted(type & 0xff)) {
                throw new IllegalArgumentException("Bad hand. '" + token + "' is not a piece in hand");
            }
            String count = token.substring(1);
            d.addToHand(side, type & 0xff, count.isEmpty() ? 1 : kanjiNumber(count));
        }
    }

    /** Read 二, 十, 十八 or 18. */
    static int kanjiNumber(String text) {
        if (text.chars().allMatch(Character::isDigit)) {
            return Integer.parseInt(text);
        }
        int value = 0;
        int pending = 0;
        for (char c : text.toCharArray()) {
            if (c == '十') {
                value += (pending == 0 ? 1 : pending) * 10;
                pending = 0;
            } else {
                int digit = JapaneseNotation.rankOf(c);
                if (digit < 0 || digit > 9) {
                    throw new IllegalArgumentException("Bad number. '" + text + "'");
                }
                pending = digit;
            }
        }
        return value + pending;
    }

    private void readKifMove(int number, String text, String time) {
        RecordBuilder b = started();
        long millis = time == null ? RecordedMove.UNKNOWN_TIME : parseClock(time);
        Optional<Ending> ending = Ending.ofKif(text);
        if (ending.isPresent()) {
            // Some tools write a second terminal line (投了 then 中断); the last one, which the まで line
            // repeats, is the ending.
            b.end(ending.get(), millis);
            return;
        }
        if (number != b.nextPly()) {
            throw new IllegalArgumentException("Wrong move number. " + number + " where " + b.nextPly()
                    + " was expected");
        }
        int move = JapaneseNotation.parse(b.position(), text, b.previousTo());
        b.play(move).elapsedMillis(millis);
    }

    private void readKi2Moves(String line) {
        RecordBuilder b = started();
        int start = 0;
        for (int i = 1; i <= line.length(); i++) {
            if (i == line.length() || MARKS.indexOf(line.charAt(i)) >= 0) {
                String token = line.substring(start, i).strip().replaceAll("[\\s　]+$", "");
                b.play(JapaneseNotation.parse(b.position(), token, b.previousTo()));
                start = i;
            }
        }
    }

    /** Read a KI2 (or KIF) summary such as まで98手で後手の勝ち, when no terminal line gave the ending. */
    private void readSummary(String rest) {
        RecordBuilder b = started();
        if (b.hasEnded()) {
            return;
        }
        String text = rest.split("#")[0].strip();
        if (text.startsWith("で")) {
            text = text.substring(1);
        }
        if (text.equals("詰")) {
            b.end(Ending.CHECKMATE, RecordedMove.UNKNOWN_TIME);
            return;
        }
        Optional<Ending> word = Ending.ofKif(text);
        if (word.isPresent()) {
            b.end(word.get(), RecordedMove.UNKNOWN_TIME);
            return;
        }
        Matcher m = WINNER.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("Unreadable result. '" + text + "'");
        }
        Side named = m.group(2).equals("先手") || m.group(2).equals("下手") ? Side.BLACK : Side.WHITE;
        boolean namedToMove = named == b.position().sideToMove();
        Ending ending;
        if (m.group(1) != null) {
            ending = Ending.TIME_UP;
        } else {
            ending = switch (m.group(3)) {
                case "反則勝ち" -> namedToMove ? Ending.OPPONENT_ILLEGAL : Ending.ILLEGAL_MOVE;
                case "反則負け" -> namedToMove ? Ending.ILLEGAL_MOVE : Ending.OPPONENT_ILLEGAL;
                case "入玉勝ち" -> Ending.ENTERING_KING_WIN;
                default -> Ending.RESIGNATION;
            };
        }
        b.end(ending, RecordedMove.UNKNOWN_TIME);
    }

    /** Read m:ss or h:mm:ss into milliseconds. */
    static long parseClock(String clock) {
        long seconds = 0;
        for (String part : clock.split(":")) {
            seconds = seconds * 60 + (part.isEmpty() ? 0 : Long.parseLong(part));
        }
        return seconds * 1000;
    }

    /** Some tools append {@code #comment} to a move line. */
    private static String withoutTrailingComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : stripEnd(line.substring(0, hash));
    }

    private static String stripEnd(String s) {
        int end = s.length();
        while (end > 0 && (Character.isWhitespace(s.charAt(end - 1)) || s.charAt(end - 1) == '　')) {
            end--;
        }
        return s.substring(0, end);
    }
}
