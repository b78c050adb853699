package org.shogibridge.core.engine;

import org.shogibridge.core.rules.Side;

/**
 * Turns a clock into two budgets for one move: an optimum, after which no new iteration starts, and a maximum,
 * at which the search stops mid-iteration. Works for byoyomi, Fischer increment and sudden death alike: the
 * main time is spread over the moves still expected, and the per-move extra (byoyomi or increment) is spent
 * almost whole, since it cannot be saved.
 */
public final class TimeManager {
    /**
     * Kept back from every deadline by default for the GUI's, the network's and a busy machine's delays (as
     * YaneuraOu's NetworkDelay): a bestmove sent at the deadline arrives after it.
     */
    public static final long DEFAULT_MARGIN_MS = 120;

    private final long optimum;
    private final long maximum;

    private TimeManager(long optimum, long maximum) {
        this.optimum = optimum;
        this.maximum = maximum;
    }

    /** Return the budgets for a side to move at a ply (0-based count of moves played in the game), default margin. */
    public static TimeManager of(SearchLimits limits, Side side, int ply) {
        return of(limits, side, ply, DEFAULT_MARGIN_MS);
    }

    /** Return the budgets for a side to move at a ply, keeping {@code margin} ms back from every deadline. */
    public static TimeManager of(SearchLimits limits, Side side, int ply, long margin) {
        if (limits.moveTime() > 0) {
            long t = Math.max(1, limits.moveTime() - margin);
            return new TimeManager(t, t);
        }
        if (limits.infinite() || !limits.hasClock()) {
            return new TimeManager(Long.MAX_VALUE, Long.MAX_VALUE);
        }
        long remaining = side == Side.BLACK ? limits.blackTime() : limits.whiteTime();
        long increment = side == Side.BLACK ? limits.blackIncrement() : limits.whiteIncrement();
        long extra = limits.byoyomi() + increment;
        // Expect the game to last about 120 plies more early on, never fewer than 30 of our moves.
        long movesToGo = Math.max(30, (160 - ply) / 2);
        long usable = Math.max(0, remaining - margin);
        long optimum = usable / movesToGo + extra * 9 / 10;
        long maximum = Math.min(usable / 4 + extra, remaining + limits.byoyomi() - margin);
        if (limits.byoyomi() > 0 && remaining <= margin) {
            optimum = maximum = limits.byoyomi() - margin;
        }
        maximum = Math.max(10, maximum);
        return new TimeManager(Math.max(5, Math.min(optimum, maximum)), maximum);
    }

    /** Return the time after which no new iteration should start. */
    public long optimum() {
        return optimum;
    }

    /** Return the time at which the search must stop. */
    public long maximum() {
        return maximum;
    }
}
