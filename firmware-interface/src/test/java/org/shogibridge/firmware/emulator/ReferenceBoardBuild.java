package org.shogibridge.firmware.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The reference board's firmware (firmware-interface/mega2560), built by its own Makefile as a builder builds it, into
 * target/ (one folder per variant of the build), with the simavr harness beside it. CI installs gcc-avr, avr-libc,
 * simavr and libsimavr-dev (.ci/run); without them the tests that need a build say they were skipped.
 */
final class ReferenceBoardBuild {
    private static final Map<String, Path> BUILT = new HashMap<>();

    private ReferenceBoardBuild() {
    }

    /** Return the built .elf of a variant ("standard", or e.g. "presence" with FACE_SENSING=0), building it once. */
    static synchronized Path elf(String name, String... makeVariables) throws Exception {
        Path elf = BUILT.get(name);
        if (elf != null) {
            return elf;
        }
        Assumptions.assumeTrue(sh("command -v avr-gcc && command -v make && test -f /usr/include/simavr/sim_avr.h").exit == 0,
                "Skipped: the reference firmware needs gcc-avr, avr-libc and libsimavr-dev (apt install gcc-avr avr-libc "
                        + "simavr libsimavr-dev).");
        Path build = Path.of("target", "mega2560", name).toAbsolutePath();
        List<String> command = new ArrayList<>(List.of("make", "-C", "mega2560", "BUILD=" + build));
        command.addAll(List.of(makeVariables));
        command.addAll(List.of("all", "sim"));
        Result made = run(command);
        assertEquals(0, made.exit, "make failed:\n" + made.output);
        elf = build.resolve("shogi-board-mega2560.elf");
        BUILT.put(name, elf);
        return elf;
    }

    record Result(int exit, String output) {
    }

    static Result sh(String script) throws Exception {
        return run(List.of("sh", "-c", script));
    }

    static Result run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, output + "\n(timed out)");
        }
        return new Result(p.exitValue(), output);
    }
}
