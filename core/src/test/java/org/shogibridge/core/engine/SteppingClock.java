package org.shogibridge.core.engine;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A search's clock for tests (time is an input): it moves on by a fixed step each time it is read, so a search's time
 * passes with its own work, never with how busy the machine is.
 */
final class SteppingClock implements LongSupplier {
    private final long stepNanos;
    private final AtomicLong nanos = new AtomicLong();
    private final long markNanos;
    private final CountDownLatch marked = new CountDownLatch(1);

    /** A clock that moves {@code step} at each read, and says when it has passed {@code mark}. */
    SteppingClock(Duration step, Duration mark) {
        this.stepNanos = step.toNanos();
        this.markNanos = mark.toNanos();
    }

    SteppingClock(Duration step) {
        this(step, Duration.ofDays(365));
    }

    @Override
    public long getAsLong() {
        long now = nanos.addAndGet(stepNanos);
        if (now >= markNanos) {
            marked.countDown();
        }
        return now;
    }

    /** Wait (at most {@code deadline} of real time, a generous one) until a search has read the clock past the mark. */
    boolean awaitMark(Duration deadline) throws InterruptedException {
        return marked.await(deadline.toMillis(), TimeUnit.MILLISECONDS);
    }
}
