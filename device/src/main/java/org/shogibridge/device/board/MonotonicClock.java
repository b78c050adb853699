package org.shogibridge.device.board;

import java.util.function.LongSupplier;

/** The daemon's time base: milliseconds since it started, never going back (wall-clock changes do not matter). */
public final class MonotonicClock {
    private final LongSupplier millis;

    /** The system's monotonic time, from now. */
    public MonotonicClock() {
        long origin = System.nanoTime();
        millis = () -> (System.nanoTime() - origin) / 1_000_000;
    }

    /** A clock that reads {@code millis}: a test's, which moves it itself (and never back). */
    public MonotonicClock(LongSupplier millis) {
        this.millis = millis;
    }

    public long millis() {
        return millis.getAsLong();
    }
}
