package org.shogibridge.device.board.wired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.doCallRealMethod;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.spy;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.spi.Spi;
import com.pi4j.io.spi.SpiConfig;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProviderImpl;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProviderImpl;
import com.pi4j.plugin.mock.provider.i2c.MockI2CProviderImpl;
import com.pi4j.plugin.mock.provider.spi.MockSpiProvider;
import com.pi4j.plugin.mock.provider.spi.MockSpiProviderImpl;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.MonotonicClock;

/**
 * The failures no real Pi produces on demand, made by Mockito around Pi4J's devices and providers: an SPI transfer that
 * throws or comes back short mid-game, a parallel-load pulse (the shift) whose GPIO write throws, and a provider that
 * throws when the device is opened. The real drivers (ShiftRegisterSensors, WiredBoard, PiBoardFactory) meet them: the
 * board goes offline, comes back, and never reports a reading the pieces did not make.
 */
class WiredFailurePathsTest {
    private static final WiredPlan PLAN = WiredPlans.plan(WiredPlans.shiftRegisters("standard", true));

    /** Every snapshot the board hands on, and its offline and online. */
    private static final class Seen extends WiredDriversTest.Recorder {
        final List<String> readings = new ArrayList<>();

        Seen() {
            super(Variant.STANDARD);
        }

        @Override
        public void snapshot(SensorSnapshot snapshot) {
            super.snapshot(snapshot);
            readings.add(snapshot.toString());
        }
    }

    /** The board's own SPI device and load pin, as PiBoardFactory opened them on Pi4J's mock providers, spied on. */
    private record Devices(Spi spi, DigitalOutput load) {
        static Devices of(MockPi pi) {
            return new Devices(spy((Spi) pi.pi4j.registry().get("sensors")), spy((DigitalOutput) pi.pi4j.registry().get("load")));
        }

        WiredBoard board() {
            WiredPlan.ShiftRegisters chain = (WiredPlan.ShiftRegisters) PLAN.sensors();
            ShiftRegisterSensors sensors = new ShiftRegisterSensors(spi, load, new ShiftRegisterChain(chain.chips(), chain.activeLow()));
            return new WiredBoard(PLAN.geometry(), PLAN.sensorMap(), sensors, null, null, 200, new MonotonicClock(), null);
        }
    }

    /** Every snapshot shows the position: no lift, no drop, no move the pieces did not make. */
    private static void assertOnlyThePosition(Position position, Seen seen) {
        String expected = SensorSnapshot.of(position, true).toString();
        for (String reading : seen.readings) {
            assertEquals(expected, reading);
        }
    }

    /** What a scenario leaves: what the board handed on, and how many scans failed. */
    private record Outcome(Seen seen, long failures) {
    }

    /** What a test does to the devices and the board after the first good scan. */
    private interface Scenario {
        void run(Devices devices, WiredBoard board);
    }

    /**
     * The starting position on the sensors, the board opened over spied devices, one good scan, then the scenario; every
     * snapshot handed on must show the position (no lift, no drop, no move the pieces did not make).
     */
    private static Outcome scan(Scenario scenario) {
        try (MockPi pi = new MockPi(); WiredBoard opened = PiBoardFactory.open(PLAN, pi.pi4j, new MonotonicClock(), false)) {
            Devices devices = Devices.of(pi);
            Position position = Position.start(Variant.STANDARD);
            WiredDriversTest.show(pi, PLAN, position);
            try (WiredBoard board = devices.board()) {
                Seen seen = new Seen();
                board.attach(seen);
                board.scanOnce(0);
                scenario.run(devices, board);
                assertOnlyThePosition(position, seen);
                return new Outcome(seen, board.failures());
            }
        }
    }

    @Test
    void anSpiTransferThatThrowsOrComesBackShortTakesTheBoardOfflineAndBackWithoutAFalseReading() {
        Outcome outcome = scan((devices, board) -> {
            // The cable's contact fails mid-transfer twice, then a read returns 3 of 30 bytes, then it holds.
            doThrow(new com.pi4j.io.exception.IOException("SPI transfer failed: Remote I/O error"))
                    .doThrow(new com.pi4j.io.exception.IOException("SPI transfer failed: Remote I/O error"))
                    .doReturn(3)
                    .doCallRealMethod()
                    .when(devices.spi()).read(any(byte[].class), anyInt(), anyInt());
            for (long t = 5; t <= 40; t += 5) {
                board.scanOnce(t);
            }
        });
        assertEquals(List.of("offline", "online"), outcome.seen().events);
        assertEquals(3, outcome.failures(), "two exceptions and a short read");
        assertEquals(1 + 5, outcome.seen().readings.size(), "a snapshot for every good scan, none for a failed one");
    }

    @Test
    void aParallelLoadPulseWhoseGpioWriteThrowsIsAFailedScanNotAnEmptyBoard() {
        Outcome outcome = scan((devices, board) -> {
            // The shift: the load pin's write fails (the GPIO chip gone, a permission lost), once low and once high.
            doThrow(new com.pi4j.io.exception.IOException("GPIO write failed")).doCallRealMethod().when(devices.load()).low();
            board.scanOnce(5);
            doThrow(new com.pi4j.io.exception.IOException("GPIO write failed")).doCallRealMethod().when(devices.load()).high();
            board.scanOnce(10);
            board.scanOnce(15);
            board.scanOnce(20);
        });
        assertEquals(List.of("offline", "online"), outcome.seen().events);
        assertEquals(2, outcome.failures());
    }

    @Test
    void aProviderThatThrowsWhenTheDeviceOpensIsAClearStartUpErrorWithNothingLeftOpen() {
        MockSpiProvider spis = spy(new MockSpiProviderImpl());
        doThrow(new com.pi4j.io.exception.IOException("Failed to open SPI device /dev/spidev0.0"))
                .when(spis).create(any(SpiConfig.class));
        doReturn("mock-spi").when(spis).id();
        Context pi4j = Pi4J.newContextBuilder().noAutoDetect().add(spis, new MockI2CProviderImpl(),
                new MockDigitalInputProviderImpl(), new MockDigitalOutputProviderImpl()).build();
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> PiBoardFactory.open(PLAN, pi4j, new MonotonicClock(), false));
            assertTrue(e.getMessage().startsWith("Wired board not opened. Failed to open SPI device /dev/spidev0.0."), e.getMessage());
            assertTrue(e.getMessage().contains("hardware-docs/pi-setup.md"), e.getMessage());
            assertEquals(0, pi4j.registry().all().size(), "nothing is left open: " + pi4j.registry().all().keySet());
        } finally {
            pi4j.shutdown();
        }
    }
}
