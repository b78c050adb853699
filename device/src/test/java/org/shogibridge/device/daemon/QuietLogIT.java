package org.shogibridge.device.daemon;

import org.shogibridge.device.ProductJar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Pi's journal must be worth reading (issue 43, finding 8): the real jar, as systemd runs it, with the embedded
 * broker and the product's own logging, while viewers come and go. Every short-lived subscriber used to leave a
 * Moquette WARN ("SUBSCRIBE received on already closed connection").
 */
class QuietLogIT {
    @TempDir
    Path dir;

    private interface MqttAction {
        void run() throws org.eclipse.paho.client.mqttv3.MqttException;
    }

    /** Do something the broker may cut short by closing the connection (which is what it should do). */
    private static void quietly(MqttAction action) {
        try {
            action.run();
        } catch (org.eclipse.paho.client.mqttv3.MqttException e) {
            System.err.println("QuietLogIT: the broker closed a connection: " + e);
        }
    }

    @Test
    void viewersComingAndGoingSpoofersAndOversizedPublishesLeaveNoWarningInTheLog() throws Exception {
        Path log = dir.resolve("daemon.log");
        int mqttPort = Ports.free();
        // TLS listeners too (issue 84: Moquette's "No keystore" WARN at their start, and their ports not in the lines)
        Path certificates = java.nio.file.Files.createDirectories(dir.resolve("tls"));
        TestCertificates.make(certificates);
        Path keystore = TestCertificates.keystore(certificates, "secret");
        int tlsPort = Ports.free();
        int wssPort = Ports.free();
        Path config = dir.resolve("tls.yaml");
        Files.writeString(config, "broker:\n  tls-port: " + tlsPort + "\n  wss-port: " + wssPort + "\n  tls-keystore: " + keystore
                + "\n  tls-password: secret\n");
        Process daemon = new ProcessBuilder(ProductJar.command("-Xmx256m", "run", "--config", config.toString(), "--data-dir", dir.resolve("data").toString(),
                "--mqtt-port", Integer.toString(mqttPort),
                "--ws-port", Integer.toString(Ports.free()), "--http-port", Integer.toString(Ports.free())))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            Await.line(daemon, log, "Ready.", java.time.Duration.ofSeconds(60));
            for (int i = 0; i < 30; i++) { // a viewer that looks and leaves: subscribe, then close at once
                MqttClient viewer = new MqttClient("tcp://127.0.0.1:" + mqttPort, "viewer-" + i, new MemoryPersistence());
                MqttConnectOptions options = new MqttConnectOptions();
                options.setCleanSession(true);
                viewer.connect(options);
                // Moquette 0.17 may drop a connection whose SUBSCRIBE overtakes its CONNACK (see FreshSubscription):
                // the viewer is gone either way, and the log must stay quiet about it too
                quietly(() -> viewer.subscribe("shogi/v1/#", 1));
                if (i % 2 == 0) {
                    quietly(() -> viewer.disconnectForcibly(100, 100)); // a tab closed: no DISCONNECT (0 would wait for ever)
                } else {
                    quietly(viewer::disconnect);
                }
                viewer.close();
            }
            // A spoofer tries the board's own topics again and again (the broker closes its connection at each refused
            // publish, and it comes back), and a client sends 10 MB (the broker's limit is 256 KB): the roles refuse
            // the one (said once), the broker closes the other's connection, quietly.
            for (int attempt = 0; attempt < 3; attempt++) {
                MqttClient spoofer = new MqttClient("tcp://127.0.0.1:" + mqttPort, "spoofer", new MemoryPersistence());
                spoofer.connect(); // Paho's own wait: the broker answers a connection late on a busy machine
                spoofer.setTimeToWait(1_000); // Paho may wait for ever on a publish whose connection the broker closed
                quietly(() -> {
                    for (int i = 0; i < 10; i++) {
                        spoofer.publish("shogi/v1/local/board1/state", "{\"seq\":1000000000}".getBytes(StandardCharsets.UTF_8), 0, true);
                    }
                });
                Await.until("the broker closed the spoofer's connection", java.time.Duration.ofSeconds(60), () -> !spoofer.isConnected());
                quietly(() -> spoofer.disconnectForcibly(100, 100));
                spoofer.close(true);
            }
            for (int i = 0; i < 3; i++) {
                MqttClient big = new MqttClient("tcp://127.0.0.1:" + mqttPort, "big-" + i, new MemoryPersistence());
                big.connect();
                big.setTimeToWait(5_000); // the broker closes the connection mid-way: do not wait for the write for ever
                quietly(() -> big.publish("shogi/v1/local/board1/cmd/hint", new byte[10_000_000], 0, false));
                quietly(() -> big.disconnectForcibly(100, 100));
                big.close();
            }
            Thread.sleep(1_500);
        } finally {
            daemon.destroy(); // SIGTERM, as systemd stops it
            daemon.waitFor(30, TimeUnit.SECONDS);
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        List<String> noise = lines.stream().filter(l -> l.contains(" WARN ") || l.contains(" ERROR ")).toList();
        assertEquals(List.of(), noise, "every line:\n" + String.join("\n", lines));
        assertTrue(lines.contains("Broker over TLS: ssl://127.0.0.1:" + tlsPort + " (WebSocket wss://127.0.0.1:" + wssPort + "/mqtt)"),
                "the TLS listeners are named:\n" + String.join("\n", lines));
        assertEquals(1, lines.stream().filter(l -> l.contains("refused a publish on shogi/v1/local/board1/state from client spoofer")).count(),
                "a refused publish is said once per client:\n" + String.join("\n", lines));
    }
}
