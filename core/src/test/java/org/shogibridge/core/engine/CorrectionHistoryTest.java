package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;

class CorrectionHistoryTest {
    private static final Position START = Position.start(Variant.STANDARD);
    /** The start with Black's 7th-file pawn pushed and White to move: other pawns, same hands. */
    private static final Position PAWN_PUSHED =
            Position.fromSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    /** The same as {@link #PAWN_PUSHED} but Black to move. */
    private static final Position PAWN_PUSHED_BLACK =
            Position.fromSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 2");

    @Test
    void aRepeatedErrorIsLearnedUpToItsBound() {
        CorrectionHistory history = new CorrectionHistory();
        assertEquals(100, history.corrected(START, 100), "nothing learned yet");
        history.update(START, 8, 60);
        int once = history.corrected(START, 100) - 100;
        assertTrue(once > 0 && once < 60, "one result moves the evaluation part of the way: " + once);
        for (int i = 0; i < 200; i++) {
            history.update(START, 8, 300);
        }
        int learned = history.corrected(START, 100) - 100;
        assertTrue(learned > once, "more evidence, more correction: " + learned);
        assertTrue(learned <= 2 * CorrectionHistory.MAX_CORRECTION, "two tables, each bounded: " + learned);
        for (int i = 0; i < 200; i++) {
            history.update(START, 8, -300);
        }
        assertTrue(history.corrected(START, 100) < 100, "old evidence fades before new");
    }

    @Test
    void positionsAreToldApartByPawnsAndSideToMove() {
        CorrectionHistory history = new CorrectionHistory();
        for (int i = 0; i < 50; i++) {
            history.update(START, 10, -200);
        }
        assertTrue(history.corrected(START, 0) < 0);
        // Other pawns but the same (empty) hands: only the hand table's half of the correction carries over.
        int pushed = history.corrected(PAWN_PUSHED_BLACK, 0);
        assertTrue(pushed < 0 && pushed > history.corrected(START, 0), "half carries over: " + pushed);
        assertEquals(0, history.corrected(PAWN_PUSHED, 0), "White to move learns apart from Black");
        history.clear();
        assertEquals(0, history.corrected(START, 0), "a new game forgets");
    }

    @Test
    void aCorrectedScoreNeverLooksLikeAMate() {
        CorrectionHistory history = new CorrectionHistory();
        for (int i = 0; i < 50; i++) {
            history.update(START, 10, 500);
        }
        assertEquals(Score.MATE_BOUND - 1, history.corrected(START, Score.MATE_BOUND - 2));
        assertTrue(!Score.isMate(history.corrected(START, Score.MATE_BOUND)));
    }
}
