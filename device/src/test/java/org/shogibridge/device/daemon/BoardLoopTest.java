package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.MonotonicClock;

/** Issue 43, finding 5: the board loop is passed changes, not scans, and no change is dropped. */
class BoardLoopTest {
    private static final int DEBOUNCE = 4;

    @Test
    void aBoardAtRestIsPassedOnceWithTheRepeatsTheDebouncerNeeds() {
        BoardLoop loop = new BoardLoop(Variant.STANDARD, new MonotonicClock(), DEBOUNCE);
        SensorSnapshot start = SensorSnapshot.of(Position.start(Variant.STANDARD), false);
        for (int scan = 0; scan < 1_000; scan++) { // five seconds of a board at rest, nobody reading the queue
            start.timeMillis(scan * 5L);
            loop.snapshot(start);
        }
        assertEquals(1 + DEBOUNCE, loop.waitingSnapshots());
        assertArrayEquals(new long[] {1_000, 1, 0}, scansChangesDropped(loop));
        assertEquals(999 * 5L, loop.boardReadMillis(), "the board was read until its last scan, passed on or not");
    }

    @Test
    void aRepeatLeftOutStillSaysWhenTheBoardLastReported() {
        // A firmware board reports a still board at its heartbeat, and its readings are handed on between reports:
        // the promotion window counts only what was reported (issue 97), and the heartbeats are repeats left out.
        BoardLoop loop = new BoardLoop(Variant.STANDARD, new MonotonicClock(), DEBOUNCE);
        SensorSnapshot start = SensorSnapshot.of(Position.start(Variant.STANDARD), false);
        for (int scan = 0; scan < 1_000; scan++) {
            start.timeMillis(scan * 5L).reportedMillis(scan * 5L / 250 * 250);
            loop.snapshot(start);
        }
        assertEquals(999 * 5L, loop.boardReadMillis());
        assertEquals(4_750, loop.boardReportedMillis(), "the last heartbeat, though left out");
    }

    @Test
    void everyChangeIsPassedEvenAFlickerOfOneScan() {
        BoardLoop loop = new BoardLoop(Variant.STANDARD, new MonotonicClock(), DEBOUNCE);
        SensorSnapshot board = SensorSnapshot.of(Position.start(Variant.STANDARD), false);
        int square = 60;
        int passed = 0;
        for (int change = 0; change < 40; change++) { // a flickering square: on, off, on, ... one scan each
            board.reading(square, change % 2 == 0 ? SensorSnapshot.EMPTY : SensorSnapshot.OCCUPIED);
            loop.snapshot(board);
            passed++;
        }
        assertEquals(passed, loop.waitingSnapshots());
        assertArrayEquals(new long[] {40, 40, 0}, scansChangesDropped(loop));
    }

    private static long[] scansChangesDropped(BoardLoop loop) {
        BoardLoopCounts c = loop.counts();
        return new long[] {c.scans(), c.changes(), c.dropped()};
    }
}
