package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.device.cli.CliRun;

class BenchBoardLinkCommandTest {

    @Test
    void aShortRunOverTcpTimesEveryChangeFromTheSensorToTheBoardAdapter() {
        CliRun.Result run = LabRun.run("bench-board-link", "--link", "tcp", "--changes", "5");
        assertEquals(0, run.exitCode(), run.err() + run.out());
        List<String> out = run.out();
        assertTrue(out.get(0).contains("scanning at 100 Hz: 5 changes, 0 not seen."), out.toString());
        assertTrue(out.get(1).startsWith("change to scan: n=5 "), out.get(1));
        assertTrue(out.get(3).startsWith("change to adapter: n=5 "), out.get(3));
        // The wait for the next scan is at most one scan period.
        double max = Double.parseDouble(out.get(1).replaceAll(".*max=([\\d.]+) ms", "$1"));
        assertTrue(max <= 10.5, out.get(1));
        assertTrue(out.get(4).startsWith("wire time of a 40-byte snapshot frame (computed, 10 bits a byte): 3.47 ms at 115200"),
                out.get(4));
        assertTrue(out.get(5).equals("link faults: 0, gaps: 0"), out.get(5));
    }
}
