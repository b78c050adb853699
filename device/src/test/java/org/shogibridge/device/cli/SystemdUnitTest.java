package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The systemd unit shipped in hardware-docs/pi: systemd itself finds nothing wrong with it ({@code systemd-analyze
 * verify}, every warning counted as a failure), and the command it starts is one the jar accepts.
 */
class SystemdUnitTest {
    private static final Path UNIT = Path.of("..", "hardware-docs", "pi", "shogi-bridge.service");

    @Test
    void systemdFindsNothingWrongWithTheUnit(@TempDir Path dir) throws Exception {
        boolean hasSystemd = new ProcessBuilder("sh", "-c", "command -v systemd-analyze").start().waitFor() == 0;
        Assumptions.assumeTrue(hasSystemd, "Skipped: systemd-analyze is not installed (apt install systemd).");
        Path copy = dir.resolve("shogi-bridge.service");
        String unit = Files.readString(UNIT);
        if (!Files.isExecutable(Path.of("/usr/bin/java"))) {
            // systemd checks that the program exists; on a Pi, Debian's Java is /usr/bin/java, here it may be elsewhere
            unit = unit.replace("/usr/bin/java ", ProcessHandle.current().info().command().orElseThrow() + " ");
        }
        Files.writeString(copy, unit);
        Process p = new ProcessBuilder("systemd-analyze", "verify", copy.toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.exitValue(), said);
        assertEquals("", said, "systemd-analyze verify warns");
    }

    @Test
    void theUnitStartsRunWithOptionsTheJarAccepts(@TempDir Path dir) throws Exception {
        String exec = Files.readAllLines(UNIT).stream().filter(l -> l.startsWith("ExecStart=")).findFirst().orElseThrow();
        List<String> words = Arrays.asList(exec.substring("ExecStart=".length()).split(" "));
        int jar = words.indexOf("-jar");
        assertTrue(jar > 0 && words.get(jar + 1).endsWith("shogi-bridge.jar"), exec);
        List<String> args = new ArrayList<>(words.subList(jar + 2, words.size()));
        assertEquals("run", args.get(0));
        // Point the paths at a scratch folder: the configuration is missing, so run stops at once with that error,
        // which it reaches only after accepting every option.
        args.set(args.indexOf("--config") + 1, dir.resolve("config.yaml").toString());
        args.set(args.indexOf("--data-dir") + 1, dir.resolve("data").toString());
        CliRun.Result run = PerftCommandTest.run(args.toArray(String[]::new));
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("File not found. " + dir.resolve("config.yaml")), run.err());
    }
}
