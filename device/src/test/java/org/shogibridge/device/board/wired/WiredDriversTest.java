package org.shogibridge.device.board.wired;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.firmware.protocol.Readings;

/**
 * Each driver on Pi4J's mock providers, opened from a configuration as the daemon opens it: the chips' inputs are
 * set, the board is scanned, and the snapshot, the bus traffic and the registers are checked.
 */
class WiredDriversTest {

    /** Records what the board reports. */
    static class Recorder implements BoardPort.Listener {
        final SensorSnapshot last;
        final List<String> events = new ArrayList<>();
        int snapshots;

        Recorder(Variant variant) {
            last = new SensorSnapshot(variant);
        }

        @Override
        public void snapshot(SensorSnapshot snapshot) {
            last.copyFrom(snapshot);
            snapshots++;
        }

        @Override
        public void offline() {
            events.add("offline");
        }

        @Override
        public void online() {
            events.add("online");
        }

        @Override
        public void clockPressed(Side side) {
            events.add("clock " + side);
        }

        @Override
        public void menuButton(boolean down) {
            events.add(down ? "menu" : "menu up");
        }
    }

    /** Put a position on the mock board's sensors, as the driver's inputs see it. */
    static void show(MockPi pi, WiredPlan plan, Position position) {
        Readings readings = plan.geometry().newReadings();
        plan.geometry().toReadings(SensorSnapshot.of(position, plan.geometry().faceSensing()), readings);
        boolean[] active = new boolean[plan.sensorMap().inputs()];
        plan.sensorMap().write(readings, active);
        pi.sense(plan.sensors(), active);
    }

    static void assertShows(Position position, WiredPlan plan, SensorSnapshot seen) {
        SensorSnapshot expected = SensorSnapshot.of(position, plan.geometry().faceSensing());
        assertEquals(expected.toString(), seen.toString());
    }

    @Test
    void aShiftRegisterChainIsLatchedByTheLoadPulseAndReadInOneTransfer() {
        WiredPlan plan = WiredPlans.plan(WiredPlans.shiftRegisters("standard", true));
        WiredPlan.ShiftRegisters chain = (WiredPlan.ShiftRegisters) plan.sensors();
        assertEquals(30, chain.chips(), "162 square inputs and 76 slots need 30 chips");
        try (MockPi pi = new MockPi(); WiredBoard board = PiBoardFactory.open(plan, pi.pi4j, new MonotonicClock(), false)) {
            Recorder seen = new Recorder(Variant.STANDARD);
            board.attach(seen);
            Position p = Position.start(Variant.STANDARD);
            show(pi, plan, p);
            board.scanOnce(0);
            assertShows(p, plan, seen.last);
            p.doMove(org.shogibridge.core.rules.Usi.parseLegalMove(p, "7g7f"));
            show(pi, plan, p);
            board.scanOnce(5);
            assertShows(p, plan, seen.last);
            assertEquals(5, seen.last.timeMillis());
            assertEquals(2, pi.loadPulses(), "one load pulse a scan");
            assertEquals(2, pi.sensorReads(), "one SPI read a scan");
            assertTrue(pi.output(25).isHigh(), "PL idles high");
        }
    }

    @Test
    void aDiodeMatrixIsScannedRowByRowAndLeftIdle() {
        WiredPlan plan = WiredPlans.plan(WiredPlans.matrix());
        try (MockPi pi = new MockPi(); WiredBoard board = PiBoardFactory.open(plan, pi.pi4j, new MonotonicClock(), false)) {
            Recorder seen = new Recorder(Variant.STANDARD);
            board.attach(seen);
            Position p = Position.fromSfen("lnsgkgsnl/1r5b1/pppp1pppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w P 2"); // a pawn in hand
            show(pi, plan, p);
            board.scanOnce(10);
            assertShows(p, plan, seen.last);
            assertEquals(1, seen.last.komadai(Side.BLACK, Piece.PAWN), "black's pawn, in its first slot");
            for (int pin : ((WiredPlan.Matrix) plan.sensors()).rowPins()) {
                assertTrue(pi.output(pin).isHigh(), "row " + pin + " left high");
            }
        }
    }

    @Test
    void expandersAreSetUpRegisterByRegisterAndReadOnlyWhenTheInterruptSaysSo() {
        WiredPlan plan = WiredPlans.plan(WiredPlans.expanders(false));
        assertEquals(10, ((WiredPlan.Expanders) plan.sensors()).chips().size(), "157 inputs: 10 chips, 8 on bus 1");
        assertEquals(new WiredPlan.Expander(3, 0x21), ((WiredPlan.Expanders) plan.sensors()).chips().get(9));
        try (MockPi pi = new MockPi(); WiredBoard board = PiBoardFactory.open(plan, pi.pi4j, new MonotonicClock(), false)) {
            FakeMcp23017 first = pi.expanders().get(0);
            assertEquals("0A=44", first.writes().get(0), "IOCON first: mirrored, open-drain interrupts, sequential reads");
            assertEquals(0xFF, first.registerValue(ExpanderSensors.GPPUA));
            assertEquals(0xFF, first.registerValue(ExpanderSensors.GPPUB));
            assertEquals(0xFF, first.registerValue(ExpanderSensors.GPINTENA));
            assertEquals(0xFF, first.registerValue(ExpanderSensors.GPINTENB));
            Recorder seen = new Recorder(Variant.STANDARD);
            board.attach(seen);
            Position p = Position.start(Variant.STANDARD);
            show(pi, plan, p);
            board.scanOnce(0);
            assertShows(p, plan, seen.last);
            int reads = first.gpioReads();
            assertEquals(2, reads, "GPIOA and GPIOB in one sequential read");
            for (long t = 5; t < 100; t += 5) {
                board.scanOnce(t);
            }
            assertEquals(reads, first.gpioReads(), "no interrupt, no read, for 100 ms");
            p.doMove(org.shogibridge.core.rules.Usi.parseLegalMove(p, "2g2f"));
            show(pi, plan, p);
            board.scanOnce(97);
            assertShows(p, plan, seen.last);
            assertFalse(first.interruptAsserted(), "the read cleared the interrupt");
            board.scanOnce(102);
            board.scanOnce(210);
            assertEquals(reads + 4, first.gpioReads(), "one read on the interrupt, one full read after 100 ms");
        }
    }

    @Test
    void aFailingBusTakesTheBoardOfflineUntilAReadSucceeds() {
        WiredPlan plan = WiredPlans.plan(WiredPlans.shiftRegisters("minishogi", false));
        boolean[] failing = {false};
        SensorBus flaky = new SensorBus() {
            @Override
            public int inputs() {
                return 8 * 6;
            }

            @Override
            public void read(boolean[] active, long millis) {
                if (failing[0]) {
                    throw new com.pi4j.io.exception.IOException("SPI transfer failed");
                }
            }

            @Override
            public String describe() {
                return "flaky";
            }
        };
        try (WiredBoard board = new WiredBoard(plan.geometry(), plan.sensorMap(), flaky, null, null, 200, new MonotonicClock(), null)) {
            Recorder seen = new Recorder(Variant.MINISHOGI);
            board.attach(seen);
            board.scanOnce(0);
            failing[0] = true;
            board.scanOnce(5);
            board.scanOnce(10);
            failing[0] = false;
            board.scanOnce(15);
            assertEquals(List.of("offline", "online"), seen.events);
            assertEquals(2, seen.snapshots, "no snapshot from a failed read");
            assertEquals(2, board.failures());
        }
    }

    @Test
    void ledFramesGoOutAsTheExactSpiBytesAndOnlyWhenTheyChange() {
        for (String kind : new String[] {"ws2812b", "apa102"}) {
            String yaml = WiredPlans.shiftRegisters("minishogi", false)
                    + "  wired:\n    leds:\n      kind: " + kind + "\n      brightness: 255\n      max-milliamps: 20000\n";
            WiredPlan plan = WiredPlans.plan(yaml);
            try (MockPi pi = new MockPi(); WiredBoard board = PiBoardFactory.open(plan, pi.pi4j, new MonotonicClock(), false)) {
                board.attach(new Recorder(Variant.MINISHOGI));
                LedFrame frame = new LedFrame(25);
                frame.set(0, LedFrame.Colour.GREEN, LedFrame.Pattern.STEADY); // 5a, the first LED: the chain starts at 9a's corner
                frame.setKomadai(Side.WHITE, LedFrame.Colour.RED, LedFrame.Pattern.BLINK);
                board.showLeds(frame);
                board.scanOnce(0);
                byte[] rgb = new byte[3 * 27];
                rgb[1] = (byte) 255; // green on LED 0
                rgb[3 * 26] = (byte) 255; // red on white's komadai LED, lit in the first half second
                LedEncoding encoding = plan.leds().encoding();
                byte[] expected = new byte[encoding.bytes(27)];
                encoding.encode(rgb, 27, expected);
                assertArrayEquals(expected, pi.spi("leds").readEntireMockBuffer(), kind);
                board.scanOnce(5);
                board.scanOnce(400);
                assertEquals(0, pi.spi("leds").readEntireMockBuffer().length, kind + ": nothing new, nothing sent");
                board.scanOnce(500);
                rgb[3 * 26] = 0;
                encoding.encode(rgb, 27, expected);
                assertArrayEquals(expected, pi.spi("leds").readEntireMockBuffer(), kind + ": the blink's dark half");
                assertEquals(2, board.leds().framesSent());
            }
        }
    }

    @Test
    void buttonsAreDebouncedAndReportedOncePerPress() {
        // 200 Hz, 20 ms: a level read on two scans 20 ms apart (five scans at the board's rate)
        WiredPlan plan = WiredPlans.plan(WiredPlans.shiftRegisters("minishogi", false));
        try (MockPi pi = new MockPi(); WiredBoard board = PiBoardFactory.open(plan, pi.pi4j, new MonotonicClock(), false)) {
            Recorder seen = new Recorder(Variant.MINISHOGI);
            board.attach(seen);
            long t = 0;
            pi.press(5, true); // black's clock bounces: 2 scans down, 1 up
            board.scanOnce(t += 5);
            board.scanOnce(t += 5);
            pi.press(5, false);
            board.scanOnce(t += 5);
            assertEquals(List.of(), seen.events);
            pi.press(5, true);
            for (int i = 0; i < 10; i++) {
                board.scanOnce(t += 5);
            }
            pi.press(13, true);
            pi.press(6, true);
            for (int i = 0; i < 4; i++) {
                board.scanOnce(t += 5);
            }
            assertEquals(List.of("clock BLACK"), seen.events, "15 ms of the new presses read: not yet");
            board.scanOnce(t += 5);
            assertEquals(List.of("clock BLACK", "clock WHITE", "menu"), seen.events);
            pi.press(13, false);
            for (int i = 0; i < 5; i++) {
                board.scanOnce(t += 5);
            }
            assertEquals(List.of("clock BLACK", "clock WHITE", "menu", "menu up"), seen.events, "the menu button's release: how long it was held");
        }
    }

    @Test
    void aPressReadOnFewScansOfABusyPiCountsByItsTime() {
        // The scan thread runs late beside a busy CPU: a finger's 100 ms press is read on three scans 30 ms apart
        // (issue 97: four scans were needed, and the press was lost). A 5 ms glitch read on one scan is not a press.
        WiredPlan plan = WiredPlans.plan(WiredPlans.shiftRegisters("minishogi", false));
        try (MockPi pi = new MockPi(); WiredBoard board = PiBoardFactory.open(plan, pi.pi4j, new MonotonicClock(), false)) {
            Recorder seen = new Recorder(Variant.MINISHOGI);
            board.attach(seen);
            board.scanOnce(0);
            pi.press(13, true);
            board.scanOnce(30);
            board.scanOnce(60);
            board.scanOnce(90);
            pi.press(13, false);
            board.scanOnce(120);
            board.scanOnce(150);
            assertEquals(List.of("menu", "menu up"), seen.events);
            pi.press(5, true);
            board.scanOnce(180);
            pi.press(5, false);
            board.scanOnce(210);
            board.scanOnce(240);
            assertEquals(List.of("menu", "menu up"), seen.events, "one scan's glitch");
        }
    }

}
