package org.shogibridge.lab.teach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.UsiEngineException;
import org.shogibridge.lab.learning.TeacherGames.Verdict;

/** How a teacher's answer becomes a verdict: centipawns, mates, and gpsusi's mates given as centipawns. */
class UsiTeacherTest {
    @Test
    void centipawnsAreTheScore() throws Exception {
        assertEquals(new Verdict("7g7f", 36, false),
                verdict("7g7f", "info depth 4 seldepth 6 score cp 36 nodes 8163 pv 7g7f"));
        assertEquals(new Verdict("2b8h+", -2500, false), verdict("2b8h+", "info depth 4 score cp -2500 pv 2b8h+"));
    }

    @Test
    void aMateIsItsLengthFromTheMoversSide() throws Exception {
        assertEquals(new Verdict("G*5b", 3, true), verdict("G*5b", "info depth 5 score mate 3 pv G*5b"));
        assertEquals(new Verdict("5a4a", -2, true), verdict("5a4a", "info depth 5 score mate -2 pv 5a4a"));
        assertEquals(new Verdict("5a4a", -1, true), verdict("5a4a", "info depth 5 score mate - pv 5a4a"));
    }

    @Test
    void gpsusisMatesInCentipawnsAreMates() throws Exception {
        // gpsusi at LimitDepth 4 printed these for positions it had won or lost.
        assertEquals(new Verdict("S*2b", 1, true), verdict("S*2b", "info depth 4 score cp 574025 pv S*2b"));
        assertEquals(new Verdict("1a2a", -1, true), verdict("1a2a", "info depth 4 score cp -1148897 pv 1a2a"));
        assertEquals(new Verdict("1a2a", 99_999, false), verdict("1a2a", "info depth 4 score cp 99999 pv 1a2a"));
    }

    @Test
    void anAnswerWithoutAScoreIsAnErrorUnlessItResigns() throws Exception {
        assertEquals(new Verdict("resign", 0, true), UsiTeacher.verdict(new UsiClient.BestMove("resign", null, null)));
        UsiEngineException e = assertThrows(UsiEngineException.class,
                () -> UsiTeacher.verdict(new UsiClient.BestMove("7g7f", null, null)));
        assertEquals("Teacher. It answered 'bestmove 7g7f' without a score.", e.getMessage());
    }

    private static Verdict verdict(String move, String info) throws UsiEngineException {
        return UsiTeacher.verdict(new UsiClient.BestMove(move, null, info));
    }
}
