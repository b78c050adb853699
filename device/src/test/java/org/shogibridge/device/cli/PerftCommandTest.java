package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The perft subcommand as the issue names it: its last line is exactly "Nodes searched: N". */
class PerftCommandTest {
    static CliRun.Result run(String... args) {
        return CliRun.run(ShogiBridge.commandLine(), args);
    }

    @Test
    void standardStartDepth3() {
        CliRun.Result run = run("perft", "--variant", "standard", "3");
        assertEquals(0, run.exitCode());
        assertEquals("Nodes searched: 25470", run.lastLine());
    }

    @Test
    void okisakiAndMinishogi() {
        assertEquals("Nodes searched: 1369", run("perft", "--variant", "okisaki", "2").lastLine());
        assertEquals("Nodes searched: 2512", run("perft", "--variant", "minishogi", "3").lastLine());
    }

    @Test
    void sfenAndDivide() {
        CliRun.Result run = run("perft", "--variant", "standard", "--sfen",
                "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", "--divide", "2");
        assertEquals("Nodes searched: 28684", run.lastLine());
        assertEquals(207 + 2, run.out().size(), "207 root moves, a blank line and the total");
        long sum = run.out().stream().filter(l -> l.contains(": ") && !l.startsWith("Nodes"))
                .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(": ") + 2))).sum();
        assertEquals(28684, sum);
    }

    @Test
    void badSfenGivesAClearErrorAndExitCode() {
        CliRun.Result run = run("perft", "--sfen", "lnsgkgsnl/1r5b1/ppppppppp b - 1", "2");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("Invalid SFEN. Board has 3 ranks, expected 9 for standard."), run.err());
    }

    @Test
    void unknownVariantIsRejected() {
        CliRun.Result run = run("perft", "--variant", "chushogi", "1");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("Unknown variant. 'chushogi'"), run.err());
    }
}
