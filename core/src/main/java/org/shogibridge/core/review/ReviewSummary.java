package org.shogibridge.core.review;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.WesternNotation;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.speech.Language;

/**
 * What a review says in a few words: the mistakes (悪手 and 大悪手) of the sides a person played, the worst first, each
 * with the engine's better move, as the board says it after a game: 「悪手は2つです。23手目 ▲５五角、最善は ▲４六歩。」
 */
public final class ReviewSummary {
    /** How many mistakes are named one by one; the count says how many there were. */
    static final int NAMED = 3;
    /** Heard out of the game's order, a move names its square (２四飛, not 同　飛). */
    private static final int NO_CONTEXT = -1;

    /** A mistake: the move and the engine's better one (0 if none), written in both notations. */
    public record Mistake(int ply, Side side, MoveMark mark, double loss, int move, int better, String japanese,
            String betterJapanese, String western, String betterWestern) {

        /** Return the mistake as the board says it: 「9手目 ▲２四飛、最善は ▲４八銀。」 */
        public String text(Language language) {
            if (language == Language.JA) {
                return ply + "手目 " + japanese + (betterJapanese == null ? "" : "、最善は " + betterJapanese) + "。";
            }
            return "Move " + ply + ", " + western + (betterWestern == null ? "" : "; best was " + betterWestern) + ".";
        }
    }

    private final List<Mistake> mistakes;

    private ReviewSummary(List<Mistake> mistakes) {
        this.mistakes = mistakes;
    }

    /** Summarise the moves of {@code sides} (the people's) in a review of the game from {@code start}. */
    public static ReviewSummary of(Position start, List<ReviewedMove> review, Set<Side> sides) {
        List<Mistake> found = new ArrayList<>();
        Position p = start.copy();
        for (ReviewedMove r : review) {
            Side mover = p.sideToMove();
            if (sides.contains(mover) && r.mark().ordinal() >= MoveMark.MISTAKE.ordinal()) {
                boolean better = r.bestMove() != 0 && !r.best();
                found.add(new Mistake(r.ply(), mover, r.mark(), r.loss(), r.move(), better ? r.bestMove() : 0,
                        JapaneseNotation.format(p, r.move(), NO_CONTEXT, JapaneseNotation.Marks.TRIANGLES),
                        better ? JapaneseNotation.format(p, r.bestMove(), NO_CONTEXT, JapaneseNotation.Marks.TRIANGLES) : null,
                        WesternNotation.HODGES.format(p, r.move()),
                        better ? WesternNotation.HODGES.format(p, r.bestMove()) : null));
            }
            p.doMove(r.move());
        }
        found.sort(Comparator.comparingDouble(Mistake::loss).reversed().thenComparingInt(Mistake::ply));
        return new ReviewSummary(List.copyOf(found));
    }

    /** Return the mistakes, the worst first. */
    public List<Mistake> mistakes() {
        return mistakes;
    }

    /** Return the summary as the board says it. */
    public String text(Language language) {
        StringBuilder t = new StringBuilder();
        if (language == Language.JA) {
            if (mistakes.isEmpty()) {
                return "悪手はありません。";
            }
            t.append("悪手は").append(mistakes.size()).append(mistakes.size() < 10 ? "つです。" : "個です。"); // とお and on: 個
            for (Mistake m : mistakes.subList(0, Math.min(NAMED, mistakes.size()))) {
                t.append(m.text(language));
            }
            return t.toString();
        }
        if (mistakes.isEmpty()) {
            return "No mistakes.";
        }
        t.append(mistakes.size() == 1 ? "1 mistake." : mistakes.size() + " mistakes.");
        for (Mistake m : mistakes.subList(0, Math.min(NAMED, mistakes.size()))) {
            t.append(' ').append(m.text(language));
        }
        return t.toString();
    }
}
