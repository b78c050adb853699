package org.shogibridge.core.review;

import java.util.List;
import java.util.regex.Pattern;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.record.CsaWriter;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;

/**
 * A review written into a record as move comments, in the form ShogiHome writes its own analysis and reads back
 * (its evaluation graph, its marks): on each move, the mark in brackets (【悪手】), the situation (互角, 先手有利,
 * ...), {@code #評価値=} from sente's side or {@code #詰み=先手勝ち:N手}, {@code #読み筋=} the line from the position
 * after the move, {@code #エンジン=}; and, where the move was not the engine's choice, {@code 最善手=} its choice.
 * The KIF writer puts each line after {@code *}; a CSA record gets {@link #writeFloodgate the floodgate form}.
 */
public final class ReviewComments {
    /** The built-in engine's name in the comments ({@code #エンジン=}). */
    public static final String BUILT_IN_ENGINE = "shogi-bridge";
    /** How many moves of a line are written: ShogiHome shows 15 by default. */
    static final int LINE_MOVES = 15;

    private ReviewComments() {
    }

    /** A line of floodgate's form as {@link #writeFloodgate} writes it: {@code * -1632 -3324KA +8844KA}. */
    private static final Pattern FLOODGATE = Pattern.compile("\\* -?\\d+( [+-]\\d{4,8}[A-Z]{2})*");
    /** A line of ShogiHome's form as {@link #write} writes it, and the situation words it writes. */
    private static final Pattern SHOGIHOME = Pattern.compile(
            "#(評価値|詰み|読み筋|エンジン)=.*|最善手=.*|互角|[先後]手(有望|有利|優勢|勝勢)");
    private static final Pattern MARK = Pattern.compile("【(好手|緩手|疑問手|悪手|大悪手)】");

    /**
     * Take out of a record the comments an earlier review of it wrote (a review done again after a stop), leaving
     * every other comment: a move's lines of either form go only where the review's own signature is among them.
     */
    public static void clear(GameRecord record) {
        for (RecordedMove move : record.mainLine().moves()) {
            List<String> lines = move.comments();
            boolean shogiHome = lines.contains("#エンジン=" + BUILT_IN_ENGINE);
            boolean floodgate = lines.stream().anyMatch(l -> FLOODGATE.matcher(l).matches());
            if (shogiHome || floodgate) {
                lines.removeIf(l -> MARK.matcher(l).matches() || shogiHome && SHOGIHOME.matcher(l).matches()
                        || floodgate && FLOODGATE.matcher(l).matches());
            }
        }
    }

    /** Write the review's comments onto the record's main line, after any comment a move already has. */
    public static void write(GameRecord record, List<ReviewedMove> review, String engineName) {
        List<RecordedMove> moves = record.mainLine().moves();
        Position p = record.startPosition().copy();
        int previousTo = -1;
        for (int i = 0; i < moves.size() && i < review.size(); i++) {
            ReviewedMove r = review.get(i);
            String better = r.best() || r.bestMove() == 0 ? null : JapaneseNotation.format(p, r.bestMove(), previousTo,
                    JapaneseNotation.Marks.TRIANGLES);
            p.doMove(r.move());
            previousTo = Move.isDrop(r.move()) ? Move.to(r.move()) : Move.to(r.move());
            moves.get(i).comments().add(comment(r, p, previousTo, better, engineName));
        }
    }

    /**
     * Write the review onto a record to be written as CSA, in the floodgate form CSA readers (ShogiHome among them)
     * take an engine's evaluation from: {@code '** <evaluation from sente's side> <line in CSA moves>}, a mate as
     * ±30000, after the mark ({@code '*【悪手】}) where the move has one.
     */
    public static void writeFloodgate(GameRecord record, List<ReviewedMove> review) {
        List<RecordedMove> moves = record.mainLine().moves();
        Position p = record.startPosition().copy();
        for (int i = 0; i < moves.size() && i < review.size(); i++) {
            ReviewedMove r = review.get(i);
            p.doMove(r.move());
            StringBuilder c = new StringBuilder();
            if (r.mark() != MoveMark.NONE) {
                c.append('【').append(r.mark().japanese()).append("】\n");
            }
            int mate = GameReviewer.MATE_CENTIPAWNS;
            int evaluation = r.mateAfter() != 0 ? (r.mateAfter() > 0 ? mate : -mate) : r.evaluation();
            c.append("* ").append(evaluation);
            Position line = p.copy();
            for (int k = 0; k < r.lineAfter().length && k < LINE_MOVES && r.lineAfter()[k] != 0; k++) {
                c.append(' ').append(CsaWriter.move(line, r.lineAfter()[k]));
                line.doMove(r.lineAfter()[k]);
            }
            moves.get(i).comments().add(c.toString());
        }
    }

    /** Return one move's comment; {@code after} is the position after the move. */
    static String comment(ReviewedMove r, Position after, int previousTo, String better, String engineName) {
        StringBuilder c = new StringBuilder();
        if (r.mark() != MoveMark.NONE) {
            c.append('【').append(r.mark().japanese()).append("】\n");
        }
        if (r.mateAfter() != 0) {
            c.append("#詰み=").append(r.mateAfter() > 0 ? "先手勝ち" : "後手勝ち").append(':').append(Math.abs(r.mateAfter()))
                    .append("手\n");
        } else {
            c.append(MoveMark.situation(r.evaluation())).append('\n');
            c.append("#評価値=").append(r.evaluation()).append('\n');
        }
        String line = line(after, r.lineAfter(), previousTo);
        if (!line.isEmpty()) {
            c.append("#読み筋=").append(line).append('\n');
        }
        c.append("#エンジン=").append(engineName);
        if (better != null) {
            c.append("\n最善手=").append(better);
        }
        return c.toString();
    }

    /** Return the first moves of a line in KI2 text, ▲ and △ included, as analysis programs join them. */
    static String line(Position from, int[] moves, int previousTo) {
        Position p = from.copy();
        StringBuilder text = new StringBuilder();
        int to = previousTo;
        for (int i = 0; i < moves.length && i < LINE_MOVES && moves[i] != 0; i++) {
            text.append(JapaneseNotation.format(p, moves[i], to, JapaneseNotation.Marks.TRIANGLES));
            p.doMove(moves[i]);
            to = Move.to(moves[i]);
        }
        return text.toString();
    }
}
