package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.shogibridge.device.Await;
import org.shogibridge.device.threads.Timers;

/** The tests' daemon time: a skip runs at once the timers it passes, in order, and none it does not reach. */
class SkippableTimeTest {
    @Test
    void aSkipRunsTheTimersItPassesInOrderAndNoOther() throws Exception {
        List<String> ran = new CopyOnWriteArrayList<>();
        try (SkippableTime time = new SkippableTime()) {
            long before = time.clock.millis();
            time.schedule(() -> ran.add("an hour"), 3_600_000);
            time.schedule(() -> ran.add("20 s"), 20_000);
            time.schedule(() -> ran.add("10 s"), 10_000);
            Timers.Timer cancelled = time.schedule(() -> ran.add("cancelled"), 5_000);
            List<Long> ticks = new CopyOnWriteArrayList<>();
            Timers.Timer every = time.every(() -> ticks.add(time.clock.millis()), 60_000, 60_000);
            cancelled.cancel();

            time.skip(30_000);
            Await.until("the timers the skip passed", Duration.ofSeconds(60), () -> ran.size() == 2);
            assertEquals(List.of("10 s", "20 s"), ran);
            assertTrue(time.clock.millis() >= before + 30_000, "the clock moved ahead by the skip at least");

            time.skip(100_000); // past 60 s and 120 s of the periodic timer
            Await.until("two ticks", Duration.ofSeconds(60), () -> ticks.size() == 2);
            every.cancel();
            time.skip(60_000);
            time.schedule(() -> ran.add("last"), 0);
            Await.until("the last timer", Duration.ofSeconds(60), () -> ran.contains("last"));
            assertEquals(List.of("10 s", "20 s", "last"), ran, "the hour's timer is not reached, the cancelled one never runs");
            assertEquals(2, ticks.size(), "a cancelled periodic timer runs no more");
        }
    }
}
