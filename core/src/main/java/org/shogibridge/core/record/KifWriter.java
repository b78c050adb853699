package org.shogibridge.core.record;

import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes KIF (numbered moves with origins and times, as Kakinoki's Kifu for Windows does) or KI2 (moves in
 * Japanese notation with 右/左/直/上/引/寄/打, no times). Variations follow the main line, deepest branch point
 * first, so that every reader attaches each 変化 to the right line.
 */
public final class KifWriter {
    /** Display columns the move text is padded to before the time. */
    private static final int MOVE_COLUMNS = 13;
    private static final int KI2_MOVES_PER_LINE = 6;
    private static final int KI2_MOVE_COLUMNS = 14;

    private final boolean ki2;
    private final StringBuilder out = new StringBuilder();
    private GameRecord record;
    private boolean handicapNames;

    private KifWriter(boolean ki2) {
        this.ki2 = ki2;
    }

    /** Return the record as KIF text; {@code encodingName} goes into the first line (UTF-8 or Shift_JIS). */
    public static String kif(GameRecord record, String encodingName) {
        KifWriter w = new KifWriter(false);
        w.out.append("#KIF version=2.0 encoding=").append(encodingName).append('\n');
        return w.write(record);
    }

    /** Return the record as KI2 text. */
    public static String ki2(GameRecord record) {
        return new KifWriter(true).write(record);
    }

    /** The header the start position's name is written in. */
    static final String HANDICAP = "手合割";

    /**
     * The handicaps every reader knows by name. The others (三枚落ち, 五枚落ち, 左五枚落ち, 左七枚落ち, 右七枚落ち) are in
     * the KIF format's list too, but ShogiHome (tsshogi) reads an unknown name as an even game: they get the board
     * diagram as well, which every reader takes (issue 82).
     */
    private static final java.util.Set<Handicap> WIDELY_READ_HANDICAPS = java.util.EnumSet.of(Handicap.LANCE,
            Handicap.RIGHT_LANCE, Handicap.BISHOP, Handicap.ROOK, Handicap.ROOK_LANCE, Handicap.TWO_PIECES,
            Handicap.FOUR_PIECES, Handicap.SIX_PIECES, Handicap.EIGHT_PIECES, Handicap.TEN_PIECES);

    private String write(GameRecord r) {
        this.record = r;
        Optional<Handicap> handicap = r.handicap();
        handicapNames = handicap.isPresent();
        for (Map.Entry<String, String> h : r.headers().entrySet()) {
            // 手合割 is written once, below, from the start position itself
            if (!h.getKey().equals(GameRecord.BLACK) && !h.getKey().equals(GameRecord.WHITE) && !h.getKey().equals(HANDICAP)) {
                header(h.getKey(), h.getValue());
            }
        }
        if (handicap.isPresent()) {
            header(HANDICAP, handicap.get().japaneseName());
        } else if (r.variant() == Variant.MINISHOGI) {
            header(HANDICAP, KifReader.MINISHOGI_NAME);
        } else if (r.variant() == Variant.OKISAKI) {
            header(HANDICAP, KifReader.OKISAKI_NAME);
        } else if (r.hasStandardStart()) {
            header(HANDICAP, "平手");
        }
        boolean knownEverywhere = handicap.isPresent() && WIDELY_READ_HANDICAPS.contains(handicap.get());
        if (!r.hasStandardStart() && !knownEverywhere || r.variant() != Variant.STANDARD) {
            diagram(r.startPosition());
        }
        for (String key : new String[] {GameRecord.BLACK, GameRecord.WHITE}) {
            if (r.headers().containsKey(key)) {
                header(playerKey(key.equals(GameRecord.BLACK) ? Side.BLACK : Side.WHITE), r.headers().get(key));
            }
        }
        comments(r.comments());
        if (!ki2) {
            out.append("手数----指手---------消費時間--\n");
        }
        Position p = r.startPosition();
        line(r.mainLine(), p, 1, -1, new long[2]);
        return out.toString();
    }

    private void header(String key, String value) {
        out.append(key).append('：').append(value).append('\n');
    }

    private String playerKey(Side side) {
        if (handicapNames) {
            return side == Side.BLACK ? "下手" : "上手";
        }
        return side == Side.BLACK ? "先手" : "後手";
    }

    private void diagram(Position p) {
        Variant v = p.variant();
        out.append(playerKey(Side.WHITE)).append("の持駒：").append(hand(p, Side.WHITE)).append('\n');
        StringBuilder files = new StringBuilder(" ");
        for (int f = v.files(); f >= 1; f--) {
            String digit = JapaneseNotation.file(f);
            files.append(digit.length() == 1 ? " " + digit : digit);
        }
        String border = "+" + "-".repeat(3 * v.files()) + "+";
        out.append(files).append('\n').append(border).append('\n');
        for (int rank = 1; rank <= v.ranks(); rank++) {
            out.append('|');
            for (int file = v.files(); file >= 1; file--) {
                int code = p.pieceAt(v.square(file, rank));
                if (code == Piece.EMPTY) {
                    out.append(" ・");
                } else {
                    out.append(Piece.colour(code) == 1 ? 'v' : ' ')
                            .append(PieceNames.boardJapanese(Piece.type(code)));
                }
            }
            out.append('|').append(JapaneseNotation.rank(rank)).append('\n');
        }
        out.append(border).append('\n');
        out.append(playerKey(Side.BLACK)).append("の持駒：").append(hand(p, Side.BLACK)).append('\n');
        if (p.sideToMove() == Side.WHITE) {
            out.append(playerKey(Side.WHITE)).append("番\n");
        }
    }

    private static String hand(Position p, Side side) {
        StringBuilder sb = new StringBuilder();
        for (int type : new int[] {Piece.QUEEN, Piece.ROOK, Piece.BISHOP, Piece.GOLD, Piece.SILVER, Piece.KNIGHT,
                Piece.LANCE, Piece.PAWN}) {
            int n = p.variant().hasType(type) ? p.handCount(side, type) : 0;
            if (n > 0) {
                sb.append(PieceNames.japanese(type)).append(n > 1 ? kanjiNumber(n) : "").append('　');
            }
        }
        return sb.length() == 0 ? "なし" : sb.toString();
    }

    static String kanjiNumber(int n) {
        String tens = n >= 20 ? JapaneseNotation.rank(n / 10) + "十" : n >= 10 ? "十" : "";
        return tens + (n % 10 == 0 ? "" : JapaneseNotation.rank(n % 10));
    }

    private void comments(List<String> comments) {
        for (String comment : comments) {
            for (String line : comment.split("\n", -1)) {
                out.append('*').append(line).append('\n');
            }
        }
    }

    /**
     * Write a line from position {@code p} (restored on return) and then its variations. A foul that ended the
     * line is written like one more move, and the ending after it is read from the side that would move next.
     */
    private void line(MoveLine line, Position p, int firstPly, int previousTo, long[] totals) {
        List<RecordedMove> moves = line.moves();
        long[] clock = totals.clone();
        int prev = previousTo;
        int ki2Count = 0;
        int stated = line.plies();
        for (int i = 0; i < stated; i++) {
            RecordedMove rm = i < moves.size() ? moves.get(i) : line.foul();
            int move = rm.move();
            if (ki2) {
                String text = JapaneseNotation.format(p, move, prev, JapaneseNotation.Marks.TRIANGLES);
                out.append(text);
                ki2Count++;
                boolean breakLine = ki2Count == KI2_MOVES_PER_LINE || !rm.comments().isEmpty()
                        || i == stated - 1 || !rm.alternatives().isEmpty();
                if (breakLine) {
                    out.append('\n');
                    ki2Count = 0;
                } else {
                    out.append(" ".repeat(Math.max(1, KI2_MOVE_COLUMNS - width(text))));
                }
            } else {
                String text = JapaneseNotation.formatKif(p, move, prev);
                moveLine(firstPly + i, text, rm.elapsedMillis(), clock, p.sideToMove());
                if (!rm.alternatives().isEmpty()) {
                    out.append('+');
                }
                out.append('\n');
            }
            comments(rm.comments());
            prev = Move.to(move);
            if (i < moves.size()) {
                p.doMove(move);
            }
        }
        int plies = firstPly + stated - 1;
        Side toMove = line.foul() != null ? p.sideToMove().opponent() : p.sideToMove();
        if (line.ending() != null) {
            if (!ki2) {
                moveLine(plies + 1, line.ending().kif(), line.endingElapsedMillis(), clock, toMove);
                out.append('\n');
            }
            out.append(summary(line.ending(), plies, toMove)).append('\n');
            comments(line.endingComments());
        }
        for (int i = moves.size() - 1; i >= 0; i--) {
            p.undoMove(moves.get(i).move());
        }
        variations(line, p, firstPly, previousTo, totals);
    }

    /** Write the variations of a line, deepest branch point first, each followed by its own variations. */
    private void variations(MoveLine line, Position p, int firstPly, int previousTo, long[] totals) {
        List<RecordedMove> moves = line.moves();
        long[][] clockBefore = new long[moves.size()][];
        long[] clock = totals.clone();
        for (int i = 0; i < moves.size(); i++) {
            clockBefore[i] = clock.clone();
            long elapsed = moves.get(i).elapsedMillis();
            if (elapsed >= 0) {
                clock[p.sideToMove().index() ^ (i & 1)] += elapsed;
            }
        }
        for (int i = moves.size() - 1; i >= 0; i--) {
            if (moves.get(i).alternatives().isEmpty()) {
                continue;
            }
            for (int j = 0; j < i; j++) {
                p.doMove(moves.get(j).move());
            }
            int prev = i == 0 ? previousTo : Move.to(moves.get(i - 1).move());
            for (MoveLine alternative : moves.get(i).alternatives()) {
                out.append("\n変化：").append(firstPly + i).append("手\n");
                line(alternative, p, firstPly + i, prev, clockBefore[i]);
            }
            for (int j = i - 1; j >= 0; j--) {
                p.undoMove(moves.get(j).move());
            }
        }
    }

    private void moveLine(int ply, String text, long elapsed, long[] clock, Side mover) {
        out.append(String.format("%4d ", ply)).append(text);
        if (elapsed < 0) {
            return;
        }
        out.append(" ".repeat(Math.max(1, MOVE_COLUMNS - width(text))));
        clock[mover.index()] += elapsed;
        long s = elapsed / 1000;
        long total = clock[mover.index()] / 1000;
        out.append(String.format("(%2d:%02d/%02d:%02d:%02d)", s / 60, s % 60, total / 3600, total / 60 % 60, total % 60));
    }

    private String summary(Ending ending, int plies, Side toMove) {
        String head = "まで" + plies + "手で";
        String mover = playerKey(toMove);
        String winner = playerKey(toMove.opponent());
        return switch (ending) {
            case RESIGNATION -> head + winner + "の勝ち";
            case TIME_UP -> head + "時間切れにより" + winner + "の勝ち";
            case ILLEGAL_MOVE -> head + mover + "の反則負け";
            case OPPONENT_ILLEGAL -> head + mover + "の反則勝ち";
            case ENTERING_KING_WIN -> head + mover + "の入玉勝ち";
            default -> head + ending.kif();
        };
    }

    /** Display width: full-width characters take two columns. */
    private static int width(String s) {
        int w = 0;
        for (int i = 0; i < s.length(); i++) {
            w += s.charAt(i) < 0x100 ? 1 : 2;
        }
        return w;
    }
}
