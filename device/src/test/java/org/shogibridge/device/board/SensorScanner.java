package org.shogibridge.device.board;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.firmware.emulator.EmulatedFirmware;

/**
 * The sensors under an emulated firmware: it hands it the same readings every 5 ms, as a still board's scans, until
 * closed. The readings are read before the board says HELLO, as at power-up.
 */
final class SensorScanner implements AutoCloseable {
    private final ScheduledExecutorService scans = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "sensor-scanner"));

    SensorScanner(EmulatedFirmware firmware, SensorSnapshot readings, MonotonicClock clock) {
        firmware.scan(readings, clock.millis());
        scans.scheduleAtFixedRate(() -> firmware.scan(readings, clock.millis()), 5, 5, TimeUnit.MILLISECONDS);
    }

    /** Stop scanning: the board falls silent. */
    @Override
    public void close() throws InterruptedException {
        scans.shutdownNow();
        scans.awaitTermination(10, TimeUnit.SECONDS);
    }
}
