package org.shogibridge.device.daemon;

import org.shogibridge.device.Await;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Mosquitto broker for a test, on a free loopback port with its own configuration file; it can be stopped and
 * started again on the same port (a broker outage). CI installs Debian's mosquitto; without it the test is skipped
 * with a message.
 */
final class Mosquitto implements AutoCloseable {
    private static final Path BINARY = Path.of("/usr/sbin/mosquitto");
    private final int port;
    private final Path config;
    private Process process;

    Mosquitto(Path directory) throws IOException {
        this(directory, Ports.free(), null);
    }

    /** A broker with its own configuration text ({@code null}: anonymous on {@code port}), ready on {@code port}. */
    Mosquitto(Path directory, int port, String configuration) throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(BINARY), "Mosquitto is not installed (apt-get install mosquitto); skipped.");
        this.port = port;
        config = directory.resolve("mosquitto.conf");
        Files.writeString(config, configuration != null ? configuration
                : "listener " + port + " 127.0.0.1\nallow_anonymous true\npersistence false\n");
        start();
    }

    int port() {
        return port;
    }

    String url() {
        return "tcp://127.0.0.1:" + port;
    }

    void start() throws IOException {
        process = new ProcessBuilder(BINARY.toString(), "-c", config.toString()).redirectErrorStream(true)
                .redirectOutput(config.resolveSibling("mosquitto.log").toFile()).start();
        try {
            Await.listening(process, port, Duration.ofSeconds(30));
            return;
        } catch (AssertionError | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
        throw new IOException("Mosquitto did not start on port " + port + ": " + Files.readString(config.resolveSibling("mosquitto.log")));
    }

    void stop() throws InterruptedException {
        if (process != null) {
            process.destroy();
            process.waitFor();
            process = null;
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
