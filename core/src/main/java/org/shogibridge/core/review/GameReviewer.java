package org.shogibridge.core.review;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.Level;
import org.shogibridge.core.engine.Score;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.engine.SearchResult;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;

/**
 * Reviews a game: every position of it searched by the built-in engine at full strength on a node budget (as the
 * levels are limited on a Pi), each move graded by the win rate it gave away between the position before it and the
 * one after, both from the mover's side. One search a position: the score after a move is the next position's.
 * Deterministic for one budget, whatever the machine.
 */
public final class GameReviewer {
    /** A mate's evaluation in centipawns, as analysis programs draw it at the edge of the graph. */
    public static final int MATE_CENTIPAWNS = 30_000;

    private final Engine engine;
    private final long nodes;

    /** @param nodes the search's node budget per position */
    public GameReviewer(Engine engine, long nodes) {
        this.engine = engine;
        this.nodes = nodes;
        engine.setLevel(Level.maximum());
    }

    /** The engine's word on one position: its choice, its line and its score for the side to move. */
    private record Verdict(int bestMove, int[] line, int score) {
    }

    /** Review the moves from a start position; the list has a reviewed move per move. */
    public List<ReviewedMove> review(Position start, int[] moves) {
        engine.newGame();
        Position p = start.copy();
        Verdict before = verdict(p);
        List<ReviewedMove> reviewed = new ArrayList<>(moves.length);
        for (int i = 0; i < moves.length; i++) {
            Side mover = p.sideToMove();
            p.doMove(moves[i]);
            Verdict after = verdict(p);
            // Both from the mover's side: before the move its own score; after it, the opponent's score negated.
            double loss = moves[i] == before.bestMove ? 0
                    : Math.max(0, MoveMark.winRate(centipawns(before.score)) - MoveMark.winRate(centipawns(-after.score)));
            int sente = mover == Side.BLACK ? -after.score : after.score; // after.score is the opponent's
            int mate = Score.isMate(after.score) ? (mover == Side.BLACK ? -1 : 1) * Score.matePlies(after.score) : 0;
            reviewed.add(new ReviewedMove(i + 1, moves[i], before.bestMove, before.line, centipawns(sente), mate, after.line,
                    loss, MoveMark.ofLoss(loss)));
            before = after;
        }
        return reviewed;
    }

    private Verdict verdict(Position p) {
        MoveList legal = new MoveList();
        MoveGenerator.generateLegal(p, legal);
        if (legal.size() == 0) {
            return new Verdict(0, new int[0], -Score.MATE); // mated (or no move): lost for the side to move
        }
        SearchResult r = engine.think(p, SearchLimits.nodes(nodes), false, null);
        return new Verdict(r.bestMove(), r.pv() != null ? r.pv() : new int[] {r.bestMove()}, r.score());
    }

    /** Return a score in centipawns, a mate as ±{@link #MATE_CENTIPAWNS}. */
    static int centipawns(int score) {
        if (Score.isMate(score)) {
            return score > 0 ? MATE_CENTIPAWNS : -MATE_CENTIPAWNS;
        }
        return Score.centipawns(score);
    }
}
