package org.shogibridge.firmware.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The reference firmware in C (firmware-interface/c), compiled by the tests with the machine's gcc as the C99 a
 * microcontroller's compiler accepts, warnings as errors, and run as {@code sbtool} (c/host/sbtool.c).
 */
final class CFirmware {
    static final Path SOURCE = Path.of("c");
    static final Path BUILD = Path.of("target", "c");
    static final List<String> STRICT = List.of("-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-Wshadow",
            "-Wstrict-prototypes", "-Wmissing-prototypes", "-Wcast-qual");
    private static Path plain;
    private static Path sanitized;

    private CFirmware() {
    }

    /** Return sbtool, built with optimisation as a board would build the core. */
    static synchronized Path tool() throws Exception {
        if (plain == null) {
            plain = compile("sbtool", List.of("-O2"));
        }
        return plain;
    }

    /** Return sbtool built with AddressSanitizer and UndefinedBehaviorSanitizer: any stray read or overflow aborts it. */
    static synchronized Path sanitizedTool() throws Exception {
        if (sanitized == null) {
            sanitized = compile("sbtool-sanitized", List.of("-O1", "-g", "-fsanitize=address,undefined",
                    "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"));
        }
        return sanitized;
    }

    /** Return the C sources of the core (c/src) and of the host tool. */
    static List<String> sources(boolean withHost) throws IOException {
        List<String> files = new ArrayList<>();
        try (Stream<Path> src = Files.list(SOURCE.resolve("src"))) {
            src.filter(p -> p.toString().endsWith(".c")).sorted().forEach(p -> files.add(p.toString()));
        }
        if (withHost) {
            files.add(SOURCE.resolve("host").resolve("sbtool.c").toString());
        }
        return files;
    }

    private static Path compile(String name, List<String> flags) throws Exception {
        Files.createDirectories(BUILD);
        Path out = BUILD.resolve(name);
        List<String> command = new ArrayList<>(List.of("gcc"));
        command.addAll(STRICT);
        command.addAll(flags);
        command.add("-I" + SOURCE.resolve("src"));
        command.addAll(sources(true));
        command.addAll(List.of("-o", out.toString()));
        Result result = run(command, (byte[]) null, 120);
        assertEquals(0, result.exit(), "gcc " + String.join(" ", flags) + " failed:\n" + result.stderr());
        return out;
    }

    record Result(int exit, String stdout, String stderr) {
        List<String> lines() {
            return stdout.isEmpty() ? List.of() : List.of(stdout.split("\n"));
        }
    }

    /** Run a command, feeding it {@code input} (or nothing), and return what it printed. */
    static Result run(List<String> command, byte[] input, int timeoutSeconds) throws Exception {
        return run(command, input == null ? null : out -> out.write(input), timeoutSeconds);
    }

    interface Feeder {
        void feed(OutputStream out) throws IOException;
    }

    /** Run a command whose input is written by {@code feeder} while its output is read (a corpus too large to hold). */
    static Result run(List<String> command, Feeder feeder, int timeoutSeconds) throws Exception {
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            fail("Cannot run " + command.get(0) + ". The reference firmware's tests need gcc (apt install gcc): " + e.getMessage());
            return null;
        }
        CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
        try (OutputStream in = process.getOutputStream()) {
            if (feeder != null) {
                feeder.feed(in);
            }
        } catch (IOException e) {
            // the tool stopped reading (it failed): its exit status and stderr tell why
        }
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail(command.get(0) + " did not finish within " + timeoutSeconds + " s");
        }
        return new Result(process.exitValue(), stdout.get(), stderr.get());
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return "";
        }
    }
}
