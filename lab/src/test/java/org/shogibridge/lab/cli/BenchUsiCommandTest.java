package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.shogibridge.device.cli.CliRun;

/** bench-usi plays its moves under load and reports each answer's time; the bound itself is the benchmark's. */
class BenchUsiCommandTest {
    @Test
    void reportsEveryMovesTimeAndHowManyBeatTheByoyomi() {
        CliRun.Result run = LabRun.run("bench-usi", "--moves", "2", "--byoyomi", "300", "--load-threads", "1");
        String out = String.join("\n", run.out());
        assertEquals(0, run.exitCode(), out + run.err());
        assertTrue(out.contains("Load: 1 busy threads on "), out);
        Matcher times = Pattern.compile("go to bestmove \\(ms\\), byoyomi 300: (\\d+), (\\d+)").matcher(out);
        assertTrue(times.find(), out);
        Matcher within = Pattern.compile("within the byoyomi: (\\d)/2").matcher(out);
        assertTrue(within.find(), out);
        int counted = (Long.parseLong(times.group(1)) < 300 ? 1 : 0) + (Long.parseLong(times.group(2)) < 300 ? 1 : 0);
        assertEquals(counted, Integer.parseInt(within.group(1)), "the count agrees with the times shown: " + out);
    }

    @Test
    void aZeroByoyomiIsABadOption() {
        CliRun.Result run = LabRun.run("bench-usi", "--byoyomi", "0");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("Bad option."), run.err());
    }
}
