package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.device.cli.CliRun;
import org.shogibridge.lab.learning.SelfPlay;
import org.shogibridge.lab.teach.SampleFiles;
import org.shogibridge.lab.teach.ShardDirectory;

/** {@code relabel} with this build's engine as the new teacher, on shards written as {@code teach} writes them. */
class RelabelCommandTest {
    /** A score no teacher gives these positions: what the old teacher "said". */
    private static final int OLD_SCORE = 4321;
    private static final String EVEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    private static final String BLACK_UP_A_ROOK = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    private static final String WHITE_UP_A_ROOK = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL w - 2";
    /** Black mates in one by a gold dropped on 5b, the pawn on 5c guarding it. */
    private static final String MATE_IN_ONE = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";

    @TempDir
    Path dir;

    @Test
    void everyPositionKeepsItsResultAndGetsTheNewTeachersScoreAndAMateIsDropped() throws Exception {
        Path source = shards(List.of(
                        sample(EVEN, 0.5), sample(MATE_IN_ONE, 1.0), sample(BLACK_UP_A_ROOK, 1.0)),
                List.of(sample(WHITE_UP_A_ROOK, 0.0)));
        Path teacher = script("teacher.sh", "");
        Path out = dir.resolve("relabelled");

        CliRun.Result run = relabel(teacher, source, out);
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().get(0).endsWith("relabelled: 2 of 2 shards to relabel; teacher " + teacher + ", depth 2"),
                run.out().get(0));
        assertTrue(run.out().get(1).startsWith(
                "shard 0: 2 of 3 samples kept (1 mates, 0 teacher failures dropped); this run 2 samples, "), run.out().toString());
        assertTrue(run.out().get(2).startsWith(
                "shard 3: 1 of 1 samples kept (0 mates, 0 teacher failures dropped); this run 3 samples, "), run.out().toString());
        assertEquals(List.of(out.resolve("shard-000000.tsv.gz"), out.resolve("shard-000003.tsv.gz")),
                SampleFiles.sampleFilesIn(out), "the shards keep their numbers");

        List<SelfPlay.Sample> first = read(out.resolve("shard-000000.tsv.gz"));
        assertEquals(List.of(EVEN, BLACK_UP_A_ROOK), first.stream().map(SelfPlay.Sample::sfen).toList());
        assertEquals(List.of(0.5, 1.0), first.stream().map(SelfPlay.Sample::result).toList());
        assertTrue(Math.abs(first.get(0).score()) < 300, "an even position: " + first.get(0));
        assertTrue(first.get(1).score() > 400 && first.get(1).score() != OLD_SCORE, "a rook up: " + first.get(1));
        List<SelfPlay.Sample> second = read(out.resolve("shard-000003.tsv.gz"));
        assertEquals(1, second.size());
        assertTrue(second.get(0).score() > 400 && second.get(0).score() != OLD_SCORE, "a rook up: " + second.get(0));
        String comment = firstLine(out.resolve("shard-000000.tsv.gz"));
        assertTrue(comment.startsWith("# relabel: teacher ") && comment.endsWith(
                "from " + source.resolve("shard-000000.tsv.gz") + ": 2 of 3 samples kept (1 mates, 0 teacher failures dropped)"),
                comment);

        byte[] before = Files.readAllBytes(out.resolve("shard-000000.tsv.gz"));
        CliRun.Result again = relabel(teacher, source, out);
        assertEquals(0, again.exitCode(), again.err());
        assertEquals(List.of(again.out().get(0)), again.out(), "a finished run has nothing left to do");
        assertTrue(again.out().get(0).contains(": 0 of 2 shards to relabel"), again.out().get(0));
        assertArrayEquals(before, Files.readAllBytes(out.resolve("shard-000000.tsv.gz")));
    }

    @Test
    void aPositionTheTeacherDiesOnIsDroppedAndTheOthersAreKept() throws Exception {
        Path source = shards(List.of(sample(WHITE_UP_A_ROOK, 0.0), sample(EVEN, 0.5), sample(BLACK_UP_A_ROOK, 1.0)));
        // It dies whenever it is shown the position with White a rook up, so the restarted teacher dies again.
        Path teacher = script("dies.sh", "  case \"$line\" in *1B7/LNSGKGSNL*) exit 5 ;; esac");
        Path out = dir.resolve("relabelled");

        CliRun.Result run = relabel(teacher, source, out);
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.lastLine().startsWith("shard 0: 2 of 3 samples kept (0 mates, 1 teacher failures dropped)"),
                run.out().toString());
        assertEquals(List.of(EVEN, BLACK_UP_A_ROOK),
                read(out.resolve("shard-000000.tsv.gz")).stream().map(SelfPlay.Sample::sfen).toList());
    }

    @Test
    void aTeacherThatFailsOnMostOfAShardStopsTheRunAndWritesNothing() throws Exception {
        Path source = shards(List.of(sample(WHITE_UP_A_ROOK, 0.0), sample(EVEN, 0.5), sample(BLACK_UP_A_ROOK, 1.0)));
        Path teacher = script("broken.sh", "  case \"$line\" in position*) exit 6 ;; esac");
        Path out = dir.resolve("relabelled");

        CliRun.Result run = relabel(teacher, source, out);
        assertEquals(2, run.exitCode(), run.out().toString());
        assertTrue(run.err().contains("Teacher. It failed on 3 of the 3 positions of " + source.resolve("shard-000000.tsv.gz")
                + "; that shard was not written."), run.err());
        assertEquals(List.of(), SampleFiles.sampleFilesIn(out), "a resumed run would take an empty shard as done");
    }

    @Test
    void aSourceThatIsNotAShardDirectoryIsRefused() throws Exception {
        Path teacher = script("teacher.sh", "");
        Path source = dir.resolve("mixed");
        Files.createDirectories(source);
        Files.writeString(source.resolve("selfplay.tsv"), EVEN + "\t10\t0.5\n");

        CliRun.Result notShards = relabel(teacher, source, dir.resolve("out"));
        assertEquals(2, notShards.exitCode());
        assertTrue(notShards.err().contains("Bad option. " + source.resolve("selfplay.tsv") + " is not a 'teach' shard"),
                notShards.err());

        CliRun.Result notADirectory = relabel(teacher, source.resolve("selfplay.tsv"), dir.resolve("out"));
        assertEquals(2, notADirectory.exitCode());
        assertTrue(notADirectory.err().contains("is not a directory of 'teach' shards"), notADirectory.err());
    }

    private CliRun.Result relabel(Path teacher, Path source, Path out) {
        return LabRun.run("relabel", "--teacher", teacher.toString(), "--depth", "2", "--teacher-timeout", "5000",
                "--out", out.toString(), source.toString());
    }

    /** Write the shards as teach does, the first as shard 0 and the second, if any, as shard 3. */
    @SafeVarargs
    private Path shards(List<SelfPlay.Sample>... shards) throws IOException {
        Path source = dir.resolve("teach");
        ShardDirectory directory = new ShardDirectory(source);
        for (int i = 0; i < shards.length; i++) {
            directory.write(i * 3, "teach: a test", shards[i]);
        }
        return source;
    }

    private static SelfPlay.Sample sample(String sfen, double result) {
        return new SelfPlay.Sample(sfen, OLD_SCORE, result);
    }

    private static List<SelfPlay.Sample> read(Path file) throws IOException {
        List<SelfPlay.Sample> samples = new ArrayList<>();
        SampleFiles.read(file, samples);
        return samples;
    }

    private static String firstLine(Path gz) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            return new String(in.readAllBytes()).lines().findFirst().orElseThrow();
        }
    }

    private Path script(String name, String filter) throws IOException {
        return TeacherScripts.engineBehind(dir, name, "", filter);
    }
}
