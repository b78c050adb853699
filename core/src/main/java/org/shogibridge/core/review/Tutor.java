package org.shogibridge.core.review;

import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.rules.Position;

/**
 * The tutor of a casual game against the computer (docs/learning.md): after the person's move, before the computer
 * replies, the move is reviewed alone on a small node budget, and it warns when the move gave away at least the
 * level's share of win rate. A stronger level is warned of smaller mistakes: a beginner hears of the rook left
 * hanging, not of every slack move. The engine's own choice is never warned of.
 */
public final class Tutor {
    /** What the tutor says of a move it warns of. */
    public record Advice(int ply, int move, MoveMark mark, double loss, int betterMove) {
    }

    private final GameReviewer reviewer;

    /** @param nodes the node budget of each of the move's two searches */
    public Tutor(Engine engine, long nodes) {
        this.reviewer = new GameReviewer(engine, nodes);
    }

    /** Return the win rate (points) a move must give away to be warned of at a level (1-10). */
    public static double threshold(int level) {
        return level <= 3 ? 30 : level <= 7 ? MoveMark.MISTAKE.lossAtLeast() : 15;
    }

    /** Return the advice on {@code move}, the {@code ply}-th of the game, played in {@code before}; null if it is fine. */
    public Advice check(Position before, int move, int ply, int level) {
        ReviewedMove r = reviewer.reviewMove(before, move, ply);
        if (r.best() || r.loss() < threshold(level)) {
            return null;
        }
        return new Advice(ply, move, MoveMark.ofLoss(r.loss()), r.loss(), r.bestMove());
    }
}
