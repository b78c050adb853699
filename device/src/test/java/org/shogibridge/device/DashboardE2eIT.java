package org.shogibridge.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's browser tests (web-dashboard/e2e: the packaged jar, real brokers and the system Chromium), run
 * from the machine's npm as one integration test, so that they take their turn beside the other {@code *IT} classes
 * in failsafe's JVMs instead of before them all (they mostly wait on real-time games, as the others do). Their
 * own report, test by test, is {@code target/e2e-reports/TEST-dashboard-e2e.xml}; their output is this test's. The
 * jars they start get the JVM options of every test jar ({@link ProductJar#jvmOptions()}).
 */
class DashboardE2eIT {
    private static final long LIMIT_MINUTES = 15;

    @Test
    void everyBrowserTestOfTheDashboardPasses() throws Exception {
        Path jar = ProductJar.path();
        Path dashboard = Path.of("..", "web-dashboard").toAbsolutePath().normalize();
        Path report = Path.of("target", "e2e-reports", "TEST-dashboard-e2e.xml").toAbsolutePath();
        Files.createDirectories(report.getParent());
        ProcessBuilder npm = new ProcessBuilder(List.of("npm", "run", "--silent", "e2e", "--", "--reporter=dot",
                "--reporter=junit", "--outputFile.junit=" + report))
                .directory(dashboard.toFile()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.INHERIT);
        npm.environment().put("SHOGI_BRIDGE_JAR", jar.toString());
        npm.environment().put("SHOGI_BRIDGE_JVM_OPTIONS", String.join(" ", ProductJar.jvmOptions()));
        Process process = npm.start();
        if (!process.waitFor(LIMIT_MINUTES, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("The browser tests ran longer than " + LIMIT_MINUTES + " minutes and were stopped.");
        }
        assertEquals(0, process.exitValue(), "The browser tests failed: see their output above and " + report + ".");
    }
}
