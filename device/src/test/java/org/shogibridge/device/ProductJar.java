package org.shogibridge.device;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The product jar started as its own process, as a user starts it ({@code java -jar shogi-bridge.jar ...}), for the
 * integration tests that need a real process: killed, restarted, or beside another jar.
 *
 * <p>Every start gets {@link #TEST_JVM_OPTIONS}: a test's jar lives seconds to a minute, and the JVM's optimizing
 * compiler spent about a CPU-second of each start compiling code it never ran long enough to gain from; with some 90
 * starts, the integration tests ran CPU-bound on two cores (docs/testing.md). The product's behaviour does not depend
 * on which compiler ran it; the engine's strength and speed are checked by the benchmarks, with the JVM's defaults.
 */
public final class ProductJar {
    /** C1 only (no C2 compile threads), one GC thread: what a short-lived test process needs. */
    public static final List<String> TEST_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private ProductJar() {
    }

    /** The jar {@code mvn package} built, from the device module's folder (the integration tests' working folder). */
    public static Path path() {
        Path jar = Path.of("target", "shogi-bridge.jar").toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "run 'mvn package' first: " + jar);
        return jar;
    }

    /** The command line: this JVM's java, the test options, a heap of {@code maxHeap} (as "-Xmx256m"), the jar, args. */
    public static List<String> command(String maxHeap, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(TEST_JVM_OPTIONS);
        command.add(maxHeap);
        command.add("-jar");
        command.add(path().toString());
        command.addAll(List.of(args));
        return command;
    }
}
