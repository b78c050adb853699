package org.shogibridge.core.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.Level;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;

class TutorTest {
    /** Before black's ninth move: 2h2d takes a pawn and leaves the rook to the bishop on 3c. */
    private static final String BEFORE_BLUNDER = "position startpos moves 7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 2e2d 2c2d";
    private static final long NODES = 20_000;

    private static Position before() {
        GameRecord game = UsiRecord.read("game.usi", BEFORE_BLUNDER);
        Position p = game.startPosition().copy();
        for (int move : game.mainLine().moveArray()) {
            p.doMove(move);
        }
        return p;
    }

    private static boolean legal(Position p, int move) {
        MoveList legal = new MoveList();
        MoveGenerator.generateLegal(p, legal);
        for (int i = 0; i < legal.size(); i++) {
            if (legal.get(i) == move) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aHangingRookIsWarnedOfWithTheBetterMove() {
        Position p = before();
        int blunder = Usi.parseLegalMove(p, "2h2d");
        Tutor.Advice advice = new Tutor(new Engine(), NODES).check(p, blunder, 9, 5);
        assertNotNull(advice, "the rook left to the bishop");
        assertEquals(9, advice.ply());
        assertTrue(advice.mark() == MoveMark.MISTAKE || advice.mark() == MoveMark.BLUNDER, advice.toString());
        assertTrue(advice.loss() >= Tutor.threshold(1), "a beginner hears of it too: " + advice);
        assertTrue(advice.betterMove() != blunder && legal(p, advice.betterMove()), advice.toString());
    }

    @Test
    void theEnginesOwnChoiceIsNeverWarnedOf() {
        Position p = before();
        Engine engine = new Engine();
        engine.setLevel(Level.maximum());
        int best = engine.think(p, SearchLimits.nodes(NODES), false, null).bestMove();
        assertNull(new Tutor(new Engine(), NODES).check(p, best, 9, 10), Usi.format(p.variant(), best));
        Position start = Position.start(p.variant());
        int opening = new Engine().think(start, SearchLimits.nodes(NODES), false, null).bestMove();
        assertNull(new Tutor(new Engine(), NODES).check(start, opening, 1, 10));
    }

    @Test
    void aStrongerLevelIsWarnedOfSmallerMistakes() {
        assertEquals(30, Tutor.threshold(1));
        assertEquals(30, Tutor.threshold(3));
        assertEquals(MoveMark.MISTAKE.lossAtLeast(), Tutor.threshold(5));
        assertEquals(15, Tutor.threshold(10));
        for (int level = 2; level <= 10; level++) {
            assertTrue(Tutor.threshold(level) <= Tutor.threshold(level - 1));
        }
    }
}
