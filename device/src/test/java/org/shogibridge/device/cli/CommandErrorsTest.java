package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command meets missing, unreadable, unwritable, endless and malformed inputs with one line on standard
 * error in the form "Category. detail." that names the file, and exit code 2: never a Java stack trace, never
 * an exit 0 with part of the input ignored.
 */
class CommandErrorsTest {
    @TempDir
    static Path dir;

    /** Cases: arguments ({@code DIR} is the temporary folder), then a fragment the error line must contain. */
    static Stream<Arguments> badInputs() throws IOException {
        Files.writeString(dir.resolve("empty.tsv"), "");
        Files.writeString(dir.resolve("bad-score.tsv"),
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\tx\t1\n");
        Files.writeString(dir.resolve("bad-sfen.tsv"), "sfen\tmoves\nnot-a-position\t1\n");
        Files.write(dir.resolve("latin1.txt"), "position startpos moves 7g7f\n\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        Files.writeString(dir.resolve("game.usi"), "position startpos moves 7g7f 3c3d\n");
        Files.writeString(dir.resolve("bad-level.yaml"), "players:\n  gote:\n    level: 0\n");
        Files.createDirectories(dir.resolve("fw"));
        Files.writeString(dir.resolve("fw/not-an.elf"), "not an ELF file\n");

        return Stream.of(
                Arguments.of("bench DIR/missing.txt", "File not found. DIR/missing.txt does not exist"),
                Arguments.of("bench /dev/zero", "File too large. /dev/zero has more than"),
                Arguments.of("bench DIR/latin1.txt", "Bad encoding. DIR/latin1.txt line 2 is not UTF-8 text."),
                Arguments.of("mate --tsv DIR/missing.tsv", "File not found. DIR/missing.tsv"),
                Arguments.of("mate --tsv DIR/bad-sfen.tsv", "Invalid position. DIR/bad-sfen.tsv line 2:"),
                Arguments.of("convert DIR/game.usi DIR/no/such/folder/out.kif", "File not found. DIR/no/such/folder/out.kif"),
                Arguments.of("convert DIR/missing.kif", "File not found. DIR/missing.kif"),
                Arguments.of("convert /dev/zero", "File too large. /dev/zero"),
                Arguments.of("replay /dev/zero", "File too large. /dev/zero"),
                Arguments.of("replay --noise NaN DIR/game.usi", "Bad option. --noise must be between 0 and 1, not NaN"),
                Arguments.of("serve --help", "Unknown command. 'serve'"),
                Arguments.of("match --help", "Unknown command. 'match': 'java -jar shogi-bridge.jar --help' lists the commands."),
                Arguments.of("run --config DIR/missing.yaml", "File not found. DIR/missing.yaml"),
                Arguments.of("run --config DIR/bad-level.yaml --data-dir DIR/d", "Invalid configuration. DIR/bad-level.yaml:3: key 'players.gote.level' must be 1 to 10, not 0."),
                Arguments.of("run --mqtt-port 70000 --data-dir DIR/d", "Invalid configuration. option --mqtt-port: key 'broker.mqtt-port' must be 0 to 65535, not 70000."),
                Arguments.of("emulate-board --tcp 0 --firmware DIR/missing.elf", "Firmware not started. DIR/missing.elf does not exist"),
                Arguments.of("emulate-board --tcp 0 --firmware DIR/fw/not-an.elf", "Firmware not started. The simulator harness DIR/fw/shogi-board-sim is missing"),
                Arguments.of("emulate-board --tcp 0 --deltas --firmware DIR/fw/not-an.elf", "Bad option. --deltas is the Java firmware's"),
                Arguments.of("run --sente robot --data-dir DIR/d", "Invalid option. --sente must be human, engine[:LEVEL], usi:COMMAND or board:EVENT/BOARD, not 'robot'."));
    }

    @Test
    void aFileThatIsNoFirmwareIsSaidToBeNoneBySimavrItself() throws IOException {
        // The harness the firmware-interface tests built (in the reactor's order, before this module's tests).
        Path harness = Path.of("..", "firmware-interface", "target", "mega2560", "standard", "shogi-board-sim");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(harness),
                "Skipped: no simavr harness was built (gcc-avr, avr-libc, libsimavr-dev missing).");
        Path folder = Files.createDirectories(dir.resolve("fw-sim"));
        Files.copy(harness, folder.resolve("shogi-board-sim"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Path elf = Files.writeString(folder.resolve("not-an.elf"), "not an ELF file\n");
        CliRun.assertOneClearLine(PerftCommandTest.run("emulate-board", "--tcp", "0", "--firmware", elf.toString()),
                "Firmware not started. simavr could not run " + elf + ": Firmware not read. " + elf + " is not an AVR ELF file.");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInputGetsOneClearLineAndExitCode2(String arguments, String expected) {
        String[] args = arguments.replace("DIR", dir.toString()).split(" ");
        CliRun.Result run = PerftCommandTest.run(args);
        CliRun.assertOneClearLine(run, expected.replace("DIR", dir.toString()));
        assertFalse(Files.exists(dir.resolve("d")), "nothing started half-configured");
    }

    @Test
    void helpOfEveryCommandIsAccepted() {
        for (String command : new String[] {"usi", "convert", "replay", "mate", "bench", "perft", "run", "emulate-board"}) {
            CliRun.Result run = PerftCommandTest.run(command, "--help");
            assertEquals(0, run.exitCode(), command + ": " + run.err());
            assertTrue(run.out().get(0).startsWith("Usage: shogi-bridge " + command), command + ": " + run.out());
        }
    }

    @Test
    void unexpectedFailuresStillEndInOneLine() {
        String line = ShogiBridge.describe(new IllegalStateException("broken invariant"));
        assertEquals("Internal error. java.lang.IllegalStateException: broken invariant (set SHOGI_BRIDGE_DEBUG=1 for the "
                + "stack trace; please report it).", line);
    }
}
