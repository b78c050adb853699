package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.shogibridge.device.cli.CliRun;

/** bench-scan runs the real scan loop and reports every figure; the loop allocates nothing per scan. */
class BenchScanCommandTest {
    @Test
    void reportsRateJitterCpuAndAllocation() {
        CliRun.Result run = LabRun.run("bench-scan", "--seconds", "1");
        String out = String.join("\n", run.out());
        assertEquals(0, run.exitCode(), out + run.err());
        assertTrue(out.contains("Design: 20 74HC165 (157 sensors), 83 WS2812B, 200 Hz"), out);
        Matcher scans = Pattern.compile("Scans: (\\d+) in").matcher(out);
        assertTrue(scans.find() && Integer.parseInt(scans.group(1)) > 20, out);
        assertTrue(out.matches("(?s).*Start lateness: p50 [0-9.]+ ms, p99 [0-9.]+ ms, p99.9 [0-9.]+ ms.*"), out);
        assertTrue(out.matches("(?s).*CPU: [0-9.]+ % of one core.*"), out);
        Matcher alloc = Pattern.compile("Allocated: ([0-9.]+) bytes per scan").matcher(out);
        assertTrue(alloc.find(), out);
        assertTrue(Double.parseDouble(alloc.group(1)) < 64, "the scan loop allocates: " + alloc.group(1) + " bytes a scan");
        assertTrue(out.matches("(?s).*LED frames sent: [1-9]\\d* .*"), "the blinking square went out: " + out);
    }
}
