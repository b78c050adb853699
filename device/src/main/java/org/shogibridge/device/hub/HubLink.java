package org.shogibridge.device.hub;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import org.eclipse.paho.client.mqttv3.IMqttMessageListener;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.shogibridge.device.config.BrokerUrl;
import org.shogibridge.device.mqtt.FreshSubscription;
import org.shogibridge.device.mqtt.MqttLink;
import org.shogibridge.device.mqtt.NoDelaySockets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the hub's broker connections (Eclipse Paho): the club broker it hears the boards on, and the broker it
 * publishes the public feed to (the same one unless {@code --public-broker} names another). Connected again by the
 * hub's thread, with back-off, whenever it drops; a connection is {@link #generation() counted}, so the public feed
 * knows to publish its retained messages again.
 */
final class HubLink implements PublicFeed.Outlet, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HubLink.class);
    private static final int MAX_BACKOFF_MILLIS = 30_000;
    private static final long UNACKNOWLEDGED_MILLIS = 10_000;

    private final String shownUrl;
    private final MqttClient client;
    private final MqttConnectOptions options = new MqttConnectOptions();
    private final String[] subscriptions;
    private final IMqttMessageListener listener;
    private long nextAttempt;
    private int backoff = 500;
    private int generation;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private boolean unacknowledgedLogged;

    private record Pending(String topic, MqttDeliveryToken token, long sentMillis) {
    }

    /**
     * @param url          the broker, perhaps with an account in it ({@code tcp://user:pw@host:1883})
     * @param subscriptions the topic filters to hear, none to publish only
     */
    HubLink(String url, String clientId, Path caFile, IMqttMessageListener listener, String... subscriptions) throws Exception {
        this.shownUrl = BrokerUrl.redacted(url);
        this.subscriptions = subscriptions;
        this.listener = listener;
        client = new MqttClient(BrokerUrl.withoutAccount(url), clientId, new MemoryPersistence());
        client.setTimeToWait(5_000);
        options.setCleanSession(true);
        options.setConnectionTimeout(5);
        options.setKeepAliveInterval(10);
        options.setMaxInflight(1000);
        String[] account = BrokerUrl.account(url);
        if (account != null) {
            options.setUserName(account[0]);
            options.setPassword(account[1] == null ? new char[0] : account[1].toCharArray());
        }
        if (caFile != null) {
            options.setSocketFactory(MqttLink.sslContext(caFile).getSocketFactory());
        } else if (url.startsWith("tcp://")) {
            options.setSocketFactory(NoDelaySockets.INSTANCE);
        }
    }

    /** Connect (and subscribe) if the connection is down and it is time to try again; never throws. */
    void keepConnected(long nowMillis) {
        if (client.isConnected() || nowMillis < nextAttempt) {
            return;
        }
        try {
            if (subscriptions.length > 0) {
                FreshSubscription.connectAndSubscribe(client, options, subscriptions[0], 1, listener);
                for (int i = 1; i < subscriptions.length; i++) {
                    client.subscribe(subscriptions[i], 1, listener);
                }
            } else {
                client.connect(options);
            }
            generation++;
            backoff = 500;
            log.info("{} broker {}.", generation == 1 ? "Connected to" : "Reconnected to", shownUrl);
        } catch (MqttException e) {
            if (backoff == 500) {
                log.warn("Broker {} unreachable ({}); retrying with back-off.", shownUrl, e.getMessage());
            }
            nextAttempt = nowMillis + backoff;
            backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
            try {
                if (client.isConnected()) {
                    client.disconnectForcibly(100, 100);
                }
            } catch (MqttException ignored) {
                // the next attempt starts afresh
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean connected() {
        return client.isConnected();
    }

    /** How many times the link has connected: a new number means retained messages must be published again. */
    @Override
    public int generation() {
        return generation;
    }

    /**
     * Publish without waiting for the broker's acknowledgement (the hub's thread serves every board); false if the
     * message could not be sent (the caller sends it again later). A broker that never acknowledges (it refuses the
     * account on that topic) is reported once by {@link #checkDelivered}.
     */
    @Override
    public boolean publish(String topic, String payload, int qos, boolean retained) {
        if (!client.isConnected()) {
            return false;
        }
        try {
            MqttMessage message = new MqttMessage(payload.getBytes(StandardCharsets.UTF_8));
            message.setQos(qos);
            message.setRetained(retained);
            MqttDeliveryToken token = client.getTopic(topic).publish(message);
            if (qos > 0) {
                pending.add(new Pending(topic, token, System.currentTimeMillis()));
            }
            return true;
        } catch (MqttException e) {
            if (e.getReasonCode() != MqttException.REASON_CODE_MAX_INFLIGHT) {
                log.warn("Publishing to {} failed: {}", topic, e.getMessage());
            }
            return false;
        }
    }

    /** Forget acknowledged messages; say once if the broker leaves messages unacknowledged for long. */
    void checkDelivered(long nowMillis) {
        while (!pending.isEmpty()) {
            Pending oldest = pending.peek();
            if (oldest.token().isComplete()) {
                pending.poll();
            } else if (nowMillis - oldest.sentMillis() > UNACKNOWLEDGED_MILLIS) {
                if (!unacknowledgedLogged) {
                    unacknowledgedLogged = true;
                    log.warn("Broker {} has not acknowledged {} for {} s: may this account publish there? (docs/broadcast.md)",
                            shownUrl, oldest.topic(), UNACKNOWLEDGED_MILLIS / 1000);
                }
                pending.poll();
            } else {
                return;
            }
        }
    }

    @Override
    public void close() {
        try {
            if (client.isConnected()) {
                client.disconnect(2_000);
            }
        } catch (MqttException e) {
            log.debug("close", e);
        } finally {
            try {
                client.close(true);
            } catch (MqttException e) {
                log.debug("close", e);
            }
        }
    }
}
