package org.shogibridge.device.threads;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Where the daemon's timers wait (the clock's calls, the board-against-board pings and watch, the demo's next set-up):
 * on the system's time in the product, and in tests on a clock the test moves ahead, so that a test of a call made 10 s
 * into a think does not wait 10 s (issue 97). The tasks run one at a time on the timers' own thread.
 */
public interface Timers extends AutoCloseable {
    /** A timer that may be cancelled before it runs (a periodic one, before its next run). */
    interface Timer {
        void cancel();
    }

    /** Run a task once, {@code delayMillis} from now. */
    Timer schedule(Runnable task, long delayMillis);

    /** Run a task every {@code periodMillis}, the first time {@code firstMillis} from now. */
    Timer every(Runnable task, long firstMillis, long periodMillis);

    /** Stop: no task runs after this returns. */
    @Override
    void close();

    /** Timers on the system's time, on a daemon thread called {@code threadName}. */
    static Timers system(String threadName) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named(threadName));
        return new Timers() {
            @Override
            public Timer schedule(Runnable task, long delayMillis) {
                ScheduledFuture<?> f = executor.schedule(task, delayMillis, TimeUnit.MILLISECONDS);
                return () -> f.cancel(false);
            }

            @Override
            public Timer every(Runnable task, long firstMillis, long periodMillis) {
                ScheduledFuture<?> f = executor.scheduleAtFixedRate(task, firstMillis, periodMillis, TimeUnit.MILLISECONDS);
                return () -> f.cancel(false);
            }

            @Override
            public void close() {
                executor.shutdownNow();
            }
        };
    }
}
