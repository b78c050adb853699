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
import org.shogibridge.device.usi.TestEngines;

/**
 * The judge subcommand with this build's engine as the judge and a scripted engine that hangs its rook in one
 * position and plays the only legal move in another: the first loses about a rook, the second nothing, and a
 * second run takes every verdict from the cache.
 */
class JudgeCommandTest {
    /** Black's rook on 5e; a White pawn on 5c strikes 5d. */
    private static final String HANGS_ROOK = "k8/9/4p4/9/4R4/9/9/9/4K4 b - 1";
    /** Black's king on 1i, checked by the lance on 1a; the silver on 3h covers 2i: 1i2h is the only move. */
    private static final String ONE_MOVE = "k7l/9/9/9/9/9/9/6s2/8K b - 1";
    private static final Pattern SUMMARY = Pattern.compile("judged 2 positions \\(0 decided, skipped\\): average loss "
            + "(\\d+\\.\\d) cp, the judge's move 50\\.0 %, losses of 100\\+ 1, of 300\\+ 1 "
            + "\\(judge searches (\\d+), from the cache (\\d+)\\)");

    @TempDir
    Path dir;

    @Test
    void aHungRookLosesAboutARookTheOnlyMoveNothingAndTheCacheServesARerun() throws Exception {
        Path engine = TestEngines.script(dir, "blunderer",
                "case \"$position\" in *4p4*) echo \"bestmove 5e5d\" ;; *) echo \"bestmove 1i2h\" ;; esac");
        Path positions = dir.resolve("positions.txt");
        Files.writeString(positions, "# two positions\nsfen " + HANGS_ROOK + "\nsfen " + ONE_MOVE + "\n");
        Path cache = dir.resolve("cache.tsv");
        Path detail = dir.resolve("detail.tsv");
        String[] args = {"judge", "--engine", engine.toString(), "--judge", TestEngines.builtinCommandLine(),
            "--judge-nodes", "20000", "--positions", positions.toString(), "--byoyomi", "100",
            "--cache", cache.toString(), "--out", detail.toString()};

        CliRun.Result first = LabRun.run(args);
        assertEquals(0, first.exitCode(), first.err());
        Matcher m = SUMMARY.matcher(first.lastLine());
        assertTrue(m.matches(), first.out().toString());
        // Two roots, and the positions after the hung rook, after the judge's choice there and after the only
        // move (the judge's choice too, so scored once).
        assertEquals("5", m.group(2));
        List<String> lines = Files.readAllLines(detail);
        assertEquals(3, lines.size(), lines.toString());
        String[] rook = lines.get(1).split("\t");
        assertEquals(HANGS_ROOK, rook[0]);
        assertEquals("5e5d", rook[1]);
        int loss = Integer.parseInt(rook[5]);
        assertTrue(loss >= 800, "a hung rook should cost about a rook: " + lines.get(1));
        String[] only = lines.get(2).split("\t");
        assertEquals("1i2h", only[1]);
        assertEquals("1i2h", only[2]);
        assertEquals("0", only[5]);
        assertEquals(loss / 2.0, Double.parseDouble(m.group(1)), 0.5);

        CliRun.Result second = LabRun.run(args);
        assertEquals(0, second.exitCode(), second.err());
        Matcher again = SUMMARY.matcher(second.lastLine());
        assertTrue(again.matches(), second.out().toString());
        assertEquals("0", again.group(2), "every verdict should come from the cache");
        assertEquals(m.group(1), again.group(1));
    }

    @Test
    void withANodeBudgetTheEngineIsAskedForNodesNotTime() throws Exception {
        Path asked = dir.resolve("asked.txt");
        Path engine = TestEngines.script(dir, "counter", "echo \"$line\" >> " + asked + "; echo \"bestmove 1i2h\"");
        Path positions = dir.resolve("positions.txt");
        Files.writeString(positions, "sfen " + ONE_MOVE + "\n");
        CliRun.Result run = LabRun.run("judge", "--engine", engine.toString(), "--engine-nodes", "5000",
                "--judge", TestEngines.builtinCommandLine(), "--judge-nodes", "2000", "--positions", positions.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertEquals(List.of("go nodes 5000"), Files.readAllLines(asked));
        assertTrue(run.lastLine().startsWith("judged 1 positions (0 decided, skipped): average loss 0.0 cp, "
                + "the judge's move 100.0 %"), run.lastLine());
    }

    @Test
    void aBrokenCacheLineIsACleanError() throws Exception {
        Path positions = dir.resolve("positions.txt");
        Files.writeString(positions, "sfen " + ONE_MOVE + "\n");
        Path cache = dir.resolve("cache.tsv");
        Files.writeString(cache, "nodes 20000\t" + ONE_MOVE + "\t1i2h\tlots\tfalse\n");
        CliRun.Result run = LabRun.run("judge", "--engine", TestEngines.builtinCommandLine(),
                "--judge", TestEngines.builtinCommandLine(), "--positions", positions.toString(), "--cache", cache.toString());
        assertEquals(2, run.exitCode(), run.out() + run.err());
        assertTrue(run.err().contains("Invalid judge cache. " + cache + " line 1: score 'lots' is not a number."), run.err());
    }

    @Test
    void anIllegalMoveByTheEngineIsAClearErrorNotAJudgement() throws Exception {
        // On ONE_MOVE the only legal move is 1i2h; 1i1h walks into the lance's check.
        Path engine = TestEngines.script(dir, "illegal", "echo \"bestmove 1i1h\"");
        Path positions = dir.resolve("positions.txt");
        Files.writeString(positions, "sfen " + ONE_MOVE + "\n");
        CliRun.Result run = LabRun.run("judge", "--engine", engine.toString(),
                "--judge", TestEngines.builtinCommandLine(), "--judge-nodes", "2000", "--positions", positions.toString());
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.err().startsWith("Illegal move. '1i1h' in " + ONE_MOVE + ": "), run.err());
    }
}
