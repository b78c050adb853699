package org.shogibridge.device.mqtt;

import org.eclipse.paho.client.mqttv3.IMqttMessageListener;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;

/**
 * Connect a client and subscribe at once, on any broker including the embedded one. Moquette 0.17 counts a connection
 * as connected only when the write of its CONNACK has completed, so a SUBSCRIBE that follows the CONNACK at once can
 * arrive first on a busy machine: the broker logs "SUBSCRIBE received on already closed connection" and drops the
 * connection, and the client sees "Connection lost" (EOF). A connection dropped that way is made again, a few times.
 */
public final class FreshSubscription {
    /** Attempts before the failure is the caller's; each one is a new connection. */
    static final int ATTEMPTS = 5;

    private FreshSubscription() {
    }

    /**
     * Connect {@code client} (which must not reconnect by itself) with {@code options} and subscribe {@code listener}
     * to {@code topicFilter}. Any failure other than a dropped connection, or the last dropped one, is thrown.
     */
    public static void connectAndSubscribe(MqttClient client, MqttConnectOptions options, String topicFilter, int qos,
            IMqttMessageListener listener) throws MqttException, InterruptedException {
        if (options.isAutomaticReconnect()) {
            throw new IllegalArgumentException("connectAndSubscribe reconnects by itself; turn automatic reconnection off.");
        }
        for (int attempt = 1; ; attempt++) {
            try {
                if (!client.isConnected()) {
                    client.connect(options);
                }
                client.subscribe(topicFilter, qos, listener);
                return;
            } catch (MqttException e) {
                if (attempt == ATTEMPTS || e.getReasonCode() != MqttException.REASON_CODE_CONNECTION_LOST) {
                    throw e;
                }
                Thread.sleep(50L * attempt);
            }
        }
    }
}
