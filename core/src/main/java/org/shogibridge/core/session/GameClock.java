package org.shogibridge.core.session;

import org.shogibridge.core.rules.Side;

/**
 * A shogi clock for one game, on time passed in (no wall clock): main time, then byoyomi per move, and an increment
 * after each move. The running side's current move is charged first to its main time, then to the byoyomi; the flag
 * falls when both are spent. Stopping and starting again leaves the time in between uncharged (the daemon was down).
 */
public final class GameClock {
    private final TimeControl control;
    private final long[] main = new long[2];
    private Side running;
    /** Whether the clock has run in this game: until then nobody's time is spent (nobody may be at the board). */
    private boolean started;
    private long turnStartedAt;
    /** Time already spent on the current move before a restart. */
    private long spentBefore;

    /** A clock with full time for both sides, stopped. */
    public GameClock(TimeControl control) {
        this.control = control;
        main[0] = control.mainMillis();
        main[1] = control.mainMillis();
    }

    /**
     * Return a clock as it was saved by {@link #state}: the main times, and the time already spent on the current
     * move, which {@link #start} goes on from.
     */
    public static GameClock restored(TimeControl control, ClockState saved) {
        GameClock clock = new GameClock(control);
        clock.main[Side.BLACK.index()] = saved.blackMillis();
        clock.main[Side.WHITE.index()] = saved.whiteMillis();
        if (saved.running() != null) {
            // The state shows the running side's time after its current move so far: add that move back.
            int i = saved.running().index();
            long spent = saved.moveMillis();
            clock.main[i] = saved.millis(saved.running()) > 0 ? saved.millis(saved.running()) + spent
                    : Math.max(0, spent + saved.byoyomiMillis() - control.byoyomiMillis());
            clock.spentBefore = spent;
        }
        return clock;
    }

    public TimeControl control() {
        return control;
    }

    /** Start the side's clock at {@code now}. */
    public void start(Side side, long now) {
        running = control.unlimited() ? null : side;
        started = true;
        turnStartedAt = now;
    }

    /** Return whether the clock has been started in this game (by the first move, a press or an arbiter). */
    public boolean started() {
        return started;
    }

    /** Stop the clock (game over, daemon stopping); the current move's time so far is kept. */
    public void stop(long now) {
        if (running != null) {
            spentBefore = moveMillis(now);
        }
        running = null;
    }

    /**
     * The mover finished its move at {@code madeAt} (when the piece was put down, not when the move was judged):
     * charge the move, add the increment, and start the other side's clock from that moment. Return the time the
     * move took.
     */
    public long moveMade(Side mover, long madeAt) {
        long spent = spentBefore + (started ? Math.max(0, madeAt - turnStartedAt) : 0);
        spentBefore = 0;
        if (!control.unlimited()) {
            int i = mover.index();
            main[i] = Math.max(0, main[i] - spent) + control.incrementMillis();
        }
        start(mover.opponent(), started ? Math.max(madeAt, turnStartedAt) : madeAt);
        return spent;
    }

    /** A move of {@code mover} that took {@code spent} was taken back: give the time back, and its turn begins again. */
    public void moveTakenBack(Side mover, long spent, long now) {
        if (!control.unlimited()) {
            int i = mover.index();
            main[i] = Math.max(0, main[i] - control.incrementMillis()) + spent;
        }
        spentBefore = 0;
        start(mover, now);
    }

    /** Return how long the running side has spent on its current move. */
    public long moveMillis(long now) {
        return running == null ? spentBefore : spentBefore + Math.max(0, now - turnStartedAt);
    }

    /** Return the side whose time has run out, or null. */
    public Side flagFallen(long now) {
        if (running == null) {
            return null;
        }
        return moveMillis(now) > main[running.index()] + control.byoyomiMillis() ? running : null;
    }

    /** Return the clocks at {@code now}. */
    public ClockState state(long now) {
        long spent = moveMillis(now);
        long black = main[0];
        long white = main[1];
        long byoyomi = control.byoyomiMillis();
        if (running != null) {
            long left = main[running.index()] - spent;
            if (left < 0) {
                byoyomi = Math.max(0, byoyomi + left);
                left = 0;
            }
            if (running == Side.BLACK) {
                black = left;
            } else {
                white = left;
            }
        }
        return new ClockState(black, white, byoyomi, running, spent);
    }
}
