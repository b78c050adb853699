package org.shogibridge.device.daemon;

/**
 * What the board loop was given and what it cost: every scan the board made, the snapshots passed on to the loop
 * (changes and the repeats the debouncer needs), the changes among them, the scans dropped for lack of room, and the
 * loop's time judging the snapshots passed ({@code bench-daemon} prints them).
 */
public record BoardLoopCounts(long scans, long passed, long changes, long dropped, long judgingNanos) {
    /** The loop's mean work per snapshot passed, in microseconds. */
    public double microsPerSnapshot() {
        return passed == 0 ? 0 : judgingNanos / 1_000.0 / passed;
    }
}
