package org.shogibridge.core.session;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Side;

class GameClockTest {
    @Test
    void mainTimeThenByoyomiThenTheFlag() {
        GameClock clock = new GameClock(new TimeControl(10_000, 5_000, 0));
        clock.start(Side.BLACK, 0);
        assertEquals(4_000, clock.moveMade(Side.BLACK, 4_000));
        assertEquals(6_000, clock.state(4_000).blackMillis());
        assertEquals(Side.WHITE, clock.state(4_000).running());
        clock.moveMade(Side.WHITE, 5_000);
        // Black spends its 6 s of main time and 3 s of byoyomi: 2 s of byoyomi left, the flag still up.
        ClockState state = clock.state(14_000);
        assertEquals(0, state.blackMillis());
        assertEquals(2_000, state.byoyomiMillis());
        assertNull(clock.flagFallen(16_000));
        assertEquals(Side.BLACK, clock.flagFallen(16_001));
        clock.moveMade(Side.BLACK, 15_000);
        assertEquals(0, clock.state(15_000).blackMillis(), "byoyomi does not refill the main time");
        assertEquals(5_000, clock.state(15_000).byoyomiMillis(), "a full byoyomi for White, which still has main time");
    }

    @Test
    void incrementIsAddedAfterEachMove() {
        GameClock clock = new GameClock(new TimeControl(60_000, 0, 2_000));
        clock.start(Side.BLACK, 0);
        clock.moveMade(Side.BLACK, 10_000);
        assertEquals(52_000, clock.state(10_000).blackMillis());
        assertEquals(Side.WHITE, clock.flagFallen(70_001));
    }

    @Test
    void aTakenBackMoveGetsItsTimeBack() {
        GameClock clock = new GameClock(new TimeControl(60_000, 0, 1_000));
        clock.start(Side.BLACK, 0);
        long spent = clock.moveMade(Side.BLACK, 10_000);
        clock.moveTakenBack(Side.BLACK, spent, 12_000);
        assertEquals(60_000, clock.state(12_000).blackMillis());
        assertEquals(Side.BLACK, clock.state(12_000).running());
    }

    @Test
    void aRestoredClockChargesNothingForTheTimeItWasDown() {
        GameClock clock = new GameClock(new TimeControl(60_000, 10_000, 0));
        clock.start(Side.WHITE, 1_000);
        ClockState saved = clock.state(4_000);
        GameClock restored = GameClock.restored(clock.control(), saved);
        restored.start(Side.WHITE, 900_000); // the daemon came back 15 minutes later
        assertEquals(3_000, restored.moveMillis(900_000));
        assertEquals(57_000, restored.state(900_000).whiteMillis());
        assertEquals(7_000, restored.moveMade(Side.WHITE, 904_000), "the move is charged its time before and after the restart");
    }

    @Test
    void noClockNeverFalls() {
        GameClock clock = new GameClock(TimeControl.NONE);
        clock.start(Side.BLACK, 0);
        assertNull(clock.flagFallen(Long.MAX_VALUE / 2));
        assertNull(clock.state(5).running());
    }

    @Test
    void aPausedClockChargesNothingEvenAcrossAMoveUntilStartedAgain() {
        GameClock clock = new GameClock(new TimeControl(60_000, 10_000, 0));
        clock.start(Side.BLACK, 0);
        assertTrue(clock.pause(4_000));
        assertFalse(clock.pause(5_000), "once");
        ClockState paused = clock.state(100_000);
        assertEquals(56_000, paused.blackMillis(), "the move's time so far is kept");
        assertNull(paused.running());
        assertEquals(Side.BLACK, paused.paused());
        assertNull(clock.flagFallen(1_000_000), "no flag falls while paused");
        assertEquals(4_000, clock.moveMade(Side.BLACK, 200_000), "a move made while paused is charged what ran before");
        assertEquals(Side.WHITE, clock.state(300_000).paused(), "the pause holds for the next side");
        assertEquals(60_000, clock.state(300_000).whiteMillis());
        clock.start(Side.WHITE, 300_000);
        assertEquals(57_000, clock.state(303_000).whiteMillis());
    }

    @Test
    void anArbiterSetsASidesTimeAndARunningMoveGoesOnFromThere() {
        GameClock clock = new GameClock(new TimeControl(600_000, 30_000, 0));
        clock.start(Side.BLACK, 0);
        clock.adjust(Side.BLACK, 120_000, 10_000);
        assertEquals(120_000, clock.state(10_000).blackMillis());
        assertEquals(115_000, clock.state(15_000).blackMillis());
        clock.adjust(Side.WHITE, 300_000, 15_000);
        assertEquals(300_000, clock.state(15_000).whiteMillis());
        clock.pause(20_000);
        clock.adjust(Side.BLACK, 60_000, 25_000);
        assertEquals(60_000, clock.state(25_000).blackMillis(), "a paused side too");
        assertThrows(IllegalArgumentException.class, () -> clock.adjust(Side.BLACK, -1, 0));
    }

    @Test
    void aPausedClockIsRestoredPaused() {
        GameClock clock = new GameClock(new TimeControl(60_000, 10_000, 0));
        clock.start(Side.WHITE, 0);
        clock.pause(7_000);
        GameClock restored = GameClock.restored(new TimeControl(60_000, 10_000, 0), clock.state(9_000));
        assertTrue(restored.paused());
        assertEquals(clock.state(9_000), restored.state(50_000));
        restored.start(Side.WHITE, 50_000);
        assertEquals(52_000, restored.state(51_000).whiteMillis());
    }
}
