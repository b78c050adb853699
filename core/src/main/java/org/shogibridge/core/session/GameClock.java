package org.shogibridge.core.session;

import org.shogibridge.core.rules.Side;

/**
 * A shogi clock for one game, on time passed in (no wall clock): main time, then byoyomi per move, and an increment
 * after each move. The running side's current move is charged first to its main time, then to the byoyomi; the flag
 * falls when both are spent. Stopping and starting again leaves the time in between uncharged (the daemon was down).
 * An arbiter may pause it (no time runs, even across moves, until it is started again) and set a side's time.
 */
public final class GameClock {
    private final TimeControl control;
    private final long[] main = new long[2];
    private Side running;
    /** The side whose move an arbiter's pause stopped, or null when not paused. */
    private Side paused;
    /** Whether the clock has run in this game: until then nobody's time is spent (nobody may be at the board). */
    private boolean started;
    private long turnStartedAt;
    /** Time already spent on the current move before a restart or a pause. */
    private long spentBefore;

    /** A clock with full time for both sides, stopped. */
    public GameClock(TimeControl control) {
        this.control = control;
        main[0] = control.mainMillis();
        main[1] = control.mainMillis();
    }

    /**
     * Return a clock as it was saved by {@link #state}: the main times, and the time already spent on the current
     * move, which {@link #start} goes on from; a paused clock stays paused.
     */
    public static GameClock restored(TimeControl control, ClockState saved) {
        GameClock clock = new GameClock(control);
        clock.main[Side.BLACK.index()] = saved.blackMillis();
        clock.main[Side.WHITE.index()] = saved.whiteMillis();
        Side timed = saved.timed();
        if (timed != null) {
            // The state shows the timed side's time after its current move so far: add that move back.
            int i = timed.index();
            long spent = saved.moveMillis();
            clock.main[i] = saved.millis(timed) > 0 ? saved.millis(timed) + spent
                    : Math.max(0, spent + saved.byoyomiMillis() - control.byoyomiMillis());
            clock.spentBefore = spent;
            clock.paused = saved.paused();
            clock.started = saved.paused() != null;
        }
        return clock;
    }

    public TimeControl control() {
        return control;
    }

    /** Start the side's clock at {@code now} (again, after a pause). */
    public void start(Side side, long now) {
        running = control.unlimited() ? null : side;
        paused = null;
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
        paused = null;
    }

    /**
     * An arbiter stops the clock at {@code now}: the current move's time so far is kept, and no time runs, even across
     * moves, until {@link #start}. Return false if it was not running.
     */
    public boolean pause(long now) {
        if (running == null) {
            return false;
        }
        Side side = running;
        stop(now);
        paused = side;
        return true;
    }

    /** Return whether an arbiter paused the clock. */
    public boolean paused() {
        return paused != null;
    }

    /**
     * An arbiter sets a side's main time left to {@code millis} at {@code now} (a clock set wrong, a penalty); a side
     * whose move is being timed goes on from there.
     */
    public void adjust(Side side, long millis, long now) {
        if (millis < 0) {
            throw new IllegalArgumentException("Invalid time. A clock cannot be set below zero.");
        }
        boolean timed = side == running || side == paused;
        main[side.index()] = timed ? millis + moveMillis(now) : millis;
    }

    /**
     * The mover finished its move at {@code madeAt} (when the piece was put down, not when the move was judged):
     * charge the move, add the increment, and start the other side's clock from that moment (a paused clock stays
     * paused). Return the time the move took.
     */
    public long moveMade(Side mover, long madeAt) {
        long spent = spentBefore + (started && paused == null ? Math.max(0, madeAt - turnStartedAt) : 0);
        spentBefore = 0;
        if (!control.unlimited()) {
            int i = mover.index();
            main[i] = Math.max(0, main[i] - spent) + control.incrementMillis();
        }
        if (paused != null) {
            paused = mover.opponent();
        } else {
            start(mover.opponent(), started ? Math.max(madeAt, turnStartedAt) : madeAt);
        }
        return spent;
    }

    /** A move of {@code mover} that took {@code spent} was taken back: give the time back, and its turn begins again. */
    public void moveTakenBack(Side mover, long spent, long now) {
        if (!control.unlimited()) {
            int i = mover.index();
            main[i] = Math.max(0, main[i] - control.incrementMillis()) + spent;
        }
        spentBefore = 0;
        if (paused != null) {
            paused = mover;
        } else {
            start(mover, now);
        }
    }

    /** Return how long the timed side has spent on its current move. */
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
        Side timed = running != null ? running : paused;
        if (timed != null) {
            long left = main[timed.index()] - spent;
            if (left < 0) {
                byoyomi = Math.max(0, byoyomi + left);
                left = 0;
            }
            if (timed == Side.BLACK) {
                black = left;
            } else {
                white = left;
            }
        }
        return new ClockState(black, white, byoyomi, running, spent, paused);
    }
}
