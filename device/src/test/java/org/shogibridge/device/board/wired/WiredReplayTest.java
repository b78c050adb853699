package org.shogibridge.device.board.wired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.simulation.Replay;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.firmware.protocol.Readings;

/**
 * A whole recorded game (the 2014 JT Cup game of the test resources, 107 moves) played by the simulated hands on the
 * mock Pi's chips and read back through each sensor driver into the move inference: every move must come back, and
 * none that was not played.
 */
class WiredReplayTest {

    static Stream<Arguments> designs() {
        return Stream.of(
                Arguments.of("74HC165 chain, face sensing", WiredPlans.shiftRegisters("standard", true), true),
                Arguments.of("74HC165 chain", WiredPlans.shiftRegisters("standard", false), false),
                Arguments.of("reed switch diode matrix", WiredPlans.matrix(), false),
                Arguments.of("MCP23017 with interrupt, face sensing", WiredPlans.expanders(true), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void aRecordedGameReplaysThroughTheDriverWithNoFalseMove(String name, String yaml, boolean faces) throws IOException {
        GameRecord record;
        try (InputStream in = getClass().getResourceAsStream("/records/jt201409130101.kif")) {
            record = RecordFormat.read("jt201409130101.kif", in.readAllBytes());
        }
        WiredPlan plan = WiredPlans.plan(yaml);
        try (MockPi pi = new MockPi(); WiredBoard board = PiBoardFactory.open(plan, pi.pi4j, new MonotonicClock(), false)) {
            Readings readings = plan.geometry().newReadings();
            boolean[] active = new boolean[plan.sensorMap().inputs()];
            int[] scans = {0};
            Replay.Result result = Replay.run(record, InferenceSettings.defaults().withFaceSensing(faces), 0.01, 7, inference -> {
                board.attach(new Forward(inference));
                return (SensorSnapshot hands) -> {
                    // The hands' board becomes magnets at the sensors, the sensors levels at the chips' pins...
                    plan.geometry().toReadings(hands, readings);
                    plan.sensorMap().write(readings, active);
                    pi.sense(plan.sensors(), active);
                    // ...and the driver reads them back at the same moment.
                    board.scanOnce(hands.timeMillis());
                    scans[0]++;
                };
            });
            int moves = record.mainLine().moves().size();
            assertEquals("replayed " + moves + "/" + moves + " moves, 0 mismatches", result.summary(), name);
            assertTrue(scans[0] > 1000, "the game took " + scans[0] + " scans");
            assertEquals(0, board.failures());
        }
    }

    /** Hands the driver's snapshots to the inference. */
    private record Forward(Consumer<SensorSnapshot> inference) implements BoardPort.Listener {
        @Override
        public void snapshot(SensorSnapshot snapshot) {
            inference.accept(snapshot);
        }

        @Override
        public void offline() {
            throw new AssertionError("the mock board went offline");
        }

        @Override
        public void online() {
        }

        @Override
        public void clockPressed(Side side) {
        }
    }
}
