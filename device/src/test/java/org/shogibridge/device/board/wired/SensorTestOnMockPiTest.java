package org.shogibridge.device.board.wired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.shogibridge.device.Await;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.cli.SensorTestCommand;
import picocli.CommandLine;

/**
 * {@code sensor-test} on a wired board of Pi4J's mock providers: a builder moves one piece and leaves it, a loose
 * magnet flickers on another square, and the LEDs cycle on the SPI bus.
 */
class SensorTestOnMockPiTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void showsChangesCyclesTheLedsAndListsStillAndFlickeringSensors(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("board.yaml");
        String yaml = WiredPlans.shiftRegisters("minishogi", false);
        Files.writeString(config, yaml);
        WiredPlan plan = WiredPlans.plan(yaml);
        try (MockPi pi = new MockPi()) {
            Position start = Position.start(Variant.MINISHOGI);
            WiredDriversTest.show(pi, plan, start);
            StringWriter out = new StringWriter();
            CommandLine cli = new CommandLine(new SensorTestCommand(() -> pi.pi4j));
            cli.setOut(new PrintWriter(out, true));
            int[] code = new int[1];
            Thread run = new Thread(() -> code[0] = cli.execute("--config", config.toString(), "--seconds", "2.5",
                    "--led-millis", "50", "--flicker-millis", "1000", "--plain"));
            run.start();
            // Each change is made once the sensor test has seen the one before: its first scan, then each line.
            Await.until("the sensor test's first scan", WAIT, () -> pi.loadPulses() >= 2);
            Position moved = start.copy();
            moved.doMove(org.shogibridge.core.rules.Usi.parseLegalMove(moved, "5d5c")); // black's pawn: 5d empty, 5c occupied
            WiredDriversTest.show(pi, plan, moved);
            Await.until("5c seen occupied", WAIT, () -> out.toString().matches("(?s).* 5c +empty -> occupied\n.*"));
            Position loose = moved.copy();
            loose.doMove(org.shogibridge.core.rules.Usi.parseLegalMove(loose, "1a2b")); // white's king slips for a moment...
            WiredDriversTest.show(pi, plan, loose);
            Await.until("2b seen occupied", WAIT, () -> out.toString().matches("(?s).* 2b +empty -> occupied\n.*"));
            WiredDriversTest.show(pi, plan, moved); // ...and is back
            run.join(10_000);
            List<String> lines = out.toString().lines().toList();
            assertEquals(0, code[0], out.toString());
            assertTrue(lines.get(0).startsWith("Sensor test: board wired to the Pi (shift-register)."), lines.get(0));
            assertTrue(lines.stream().anyMatch(l -> l.matches(" *\\d+\\.\\d{3} s  5d +occupied -> empty")), out.toString());
            assertTrue(lines.stream().anyMatch(l -> l.matches(" *\\d+\\.\\d{3} s  5c +empty -> occupied")), out.toString());
            String report = out.toString();
            assertTrue(report.contains("Never changed: 21 squares ("), report);
            assertTrue(!report.matches("(?s).*Never changed: [^\\n]*\\b(5d|5c|1a|2b)\\b.*"), report);
            assertTrue(report.contains("20 komadai slots (black R1 black R2"), report);
            assertTrue(report.contains("Flickered (changed back within 1000 ms): 1a 1 time, 2b 1 time."), report);
            assertTrue(report.contains("  5 4 3 2 1\na # # # # #\nb . . . . #\nc # . . . .\nd . . . . .\ne # # # # #\n"), report);
            byte[] led = pi.spi("leds").readEntireMockBuffer();
            int frame = plan.leds().encoding().bytes(plan.leds().order().leds());
            assertTrue(led.length >= 20 * frame, "at least 20 LEDs lit one after another: " + led.length / frame + " frames");
            assertEquals(0, led.length % frame);
        }
    }
}
