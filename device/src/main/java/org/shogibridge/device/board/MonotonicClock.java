package org.shogibridge.device.board;

/** The daemon's time base: milliseconds since it started, never going back (wall-clock changes do not matter). */
public final class MonotonicClock {
    private final long origin = System.nanoTime();

    public long millis() {
        return (System.nanoTime() - origin) / 1_000_000;
    }
}
