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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads CSA records, versions 2, 2.2 and 3.0: players, {@code $} headers, the start position ({@code PI},
 * {@code P1}..{@code P9}, {@code P+}/{@code P-} with {@code 00AL}), moves, {@code T} times, {@code %} endings
 * and {@code '*} comments. Several statements may share a line, separated by commas.
 *
 * <p>Okisaki and minishogi records carry {@code $VARIANT:okisaki} or {@code $VARIANT:minishogi}; on 10x10 each
 * coordinate of a square has two digits ({@code +07070706FU}).
 */
public final class CsaReader {
    private final String source;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final List<String> pendingComments = new ArrayList<>();
    private Variant variant = Variant.STANDARD;
    private Diagram diagram;
    private RecordBuilder builder;
    private boolean timeForEnding;

    private CsaReader(String source) {
        this.source = source;
    }

    /** Read a CSA record; {@code source} names it in error messages. */
    public static GameRecord read(String source, String text) {
        return new CsaReader(source).parse(text);
    }

    private GameRecord parse(String text) {
        RecordText.readLines(source, text, line -> readLine(line.strip()));
        return started().record();
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
        if (line.startsWith("N+") || line.startsWith("N-") || line.startsWith("$")) {
            readHeader(line);
            return;
        }
        // Statements are separated by commas; a comment runs to the end of the line.
        String[] statements = line.split(",");
        for (int i = 0; i < statements.length; i++) {
            String statement = statements[i].strip();
            if (statement.startsWith("'")) {
                readLine(String.join(",", java.util.Arrays.copyOfRange(statements, i, statements.length)).strip());
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
            throw new IllegalArgumentException("Bad header. '" + line + "' has no ':'");
        }
        String key = line.substring(1, colon);
        String value = line.substring(colon + 1);
        if (key.equals(CsaHeaders.VARIANT)) {
            variant = Variant.byId(value.strip());
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
            throw new IllegalArgumentException("Unreadable statement. '" + s + "'");
        }
    }

    private Diagram diagram() {
        if (builder != null) {
            throw new IllegalArgumentException("Position after the first move");
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
            Diagram d = Diagram.of(Position.start(variant));
            for (int i = 2; i + 4 <= s.length(); i += 4) {
                int file = digit(s, i);
                int rank = digit(s, i + 1);
                int type = PieceNames.ofCsa(s.substring(i + 2, i + 4));
                if (file < 1 || rank < 1 || d.pieceAt(file, rank) == Piece.EMPTY
                        || Piece.type(d.pieceAt(file, rank)) != type) {
                    throw new IllegalArgumentException("Bad PI. No " + s.substring(i + 2, i + 4) + " on "
                            + s.substring(i, i + 2) + " to remove");
                }
                d.put(file, rank, Piece.EMPTY);
            }
            diagram = d;
            return;
        }
        if (s.startsWith("P+") || s.startsWith("P-")) {
            Side side = s.charAt(1) == '+' ? Side.BLACK : Side.WHITE;
            int n = coordinateDigits();
            int step = 2 * n + 2;
            for (int i = 2; i + step <= s.length(); i += step) {
                String square = s.substring(i, i + 2 * n);
                String code = s.substring(i + 2 * n, i + step);
                Diagram d = diagram();
                if (square.chars().allMatch(ch -> ch == '0')) {
                    if (code.equals("AL")) {
                        d.putRemainingInHand(side);
                    } else {
                        d.addToHand(side, pieceType(code), 1);
                    }
                } else {
                    int file = Integer.parseInt(square.substring(0, n));
                    int rank = Integer.parseInt(square.substring(n));
                    checkSquare(file, rank, s);
                    d.put(file, rank, Piece.code(pieceType(code), side.index()));
                }
            }
            return;
        }
        int rank = Integer.parseInt(s.substring(1, Character.isDigit(s.charAt(2)) ? 3 : 2));
        String cells = s.substring(rank >= 10 ? 3 : 2);
        if (rank == 10 && variant != Variant.OKISAKI) {
            variant = Variant.OKISAKI;
            diagram = null;
        }
        Diagram d = diagram();
        for (int f = 0; f < variant.files(); f++) {
            String cell = f * 3 + 3 <= cells.length() ? cells.substring(f * 3, f * 3 + 3) : " * ";
            if (cell.strip().equals("*")) {
                continue;
            }
            Side side = cell.charAt(0) == '+' ? Side.BLACK : Side.WHITE;
            if (cell.charAt(0) != '+' && cell.charAt(0) != '-') {
                throw new IllegalArgumentException("Bad board line. '" + cell + "' in " + s);
            }
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

    private int pieceType(String code) {
        int type = PieceNames.ofCsa(code);
        if (type < 0 || !variant.hasType(Piece.unpromoted(type))) {
            throw new IllegalArgumentException("Unknown piece. '" + code + "'");
        }
        return type;
    }

    private RecordBuilder started() {
        if (builder == null) {
            Position start = diagram == null ? Position.start(variant) : diagram.toPosition();
            GameRecord record = new GameRecord(start);
            record.headers().putAll(headers);
            record.comments().addAll(pendingComments);
            builder = new RecordBuilder(record);
        }
        return builder;
    }

    private void readMove(String s) {
        RecordBuilder b = started();
        Position p = b.position();
        int n = coordinateDigits();
        if (s.length() != 1 + 4 * n + 2) {
            throw new IllegalArgumentException("Unreadable move. '" + s + "'");
        }
        Side side = s.charAt(0) == '+' ? Side.BLACK : Side.WHITE;
        if (side != p.sideToMove()) {
            throw new IllegalArgumentException("Illegal move. '" + s + "': it is "
                    + (p.sideToMove() == Side.BLACK ? "Black" : "White") + "'s turn.");
        }
        int fromFile = Integer.parseInt(s.substring(1, 1 + n));
        int fromRank = Integer.parseInt(s.substring(1 + n, 1 + 2 * n));
        int toFile = Integer.parseInt(s.substring(1 + 2 * n, 1 + 3 * n));
        int toRank = Integer.parseInt(s.substring(1 + 3 * n, 1 + 4 * n));
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
        if (violation != null) {
            throw new IllegalArgumentException("Illegal move. '" + s + "': " + violation.description() + ".");
        }
        b.play(move);
        timeForEnding = false;
    }

    private void readTime(String s) {
        long millis;
        try {
            millis = Math.round(Double.parseDouble(s.substring(1)) * 1000);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Bad time. '" + s + "'");
        }
        RecordBuilder b = started();
        if (timeForEnding) {
            b.endingTime(millis);
        } else if (b.lastMove() != null) {
            b.lastMove().elapsedMillis(millis);
        }
    }

    private void readEnding(String s) {
        RecordBuilder b = started();
        boolean blackToMove = b.position().sideToMove() == Side.BLACK;
        Optional<Ending> ending = Ending.ofCsa(s, blackToMove);
        if (ending.isEmpty()) {
            throw new IllegalArgumentException("Unknown special move. '" + s + "'");
        }
        b.end(ending.get(), RecordedMove.UNKNOWN_TIME);
        timeForEnding = true;
    }
}
