package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.device.cli.CliRun;
import org.shogibridge.lab.learning.SelfPlay;
import org.shogibridge.core.rules.Position;
import org.shogibridge.lab.teach.SampleFiles;

/**
 * {@code teach} with this build's engine as the teacher, behind a wrapper that makes it crash or hang once:
 * the run goes on with a restarted teacher, shards are whole and resumable, and {@code train} reads them.
 */
class TeachCommandTest {
    @TempDir
    Path dir;

    @Test
    void aTeacherThatCrashesOnceIsRestartedAndTheGameGoesOn() throws Exception {
        Path teacher = misbehaving("exit 3");
        Path shards = dir.resolve("shards");
        CliRun.Result run = teach(teacher, shards, "1");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().get(0).matches(".*shards: 0 whole shards found; teacher .*, nodes 300"), run.out().get(0));
        assertTrue(run.lastLine().matches("shard 0: 2 games \\(0 abandoned\\), \\d+ samples of \\d+ positions; .*"),
                run.out().toString());
        assertTrue(Files.exists(dir.resolve("misbehaved")), "the teacher never failed");
        List<SelfPlay.Sample> samples = new ArrayList<>();
        SampleFiles.read(shards, samples);
        assertTrue(samples.size() >= 10, "samples: " + samples.size());
        for (SelfPlay.Sample s : samples) {
            Position p = Position.fromSfen(s.sfen());
            assertFalse(p.inCheck(), s.sfen());
        }
        String firstLine = new String(new java.util.zip.GZIPInputStream(
                Files.newInputStream(shards.resolve("shard-000000.tsv.gz"))).readAllBytes()).lines().findFirst().get();
        assertTrue(firstLine.startsWith("# teach: teacher "), firstLine);
    }

    @Test
    void aTeacherThatHangsIsTimedOutRestartedAndAStoppedRunResumes() throws Exception {
        Path teacher = misbehaving("sleep 600");
        Path shards = dir.resolve("shards");
        Files.createDirectories(shards);
        Files.writeString(shards.resolve("shard-000001.tsv.gz.part"), "cut off by a power cut");
        CliRun.Result first = teach(teacher, shards, "1");
        assertEquals(0, first.exitCode(), first.err());
        assertTrue(Files.exists(dir.resolve("misbehaved")), "the teacher never hung");
        assertTrue(first.lastLine().startsWith("shard 0: 2 games (0 abandoned)"), first.out().toString());
        assertFalse(Files.exists(shards.resolve("shard-000001.tsv.gz.part")), "a stale part file was kept");

        CliRun.Result second = teach(teacher, shards, "1");
        assertEquals(0, second.exitCode(), second.err());
        assertTrue(second.out().get(0).contains("1 whole shards found"), second.out().get(0));
        assertTrue(second.lastLine().startsWith("shard 1: 2 games"), second.out().toString());
        assertEquals(List.of(shards.resolve("shard-000000.tsv.gz"), shards.resolve("shard-000001.tsv.gz")),
                SampleFiles.sampleFilesIn(shards));
    }

    @Test
    void aTeacherThatTakesOnlyAClockIsAskedWithAByoyomi() throws Exception {
        // Like gpsusi, which dies on "go nodes" and "go depth": this wrapper exits on any go without a byoyomi.
        Path teacher = engineBehind("clock-only.sh", "",
                "  case \"$line\" in go*byoyomi*) ;; go*) exit 4 ;; esac");
        Path shards = dir.resolve("shards");
        CliRun.Result run = LabRun.run("teach", "--teacher", teacher.toString(), "--byoyomi", "100",
                "--games-per-shard", "2", "--max-plies", "30", "--opening-plies", "2",
                "--shards", "1", "--openings", "../docs/openings/standard.txt", "--out", shards.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().get(0).endsWith(", btime 0 wtime 0 byoyomi 100"), run.out().get(0));
        assertTrue(run.lastLine().startsWith("shard 0: 2 games (0 abandoned)"), run.out().toString());
        List<SelfPlay.Sample> samples = new ArrayList<>();
        SampleFiles.read(shards, samples);
        assertTrue(samples.size() >= 10, "samples: " + samples.size());

        CliRun.Result both = LabRun.run("teach", "--teacher", teacher.toString(), "--byoyomi", "100", "--depth", "3",
                "--openings", "../docs/openings/standard.txt", "--out", shards.toString());
        assertTrue(both.exitCode() != 0 && both.err().contains("--depth and --byoyomi not both"), both.err());
    }

    @Test
    void samplesRoundTripThroughTheirFileFormat() throws IOException {
        List<SelfPlay.Sample> samples = List.of(
                new SelfPlay.Sample("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", -35, 0.5),
                new SelfPlay.Sample("rbsgk/4p/5/P4/KGSBR w - 2", 812, 1.0),
                new SelfPlay.Sample("rbsgk/4p/5/P4/KGSBR b - 1", -1200, 0.0));
        StringWriter text = new StringWriter();
        SampleFiles.write(text, "two lines\nof comment", samples);
        Path file = dir.resolve("samples.tsv");
        Files.writeString(file, text.toString());
        List<SelfPlay.Sample> read = new ArrayList<>();
        SampleFiles.read(file, read);
        assertEquals(samples, read);
    }

    /** This build's engine behind a script that does {@code action} on the third "go", the first time only. */
    private Path misbehaving(String action) throws IOException {
        Path marker = dir.resolve("misbehaved");
        return engineBehind("teacher.sh", "n=0", String.join("\n",
                "  case \"$line\" in go*) n=$((n+1))",
                "    if [ $n -eq 3 ] && [ ! -e '" + marker + "' ]; then touch '" + marker + "'; " + action + "; fi ;;",
                "  esac"));
    }

    private Path engineBehind(String name, String setUp, String filter) throws IOException {
        return TeacherScripts.engineBehind(dir, name, setUp, filter);
    }

    private static CliRun.Result teach(Path teacher, Path shards, String count) {
        return LabRun.run("teach", "--teacher", teacher.toString(), "--nodes", "300", "--teacher-timeout",
                "1500", "--games-per-shard", "2", "--max-plies", "40", "--opening-plies", "2", "--shards", count,
                "--openings", "../docs/openings/standard.txt", "--out", shards.toString());
    }
}
