package org.shogibridge.device.state;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.review.ReviewSummary;
import org.shogibridge.core.review.ReviewedMove;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.speech.Language;

/**
 * A game's review as JSON: the {@code review} payload (docs/mqtt.md) and the file beside the game's record. Per
 * move the evaluation from sente's side, the engine's choice and line, the win rate the move gave away and its mark;
 * then the summary the board says, and the worst moves, for the page's graph, list and arrow.
 */
public final class ReviewJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReviewJson() {
    }

    /** Return the review of game {@code gameId}, played from {@code start}, as JSON text. */
    public static String of(String gameId, Position start, List<ReviewedMove> review, ReviewSummary summary, String engine,
            long nodes) {
        ObjectNode root = JSON.createObjectNode().put("game", gameId).put("engine", engine).put("nodes", nodes);
        ArrayNode moves = root.putArray("moves");
        Position p = start.copy();
        int previousTo = -1;
        for (ReviewedMove r : review) {
            ObjectNode m = moves.addObject().put("ply", r.ply()).put("side", p.sideToMove() == Side.BLACK ? "black" : "white")
                    .put("move", Usi.format(p.variant(), r.move()))
                    .put("japanese", JapaneseNotation.format(p, r.move(), previousTo, JapaneseNotation.Marks.TRIANGLES))
                    .put("evaluation", r.evaluation());
            if (r.mateAfter() != 0) {
                m.put("mate", r.mateAfter());
            }
            if (r.bestMove() != 0) {
                m.put("best", Usi.format(p.variant(), r.bestMove()))
                        .put("bestJapanese", JapaneseNotation.format(p, r.bestMove(), previousTo, JapaneseNotation.Marks.TRIANGLES));
                ArrayNode line = m.putArray("bestLine");
                Position q = p.copy();
                for (int move : r.bestLine()) {
                    if (move == 0) {
                        break;
                    }
                    line.add(Usi.format(q.variant(), move));
                    q.doMove(move);
                }
            }
            m.put("loss", Math.round(r.loss() * 10) / 10.0).put("mark", r.mark().english()).put("markJapanese", r.mark().japanese());
            p.doMove(r.move());
            previousTo = Move.to(r.move());
        }
        root.putObject("summary").put("ja", summary.text(Language.JA)).put("en", summary.text(Language.EN));
        ArrayNode worst = root.putArray("worst");
        for (ReviewSummary.Mistake mistake : summary.mistakes()) {
            worst.add(mistake.ply());
        }
        return root.toString();
    }
}
