package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.emulator.BoardEmulator;
import org.shogibridge.firmware.emulator.EmulatorTransport;
import org.shogibridge.firmware.emulator.FaultPlan;

/**
 * {@code sensor-test} against the board emulator over TCP, as against a microcontroller board: the squares and the
 * komadai slots the emulator reports, and the LEDs it is sent.
 */
class SensorTestOnEmulatorTest {

    @Test
    void readsTheEmulatedBoardSlotBySlot(@TempDir Path dir) throws Exception {
        MonotonicClock clock = new MonotonicClock();
        LedFrame shown = new LedFrame(81);
        BoardEmulator emulator = new BoardEmulator(BoardGeometry.recommended(Variant.STANDARD, false), "test", false,
                FaultPlan.parse(null, 1), shown);
        try (EmulatorTransport.Tcp transport = new EmulatorTransport.Tcp(emulator, FaultPlan.parse(null, 1), clock::millis, 0)) {
            String address = transport.start().replace("tcp://", "");
            Path config = dir.resolve("board.yaml");
            Files.writeString(config, "board:\n  source: tcp\n  address: " + address + "\n");
            SensorSnapshot board = SensorSnapshot.of(Position.start(Variant.STANDARD), false);
            boolean[] sawLed = {false};
            ScheduledExecutorService hands = Executors.newSingleThreadScheduledExecutor();
            hands.scheduleAtFixedRate(() -> {
                // The pawn is taken once the sensor test has read the board a while: on a busy machine its start
                // takes longer than any fixed wait, and a change before its first reading is no change to it.
                long now = clock.millis();
                if (emulator.synced(now) && now - emulator.inStepSince() > 700) {
                    board.reading(60, SensorSnapshot.EMPTY).komadai(Side.BLACK, Piece.PAWN, 1); // 3g's pawn to the stand
                }
                emulator.scan(board, clock.millis());
                for (int sq = 0; sq < 81; sq++) {
                    sawLed[0] |= shown.colour(sq) == LedFrame.Colour.WHITE;
                }
            }, 0, 10, TimeUnit.MILLISECONDS);
            CliRun.Result run = PerftCommandTest.run("sensor-test", "--config", config.toString(), "--seconds", "5",
                    "--led-millis", "20", "--plain");
            hands.shutdownNow();
            hands.awaitTermination(10, TimeUnit.SECONDS);
            String out = String.join("\n", run.out());
            assertEquals(0, run.exitCode(), out + run.err());
            assertTrue(out.contains("Sensor test: board at " + address), out);
            assertTrue(out.contains("Board online."), out);
            assertTrue(run.out().stream().anyMatch(l -> l.matches(" *\\d+\\.\\d{3} s  3g +occupied -> empty")), out);
            assertTrue(run.out().stream().anyMatch(l -> l.matches(" *\\d+\\.\\d{3} s  black P1 +empty -> occupied")), out);
            assertTrue(out.contains("black komadai: R .. B .. G .... S .... N .... L .... P #................."), out);
            assertTrue(out.contains("Never changed: 80 squares"), out);
            assertTrue(out.contains("75 komadai slots"), out);
            assertTrue(out.contains("Flickered (changed back within 100 ms): none."), out);
            assertTrue(sawLed[0], "the emulator was sent the LEDs lit one by one");
        }
    }
}
