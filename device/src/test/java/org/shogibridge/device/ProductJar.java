package org.shogibridge.device;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.shogibridge.device.daemon.Ports;

/**
 * The product jar started as its own process, as a user starts it ({@code java -jar shogi-bridge.jar ...}), for the
 * integration tests that need a real process: killed, restarted, or beside another jar.
 *
 * <p>Every start gets {@link #jvmOptions()}: C1 only, one GC thread and a class-data archive of the jar. A test's jar
 * lives seconds to a minute, and some 90 start in one run: with the JVM's defaults each start spent 1.9 CPU-seconds
 * before the daemon was ready, and the integration tests ran CPU-bound on two cores (docs/testing.md); with these,
 * 0.8. The product's behaviour does not depend on the compiler or on where its classes were loaded from; the engine's
 * speed is the benchmarks', with the JVM's defaults.
 */
public final class ProductJar {
    /** C1 only (no C2 compile threads), one GC thread: what a short-lived test process needs. */
    private static final List<String> COMPILER_AND_GC = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    private static final Duration WARM_UP = Duration.ofSeconds(120);

    private static List<String> jvmOptions;

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
        command.addAll(jvmOptions());
        command.add(maxHeap);
        command.add("-jar");
        command.add(path().toString());
        command.addAll(List.of(args));
        return command;
    }

    /**
     * The JVM options of every start; the first call makes the class-data archive (a daemon started and stopped once,
     * a few seconds). The archive is made anew in each test run: one made from an older jar would not load, and the
     * JVM would say so in the very logs some tests read. If it cannot be made, the jars start without it.
     */
    public static synchronized List<String> jvmOptions() {
        if (jvmOptions == null) {
            List<String> options = new ArrayList<>(COMPILER_AND_GC);
            Path archive = Path.of("target", "shogi-bridge-tests.jsa").toAbsolutePath();
            if (makeArchive(archive)) {
                options.add("-XX:SharedArchiveFile=" + archive);
            }
            jvmOptions = List.copyOf(options);
        }
        return jvmOptions;
    }

    /** Start the daemon on a simulated board with {@code -XX:ArchiveClassesAtExit}, wait until it is ready, stop it. */
    private static boolean makeArchive(Path archive) {
        try {
            Files.deleteIfExists(archive);
            Path dir = Files.createTempDirectory("class-archive");
            Path log = dir.resolve("daemon.log");
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(COMPILER_AND_GC);
            command.addAll(List.of("-XX:ArchiveClassesAtExit=" + archive, "-Xmx128m", "-jar", path().toString(), "run",
                    "--simulate", "--sente", "human", "--gote", "human", "--data-dir", dir.resolve("data").toString(),
                    "--mqtt-port", Integer.toString(Ports.free()), "--ws-port", Integer.toString(Ports.free()),
                    "--http-port", Integer.toString(Ports.free())));
            Process daemon = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                Await.line(daemon, log, "Ready.", WARM_UP);
            } finally {
                daemon.destroy(); // SIGTERM: the daemon stops cleanly and the JVM writes the archive as it exits
                if (!daemon.waitFor(WARM_UP.toSeconds(), TimeUnit.SECONDS)) {
                    daemon.destroyForcibly();
                }
            }
            return Files.size(archive) > 0;
        } catch (IOException | InterruptedException | AssertionError e) {
            System.err.println("No class-data archive for the test jars (" + e + "); they start without one.");
            return false;
        }
    }
}
