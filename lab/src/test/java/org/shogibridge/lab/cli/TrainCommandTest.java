package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.rules.Position;
import org.shogibridge.device.cli.CliRun;

/** The learning loop end to end: self-play positions to a file, weights learned from it, loaded back. */
class TrainCommandTest {
    @TempDir
    Path dir;

    @Test
    void selfPlayThenTrainWritesWeightsTheEngineCanLoad() throws Exception {
        Path data = dir.resolve("positions.tsv");
        CliRun.Result played = LabRun.run("selfplay", "--games", "6", "--nodes", "2000",
                "--threads", "2", "--openings", "../docs/openings/standard.txt", "--out", data.toString());
        assertEquals(0, played.exitCode(), played.err());
        assertEquals(6, played.out().size(), played.out().toString());
        assertTrue(played.lastLine().matches("game \\d/6: \\d+ positions, \\d+ in all"), played.lastLine());
        List<String> lines = Files.readAllLines(data);
        assertTrue(lines.size() > 30, "positions: " + lines.size());
        for (String line : lines) {
            String[] columns = line.split("\t");
            Position.fromSfen(columns[0]);
            Integer.parseInt(columns[1]);
            assertTrue(List.of("0.0", "0.5", "1.0").contains(columns[2]), line);
        }

        Path weights = dir.resolve("weights.txt");
        CliRun.Result trained = LabRun.run("train", "--epochs", "20", "--out", weights.toString(),
                data.toString());
        assertEquals(0, trained.exitCode(), trained.err());
        assertTrue(trained.out().get(0).matches(lines.size() + " positions, scale \\d+, score scale \\d+; error before: .*"),
                trained.out().get(0));
        assertEquals("wrote " + weights, trained.lastLine());
        try (Reader reader = Files.newBufferedReader(weights)) {
            EvalWeights learned = EvalWeights.read(reader, weights.toString());
            assertFalse(Arrays.equals(EvalWeights.builtIn().values(), learned.values()), "training changed nothing");
        }
        assertTrue(Files.readString(weights).contains("# Learned by 'train' from " + lines.size() + " positions"));
    }

    @Test
    void aBadPositionsLineNamesFileAndLine() throws Exception {
        Path data = dir.resolve("bad.tsv");
        Files.writeString(data, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t10\t1.0\n"
                + "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t10\t2\n");
        CliRun.Result run = LabRun.run("train", "--out", dir.resolve("w.txt").toString(), data.toString());
        assertEquals(2, run.exitCode());
        assertEquals("Bad training data. " + data + ":2: the result must be 1, 0.5 or 0, not 2", run.err().strip());
    }

    @Test
    void stoppingEarlyNeedsPositionsHeldOut() throws Exception {
        Path data = dir.resolve("one.tsv");
        Files.writeString(data, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t10\t1.0\n");
        CliRun.Result run = LabRun.run("train", "--early-stop", "--held-out", "0",
                "--out", dir.resolve("w.txt").toString(), data.toString());
        assertEquals(2, run.exitCode());
        assertEquals("Bad option. --early-stop needs positions held out (--held-out above 0).", run.err().strip());
        assertFalse(Files.exists(dir.resolve("w.txt")));
    }

    @Test
    void eachSourceGetsItsOwnScoreScaleWhenAsked() throws Exception {
        // Two teachers that agree on every position, one counting in units three times the other's.
        Path one = Files.writeString(dir.resolve("one.tsv"), scoredSamples(1));
        Path three = Files.writeString(dir.resolve("three.tsv"), scoredSamples(3));

        CliRun.Result run = LabRun.run("train", "--scale-per-source", "--epochs", "1", "--held-out", "0",
                "--out", dir.resolve("w.txt").toString(), one.toString(), three.toString());
        assertEquals(0, run.exitCode(), run.err());
        double ownScale = scaleIn(run.out().get(0), one + ": 200 positions, score scale (\\d+)");
        double threeScale = scaleIn(run.out().get(1), three + ": 200 positions, score scale (\\d+)");
        assertEquals(3, threeScale / ownScale, 0.2, run.out().toString());
        double common = scaleIn(run.out().get(2), "400 positions, scale \\d+, score scale (\\d+); .*");
        assertEquals(1, common / ownScale, 0.1, "the second teacher's scores were not brought to the first's scale");

        CliRun.Result mixed = LabRun.run("train", "--epochs", "1", "--held-out", "0",
                "--out", dir.resolve("w2.txt").toString(), one.toString(), three.toString());
        double blurred = scaleIn(mixed.out().get(0), "400 positions, scale \\d+, score scale (\\d+); .*");
        assertTrue(blurred / ownScale > 1.2, "without the option one scale serves both: " + blurred);
    }

    @Test
    void scalesHeldFixedAreUsedInsteadOfFitted() throws Exception {
        Path data = Files.writeString(dir.resolve("data.tsv"), scoredSamples(1));
        CliRun.Result fitted = LabRun.run("train", "--epochs", "1", "--held-out", "0",
                "--out", dir.resolve("w1.txt").toString(), data.toString());
        assertEquals(0, fitted.exitCode(), fitted.err());
        double fittedScore = scaleIn(fitted.out().get(0), "200 positions, scale \\d+, score scale (\\d+); .*");
        double held = Math.round(fittedScore * 3);
        CliRun.Result fixed = LabRun.run("train", "--epochs", "1", "--held-out", "0", "--scale", "777",
                "--score-scale", String.valueOf(held), "--out", dir.resolve("w2.txt").toString(), data.toString());
        assertEquals(0, fixed.exitCode(), fixed.err());
        assertTrue(fixed.out().get(0).startsWith("200 positions, scale 777, score scale " + (long) held + ";"),
                fixed.out().get(0));
        assertTrue(Files.readString(dir.resolve("w2.txt")).contains("scale 777, score scale " + (long) held),
                "the weights file names the scales used");

        CliRun.Result bad = LabRun.run("train", "--score-scale", "0", "--out", dir.resolve("w3.txt").toString(),
                data.toString());
        assertEquals(2, bad.exitCode());
        assertEquals("Bad option. --scale and --score-scale must be above 0.", bad.err().strip());
        assertFalse(Files.exists(dir.resolve("w3.txt")));
    }

    private static final String START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    /**
     * Return 200 samples whose scores (in units of {@code unit}) tell the result four times in five: a teacher
     * with a logistic scale to fit.
     */
    private static String scoredSamples(int unit) {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            int score = (i - 100) * 5;
            String result = (score > 0) == (i % 5 != 0) ? "1.0" : "0.0";
            lines.append(START).append('\t').append(unit * score).append('\t').append(result).append('\n');
        }
        return lines.toString();
    }

    private static double scaleIn(String line, String pattern) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(pattern).matcher(line);
        assertTrue(m.matches(), line);
        return Double.parseDouble(m.group(1));
    }
}
