package org.shogibridge.core.record;

import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.NotationException;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
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
public final class KifReader extends LineRecordReader {
    private static final Pattern KIF_MOVE = Pattern.compile(
            "^\\s*(\\d{1,6})\\s+(\\S.*?)\\s*(?:\\(\\s*(\\d+:[\\d:]+)\\s*(?:/\\s*[\\d:]*)?\\s*\\))?\\s*(\\+)?\\s*$");
    private static final Pattern VARIATION = Pattern.compile("^\\s*変化[：:]\\s*(\\d{1,6})手");
    private static final Pattern HEADER = Pattern.compile("^([^：:\\s\\d０-９][^：:]*)[：:](.*)$");
    private static final Pattern SUMMARY = Pattern.compile("^\\s*まで、?(\\d{1,6})手(.*)$");
    private static final Pattern WINNER =
            Pattern.compile("^(時間切れにより)?(先手|後手|下手|上手)の(勝ち|反則勝ち|反則負け|入玉勝ち)$");
    private static final String MARKS = "▲△☗☖▽▼";

    /** The name of 5x5 and 10x10 games in the 手合割 header. */
    static final String MINISHOGI_NAME = "5五将棋";
    static final String OKISAKI_NAME = "沖崎将棋";

    private final Map<String, String> headers = new LinkedHashMap<>();
    private String startName;
    private final List<String> diagramRows = new ArrayList<>();
    private final String[] handLines = new String[2];
    private Side diagramSideToMove;
    /** Whether the current line has a KIF terminal line (投了...), which some tools count in the summary. */
    private boolean terminalLine;
    /**
     * Whether the last line ended in a move without an origin that a cut could have shortened into another legal
     * move: a board move of a piece the mover also holds, whose 打 a cut would turn into it.
     */
    private boolean endsInCuttableMove;

    private KifReader(String source) {
        super(source);
    }

    /** Read a KIF or KI2 record; {@code source} names it in error messages. */
    public static GameRecord read(String source, String text) {
        return new KifReader(source).parse(text);
    }

    private GameRecord parse(String text) {
        RecordText.readLines(source, text, this::readLine);
        if (endsInCuttableMove && !RecordText.endsWithLineBreak(text)) {
            throw new RecordFormatException(source, lineNumber, "Possibly truncated record. The file ends without a line "
                    + "break right after a move that a cut 打 would have changed");
        }
        return finish(text, "header, start position or move", line -> line.contains("の持駒"));
    }

    private void readLine(String raw, int number) {
        lineNumber = number;
        String line = stripEnd(raw);
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.startsWith("&")) {
            return;
        }
        endsInCuttableMove = false;
        if (trimmed.startsWith("*")) {
            started().comment(trimmed.substring(1));
            return;
        }
        Matcher m = VARIATION.matcher(trimmed);
        if (m.find()) {
            started().variationOfLatest(Integer.parseInt(m.group(1)));
            terminalLine = false;
            return;
        }
        if (trimmed.startsWith("手数----") || trimmed.startsWith("手数＝")) {
            if (trimmed.startsWith("手数----")) {
                stated = true;
                started();
            }
            return;
        }
        m = SUMMARY.matcher(trimmed);
        if (m.find()) {
            readSummary(Integer.parseInt(m.group(1)), m.group(2));
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
        throw new IllegalArgumentException("Unreadable line. '" + RecordText.abbreviated(trimmed) + "'");
    }

    private void readHeader(String key, String value) {
        stated = true;
        if (key.equals("手合割")) {
            startName = value.replace("　", "").strip();
            if (startName.isEmpty()) {
                throw new IllegalArgumentException("Unknown 手合割. The header has no value");
            }
        } else if (builder != null) {
            builder.record().headers().put(GameRecord.canonicalKey(key), value);
        } else {
            headers.put(GameRecord.canonicalKey(key), value);
        }
    }

    private boolean readDiagramLine(String line) {
        if (line.startsWith("|") && line.lastIndexOf('|') > 0) {
            if (builder != null) {
                throw new IllegalArgumentException("Bad board diagram. A diagram row after the moves began");
            }
            stated = true;
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

    @Override
    RecordBuilder started() {
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
        if (handLines[0] != null || handLines[1] != null || diagramSideToMove != null) {
            throw new IllegalArgumentException("Bad board diagram. Hand or turn lines without the board rows");
        }
        if (startName == null || startName.equals("平手")) {
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
            if (handLines[side.index()] == null) {
                throw new IllegalArgumentException("Bad board diagram. It has no " + (side == Side.BLACK ? "先手" : "後手")
                        + "の持駒 line (write なし for an empty hand)");
            }
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
        if (text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            if (text.length() > 2) {
                throw new IllegalArgumentException("Bad number. '" + text + "'");
            }
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
        // Some tools number a second terminal line after the first (122 投了, 123 中断).
        boolean secondTerminal = ending.isPresent() && b.hasEnded() && number == b.nextPly() + 1;
        if (number != b.nextPly() && !secondTerminal) {
            throw new IllegalArgumentException("Wrong move number. " + number + " where " + b.nextPly()
                    + " was expected");
        }
        stated = true;
        if (ending.isPresent()) {
            terminalLine = true;
            // Some tools write a second terminal line (投了 then 中断); the last one, which the まで line
            // repeats, is the ending.
            b.end(ending.get(), millis);
            return;
        }
        play(b, text).elapsedMillis(millis);
    }

    /** Play a move text, or hold it as the foul that may have ended the game. */
    private RecordedMove play(RecordBuilder b, String text) {
        b.checkNoFoul();
        Position p = b.position();
        try {
            int move = JapaneseNotation.parse(p, text, b.previousTo());
            endsInCuttableMove = couldLoseDropMark(p, move, text);
            return b.play(move);
        } catch (NotationException e) {
            if (e.foulMove() == 0 || b.hasEnded()) {
                throw e;
            }
            endsInCuttableMove = couldLoseDropMark(p, e.foulMove(), text);
            return b.foul(e.foulMove(), new RecordFormatException(source, lineNumber, e.getMessage()));
        }
    }

    /** Return whether a move text without an origin names a board move that the same text with 打 would not. */
    private static boolean couldLoseDropMark(Position p, int move, String text) {
        return !text.contains("(") && !Move.isDrop(move) && !Piece.isPromoted(Piece.type(Move.piece(move)))
                && Piece.type(Move.piece(move)) != Piece.KING && p.handCount(p.sideToMove(), Piece.type(Move.piece(move))) > 0;
    }

    private void readKi2Moves(String line) {
        stated = true;
        RecordBuilder b = started();
        int start = 0;
        for (int i = 1; i <= line.length(); i++) {
            if (i == line.length() || MARKS.indexOf(line.charAt(i)) >= 0) {
                String token = line.substring(start, i).strip().replaceAll("[\\s　]+$", "");
                play(b, token);
                start = i;
            }
        }
    }

    /**
     * Read a KI2 (or KIF) summary such as まで98手で後手の勝ち. Its count must be the line's number of moves; it
     * gives the ending when no terminal line did, and must agree with the ending's winner when one did.
     */
    private void readSummary(int plies, String rest) {
        stated = true;
        RecordBuilder b = started();
        int recorded = b.nextPly() - 1;
        if (plies != recorded && !(terminalLine && plies == recorded + 1)) {
            throw new IllegalArgumentException("Wrong move count. The summary says " + plies + " moves where the record has "
                    + recorded);
        }
        String text = rest.split("#")[0].strip();
        if (text.startsWith("で")) {
            text = text.substring(1);
        }
        Side toMove = b.sideToMoveAfterLine();
        Matcher m = WINNER.matcher(text);
        Side named = !m.matches() ? null : m.group(2).equals("先手") || m.group(2).equals("下手") ? Side.BLACK : Side.WHITE;
        if (b.hasEnded()) {
            // A terminal line gave the ending: the summary must agree on who won.
            Side winner = named == null ? summaryEnding(text, m, null, toMove).winner(toMove)
                    : m.group(3).equals("反則負け") ? named.opponent() : named;
            if (winner != b.ending().winner(toMove)) {
                throw new IllegalArgumentException("Inconsistent result. '" + RecordText.abbreviated(text) + "' after the ending "
                        + b.ending().kif());
            }
            return;
        }
        b.end(summaryEnding(text, m, named, toMove), RecordedMove.UNKNOWN_TIME);
    }

    /** Return the ending a summary states; a winner the moves make impossible is an error. */
    private static Ending summaryEnding(String text, Matcher winner, Side named, Side toMove) {
        if (text.equals("詰")) {
            return Ending.CHECKMATE;
        }
        Optional<Ending> word = Ending.ofKif(text);
        if (word.isPresent()) {
            return word.get();
        }
        if (named == null) {
            throw new IllegalArgumentException("Unreadable result. '" + RecordText.abbreviated(text) + "'");
        }
        boolean namedToMove = named == toMove;
        if (winner.group(1) != null) {
            return requireWinner(Ending.TIME_UP, named, toMove, text);
        }
        return switch (winner.group(3)) {
            case "反則勝ち" -> namedToMove ? Ending.OPPONENT_ILLEGAL : Ending.ILLEGAL_MOVE;
            case "反則負け" -> namedToMove ? Ending.ILLEGAL_MOVE : Ending.OPPONENT_ILLEGAL;
            case "入玉勝ち" -> requireWinner(Ending.ENTERING_KING_WIN, named, toMove, text);
            default -> requireWinner(Ending.RESIGNATION, named, toMove, text);
        };
    }

    /** Return the ending if it makes the named side the winner; a summary that contradicts the moves is an error. */
    private static Ending requireWinner(Ending ending, Side named, Side toMove, String text) {
        if (ending.winner(toMove) != named) {
            throw new IllegalArgumentException("Inconsistent result. '" + RecordText.abbreviated(text) + "', but "
                    + (toMove == Side.BLACK ? "先手" : "後手") + " is to move");
        }
        return ending;
    }

    /** Read m:ss or h:mm:ss into milliseconds. */
    static long parseClock(String clock) {
        long seconds = 0;
        for (String part : clock.split(":")) {
            if (part.length() > 7) {
                throw new IllegalArgumentException("Bad time. '" + clock + "' is out of range");
            }
            seconds = seconds * 60 + (part.isEmpty() ? 0 : Long.parseLong(part));
        }
        return RecordedMove.checkedElapsed(seconds * 1000, clock);
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
