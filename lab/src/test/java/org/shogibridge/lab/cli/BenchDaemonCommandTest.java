package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.device.cli.CliRun;

class BenchDaemonCommandTest {
    private static final Pattern LINE = Pattern.compile("(.*): n=(\\d+) p50=([\\d.]+) p90=([\\d.]+) p99=([\\d.]+) max=([\\d.]+) ms");

    @TempDir
    Path dir;

    @Test
    void aShortRunTimesEveryMoveThroughTheRealDaemonAndLeavesNoJournalBehind() throws Exception {
        CliRun.Result run = LabRun.run("bench-daemon", "--moves", "4", "--data-dir", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        List<String> out = run.out();
        assertEquals(4, out.size(), out.toString());
        for (String line : out.subList(0, 3)) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            double p50 = Double.parseDouble(m.group(3));
            double max = Double.parseDouble(m.group(6));
            assertTrue(p50 > 0 && p50 <= max, line);
        }
        assertTrue(out.get(0).startsWith("settled move to state at a subscriber: n=4 "), out.get(0));
        assertTrue(out.get(2).startsWith("journal append with fsync, per move: n=4 "), out.get(2));
        // The board loop is passed changes, not scans (issue 43): far fewer snapshots than scans, and none dropped.
        Matcher loop = Pattern.compile("board loop: ([\\d,]+) scans, ([\\d,]+) passed on \\([\\d.]+%\\), ([\\d,]+) changes,"
                + " ([\\d,]+) dropped; [\\d.]+ µs of loop work per snapshot passed").matcher(out.get(3));
        assertTrue(loop.matches(), out.get(3));
        long scans = Long.parseLong(loop.group(1).replace(",", ""));
        long passed = Long.parseLong(loop.group(2).replace(",", ""));
        long changes = Long.parseLong(loop.group(3).replace(",", ""));
        assertTrue(changes >= 4 && changes <= passed && passed < scans / 2, out.get(3));
        assertEquals("0", loop.group(4), out.get(3));
        assertTrue(Files.exists(dir.resolve("journal.jsonl")), "the daemon's own journal is in the data directory");
        assertTrue(Files.notExists(dir.resolve("bench-journal.jsonl")));
    }

    @Test
    void percentilesAreNearestRank() {
        long[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertEquals(5, BenchDaemonCommand.percentile(sorted, 50));
        assertEquals(9, BenchDaemonCommand.percentile(sorted, 90));
        assertEquals(10, BenchDaemonCommand.percentile(sorted, 99));
        assertEquals("x: n=2 p50=1.00 p90=2.00 p99=2.00 max=2.00 ms", BenchDaemonCommand.summary("x", new long[] {2_000_000, 1_000_000}));
    }

    @Test
    void withPressEachMoveIsConfirmedByTheClockButtonAndThePressIsTimed() throws Exception {
        CliRun.Result run = LabRun.run("bench-daemon", "--moves", "4", "--press", "--data-dir", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        List<String> out = run.out();
        assertEquals(5, out.size(), out.toString());
        assertTrue(out.get(4).startsWith("board loop: "), out.get(4));
        assertTrue(out.get(0).startsWith("press to move on the board loop: n=4 "), out.get(0));
        assertTrue(out.get(1).startsWith("move at the press to state at a subscriber: n=4 "), out.get(1));
        Matcher m = LINE.matcher(out.get(0));
        assertTrue(m.matches(), out.get(0));
        // a move at the press, never one the settle timer (250 ms) made
        assertTrue(Double.parseDouble(m.group(6)) < 200, out.get(0));
    }
}
