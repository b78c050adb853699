package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MateCommandTest {
    @TempDir
    Path dir;

    @Test
    void solvesEachPositionOnOneLine() throws Exception {
        Path tsv = dir.resolve("problems.tsv");
        Files.writeString(tsv, "sfen\tmate_plies\n8k/9/9/9/9/9/9/9/4K4 b R2G 1\t5\n");
        CliRun.Result run = PerftCommandTest.run("mate", "--time", "5000", "--tsv", tsv.toString(),
                "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(3, run.out().size(), run.out().toString());
        assertTrue(run.out().get(0).matches("mate 1: G\\*5b \\(\\d+ nodes, \\d+ ms\\)"), run.out().get(0));
        assertTrue(run.out().get(1).startsWith("nomate ("), run.out().get(1));
        assertTrue(run.out().get(2).matches("mate 5: R\\*1c( \\S+){4} \\(\\d+ nodes, \\d+ ms\\)"), run.out().get(2));
    }

    @Test
    void aBadSfenIsAClearError() {
        CliRun.Result run = PerftCommandTest.run("mate", "not/a/position b - 1");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("SFEN"), run.err());
    }
}
