package org.shogibridge.device.usi;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.shogibridge.device.Await;

/**
 * An engine's clock for tests (time is an input): each read moves it on by a fixed step, so a search's time passes
 * with its own work, never with how busy the machine is; and it counts its reads, so a test can wait until a search
 * has looked at the time often enough to have stopped, had it been going to.
 */
final class ReadCountingClock implements LongSupplier {
    private final long stepNanos;
    private final AtomicLong reads = new AtomicLong();

    ReadCountingClock(Duration step) {
        this.stepNanos = step.toNanos();
    }

    @Override
    public long getAsLong() {
        return reads.incrementAndGet() * stepNanos;
    }

    /** Wait (a generous deadline of real time) until the clock has been read {@code more} times from now. */
    void awaitReads(long more) throws InterruptedException {
        long target = reads.get() + more;
        Await.until(more + " reads of the engine's clock", Duration.ofSeconds(60), () -> reads.get() >= target);
    }
}
