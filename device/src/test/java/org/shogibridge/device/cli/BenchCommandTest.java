package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
    private static final Pattern LINE = Pattern.compile("(\\d+)/(\\d+): bestmove (\\S+), (\\d+) nodes, \\d+ ms");
    private static final Pattern TOTAL = Pattern.compile("(\\d+) positions, depth (\\d+): (\\d+) nodes, \\d+ ms, \\d+ nodes/s");

    @TempDir
    Path dir;

    @Test
    void searchesEveryPositionToTheDepthAndAddsUpTheNodes() throws Exception {
        Path file = dir.resolve("positions.txt");
        Files.writeString(file, "# a mate in one, then the start position\n"
                + "4k4/9/4P4/9/9/9/9/9/4K4 b G 1\n\n"
                + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n");
        CliRun.Result run = PerftCommandTest.run("bench", "--depth", "4", file.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(3, run.out().size(), run.out().toString());
        long sum = 0;
        for (int i = 0; i < 2; i++) {
            Matcher m = LINE.matcher(run.out().get(i));
            assertTrue(m.matches(), run.out().get(i));
            assertEquals(String.valueOf(i + 1), m.group(1));
            assertEquals("2", m.group(2));
            sum += Long.parseLong(m.group(4));
        }
        assertEquals("bestmove G*5b", run.out().get(0).split(", ")[0].substring(5));
        Matcher total = TOTAL.matcher(run.lastLine());
        assertTrue(total.matches(), run.lastLine());
        assertEquals("2", total.group(1));
        assertEquals("4", total.group(2));
        assertEquals(sum, Long.parseLong(total.group(3)));
    }

    @Test
    void theBuiltInSetHasTheStartAndTwelveMiddleGames() {
        CliRun.Result run = PerftCommandTest.run("bench", "--depth", "2");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(TOTAL.matcher(run.lastLine()).matches(), run.lastLine());
        assertTrue(run.lastLine().startsWith("13 positions, depth 2: "), run.lastLine());
    }

    @Test
    void moreThreadsSearchToTheSameDepthAndSayHowMany() {
        CliRun.Result run = PerftCommandTest.run("bench", "--depth", "4", "--threads", "2");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.lastLine().startsWith("13 positions, depth 4, 2 threads: "), run.lastLine());
        assertTrue(TOTAL.matcher(run.lastLine().replace(", 2 threads", "")).matches(), run.lastLine());
        CliRun.Result bad = PerftCommandTest.run("bench", "--threads", "0");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().startsWith("Bad option. --threads must be from 1 to 64, not 0."), bad.err());
    }

    /**
     * The node count of the built-in set depends only on the search and the built-in weights, not on the
     * machine: a change to either shows here, and its commit quotes the new count (docs/ENGINE.md, Speed).
     */
    @Test
    void theBuiltInNodeCountIsPinned() {
        assertEquals(BENCH_NODES_DEPTH_6, benchNodes(6));
    }

    /**
     * Some pruning only starts once the history tables have learnt something, which a depth-6 search from empty
     * tables never reaches (history pruning, sixteenth session), and ProbCut starts at depth 6 in a node off the
     * principal variation, which a depth-6 search has none of: depth 8 pins both.
     */
    @Test
    void theBuiltInNodeCountAtDepth8IsPinned() {
        assertEquals(BENCH_NODES_DEPTH_8, benchNodes(8));
    }

    private static long benchNodes(int depth) {
        CliRun.Result run = PerftCommandTest.run("bench", "--depth", Integer.toString(depth));
        assertEquals(0, run.exitCode(), run.err());
        Matcher total = TOTAL.matcher(run.lastLine());
        assertTrue(total.matches(), run.lastLine());
        return Long.parseLong(total.group(3));
    }

    /**
     * {@code bench --depth 6} and {@code --depth 8}: update with every search or weights change, and quote them in
     * the commit.
     */
    static final long BENCH_NODES_DEPTH_6 = 139_573;
    static final long BENCH_NODES_DEPTH_8 = 1_095_721;

    @Test
    void aBadPositionNamesFileAndLine() throws Exception {
        Path file = dir.resolve("bad.txt");
        Files.writeString(file, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1\n4k4/9/9 b - 1\n");
        CliRun.Result run = PerftCommandTest.run("bench", file.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("Invalid position. " + file + " line 2: "), run.err());
    }
}
