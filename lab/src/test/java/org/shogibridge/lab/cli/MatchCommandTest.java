package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Position;
import org.shogibridge.device.cli.CliRun;
import org.shogibridge.device.usi.TestEngines;

/** The match subcommand with real engine processes: this build's engine at two levels, and a cheating script. */
class MatchCommandTest {
    private static final Pattern SCORE = Pattern.compile("score (\\d+)-(\\d+)-(\\d+), elo (-?\\d+) \\+/- (\\d+)");

    @TempDir
    Path dir;

    private static List<String> run(String... args) {
        CliRun.Result run = LabRun.run(args);
        assertEquals(0, run.exitCode(), run.err());
        return run.out();
    }

    @Test
    void aStrongerLevelBeatsAWeakerOneAndEveryGameIsWrittenAsKif() throws Exception {
        String engine = TestEngines.builtinCommandLine();
        Path kif = dir.resolve("kif");
        List<String> out = run("match", "--engine1", engine, "--option1", "Level=8", "--engine2", engine,
                "--option2", "Level=2", "--games", "6", "--byoyomi", "2000",
                "--openings", Path.of("..", "docs", "openings", "standard.txt").toString(), "--kif-out", kif.toString());
        for (int g = 1; g <= 6; g++) {
            String prefix = "game " + g + "/6: ";
            assertTrue(out.stream().anyMatch(l -> l.startsWith(prefix)), "progress line for game " + g + " in " + out);
        }
        Matcher m = SCORE.matcher(out.get(out.size() - 1));
        assertTrue(m.matches(), out.get(out.size() - 1));
        int wins = Integer.parseInt(m.group(1));
        assertEquals(6, wins + Integer.parseInt(m.group(2)) + Integer.parseInt(m.group(3)));
        assertTrue(wins >= 5, "level 8 should beat level 2: " + out);
        List<Path> files;
        try (Stream<Path> list = Files.list(kif)) {
            files = list.sorted().toList();
        }
        assertEquals(6, files.size());
        for (Path file : files) {
            GameRecord record = RecordFormat.read(file.getFileName().toString(), Files.readAllBytes(file));
            assertNotNull(record.mainLine().ending(), file + " has no ending");
            Position p = record.startPosition();
            for (int move : record.mainLine().moveArray()) {
                p.doMove(move); // the reader already checked every move's legality
            }
        }
        // Colours alternate: game 2 has the first engine as White.
        assertTrue(out.get(1).startsWith("game 2/6: shogi-bridge 0.1.0 (black) vs shogi-bridge 0.1.0 (white)"));
    }

    @Test
    void anIllegalMoveLosesAndIsRecordedAsAFoul() throws Exception {
        // The script always "plays" 5e5d, from a square that is empty early in the game.
        Path cheat = TestEngines.script(dir, "cheat", "echo \"bestmove 5e5d\"");
        Path kif = dir.resolve("kif");
        List<String> out = run("match", "--engine1", TestEngines.builtinCommandLine(), "--option1", "Level=1",
                "--engine2", cheat.toString(), "--games", "2", "--byoyomi", "500", "--kif-out", kif.toString());
        assertEquals("score 2-0-0, elo 191 +/- 0", out.get(out.size() - 1).replaceAll("\\+/- \\d+", "+/- 0"));
        assertTrue(out.get(0).contains("illegal move"), out.get(0));
        GameRecord first = RecordFormat.read("game-001.kif", Files.readAllBytes(kif.resolve("game-001.kif")));
        assertEquals(Ending.ILLEGAL_MOVE, first.mainLine().ending());
    }

    @Test
    void aNodeCountReplacesTheByoyomiInEveryGoAndInTheRecord() throws Exception {
        // The script writes each "go" it is sent to a file and resigns. The 60 s byoyomi must not reach either
        // engine: the built-in one answers its node count within the client's margin alone.
        Path goLog = dir.resolve("go.log");
        Path logger = TestEngines.script(dir, "logger", "echo \"$line\" >> '" + goLog + "'; echo \"bestmove resign\"");
        Path kif = dir.resolve("kif");
        List<String> out = run("match", "--engine1", TestEngines.builtinCommandLine(), "--engine2", logger.toString(),
                "--games", "2", "--byoyomi", "60000", "--nodes", "5000", "--kif-out", kif.toString());
        assertEquals("score 2-0-0", out.get(out.size() - 1).replaceAll(", elo.*", ""));
        assertEquals(List.of("go nodes 5000", "go nodes 5000"), Files.readAllLines(goLog));
        GameRecord first = RecordFormat.read("game-001.kif", Files.readAllBytes(kif.resolve("game-001.kif")));
        assertEquals("5,000ノード", first.headers().get("持ち時間"));
        assertEquals(1, first.mainLine().moves().size(), "the built-in engine moved once as Black, then White resigned");
    }

    @Test
    void aBadOpeningsFileIsAClearError() throws Exception {
        Path openings = dir.resolve("openings.txt");
        Files.writeString(openings, "startpos moves 7g7f\nstartpos moves 7g7f 7g7f\n");
        CliRun.Result run = LabRun.run("match", "--engine1", "x", "--engine2", "y", "--openings",
                openings.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("openings.txt line 2"), run.err());
    }
}
