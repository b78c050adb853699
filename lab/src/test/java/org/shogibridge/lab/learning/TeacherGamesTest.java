package org.shogibridge.lab.learning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.EvalParams;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.engine.Level;
import org.shogibridge.core.engine.Score;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.engine.SearchResult;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/** Teacher games with our own engine standing in for the teacher. */
class TeacherGamesTest {
    private static final TeacherGames.Settings SHORT = new TeacherGames.Settings(4, 4, 0.05, 60, 80, 3000);

    /** Our engine at a fixed node count, answering as a USI teacher would (centipawns, or plies to mate). */
    private static TeacherGames.Teacher ownEngine() {
        Engine engine = new Engine(4, EvalParams.DEFAULT, 1);
        engine.setLevel(Level.of(10));
        return p -> {
            SearchResult r = engine.think(p, SearchLimits.nodes(2000), false, null);
            if (r.bestMove() == Move.NONE) {
                return new TeacherGames.Verdict("resign", 0, true);
            }
            boolean mate = Score.isMate(r.score());
            return new TeacherGames.Verdict(Usi.format(p.variant(), r.bestMove()),
                    mate ? Score.matePlies(r.score()) : Score.centipawns(r.score()), mate);
        };
    }

    @Test
    void quietPositionsAreLabelledWithTheTeachersScoreAndTheResult() throws Exception {
        TeacherGames.Played played = new TeacherGames(SHORT, EvalWeights.builtIn(), 7)
                .play(Position.start(Variant.STANDARD), ownEngine());
        assertTrue(played.samples().size() >= 10, "samples " + played.samples().size());
        assertTrue(played.judged() >= played.samples().size());
        assertTrue(played.plies() <= 80, "plies " + played.plies());
        Position first = Position.fromSfen(played.samples().get(0).sfen());
        assertTrue(first.plies() >= 0);
        for (SelfPlay.Sample s : played.samples()) {
            Position p = Position.fromSfen(s.sfen());
            assertFalse(p.inCheck(), s.sfen());
            // One result per game, seen from each side to move.
            double expected = p.sideToMove() == first.sideToMove() ? played.samples().get(0).result()
                    : 1 - played.samples().get(0).result();
            assertEquals(expected, s.result(), s.sfen());
        }
    }

    @Test
    void differentSeedsPlayDifferentGames() throws Exception {
        List<SelfPlay.Sample> a = new TeacherGames(SHORT, EvalWeights.builtIn(), 1)
                .play(Position.start(Variant.STANDARD), ownEngine()).samples();
        List<SelfPlay.Sample> b = new TeacherGames(SHORT, EvalWeights.builtIn(), 2)
                .play(Position.start(Variant.STANDARD), ownEngine()).samples();
        assertNotEquals(a.get(0).sfen(), b.get(0).sfen());
    }

    @Test
    void aResigningTeacherLosesTheGameForTheSideToMove() throws Exception {
        // The teacher judges the first position at +50, then resigns for the other side.
        int[] calls = {0};
        TeacherGames.Teacher resigner = p -> calls[0]++ == 0
                ? new TeacherGames.Verdict(Usi.format(p.variant(), quietMove(p)), 50, false)
                : new TeacherGames.Verdict("resign", 0, true);
        TeacherGames.Settings noFeel = new TeacherGames.Settings(0, 4, 0, 0, 80, 3000);
        TeacherGames.Played played = new TeacherGames(noFeel, EvalWeights.builtIn(), 1)
                .play(Position.start(Variant.STANDARD), resigner);
        assertEquals(1, played.samples().size());
        assertEquals(50, played.samples().get(0).score());
        assertEquals(1.0, played.samples().get(0).result()); // Black moved, White resigned
        assertEquals(Side.BLACK, Position.fromSfen(played.samples().get(0).sfen()).sideToMove());
    }

    @Test
    void anIllegalTeacherMoveEndsTheGameWithAnError() {
        TeacherGames.Teacher wrong = p -> new TeacherGames.Verdict("5e5d", 0, false);
        assertThrows(IllegalArgumentException.class, () -> new TeacherGames(SHORT, EvalWeights.builtIn(), 1)
                .play(Position.start(Variant.STANDARD), wrong));
    }

    private static int quietMove(Position p) {
        return Usi.parseLegalMove(p, "7g7f");
    }
}
