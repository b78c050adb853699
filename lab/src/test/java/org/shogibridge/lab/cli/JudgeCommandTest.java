package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /** Thirteen plies of a Yagura-less opening: the rook takes on 2d, a pawn is dropped back on 2c, the rook retreats. */
    private static final String GAME = "startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2f";

    @Test
    void followingAGameTheEngineKeepsOneTableFromTheStartWithoutItEachJudgedPositionStartsEmpty() throws Exception {
        Path games = dir.resolve("games.txt");
        Files.writeString(games, "# one game\n" + GAME + "\n");
        String[] moves = GAME.substring("startpos moves ".length()).split(" ");

        List<String> kept = engineInput(games, "--keep-table");
        assertEquals(1, kept.stream().filter("usinewgame"::equals).count(), kept.toString());
        List<String> keptPositions = kept.stream().filter(l -> l.startsWith("position")).toList();
        assertEquals(13, keptPositions.size(), "plies 0 to 12, each searched in turn: " + keptPositions);
        for (int ply = 0; ply <= 12; ply++) {
            assertEquals(positionAfter(moves, ply), keptPositions.get(ply));
        }
        assertTrue(kept.indexOf("usinewgame") < kept.indexOf(keptPositions.get(0)), "the table is cleared once, first");

        List<String> cold = engineInput(games);
        List<String> coldPositions = cold.stream().filter(l -> l.startsWith("position")).toList();
        assertEquals(List.of(positionAfter(moves, 10), positionAfter(moves, 11), positionAfter(moves, 12)), coldPositions);
        for (String position : coldPositions) {
            assertEquals("usinewgame", cold.get(cold.indexOf(position) - 1), "cleared before " + position);
        }
    }

    /** Judge plies 10-12 of the games file; return every line the engine was sent. */
    private List<String> engineInput(Path games, String... more) throws Exception {
        Path log = dir.resolve("engine-input.txt");
        Files.deleteIfExists(log);
        Path engine = dir.resolve("logged-engine");
        Files.writeString(engine, "#!/bin/sh\ntee -a " + log + " | " + TestEngines.builtinCommandLine() + "\n");
        engine.toFile().setExecutable(true);
        List<String> args = new ArrayList<>(List.of("judge", "--engine", engine.toString(),
                "--engine-nodes", "3000", "--judge", TestEngines.builtinCommandLine(), "--judge-nodes", "3000",
                "--games", games.toString(), "--from-ply", "10", "--to-ply", "12"));
        args.addAll(List.of(more));
        CliRun.Result run = LabRun.run(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.lastLine().startsWith("judged 3 positions (0 decided, skipped): "), run.lastLine());
        assertTrue(run.out().toString().contains("game 1 ply 12: "), run.out().toString());
        return Files.readAllLines(log);
    }

    private static String positionAfter(String[] moves, int ply) {
        return ply == 0 ? "position startpos" : "position startpos moves " + String.join(" ", List.of(moves).subList(0, ply));
    }

    @Test
    void keepingTheTableNeedsGamesAndOneSourceOfPositions() throws Exception {
        Path positions = dir.resolve("positions.txt");
        Files.writeString(positions, "sfen " + ONE_MOVE + "\n");
        String builtin = TestEngines.builtinCommandLine();
        CliRun.Result kept = LabRun.run("judge", "--engine", builtin, "--judge", builtin, "--positions",
                positions.toString(), "--keep-table");
        assertEquals(2, kept.exitCode(), kept.out() + kept.err());
        assertTrue(kept.err().contains("Bad option. --keep-table follows a game, so it needs --games."), kept.err());
        CliRun.Result both = LabRun.run("judge", "--engine", builtin, "--judge", builtin, "--positions",
                positions.toString(), "--games", positions.toString());
        assertEquals(2, both.exitCode(), both.out() + both.err());
        assertTrue(both.err().contains("Bad option. Give either --positions or --games."), both.err());
    }
}
