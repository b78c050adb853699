package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.net.SocketFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.mqtt.MqttLink;

/**
 * The club set-up of docs/mqtt.md, as written there: a Mosquitto with TLS, passwords and the ACL file, read from the
 * document itself (ports, certificates and paths replaced by the test's own). A board publishes over TLS with the
 * CA file of its configuration, a viewer reads everything, an arbiter commands, and a viewer's command does nothing.
 */
class ClubBrokerTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String EVENT = "club-2026-11";
    private static final String PREFIX = "shogi/v1/" + EVENT + "/table3";

    @TempDir
    Path dir;

    @Test
    void theDocumentedClubBrokerCarriesABoardOverTlsAndKeepsViewersReadOnly() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/openssl")), "openssl is not installed; skipped.");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mosquitto_passwd")), "mosquitto_passwd is not installed; skipped.");
        String doc = Files.readString(Path.of("..", "docs", "mqtt.md"));
        String club = doc.substring(doc.indexOf("## A club on a shared Mosquitto"));
        List<String> blocks = TestCertificates.codeBlocks(club);
        int tlsPort = Ports.free();
        String etc = dir.toString().replace('\\', '/');
        String configuration = blocks.get(0).replace("/etc/mosquitto", etc)
                .replace("listener 8883", "listener " + tlsPort + " 127.0.0.1")
                .replace("listener 8884", "listener " + Ports.free() + " 127.0.0.1") + "persistence false\n";
        Files.writeString(dir.resolve("acl"), blocks.get(1));
        TestCertificates.make(dir);
        TestCertificates.run(dir, "/usr/bin/mosquitto_passwd", "-b", "-c", etc + "/passwd", "table3", "board-secret");
        TestCertificates.run(dir, "/usr/bin/mosquitto_passwd", "-b", etc + "/passwd", "viewer", "viewer-secret");
        TestCertificates.run(dir, "/usr/bin/mosquitto_passwd", "-b", etc + "/passwd", "arbiter", "arbiter-secret");
        TestCertificates.readableByTheBroker(dir); // Mosquitto started as root reads these after it drops to its own user
        String url = "ssl://127.0.0.1:" + tlsPort;
        SocketFactory tls = MqttLink.sslContext(dir.resolve("ca.pem")).getSocketFactory();

        try (Mosquitto mosquitto = new Mosquitto(dir, tlsPort, configuration)) {
            // The board's account written into broker.url, as mosquitto_sub takes it: used, and never printed.
            var settings = new ConfigLoader().load(null, Map.of("data-dir", dir.resolve("data").toString(), "event", EVENT,
                    "board-id", "table3", "http.port", Ports.free(), "broker.url", "ssl://table3:board-secret@127.0.0.1:" + tlsPort,
                    "broker.ca-file", etc + "/ca.pem",
                    "players.sente", Map.of("type", "human"), "players.gote", Map.of("type", "human")));
            ListAppender<ILoggingEvent> logged = new ListAppender<>(); // every line of ours, INFO and DEBUG too, kept here
            Logger ours = org.shogibridge.device.Logs.logback("org.shogibridge");
            ch.qos.logback.classic.Level level = ours.getLevel();
            logged.start();
            ours.addAppender(logged);
            ours.setLevel(ch.qos.logback.classic.Level.DEBUG);
            try (Daemon daemon = new Daemon(settings);
                    Subscriber viewer = new Subscriber(url, PREFIX, "viewer", "viewer-secret", tls);
                    Subscriber arbiter = new Subscriber(url, PREFIX, "arbiter", "arbiter-secret", tls)) {
                daemon.start();
                viewer.await("status", j -> j.get("status").asText().equals("online"), WAIT);

                viewer.command("sim", "{\"action\":\"play\",\"usi\":\"7g7f\"}"); // dropped by the ACL
                arbiter.command("sim", "{\"action\":\"play\",\"usi\":\"2g2f\"}");
                assertEquals("2g2f", viewer.await("moves", j -> j.get("ply").asInt() == 1, WAIT).json().get("usi").asText(),
                        "the arbiter's command was played, not the viewer's");
                arbiter.command("sim", "{\"action\":\"play\",\"usi\":\"8c8d\"}");
                viewer.await("state", j -> j.get("moves").size() == 2, WAIT);
                assertEquals(2, daemon.probe().moveCount());
                // A command is answered once the hands are done with it, after its move is published.
                viewer.await("cmd/sim/result", j -> viewer.on("cmd/sim/result").size() >= 2, WAIT);
                // One more of the arbiter's, answered: any answer to the viewer's would have come before it.
                arbiter.command("promote", "{\"promote\":true,\"id\":\"barrier\"}");
                viewer.await("cmd/promote/result", j -> j.path("id").asText().equals("barrier"), WAIT);
                assertTrue(viewer.on("cmd/sim/result").stream().allMatch(m -> m.json().get("ok").asBoolean()),
                        "only the arbiter's commands were answered: " + viewer.on("cmd/sim/result"));
                assertEquals(2, viewer.on("cmd/sim/result").size());
            } finally {
                ours.detachAppender(logged);
                ours.setLevel(level);
            }
            assertTrue(logged.list.stream().noneMatch(e -> e.getFormattedMessage().contains("board-secret")), "no password in the log");
            assertTrue(logged.list.stream().anyMatch(e -> e.getFormattedMessage().startsWith("Connected to broker " + url)),
                    "the broker is named, without its account");
        }
    }
}
