package org.shogibridge.device.mqtt;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.shogibridge.device.Await;
import org.shogibridge.device.daemon.Ports;

class EmbeddedBrokerTest {
    /**
     * A client that published where it may not is closed once for each refused publish, and a burst of them asks
     * again after its connection went: Moquette then fails inside (a NullPointerException on a session whose
     * connection is gone, printed with its stack trace by the broker-closer thread, QuietLogIT's log).
     */
    @Test
    void aClientAskedToCloseAgainAfterItsConnectionWentIsLetBe() throws Exception {
        int port = Ports.free();
        BrokerRoles roles = new BrokerRoles("shogi/v1/t/b1", List.of(), BrokerRoles.Role.VIEWER);
        try (EmbeddedBroker broker = new EmbeddedBroker("127.0.0.1", port, Ports.free(), roles, null)) {
            MqttClient spoofer = new MqttClient("tcp://127.0.0.1:" + port, "spoofer", new MemoryPersistence());
            MqttConnectOptions keepSession = new MqttConnectOptions();
            keepSession.setCleanSession(false); // the broker keeps its session once its connection is gone
            keepSession.setAutomaticReconnect(false);
            spoofer.connect(keepSession);
            assertTrue(broker.closeClient("spoofer"), "a connected client is closed");
            Await.until("the spoofer's connection closed", Duration.ofSeconds(60), () -> !spoofer.isConnected());
            assertFalse(broker.closeClient("spoofer"), "asked again: it is gone already");
            spoofer.close();
        }
    }
}
