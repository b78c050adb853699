package org.shogibridge.core.record;

import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

import java.util.List;
import java.util.Map;

/**
 * Writes CSA version 2.2 in UTF-8 (declared by {@code 'CSA encoding=UTF-8}): players, headers, the start
 * position ({@code PI} for the usual start, otherwise {@code P1}..{@code P9} and {@code P+}/{@code P-} hands),
 * moves with {@code T} times, {@code '*} comments and the ending. CSA has no variations: only the main line
 * is written.
 */
public final class CsaWriter {
    private final StringBuilder out = new StringBuilder();

    private CsaWriter() {
    }

    /** Return the record as CSA text. */
    public static String write(GameRecord record) {
        return new CsaWriter().csa(record);
    }

    private String csa(GameRecord r) {
        out.append("'CSA encoding=UTF-8\nV2.2\n");
        if (r.headers().containsKey(GameRecord.BLACK)) {
            out.append("N+").append(r.headers().get(GameRecord.BLACK)).append('\n');
        }
        if (r.headers().containsKey(GameRecord.WHITE)) {
            out.append("N-").append(r.headers().get(GameRecord.WHITE)).append('\n');
        }
        if (r.variant() != Variant.STANDARD) {
            out.append('$').append(CsaHeaders.VARIANT).append(':').append(r.variant().id()).append('\n');
        }
        for (Map.Entry<String, String> h : r.headers().entrySet()) {
            // CSA has no 手合割: its P lines are the start position, whatever its name
            if (!h.getKey().equals(GameRecord.BLACK) && !h.getKey().equals(GameRecord.WHITE)
                    && !h.getKey().equals(KifWriter.HANDICAP)) {
                String value = h.getKey().equals("持ち時間") ? timeLimit(h.getValue()) : h.getValue();
                if (value != null) {
                    out.append('$').append(CsaHeaders.toCsaKey(h.getKey())).append(':').append(value).append('\n');
                }
            }
        }
        Position p = r.startPosition();
        position(r, p);
        comments(r.comments());
        int digits = r.variant().files() >= 10 ? 2 : 1;
        MoveLine main = r.mainLine();
        for (RecordedMove rm : main.moves()) {
            move(p, rm, digits);
            p.doMove(rm.move());
        }
        Side toMove = p.sideToMove();
        if (main.foul() != null) {
            // The foul is written as the move it was, and the ending names the side that made it.
            move(p, main.foul(), digits);
            toMove = toMove.opponent();
        }
        if (main.ending() != null) {
            out.append(main.ending().csa(toMove == Side.BLACK)).append('\n');
            if (main.endingElapsedMillis() >= 0) {
                out.append('T').append(seconds(main.endingElapsedMillis())).append('\n');
            }
            comments(main.endingComments());
        }
        return out.toString();
    }

    private void position(GameRecord r, Position p) {
        Variant v = r.variant();
        if (r.hasStandardStart()) {
            out.append("PI\n+\n");
            return;
        }
        int digits = v.files() >= 10 ? 2 : 1;
        for (int rank = 1; rank <= v.ranks(); rank++) {
            out.append('P').append(rank);
            for (int file = v.files(); file >= 1; file--) {
                int code = p.pieceAt(v.square(file, rank));
                out.append(code == Piece.EMPTY ? " * "
                        : (Piece.colour(code) == 0 ? "+" : "-") + PieceNames.csa(Piece.type(code)));
            }
            out.append('\n');
        }
        for (Side side : Side.values()) {
            StringBuilder hand = new StringBuilder();
            for (int type : v.handTypes()) {
                for (int i = 0; i < p.handCount(side, type); i++) {
                    hand.append("00".repeat(digits)).append(PieceNames.csa(type));
                }
            }
            if (hand.length() > 0) {
                out.append(side == Side.BLACK ? "P+" : "P-").append(hand).append('\n');
            }
        }
        out.append(p.sideToMove() == Side.BLACK ? "+\n" : "-\n");
    }

    private void move(Position p, RecordedMove rm, int digits) {
        out.append(move(p, rm.move(), digits)).append('\n');
        if (rm.elapsedMillis() >= 0) {
            out.append('T').append(seconds(rm.elapsedMillis())).append('\n');
        }
        comments(rm.comments());
    }

    /** Return the CSA text of a legal move in a position: {@code +7776FU}, {@code -0034KA} (two digits on 10x10). */
    public static String move(Position p, int move) {
        return move(p, move, p.variant().files() >= 10 ? 2 : 1);
    }

    /** Return the CSA text of a move: {@code +7776FU}, {@code -0034KA}. */
    static String move(Position p, int move, int digits) {
        Variant v = p.variant();
        StringBuilder sb = new StringBuilder(p.sideToMove() == Side.BLACK ? "+" : "-");
        if (Move.isDrop(move)) {
            sb.append("00".repeat(digits));
        } else {
            sb.append(square(v, Move.from(move), digits));
        }
        sb.append(square(v, Move.to(move), digits));
        return sb.append(PieceNames.csa(Piece.type(Move.pieceAfter(move)))).toString();
    }

    private static String square(Variant v, int square, int digits) {
        String format = digits == 2 ? "%02d%02d" : "%d%d";
        return String.format(format, v.file(square), v.rank(square));
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : String.format(java.util.Locale.ROOT, "%.3f", millis / 1000.0);
    }

    private void comments(List<String> comments) {
        for (String comment : comments) {
            for (String line : comment.split("\n", -1)) {
                out.append("'*").append(line).append('\n');
            }
        }
    }

    private static final java.util.regex.Pattern OUR_TIME_CONTROL =
            java.util.regex.Pattern.compile("(\\d+)(分|秒)\\+秒読み(\\d+)秒(\\+加算\\d+秒)?");

    /**
     * The CSA 2.2 form of a time control, {@code HH:MM+SS} (main time, byoyomi seconds), from the daemon's own
     * 持ち時間 with byoyomi ({@code 10分+秒読み30秒}); null (left out) where CSA 2.2 has no form for it: an
     * increment. Any other text ({@code 10分}, as other records write it too) is kept as it was.
     */
    static String timeLimit(String kif) {
        java.util.regex.Matcher m = OUR_TIME_CONTROL.matcher(kif);
        if (!m.matches()) {
            return kif;
        }
        if (m.group(4) != null) {
            return null;
        }
        long seconds = Long.parseLong(m.group(1)) * (m.group(2).equals("分") ? 60 : 1);
        String byoyomi = m.group(3);
        if (seconds % 60 != 0) {
            return null;
        }
        long minutes = seconds / 60;
        return String.format(java.util.Locale.ROOT, "%02d:%02d+%02d", minutes / 60, minutes % 60,
                Long.parseLong(byoyomi));
    }
}
