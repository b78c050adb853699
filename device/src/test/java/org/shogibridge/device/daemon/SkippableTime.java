package org.shogibridge.device.daemon;

import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.threads.Timers;

/**
 * A daemon's time for tests: the system's monotonic time plus what the test skipped. {@link #skip} moves the clock
 * ahead at once, and the timers that fall due in the gap run then, in order: a call 10 s into a think is made when the
 * test skips 10 s, not 10 s later. Time never goes back. The timers' tasks run one at a time on their own thread, as
 * the product's do.
 */
final class SkippableTime implements Timers {
    private final long origin = System.nanoTime();
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong order = new AtomicLong();
    final MonotonicClock clock = new MonotonicClock(this::millis);
    private final DelayQueue<Due> queue = new DelayQueue<>();
    private final Thread thread = new Thread(this::run, "test-timers");
    private volatile boolean closed;

    SkippableTime() {
        thread.setDaemon(true);
        thread.start();
    }

    private long millis() {
        return (System.nanoTime() - origin) / 1_000_000 + skipped.get();
    }

    /** Move the clock ahead by {@code millis}; the timers due by then run. */
    void skip(long millis) {
        skipped.addAndGet(millis);
        // First in the queue, so that the timers' thread, waiting for the time of the one that was first, wakes and
        // looks again at what is due (DelayQueue signals only for a new head).
        queue.add(new Due(null, Long.MIN_VALUE, 0));
    }

    @Override
    public Timer schedule(Runnable task, long delayMillis) {
        Due due = new Due(task, millis() + delayMillis, 0);
        queue.add(due);
        return due::cancel;
    }

    @Override
    public Timer every(Runnable task, long firstMillis, long periodMillis) {
        Due due = new Due(task, millis() + firstMillis, periodMillis);
        queue.add(due);
        return due::cancel;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }

    private void run() {
        try {
            while (!closed) {
                Due due = queue.take();
                if (due.task == null || due.cancelled) {
                    continue;
                }
                due.task.run();
                if (due.period > 0 && !due.cancelled) {
                    queue.add(due.next());
                }
            }
        } catch (InterruptedException closing) {
            // closed
        }
    }

    /** A task due at a time of this clock; a periodic one is followed by the next. */
    private final class Due implements Delayed {
        final Runnable task;
        final long at;
        final long period;
        final long seq = order.incrementAndGet();
        volatile boolean cancelled;
        /** The periodic task's next run, which cancel() must reach too. */
        private volatile Due next;

        Due(Runnable task, long at, long period) {
            this.task = task;
            this.at = at;
            this.period = period;
        }

        Due next() {
            next = new Due(task, at + period, period);
            return next;
        }

        void cancel() {
            cancelled = true;
            Due n = next;
            if (n != null) {
                n.cancel();
            }
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return task == null ? 0 : unit.convert(at - millis(), TimeUnit.MILLISECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            Due o = (Due) other;
            return at != o.at ? Long.compare(at, o.at) : Long.compare(seq, o.seq);
        }
    }
}
