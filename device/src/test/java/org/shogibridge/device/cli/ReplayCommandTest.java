package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay subcommand on a real 107-move game (Shift_JIS KIF from Kifu for Windows). */
class ReplayCommandTest {
    @TempDir
    Path dir;

    private Path resource(String name) throws IOException {
        return TestRecords.copy(dir, name);
    }

    @Test
    void noisyReplayWithGesturesReproducesTheGame() throws IOException {
        Path kif = resource("jt201409130101.kif");
        CliRun.Result converted = PerftCommandTest.run("convert", "--to", "usi", kif.toString());
        CliRun.Result run = PerftCommandTest.run("replay", "--noise", "0.05", "--seed", "7", kif.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(2, run.out().size());
        assertEquals(converted.out().get(0), run.out().get(0), "the inferred game is the recorded one");
        assertEquals("replayed 107/107 moves, 0 mismatches", run.out().get(1));
    }

    @Test
    void faceSensingAndVariantCheck() throws IOException {
        Path kif = resource("jt201409130101.kif");
        CliRun.Result run = PerftCommandTest.run("replay", "--face-sensing", "--variant", "standard", kif.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("replayed 107/107 moves, 0 mismatches", run.out().get(1));
        CliRun.Result wrong = PerftCommandTest.run("replay", "--variant", "okisaki", kif.toString());
        assertEquals(2, wrong.exitCode());
        assertTrue(wrong.err().contains("Wrong variant."), wrong.err());
    }

    @Test
    void badNoiseIsRefused() throws IOException {
        CliRun.Result run = PerftCommandTest.run("replay", "--noise", "2", resource("v22.csa").toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("--noise must be between 0 and 1"), run.err());
    }
}
