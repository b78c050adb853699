package org.shogibridge.lab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogibridge.device.cli.CliRun;

/** The lab jar's commands meet bad input as the product's do: one line "Category. detail." and exit code 2. */
class LabCommandErrorsTest {
    @TempDir
    static Path dir;

    /** Cases: arguments ({@code DIR} is the temporary folder), then a fragment the error line must contain. */
    static Stream<Arguments> badInputs() throws IOException {
        Files.writeString(dir.resolve("empty.tsv"), "");
        Files.writeString(dir.resolve("bad-score.tsv"),
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\tx\t1\n");
        return Stream.of(
                Arguments.of("train DIR/missing.tsv --out DIR/w.txt", "File not found. DIR/missing.tsv"),
                Arguments.of("train DIR/empty.tsv --out DIR/w.txt", "No training data."),
                Arguments.of("train DIR/bad-score.tsv --out DIR/w.txt",
                        "Bad training data. DIR/bad-score.tsv:1: the score must be a whole number, not 'x'"),
                Arguments.of("selfplay --games 1 --nodes 10 --openings DIR/missing.txt --out DIR/o.tsv", "File not found. DIR/missing.txt"),
                Arguments.of("selfplay --games 1 --nodes 10 --out DIR/no/such/folder/o.tsv", "File not found. DIR/no/such/folder/o.tsv"),
                Arguments.of("selfplay --nodes -5 --out DIR/o.tsv", "Bad option. --games, --nodes"),
                Arguments.of("selfplay --threads 0 --out DIR/o.tsv", "--threads from 1 to 256"),
                Arguments.of("match --engine1 x --engine2 y --openings DIR/missing.txt", "File not found. DIR/missing.txt"),
                Arguments.of("match --engine1 x --engine2 y --byoyomi 9223372036854775807", "--byoyomi from 1 to 86400000"),
                Arguments.of("judge --engine x --judge y --positions DIR/missing.txt", "File not found. DIR/missing.txt"),
                Arguments.of("judge --engine x --judge y --positions DIR/p.txt --judge-nodes 0", "Bad option. --judge-nodes, --byoyomi and --cap"),
                Arguments.of("bench-daemon --moves 0", "Bad option. --moves must be from 1 to 100000, not 0."),
                Arguments.of("bench-board-link --link usb", "Bad option. --link must be pty or tcp, not usb."),
                Arguments.of("run --help", "Unknown command. 'run': 'java -jar shogi-bridge-lab.jar --help' lists the commands."));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInputGetsOneClearLineAndExitCode2(String arguments, String expected) {
        CliRun.Result run = LabRun.run(arguments.replace("DIR", dir.toString()).split(" "));
        CliRun.assertOneClearLine(run, expected.replace("DIR", dir.toString()));
    }

    @Test
    void helpOfEveryCommandIsAccepted() {
        for (String command : new String[] {"match", "judge", "selfplay", "teach", "train", "bench-daemon", "bench-board-link", "bench-scan"}) {
            CliRun.Result run = LabRun.run(command, "--help");
            assertEquals(0, run.exitCode(), command + ": " + run.err());
            assertTrue(run.out().get(0).startsWith("Usage: shogi-bridge-lab " + command), command + ": " + run.out());
        }
    }
}
