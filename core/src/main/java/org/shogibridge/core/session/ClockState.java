package org.shogibridge.core.session;

import org.shogibridge.core.rules.Side;

/**
 * The clocks at one moment: what is published in the state and saved in the journal.
 *
 * @param blackMillis   Black's main time left
 * @param whiteMillis   White's main time left
 * @param byoyomiMillis the byoyomi left to the running side for its current move (the full byoyomi if it still has
 *                      main time), 0 without byoyomi
 * @param running       the side whose clock runs, or null when stopped (no clock, game over)
 * @param moveMillis    how long the running (or paused) side has been thinking on its current move
 * @param paused        the side whose move an arbiter's pause stopped, or null when the clock is not paused
 */
public record ClockState(long blackMillis, long whiteMillis, long byoyomiMillis, Side running, long moveMillis,
        Side paused) {
    /** The clocks, not paused. */
    public ClockState(long blackMillis, long whiteMillis, long byoyomiMillis, Side running, long moveMillis) {
        this(blackMillis, whiteMillis, byoyomiMillis, running, moveMillis, null);
    }

    /** Return the side whose current move is timed: the running side, or the paused one. */
    public Side timed() {
        return running != null ? running : paused;
    }

    /** Return the clocks {@code millis} later, the running side still thinking on the same move. */
    public ClockState advanced(long millis) {
        if (running == null || millis <= 0) {
            return this;
        }
        long left = millis(running) - millis;
        long byoyomi = byoyomiMillis;
        if (left < 0) {
            byoyomi = Math.max(0, byoyomi + left);
            left = 0;
        }
        return new ClockState(running == Side.BLACK ? left : blackMillis, running == Side.WHITE ? left : whiteMillis,
                byoyomi, running, moveMillis + millis);
    }

    /** Return the main time left to a side. */
    public long millis(Side side) {
        return side == Side.BLACK ? blackMillis : whiteMillis;
    }
}
