package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.shogibridge.device.cli.CliRun;

/** bench-http runs the daemon as a child, holds half-open connections against it and times every normal request. */
class BenchHttpCommandTest {
    @Test
    void answersEveryRequestWhileHalfOpenConnectionsAreHeld() {
        CliRun.Result run = LabRun.run("bench-http", "--half-open", "100", "--requests", "300", "--clients", "2", "--seconds", "3");
        String out = String.join("\n", run.out());
        assertEquals(0, run.exitCode(), out + run.err());
        Matcher held = Pattern.compile("100 half-open connections held \\(at least (\\d+) at any check").matcher(out);
        assertTrue(held.find() && Integer.parseInt(held.group(1)) >= 90, out);
        assertTrue(out.contains("300 requests by 2 clients") && out.contains(", 0 failed"), out);
        assertTrue(out.matches("(?s).*answer time: n=300 p50=[0-9.]+ p90=[0-9.]+ p99=[0-9.]+ max=[0-9.]+ ms.*"), out);
        assertTrue(out.matches("(?s).*RSS \\d+ MB before, at most \\d+ MB during.*"), out);
    }
}
