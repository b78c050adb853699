package org.shogibridge.device.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;

/**
 * A scripted broker on loopback plays Moquette 0.17's start-up race on purpose: it accepts the CONNECT, then drops
 * the connection when the SUBSCRIBE comes, for a given number of connections, and answers the later ones.
 */
class FreshSubscriptionTest {

    @Test
    void aConnectionDroppedAtTheSubscribeIsMadeAgainUntilTheSubscriptionHolds() throws Exception {
        try (RacingBroker broker = new RacingBroker(2, 0x00)) {
            MqttClient client = client(broker);
            FreshSubscription.connectAndSubscribe(client, new MqttConnectOptions(), "t/#", 1, (t, m) -> { });
            assertTrue(client.isConnected());
            assertEquals(3, broker.connections.get(), "two dropped connections, then the one that holds");
            client.disconnectForcibly(100, 100);
            client.close();
        }
    }

    @Test
    void aBrokerThatKeepsDroppingIsReportedAfterTheLastAttempt() throws Exception {
        try (RacingBroker broker = new RacingBroker(Integer.MAX_VALUE, 0x00)) {
            MqttClient client = client(broker);
            MqttException e = assertThrows(MqttException.class,
                    () -> FreshSubscription.connectAndSubscribe(client, new MqttConnectOptions(), "t/#", 1, (t, m) -> { }));
            assertEquals(MqttException.REASON_CODE_CONNECTION_LOST, e.getReasonCode());
            assertEquals(FreshSubscription.ATTEMPTS, broker.connections.get());
            client.close();
        }
    }

    @Test
    void aRefusedSubscriptionIsNotRetried() throws Exception {
        try (RacingBroker broker = new RacingBroker(0, 0x80)) {
            MqttClient client = client(broker);
            assertThrows(MqttException.class,
                    () -> FreshSubscription.connectAndSubscribe(client, new MqttConnectOptions(), "t/#", 1, (t, m) -> { }));
            assertEquals(1, broker.connections.get());
            client.disconnectForcibly(100, 100);
            client.close();
        }
    }

    @Test
    void automaticReconnectionIsRefusedBecauseItWouldRaceTheRetries() throws Exception {
        MqttConnectOptions options = new MqttConnectOptions();
        options.setAutomaticReconnect(true);
        MqttClient client = new MqttClient("tcp://127.0.0.1:1", "x", new MemoryPersistence());
        assertThrows(IllegalArgumentException.class,
                () -> FreshSubscription.connectAndSubscribe(client, options, "t/#", 1, (t, m) -> { }));
        client.close();
    }

    private static MqttClient client(RacingBroker broker) throws MqttException {
        return new MqttClient("tcp://127.0.0.1:" + broker.server.getLocalPort(), "fresh-test", new MemoryPersistence());
    }

    /** Just enough MQTT 3.1.1: CONNACK to CONNECT, then a drop or a SUBACK with the given return code. */
    private static final class RacingBroker implements AutoCloseable {
        final ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        final AtomicInteger connections = new AtomicInteger();
        private final Thread acceptor;

        RacingBroker(int drops, int subAckCode) throws IOException {
            acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket socket = server.accept();
                        boolean drop = connections.incrementAndGet() <= drops;
                        new Thread(() -> serve(socket, drop, subAckCode)).start();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            acceptor.start();
        }

        private static void serve(Socket socket, boolean drop, int subAckCode) {
            try (socket) {
                DataInputStream in = new DataInputStream(socket.getInputStream());
                OutputStream out = socket.getOutputStream();
                while (true) {
                    int type = in.readUnsignedByte() >> 4;
                    byte[] body = new byte[remainingLength(in)];
                    in.readFully(body);
                    if (type == 1) {
                        out.write(new byte[] {0x20, 0x02, 0x00, 0x00});
                    } else if (type == 8) {
                        if (drop) {
                            return;
                        }
                        out.write(new byte[] {(byte) 0x90, 0x03, body[0], body[1], (byte) subAckCode});
                    } else if (type == 12) {
                        out.write(new byte[] {(byte) 0xd0, 0x00});
                    } else if (type == 14) {
                        return;
                    }
                    out.flush();
                }
            } catch (IOException e) {
                // the client went away
            }
        }

        private static int remainingLength(DataInputStream in) throws IOException {
            int value = 0;
            for (int shift = 0; ; shift += 7) {
                int b = in.readUnsignedByte();
                value |= (b & 0x7f) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
        }

        @Override
        public void close() throws Exception {
            server.close();
            acceptor.join(2000);
        }
    }
}
