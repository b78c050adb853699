package org.shogibridge.core.record;

import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads CSA records, versions 2, 2.2 and 3.0: players, {@code $} headers, the start position ({@code PI},
 * {@code P1}..{@code P9}, {@code P+}/{@code P-} with {@code 00AL}), moves, {@code T} times, {@code %} endings
 * and {@code '*} comments. Several statements may share a line, separated by commas.
 *
 * <p>Okisaki and minishogi records carry {@code $VARIANT:okisaki} or {@code $VARIANT:minishogi}; on 10x10 each
 * coordinate of a square has two digits ({@code +07070706FU}).
 */
public final class CsaReader extends LineRecordReader {
    private static final Pattern TIME = Pattern.compile("^T(\\d{1,9})(?:\\.(\\d{1,3})\\d*)?$");

    private final Map<String, String> headers = new LinkedHashMap<>();
    private final List<String> pendingComments = new ArrayList<>();
    private Variant variant = Variant.STANDARD;
    private Diagram diagram;
    /** Which numbered board rows ({@code P1}..) the record gave, by rank. */
    private boolean[] rowsGiven = new boolean[11];
    private boolean timeForEnding;
    /** Whether the last move (or the ending) already has its {@code T} time. */
    private boolean timed;

    private CsaReader(String source) {
        super(source);
    }

    /** Read a CSA record; {@code source} names it in error messages. */
    public static GameRecord read(String source, String text) {
        return new CsaReader(source).parse(text);
    }

    private GameRecord parse(String text) {
        RecordText.readLines(source, text, (line, number) -> {
            lineNumber = number;
            readLine(line.strip());
        });
        return finish(text, "version, header, position or move", line -> line.startsWith("P+") || line.startsWith("P-"));
    }

    private void readLine(String line) {
        if (line.isEmpty()) {
            return;
        }
        if (line.startsWith("'")) {
            if (line.startsWith("'*")) {
                comment(line.substring(2));
            }
            return;
        }
        stated = true;
        if (line.startsWith("N+") || line.startsWith("N-") || line.startsWith("$")) {
            readHeader(line);
            return;
        }
        // Statements are separated by commas; a comment runs to the end of the line.
        String[] statements = line.split(",");
        for (int i = 0; i < statements.length; i++) {
            String statement = statements[i].strip();
            if (statement.startsWith("'")) {
                readLine(String.join(",", Arrays.copyOfRange(statements, i, statements.length)).strip());
                return;
            }
            readStatement(statement);
        }
    }

    private void readHeader(String line) {
        if (line.startsWith("N")) {
            header(line.charAt(1) == '+' ? GameRecord.BLACK : GameRecord.WHITE, line.substring(2));
            return;
        }
        int colon = line.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("Bad header. '" + RecordText.abbreviated(line) + "' has no ':'");
        }
        String key = line.substring(1, colon);
        String value = line.substring(colon + 1);
        if (key.equals(CsaHeaders.VARIANT)) {
            if (builder != null || diagram != null) {
                throw new IllegalArgumentException("Bad header. $VARIANT after the position");
            }
            variant = Variant.byId(value.strip());
            rowsGiven = new boolean[variant.ranks() + 1];
            return;
        }
        header(CsaHeaders.toRecordKey(key), value);
    }

    private void header(String key, String raw) {
        String value = raw.strip();
        if (builder != null) {
            builder.record().headers().put(key, value);
        } else {
            headers.put(key, value);
        }
    }

    private void comment(String text) {
        if (builder == null) {
            pendingComments.add(text);
        } else {
            builder.comment(text);
        }
    }

    private void readStatement(String s) {
        if (s.isEmpty()) {
            return;
        }
        char c = s.charAt(0);
        if (c == 'V') {
            return;
        }
        if (c == 'P') {
            readPosition(s);
        } else if ((c == '+' || c == '-') && s.length() == 1) {
            diagram().sideToMove(c == '+' ? Side.BLACK : Side.WHITE);
        } else if (c == '+' || c == '-') {
            readMove(s);
        } else if (c == 'T') {
            readTime(s);
        } else if (c == '%') {
            readEnding(s);
        } else {
            throw new IllegalArgumentException("Unreadable statement. '" + RecordText.abbreviated(s) + "'");
        }
    }

    private Diagram diagram() {
        if (builder != null) {
            throw new IllegalArgumentException("Bad position. A position line after the first move");
        }
        if (diagram == null) {
            diagram = new Diagram(variant);
        }
        return diagram;
    }

    private int coordinateDigits() {
        return variant.files() >= 10 ? 2 : 1;
    }

    private void readPosition(String s) {
        if (s.startsWith("PI")) {
            if ((s.length() - 2) % 4 != 0) {
                throw new IllegalArgumentException("Bad PI. '" + s + "' is not a list of square and piece (PI82HI)");
            }
            Diagram d = Diagram.of(Position.start(variant));
            for (int i = 2; i + 4 <= s.length(); i += 4) {
                int file = digit(s, i);
                int rank = digit(s, i + 1);
                int type = PieceNames.ofCsa(s.substring(i + 2, i + 4));
                if (file < 1 || rank < 1 || file > variant.files() || rank > variant.ranks()
                        || d.pieceAt(file, rank) == Piece.EMPTY || Piece.type(d.pieceAt(file, rank)) != type) {
                    throw new IllegalArgumentException("Bad PI. No " + s.substring(i + 2, i + 4) + " on "
                            + s.substring(i, i + 2) + " to remove");
                }
                d.put(file, rank, Piece.EMPTY);
            }
            diagram();
            diagram = d;
            return;
        }
        if (s.startsWith("P+") || s.startsWith("P-")) {
            readHandOrPieces(s);
            return;
        }
        readRow(s);
    }

    /** {@code P+00KA00FU} or {@code P-5142KI}: pieces in hand ({@code 00}, {@code 00AL} for the rest) or on squares. */
    private void readHandOrPieces(String s) {
        Side side = s.charAt(1) == '+' ? Side.BLACK : Side.WHITE;
        int n = coordinateDigits();
        int step = 2 * n + 2;
        if ((s.length() - 2) % step != 0 || s.length() == 2) {
            throw new IllegalArgumentException("Bad position line. '" + RecordText.abbreviated(s)
                    + "' is not a list of square and piece (" + "00".repeat(n) + "FU)");
        }
        Diagram d = diagram();
        for (int i = 2; i + step <= s.length(); i += step) {
            String square = s.substring(i, i + 2 * n);
            String code = s.substring(i + 2 * n, i + step);
            if (square.chars().allMatch(ch -> ch == '0')) {
                if (code.equals("AL")) {
                    d.putRemainingInHand(side);
                } else {
                    d.addToHand(side, pieceType(code), 1);
                }
            } else {
                int file = number(square.substring(0, n), s);
                int rank = number(square.substring(n), s);
                checkSquare(file, rank, s);
                d.put(file, rank, Piece.code(pieceType(code), side.index()));
            }
        }
    }

    /** {@code P1-KY-KE-GI-KI-OU-KI-GI-KE-KY}: one whole rank of the board, every square given. */
    private void readRow(String s) {
        int digits = s.length() > 2 && Character.isDigit(s.charAt(2)) ? 2 : 1;
        int rank = s.length() > digits ? number(s.substring(1, 1 + digits), s) : -1;
        if (rank == 10 && variant != Variant.OKISAKI) {
            if (diagram != null) {
                throw new IllegalArgumentException("Bad board line. P10 after rows of a 9x9 board");
            }
            variant = Variant.OKISAKI;
            rowsGiven = new boolean[variant.ranks() + 1];
        }
        if (rank < 1 || rank > variant.ranks()) {
            throw new IllegalArgumentException("Bad board line. '" + RecordText.abbreviated(s) + "' is not a rank of the "
                    + variant.files() + "x" + variant.ranks() + " board");
        }
        String cells = s.substring(1 + digits);
        // A row that ends with an empty square loses its last space when the line is stripped.
        int width = 3 * variant.files();
        if (cells.length() != width && !(cells.length() == width - 1 && cells.endsWith("*"))) {
            throw new IllegalArgumentException("Bad board line. '" + RecordText.abbreviated(s) + "' does not have "
                    + variant.files() + " squares");
        }
        if (rowsGiven[rank]) {
            throw new IllegalArgumentException("Bad board line. Rank " + rank + " is given twice");
        }
        rowsGiven[rank] = true;
        Diagram d = diagram();
        for (int f = 0; f < variant.files(); f++) {
            String cell = f * 3 + 3 <= cells.length() ? cells.substring(f * 3, f * 3 + 3) : cells.substring(f * 3) + " ";
            if (cell.equals(" * ")) {
                continue;
            }
            if (cell.charAt(0) != '+' && cell.charAt(0) != '-') {
                throw new IllegalArgumentException("Bad board line. '" + cell + "' in " + s);
            }
            Side side = cell.charAt(0) == '+' ? Side.BLACK : Side.WHITE;
            d.put(variant.files() - f, rank, Piece.code(pieceType(cell.substring(1)), side.index()));
        }
    }

    private void checkSquare(int file, int rank, String statement) {
        if (file < 1 || rank < 1 || file > variant.files() || rank > variant.ranks()) {
            throw new IllegalArgumentException("Bad square. " + file + "," + rank + " in '" + statement + "'");
        }
    }

    private static int digit(String s, int i) {
        return Character.isDigit(s.charAt(i)) ? s.charAt(i) - '0' : -1;
    }

    /** Return the value of one or two ASCII digits, or throw naming the statement. */
    private static int number(String digits, String statement) {
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("Unreadable statement. '" + RecordText.abbreviated(statement)
                    + "': '" + digits + "' is not a number");
        }
        return Integer.parseInt(digits);
    }

    private int pieceType(String code) {
        int type = PieceNames.ofCsa(code);
        if (type < 0 || !variant.hasType(Piece.unpromoted(type))) {
            throw new IllegalArgumentException("Unknown piece. '" + code + "'");
        }
        return type;
    }

    @Override
    RecordBuilder started() {
        if (builder == null) {
            Position start;
            if (diagram == null) {
                start = Position.start(variant);
            } else {
                checkRows();
                start = diagram.toPosition();
            }
            GameRecord record = new GameRecord(start);
            record.headers().putAll(headers);
            record.comments().addAll(pendingComments);
            builder = new RecordBuilder(record);
        }
        return builder;
    }

    /** A board given by rows must give every rank: a missing row is a damaged record, not empty squares. */
    private void checkRows() {
        int given = 0;
        StringBuilder missing = new StringBuilder();
        for (int rank = 1; rank <= variant.ranks(); rank++) {
            if (rowsGiven[rank]) {
                given++;
            } else {
                missing.append(missing.length() == 0 ? "" : ", ").append('P').append(rank);
            }
        }
        if (given > 0 && given < variant.ranks()) {
            throw new IllegalArgumentException("Bad position. The board rows " + missing + " are missing");
        }
    }

    private void readMove(String s) {
        RecordBuilder b = started();
        b.checkNoFoul();
        Position p = b.position();
        int n = coordinateDigits();
        if (s.length() != 1 + 4 * n + 2) {
            throw new IllegalArgumentException("Unreadable move. '" + RecordText.abbreviated(s) + "'");
        }
        Side side = s.charAt(0) == '+' ? Side.BLACK : Side.WHITE;
        if (side != b.sideToMoveAfterLine()) {
            throw new IllegalArgumentException("Illegal move. '" + s + "': it is "
                    + (b.sideToMoveAfterLine() == Side.BLACK ? "Black" : "White") + "'s turn.");
        }
        int fromFile = number(s.substring(1, 1 + n), s);
        int fromRank = number(s.substring(1 + n, 1 + 2 * n), s);
        int toFile = number(s.substring(1 + 2 * n, 1 + 3 * n), s);
        int toRank = number(s.substring(1 + 3 * n, 1 + 4 * n), s);
        int type = pieceType(s.substring(1 + 4 * n));
        checkSquare(toFile, toRank, s);
        int to = variant.square(toFile, toRank);
        int move;
        if (fromFile == 0 && fromRank == 0) {
            move = Move.drop(Piece.code(type, side.index()), to);
        } else {
            checkSquare(fromFile, fromRank, s);
            int from = variant.square(fromFile, fromRank);
            int onFrom = p.pieceAt(from);
            if (onFrom == Piece.EMPTY) {
                throw new IllegalArgumentException("Illegal move. '" + s + "': no piece on " + fromFile + fromRank + ".");
            }
            boolean promote = Piece.type(onFrom) != type;
            if (promote && Piece.type(onFrom) + Piece.PROMOTION != type) {
                throw new IllegalArgumentException("Illegal move. '" + s + "': the piece on " + fromFile + fromRank
                        + " is " + PieceNames.csa(Piece.type(onFrom)) + ".");
            }
            move = Rules.complete(p, Move.of(from, to, 0, 0, promote));
        }
        Violation violation = Rules.violation(p, move);
        String error = violation == null ? null : "Illegal move. '" + s + "': " + violation.description() + ".";
        if (violation == null) {
            b.play(move);
        } else if (violation.isRecordableFoul() && !b.hasEnded()) {
            b.foul(move, new RecordFormatException(source, lineNumber, error));
        } else {
            throw new IllegalArgumentException(error);
        }
        timeForEnding = false;
        timed = false;
    }

    private void readTime(String s) {
        Matcher m = TIME.matcher(s);
        if (!m.matches()) {
            throw new IllegalArgumentException("Bad time. '" + RecordText.abbreviated(s) + "'");
        }
        String fraction = m.group(2) == null ? "" : m.group(2);
        long millis = RecordedMove.checkedElapsed(Long.parseLong(m.group(1)) * 1000
                + (fraction.isEmpty() ? 0 : Long.parseLong((fraction + "00").substring(0, 3))), s);
        RecordBuilder b = started();
        if (timed) {
            throw new IllegalArgumentException("Bad time. '" + s + "' is a second time for the same move");
        }
        if (timeForEnding) {
            b.endingTime(millis);
        } else if (b.lastMove() != null) {
            b.lastMove().elapsedMillis(millis);
        }
        timed = true;
    }

    private void readEnding(String s) {
        RecordBuilder b = started();
        boolean blackToMove = b.sideToMoveAfterLine() == Side.BLACK;
        Optional<Ending> ending = Ending.ofCsa(s, blackToMove);
        if (ending.isEmpty()) {
            throw new IllegalArgumentException("Unknown special move. '" + RecordText.abbreviated(s) + "'");
        }
        b.end(ending.get(), RecordedMove.UNKNOWN_TIME);
        timeForEnding = true;
        timed = false;
    }
}
