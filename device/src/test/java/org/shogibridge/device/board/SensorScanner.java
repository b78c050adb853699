package org.shogibridge.device.board;

import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.firmware.emulator.EmulatedFirmware;

/**
 * The sensors under an emulated firmware: one thread hands it the same readings every 5 ms, as a still board's scans,
 * until closed. The readings are read before the board says HELLO, as at power-up.
 */
final class SensorScanner implements AutoCloseable {
    private final Thread thread;

    SensorScanner(EmulatedFirmware firmware, SensorSnapshot readings, MonotonicClock clock) {
        firmware.scan(readings, clock.millis());
        thread = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                firmware.scan(readings, clock.millis());
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "sensor-scanner");
        thread.start();
    }

    /** Stop scanning: the board falls silent. */
    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join();
    }
}
