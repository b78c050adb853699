package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.SocketFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.mqtt.MqttLink;

/**
 * Issue 43, finding 4: roles on the embedded broker. Only the daemon writes its board's topics; an arbiter commands;
 * a viewer, and a client without an account on a network address, only watch. Real clients on the real broker.
 */
class DaemonBrokerAccessTest {
    private static final Duration WAIT = LocalDaemon.WAIT;
    private static final String PREFIX = LocalDaemon.PREFIX;
    private static final Map<String, Object> HUMAN = Map.of("type", "human");

    @TempDir
    Path data;

    @Test
    void noOneButTheDaemonWritesTheBoardsTopicsAndAnonymousOnLoopbackCommands() throws Exception {
        try (LocalDaemon daemon = new LocalDaemon(data, HUMAN, HUMAN, Map.of())) {
            daemon.mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"7g7f\",\"id\":\"p\"}");
            assertTrue(daemon.mqtt.await("cmd/sim/result", j -> j.path("id").asText().equals("p"), WAIT).json().get("ok").asBoolean(),
                    "on loopback with no account, a client without one may command");
            long seq = daemon.mqtt.await("state", j -> j.get("moves").size() == 1, WAIT).json().get("seq").asLong();
            // A spoofer's retained state far ahead, an offline status, a made-up answer and move; each refused
            // publish closes the spoofer's connection, so each comes from a new one:
            spoof(url(daemon), "state", "{\"seq\":1000000000,\"moves\":[]}");
            spoof(url(daemon), "status", "{\"status\":\"offline\"}");
            spoof(url(daemon), "moves", "{\"seq\":1000000000,\"ply\":1,\"usi\":\"1g1f\"}");
            spoof(url(daemon), "cmd/sim/result", "{\"ok\":true,\"id\":\"forged\"}"); // each refused before spoof returns
            try (Subscriber late = Subscriber.toListeningDaemon(url(daemon), PREFIX, null, null, WAIT)) {
                late.await("status", j -> true, WAIT);
                // The retained messages of a subscription come before anything published after it: the daemon's next
                // move, once it reaches the late subscriber, says every retained message has arrived.
                daemon.mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"3c3d\",\"id\":\"barrier\"}");
                late.await("state", j -> j.get("moves").size() == 2, WAIT);
                assertEquals(List.of("online"), late.on("status").stream().map(m -> m.json().get("status").asText()).toList());
                assertTrue(late.on("state").stream().filter(m -> m.json().get("moves").size() < 2)
                        .allMatch(m -> m.json().get("seq").asLong() == seq), late.on("state").toString());
                assertTrue(late.on("moves").stream().noneMatch(m -> m.json().get("usi").asText().equals("1g1f")));
            }
            assertTrue(daemon.mqtt.on("cmd/sim/result").stream().noneMatch(m -> m.json().path("id").asText().equals("forged")));
        }
    }

    @Test
    void anArbiterCommandsAViewerOnlyWatchesAndStrangersAreRefused() throws Exception {
        Map<String, Object> accounts = new HashMap<>(Map.of("broker.username", "arbiter", "broker.password", "arbiter-secret",
                "broker.viewer-username", "viewer", "broker.viewer-password", "viewer-secret", "broker.anonymous", "viewer"));
        try (LocalDaemonWithAccounts daemon = new LocalDaemonWithAccounts(data, accounts);
                Subscriber viewer = new Subscriber(daemon.url, PREFIX, "viewer", "viewer-secret");
                Subscriber anonymous = new Subscriber(daemon.url, PREFIX, null, null);
                Subscriber arbiter = new Subscriber(daemon.url, PREFIX, "arbiter", "arbiter-secret")) {
            viewer.await("state", j -> true, WAIT); // viewers read
            anonymous.await("state", j -> true, WAIT);
            // QoS 0: Moquette never acknowledges a QoS 1 publish it refuses, and the sender would wait for ever
            viewer.flood("sim", "{\"action\":\"play\",\"usi\":\"7g7f\",\"id\":\"viewer\"}");
            anonymous.flood("sim", "{\"action\":\"play\",\"usi\":\"7g7f\",\"id\":\"anonymous\"}");
            arbiter.command("sim", "{\"action\":\"play\",\"usi\":\"2g2f\",\"id\":\"arbiter\"}");
            assertTrue(arbiter.await("cmd/sim/result", j -> j.path("id").asText().equals("arbiter"), WAIT).json().get("ok").asBoolean());
            JsonNode state = arbiter.await("state", j -> j.get("moves").size() == 1, WAIT).json();
            assertEquals("2g2f", state.get("moves").get(0).asText(), "the arbiter's move, not a viewer's");
            // Answers leave the daemon in the order it took the commands: one more of the arbiter's, answered, comes
            // after any answer to the viewers' that had reached it.
            arbiter.command("promote", "{\"promote\":true,\"id\":\"barrier\"}");
            arbiter.await("cmd/promote/result", j -> j.path("id").asText().equals("barrier"), WAIT);
            assertEquals(List.of("arbiter"), arbiter.on("cmd/sim/result").stream().map(m -> m.json().path("id").asText()).toList(),
                    "only the arbiter's command was carried out and answered");
            MqttException wrong = assertThrows(MqttException.class, () -> new Subscriber(daemon.url, PREFIX, "arbiter", "guess").close());
            assertEquals(MqttException.REASON_CODE_FAILED_AUTHENTICATION, wrong.getReasonCode(), wrong.toString());
        }
    }

    @Test
    void onANetworkAddressWithNoAccountEveryoneMayWatchAndNoOneCommands() throws Exception {
        try (LocalDaemonWithAccounts daemon = new LocalDaemonWithAccounts(data, Map.of("broker.host", "0.0.0.0"));
                Subscriber anonymous = new Subscriber(daemon.url, PREFIX, null, null)) {
            anonymous.await("state", j -> true, WAIT);
            anonymous.flood("sim", "{\"action\":\"play\",\"usi\":\"7g7f\",\"id\":\"a\"}");
            // The broker judges a publish before it routes it and closes a refused sender's connection: the close says
            // the command was refused at the broker (one let through would leave it open, and this wait would fail).
            Await.until("the broker closed the anonymous sender's connection", WAIT, () -> anonymous.connectionsLost() > 0);
            assertEquals(List.of(), anonymous.on("cmd/sim/result"));
            assertEquals(0, daemon.daemon.probe().moveCount());
        }
    }

    /** Publish a retained message as a client of its own, refused by the roles: the broker closes its connection. */
    private static void spoof(String url, String topic, String json) throws Exception {
        org.eclipse.paho.client.mqttv3.MqttClient spoofer = new org.eclipse.paho.client.mqttv3.MqttClient(url,
                "spoofer-" + System.nanoTime(), new org.eclipse.paho.client.mqttv3.persist.MemoryPersistence());
        spoofer.connect(); // with Paho's own wait: a busy broker answers a connection late
        spoofer.setTimeToWait(5_000); // Paho may wait for ever on a publish whose connection the broker closes meanwhile
        try {
            spoofer.publish(PREFIX + "/" + topic, json.getBytes(java.nio.charset.StandardCharsets.UTF_8), 0, true);
        } catch (MqttException e) {
            // closed by the broker before Paho saw the publish out: the answer this test waits for below
        }
        Await.until("a refused publish closes the connection", WAIT, () -> !spoofer.isConnected());
        spoofer.close(true);
    }

    /**
     * Issue 84, finding 6: a QoS 1 publish the roles refuse was never acknowledged, and the client waited for ever.
     * MQTT 3.1.1 (3.3.5): acknowledge it or close the connection; the broker now closes it.
     */
    @Test
    void aRefusedQos1PublishClosesTheConnectionInsteadOfLeavingTheClientWaiting() throws Exception {
        Map<String, Object> accounts = new HashMap<>(Map.of("broker.username", "arbiter", "broker.password", "arbiter-secret",
                "broker.viewer-username", "viewer", "broker.viewer-password", "viewer-secret", "broker.anonymous", "viewer"));
        try (LocalDaemonWithAccounts daemon = new LocalDaemonWithAccounts(data, accounts)) {
            for (String account : new String[] {null, "viewer"}) {
                org.eclipse.paho.client.mqttv3.MqttClient client = new org.eclipse.paho.client.mqttv3.MqttClient(daemon.url,
                        "writer-" + account, new org.eclipse.paho.client.mqttv3.persist.MemoryPersistence());
                client.setTimeToWait(20_000); // the acknowledgement, or the end of the connection, well before this
                var options = new org.eclipse.paho.client.mqttv3.MqttConnectOptions();
                if (account != null) {
                    options.setUserName(account);
                    options.setPassword("viewer-secret".toCharArray());
                }
                client.connect(options);
                MqttException refused = assertThrows(MqttException.class, () -> client.publish(PREFIX + "/state",
                        "{\"seq\":1000000000}".getBytes(java.nio.charset.StandardCharsets.UTF_8), 1, true));
                assertEquals(MqttException.REASON_CODE_CONNECTION_LOST, refused.getReasonCode(),
                        "closed, not left waiting (" + account + "): " + refused);
                client.close(true);
            }
            assertEquals(0, daemon.daemon.probe().moveCount());
        }
    }

    /**
     * Issue 84, finding 5: a viewer that connected with the daemon's client id took its session over (9 "Broker
     * connection lost" in 15 s). Now only the board's own account may use that id; others are refused at CONNECT, and
     * a client without an account cannot know the daemon's id.
     */
    @Test
    void noOneElseMayTakeTheDaemonsClientId() throws Exception {
        Map<String, Object> accounts = new HashMap<>(Map.of("broker.username", "arbiter", "broker.password", "arbiter-secret",
                "broker.viewer-username", "viewer", "broker.viewer-password", "viewer-secret", "broker.anonymous", "viewer"));
        try (LocalDaemonWithAccounts daemon = new LocalDaemonWithAccounts(data, accounts);
                Subscriber arbiter = new Subscriber(daemon.url, PREFIX, "arbiter", "arbiter-secret")) {
            arbiter.await("status", j -> j.get("status").asText().equals("online"), WAIT);
            String daemonsId = "shogi-bridge-test-b1";
            for (String[] account : new String[][] {{"viewer", "viewer-secret"}, {"arbiter", "arbiter-secret"}}) {
                org.eclipse.paho.client.mqttv3.MqttClient thief = new org.eclipse.paho.client.mqttv3.MqttClient(daemon.url, daemonsId,
                        new org.eclipse.paho.client.mqttv3.persist.MemoryPersistence());
                var options = new org.eclipse.paho.client.mqttv3.MqttConnectOptions();
                options.setUserName(account[0]);
                options.setPassword(account[1].toCharArray());
                MqttException refused = assertThrows(MqttException.class, () -> thief.connect(options), account[0]);
                assertEquals(MqttException.REASON_CODE_FAILED_AUTHENTICATION, refused.getReasonCode(), refused.toString());
                thief.close(true);
            }
            // Without an account, the name is only a name: the daemon's own id has a part no one else knows.
            org.eclipse.paho.client.mqttv3.MqttClient anonymous = new org.eclipse.paho.client.mqttv3.MqttClient(daemon.url, daemonsId,
                    new org.eclipse.paho.client.mqttv3.persist.MemoryPersistence());
            anonymous.connect();
            anonymous.disconnect();
            anonymous.close(true);
            arbiter.command("sim", "{\"action\":\"play\",\"usi\":\"7g7f\",\"id\":\"after\"}");
            assertTrue(arbiter.await("cmd/sim/result", j -> j.path("id").asText().equals("after"), WAIT).json().get("ok").asBoolean(),
                    "the daemon still answers");
            // A daemon pushed off the broker would have had its offline will published then, before it could answer.
            assertEquals(List.of("online"), arbiter.on("status").stream().map(m -> m.json().get("status").asText()).distinct().toList(),
                    "the daemon never went offline");
        }
    }

    /** TLS on the embedded broker, from a key pair the user made with openssl: MQTT and WebSocket, with accounts. */
    @Test
    void theEmbeddedBrokerSpeaksTlsOnMqttAndWebSocketWithTheUsersKeyPair() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/openssl")), "openssl is not installed; skipped.");
        Path keys = Files.createDirectories(data.resolve("keys"));
        TestCertificates.make(keys);
        Path keystore = TestCertificates.keystore(keys, "store-secret");
        int tlsPort = Ports.free();
        int wssPort = Ports.free();
        Map<String, Object> broker = Map.of("broker.username", "arbiter", "broker.password", "arbiter-secret",
                "broker.tls-port", tlsPort, "broker.wss-port", wssPort, "broker.tls-keystore", keystore.toString(),
                "broker.tls-password", "store-secret");
        SocketFactory tls = MqttLink.sslContext(keys.resolve("ca.pem")).getSocketFactory();
        try (LocalDaemonWithAccounts daemon = new LocalDaemonWithAccounts(data, broker);
                Subscriber overTls = new Subscriber("ssl://127.0.0.1:" + tlsPort, PREFIX, "arbiter", "arbiter-secret", tls);
                Subscriber overWss = new Subscriber("wss://127.0.0.1:" + wssPort + "/mqtt", PREFIX, "arbiter", "arbiter-secret", tls)) {
            overWss.await("state", j -> true, WAIT);
            overTls.command("sim", "{\"action\":\"play\",\"usi\":\"7g7f\",\"id\":\"tls\"}");
            assertTrue(overTls.await("cmd/sim/result", j -> j.path("id").asText().equals("tls"), WAIT).json().get("ok").asBoolean());
            assertEquals("7g7f", overWss.await("moves", j -> j.get("ply").asInt() == 1, WAIT).json().get("usi").asText(),
                    "a command over MQTT/TLS, its move seen over WebSocket/TLS");
            MqttException plain = assertThrows(MqttException.class,
                    () -> new Subscriber("ssl://127.0.0.1:" + tlsPort, PREFIX, "arbiter", "arbiter-secret", null).close());
            assertTrue(plain.getCause() instanceof javax.net.ssl.SSLException, "a client that does not trust the CA: " + plain);
        }
    }

    /**
     * A command left retained on a broker (by mistake or on purpose) is not carried out when the daemon connects: on
     * a real Mosquitto, which keeps it and hands it to every new subscriber.
     */
    @Test
    void aRetainedCommandIsNotCarriedOutAtConnection() throws Exception {
        try (Mosquitto mosquitto = new Mosquitto(Files.createDirectories(data.resolve("mosquitto")))) {
            try (Subscriber early = new Subscriber(mosquitto.url(), "shogi/v1/test/b1", null, null)) {
                early.publishRetained("cmd/resign", "{\"side\":\"black\"}");
                early.publishRetained("cmd/sim", "{\"action\":\"play\",\"usi\":\"7g7f\"}");
            }
            var settings = new ConfigLoader().load(null, Map.of("data-dir", data.resolve("data").toString(), "event", "test",
                    "board-id", "b1", "broker.url", mosquitto.url(), "http.port", Ports.free(),
                    "players.sente", HUMAN, "players.gote", HUMAN));
            try (Daemon daemon = new Daemon(settings); Subscriber mqtt = new Subscriber(mosquitto.url(), PREFIX, null, null)) {
                daemon.start();
                mqtt.await("status", j -> j.get("status").asText().equals("online"), WAIT);
                // The retained commands reached the daemon when it subscribed, before "online"; a command sent now is
                // taken after them, and its answer follows theirs.
                mqtt.command("promote", "{\"promote\":true,\"id\":\"barrier\"}");
                mqtt.await("cmd/promote/result", j -> j.path("id").asText().equals("barrier"), WAIT);
                JsonNode state = mqtt.await("state", j -> true, WAIT).json();
                assertTrue(state.get("result").isNull(), "no one resigned: " + state);
                assertEquals(0, daemon.probe().moveCount(), "no move was played");
                assertEquals(List.of(), mqtt.on("cmd/resign/result"));
            }
        }
    }

    private static String url(LocalDaemon daemon) {
        return daemon.daemon.brokerUrl();
    }

    /** A daemon on the simulated board with broker settings of its own, and no subscriber of the test's. */
    private static final class LocalDaemonWithAccounts implements AutoCloseable {
        final Daemon daemon;
        final String url;

        LocalDaemonWithAccounts(Path data, Map<String, Object> broker) throws Exception {
            int mqttPort = Ports.free();
            Map<String, Object> overrides = new HashMap<>(Map.of("data-dir", data.toString(), "event", "test", "board-id", "b1",
                    "broker.mqtt-port", mqttPort, "broker.ws-port", Ports.free(), "http.port", Ports.free(),
                    "players.sente", HUMAN, "players.gote", HUMAN));
            overrides.putAll(broker);
            daemon = new Daemon(new ConfigLoader().load(null, overrides));
            daemon.start();
            url = "tcp://127.0.0.1:" + mqttPort;
        }

        @Override
        public void close() {
            daemon.close();
        }
    }
}
