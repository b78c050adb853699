package org.shogibridge.core.review;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.Level;
import org.shogibridge.core.engine.Score;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.engine.SearchResult;
import org.shogibridge.core.rules.Move;
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
    /** The depth at which every root move is scored to find a 好手: deep enough to see a piece hang. */
    static final int GOOD_MOVE_DEPTH = 3;
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
        return review(start, moves, () -> {
        });
    }

    /**
     * Review the moves from a start position, calling {@code beforeEachPosition} before each position is searched: a
     * daemon waits there while a game in progress needs the processor.
     */
    public List<ReviewedMove> review(Position start, int[] moves, Runnable beforeEachPosition) {
        engine.newGame();
        Position p = start.copy();
        beforeEachPosition.run();
        Verdict before = verdict(p);
        List<ReviewedMove> reviewed = new ArrayList<>(moves.length);
        for (int i = 0; i < moves.length; i++) {
            boolean good = moves[i] == before.bestMove && !recapture(moves, i) && onlyMove(p, moves[i]);
            Position after = p.copy();
            after.doMove(moves[i]);
            beforeEachPosition.run();
            Verdict next = verdict(after);
            reviewed.add(graded(i + 1, p, moves[i], before, next, good));
            p = after;
            before = next;
        }
        return reviewed;
    }

    /**
     * Review one move alone, as a tutor asks during a game: its loss and mark (never 好手: that needs every other
     * move scored), from a search of the position before it and, unless it was the engine's choice, the one after.
     */
    public ReviewedMove reviewMove(Position before, int move, int ply) {
        Verdict choice = verdict(before);
        Position after = before.copy();
        after.doMove(move);
        return graded(ply, before, move, choice, move == choice.bestMove ? null : verdict(after), false);
    }

    /** Grade a move by the verdicts on the positions before and after it ({@code after} null: the engine's choice). */
    private static ReviewedMove graded(int ply, Position p, int move, Verdict before, Verdict after, boolean good) {
        Side mover = p.sideToMove();
        if (after == null) { // the engine's own choice: its line goes on from the position after it
            int[] line = before.line.length > 1 ? java.util.Arrays.copyOfRange(before.line, 1, before.line.length) : new int[0];
            int sente = mover == Side.BLACK ? before.score : -before.score;
            int senteMates = (before.score > 0) == (mover == Side.BLACK) ? 1 : -1;
            int mate = Score.isMate(before.score) ? senteMates * Math.max(1, Score.matePlies(before.score) - 1) : 0;
            return new ReviewedMove(ply, move, before.bestMove, before.line, centipawns(sente), mate, line, 0, MoveMark.NONE);
        }
        // Both from the mover's side: before the move its own score; after it, the opponent's score negated.
        double loss = move == before.bestMove ? 0
                : Math.max(0, MoveMark.winRate(centipawns(before.score)) - MoveMark.winRate(centipawns(-after.score)));
        int sente = mover == Side.BLACK ? -after.score : after.score; // after.score is the opponent's
        int mate = Score.isMate(after.score) ? (mover == Side.BLACK ? -1 : 1) * Score.matePlies(after.score) : 0;
        return new ReviewedMove(ply, move, before.bestMove, before.line, centipawns(sente), mate, after.line, loss,
                good ? MoveMark.GOOD : MoveMark.ofLoss(loss));
    }

    /** Return true if move i takes on the square the move before it went to. */
    private static boolean recapture(int[] moves, int i) {
        return i > 0 && !Move.isDrop(moves[i]) && Move.to(moves[i]) == Move.to(moves[i - 1]);
    }

    /** Return true if every other move of the position would give away {@link MoveMark#GOOD_MOVE_GAP} points or more. */
    private boolean onlyMove(Position p, int move) {
        int[][] scored = engine.scoreRootMoves(p, GOOD_MOVE_DEPTH, SearchLimits.nodes(nodes));
        int[] roots = scored[0];
        int[] scores = scored[1];
        if (roots.length < legalMoves(p)) {
            return false; // cut short by the budget: not sure
        }
        int chosen = Integer.MIN_VALUE;
        int second = Integer.MIN_VALUE;
        for (int k = 0; k < roots.length; k++) {
            if (roots[k] == move) {
                chosen = scores[k];
            } else if (!sameButForPromotion(roots[k], move)) { // taking with or without promoting is one choice
                second = Math.max(second, scores[k]);
            }
        }
        return chosen != Integer.MIN_VALUE && second != Integer.MIN_VALUE
                && MoveMark.winRate(centipawns(chosen)) - MoveMark.winRate(centipawns(second)) >= MoveMark.GOOD_MOVE_GAP;
    }

    private static int legalMoves(Position p) {
        MoveList legal = new MoveList();
        MoveGenerator.generateLegal(p, legal);
        return legal.size();
    }

    private static boolean sameButForPromotion(int a, int b) {
        return !Move.isDrop(a) && !Move.isDrop(b) && Move.from(a) == Move.from(b) && Move.to(a) == Move.to(b);
    }

    private Verdict verdict(Position p) {
        if (legalMoves(p) == 0) {
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
