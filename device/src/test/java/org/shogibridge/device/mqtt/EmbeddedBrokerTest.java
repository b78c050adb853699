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

    /**
     * A thread of Moquette's that meets an exception ends for good, and the clients it served hang (a CI run: the
     * daemon stopped hearing its commands). Here a message whose payload was released already kills the thread of the
     * client it is sent to, as Moquette's own double release does: the broker restarts and the client, reconnected,
     * hears what is published next.
     */
    @Test
    void aBrokerWhoseSessionThreadDiedRestartsAndItsClientsHearAgain() throws Exception {
        int port = Ports.free();
        BrokerRoles roles = new BrokerRoles("shogi/v1/t/b1", List.of(), BrokerRoles.Role.BOARD);
        try (EmbeddedBroker broker = new EmbeddedBroker("127.0.0.1", port, Ports.free(), roles, null)) {
            java.util.concurrent.BlockingQueue<String> heard = new java.util.concurrent.LinkedBlockingQueue<>();
            MqttClient listener = new MqttClient("tcp://127.0.0.1:" + port, "listener", new MemoryPersistence());
            MqttConnectOptions reconnect = new MqttConnectOptions();
            reconnect.setAutomaticReconnect(true);
            reconnect.setMaxReconnectDelay(500);
            listener.setCallback(new org.eclipse.paho.client.mqttv3.MqttCallbackExtended() {
                @Override
                public void connectComplete(boolean again, String uri) {
                    try {
                        listener.subscribe("shogi/v1/t/b1/state", 1);
                    } catch (org.eclipse.paho.client.mqttv3.MqttException e) {
                        throw new IllegalStateException(e);
                    }
                }

                @Override
                public void connectionLost(Throwable cause) {
                }

                @Override
                public void messageArrived(String topic, org.eclipse.paho.client.mqttv3.MqttMessage message) {
                    heard.add(new String(message.getPayload(), java.nio.charset.StandardCharsets.UTF_8));
                }

                @Override
                public void deliveryComplete(org.eclipse.paho.client.mqttv3.IMqttDeliveryToken token) {
                }
            });
            listener.connect(reconnect);
            Await.until("subscribed", Duration.ofSeconds(60), () -> {
                publish(broker, "before", false);
                return "before".equals(heard.poll());
            });

            publish(broker, "broken", true);
            Await.until("the broker restarted", Duration.ofSeconds(60), () -> broker.restarts() == 1);
            Await.until("heard after the restart", Duration.ofSeconds(60), () -> {
                publish(broker, "after", false);
                return heard.contains("after");
            });
            assertFalse(heard.contains("broken"));
            listener.disconnect();
            listener.close();
        }
    }

    /**
     * Publish on the broker from inside. A broken message's payload fails as Moquette's double release makes it fail,
     * where Moquette takes it up for a client, on that client's session thread ({@code retain()}); the count Moquette
     * takes for all its clients at once ({@code retain(n)}, on the caller's thread) works.
     */
    private static void publish(EmbeddedBroker broker, String text, boolean broken) {
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        io.netty.buffer.ByteBuf payload = broken ? new ReleasedTooOften(bytes) : io.netty.buffer.Unpooled.wrappedBuffer(bytes);
        var message = new io.netty.handler.codec.mqtt.MqttPublishMessage(new io.netty.handler.codec.mqtt.MqttFixedHeader(
                io.netty.handler.codec.mqtt.MqttMessageType.PUBLISH, false,
                io.netty.handler.codec.mqtt.MqttQoS.AT_LEAST_ONCE, false, 0),
                new io.netty.handler.codec.mqtt.MqttPublishVariableHeader("shogi/v1/t/b1/state", 0), payload);
        broker.server().internalPublish(message, "test");
    }

    private static final class ReleasedTooOften extends io.netty.buffer.UnpooledHeapByteBuf {
        ReleasedTooOften(byte[] bytes) {
            super(io.netty.buffer.UnpooledByteBufAllocator.DEFAULT, bytes.length, bytes.length);
            writeBytes(bytes);
        }

        @Override
        public io.netty.buffer.ByteBuf retain() {
            throw new io.netty.util.IllegalReferenceCountException(0, 1);
        }
    }
}
