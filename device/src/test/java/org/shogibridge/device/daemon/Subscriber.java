package org.shogibridge.device.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/** A test's MQTT client: records every message under a prefix, publishes commands, waits for messages. */
final class Subscriber implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A message as received; {@code receivedMillis} is this machine's clock when it arrived. */
    record Message(String topic, JsonNode json, String text, long receivedMillis) {
    }

    private MqttClient client;
    private final String prefix;
    private final List<Message> messages = new ArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger connectionsLost = new java.util.concurrent.atomic.AtomicInteger();

    Subscriber(String brokerUrl, String prefix) throws Exception {
        this(brokerUrl, prefix, null, null);
    }

    /** Connect with a username and password (both null: anonymous). */
    Subscriber(String brokerUrl, String prefix, String username, String password) throws Exception {
        this(brokerUrl, prefix, username, password, null);
    }

    /**
     * Connect with credentials and, for an {@code ssl://} broker, a socket factory that trusts its certificate.
     * Moquette 0.17 can drop a connection whose SUBSCRIBE overtakes its own CONNACK on a loaded machine (see
     * FreshSubscription, which the product uses; this client reconnects by itself, so a new one is made instead).
     */
    Subscriber(String brokerUrl, String prefix, String username, String password, javax.net.SocketFactory tls) throws Exception {
        this.prefix = prefix;
        for (int attempt = 1; ; attempt++) {
            MqttClient made = connected(brokerUrl, username, password, tls);
            try {
                client = made;
                subscribe();
                return;
            } catch (MqttException e) {
                made.disconnectForcibly(100, 100);
                made.close();
                if (attempt == 5 || e.getReasonCode() != MqttException.REASON_CODE_CONNECTION_LOST) {
                    throw e;
                }
                System.err.println("Test subscriber: " + e + "; connecting again."); // a new connection: no race left to wait out
            }
        }
    }

    private MqttClient connected(String brokerUrl, String username, String password, javax.net.SocketFactory tls)
            throws MqttException {
        MqttClient made = new MqttClient(brokerUrl, "test-" + UUID.randomUUID().toString().substring(0, 8), new MemoryPersistence());
        // Paho can wait for ever on a publish whose connection the broker closes meanwhile (a refused publish does that);
        // a broker under LoadIT's flood acknowledged a player's move after more than 10 s once: a generous deadline
        made.setTimeToWait(60_000);
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setAutomaticReconnect(true);
        // Paho doubles its wait up to 128 s: after a broker outage of 30 s the next try could come a minute after it
        options.setMaxReconnectDelay(2_000);
        options.setMaxInflight(1000);
        if (username != null) {
            options.setUserName(username);
            options.setPassword(password.toCharArray());
        }
        if (tls != null) {
            options.setSocketFactory(tls);
        }
        made.setCallback(new org.eclipse.paho.client.mqttv3.MqttCallbackExtended() {
            @Override
            public void connectComplete(boolean reconnect, String serverURI) {
                if (reconnect) {
                    new Thread(() -> {
                        // On a busy machine the subscription can time out; connected without it, nothing would
                        // arrive again (no next reconnection comes to try): try until it holds or the link drops.
                        // Each try waits for the broker's answer (up to the client's 10 s).
                        for (int attempt = 0; attempt < 6 && made.isConnected(); attempt++) {
                            try {
                                subscribe();
                                return;
                            } catch (Exception e) {
                                System.err.println("Test subscriber: subscribing again after " + e);
                            }
                        }
                    }).start();
                }
            }

            @Override
            public void connectionLost(Throwable cause) {
                connectionsLost.incrementAndGet();
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
            }

            @Override
            public void deliveryComplete(org.eclipse.paho.client.mqttv3.IMqttDeliveryToken token) {
            }
        });
        made.connect(options);
        return made;
    }

    /** Subscribe to everything under the prefix (again after a broker restart, which forgets subscriptions). */
    private void subscribe() throws Exception {
        client.subscribe(prefix + "/#", 1, (topic, message) -> {
            String text = new String(message.getPayload(), StandardCharsets.UTF_8);
            JsonNode json;
            try {
                json = JSON.readTree(text);
            } catch (Exception e) {
                json = null;
            }
            synchronized (messages) {
                messages.add(new Message(topic.substring(prefix.length() + 1), json, text, System.currentTimeMillis()));
                messages.notifyAll();
            }
        });
    }

    /**
     * Connect to the broker of a daemon being started and wait until it listens. The daemon subscribes to commands
     * before it publishes status and state, so either proves it listens (Moquette may miss a retained message to a
     * subscription made while it is being published: wait for both).
     */
    static Subscriber toListeningDaemon(String brokerUrl, String prefix, String username, String password, Duration wait)
            throws Exception {
        Subscriber subscriber = new Subscriber(brokerUrl, prefix, username, password);
        subscriber.awaitAny(List.of("status", "state"), wait);
        return subscriber;
    }

    /** Close what a test opened, in order, skipping what it never made. */
    static void closeAll(AutoCloseable... resources) throws Exception {
        for (AutoCloseable r : resources) {
            if (r != null) {
                r.close();
            }
        }
    }

    /**
     * Publish a command. After a broker outage this client reconnects by itself (an attempt every 2 s at most, each
     * slow on a busy machine): a command waits for that, as a person's page does, rather than fail "not connected"
     * (BoardAgainstBoardIT beside two CPU-bound loops: the host's arbiter was still between attempts after the 12 s
     * outage when the next move was sent). A command whose connection is lost before the broker has it is sent again
     * once reconnected, as a page's client sends what the broker did not acknowledge (a broker restarted after one of
     * its threads failed: a CI run, 2026-12-06).
     */
    void command(String verb, String json) throws Exception {
        MqttMessage message = new MqttMessage(json.getBytes(StandardCharsets.UTF_8));
        org.shogibridge.device.Await.until("the test client connected again", java.time.Duration.ofSeconds(60), client::isConnected);
        try {
            client.publish(prefix + "/cmd/" + verb, message);
        } catch (MqttException e) {
            if (e.getReasonCode() != MqttException.REASON_CODE_CONNECTION_LOST
                    && e.getReasonCode() != MqttException.REASON_CODE_CLIENT_TIMEOUT) {
                throw e;
            }
            org.shogibridge.device.Await.until("the test client connected again", java.time.Duration.ofSeconds(60),
                    client::isConnected);
            client.publish(prefix + "/cmd/" + verb, new MqttMessage(json.getBytes(StandardCharsets.UTF_8)));
        }
    }

    /** Publish a command at QoS 0, as a flood does (no limit on publishes in flight). */
    void flood(String verb, String json) throws Exception {
        MqttMessage message = new MqttMessage(json.getBytes(StandardCharsets.UTF_8));
        message.setQos(0);
        try {
            client.publish(prefix + "/cmd/" + verb, message);
        } catch (MqttException e) {
            // a publish the broker refused: it closed the connection (which comes back); a flood goes on regardless
        }
    }

    /**
     * Publish a retained message on a topic under the prefix, as a client spoofing the board's own would (QoS 0:
     * Moquette does not acknowledge a QoS 1 publish it refuses).
     */
    void publishRetained(String topic, String json) throws Exception {
        MqttMessage message = new MqttMessage(json.getBytes(StandardCharsets.UTF_8));
        message.setRetained(true);
        message.setQos(0);
        client.publish(prefix + "/" + topic, message);
    }

    void raw(String verb, byte[] payload) throws Exception {
        client.publish(prefix + "/cmd/" + verb, new MqttMessage(payload));
    }

    /** Forget the messages on a topic whose {@code id} is this one (before a command is sent again under it). */
    void forget(String topic, String id) {
        synchronized (messages) {
            messages.removeIf(m -> m.topic().equals(topic) && m.json() != null && m.json().path("id").asText().equals(id));
        }
    }

    /** Wait for a message on a topic (relative to the prefix) that matches, and return it. */
    Message await(String topic, Predicate<JsonNode> test, Duration timeout) throws InterruptedException {
        return awaitAfter(topic, 0, test, timeout);
    }

    /** Return how many messages arrived on a topic so far: for {@link #awaitAfter}. */
    int count(String topic) {
        synchronized (messages) {
            return (int) messages.stream().filter(m -> m.topic().equals(topic)).count();
        }
    }

    /** Wait for a message on a topic that matches, among those after its first {@code skip} (the ones seen already). */
    Message awaitAfter(String topic, int skip, Predicate<JsonNode> test, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (messages) {
            while (true) {
                int index = 0;
                for (Message m : messages) {
                    if (m.topic().equals(topic) && index++ >= skip && m.json() != null && test.test(m.json())) {
                        return m;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("No message on " + topic + " in " + timeout.toSeconds() + " s; " + lastOf(topic));
                }
                messages.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    /** What arrived last, to say why a wait failed: the newest messages on {@code topic}, then the newest topics. */
    private String lastOf(String topic) {
        List<Message> on = messages.stream().filter(m -> m.topic().equals(topic)).toList();
        StringBuilder text = new StringBuilder("the last on it: ");
        for (Message m : on.subList(Math.max(0, on.size() - 2), on.size())) {
            String json = String.valueOf(m.json());
            text.append(json, 0, Math.min(json.length(), 1_200)).append("; ");
        }
        List<String> topics = messages.stream().map(Message::topic).toList();
        return text.append(messages.size()).append(" messages, the last: ")
                .append(topics.subList(Math.max(0, topics.size() - 30), topics.size())).toString();
    }

    /** Wait for any message on one of the topics. */
    void awaitAny(List<String> topics, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (messages) {
            while (messages.stream().noneMatch(m -> topics.contains(m.topic()))) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("No message on " + topics + " in " + timeout.toSeconds() + " s.");
                }
                messages.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    /** Every topic (relative to the prefix) a message arrived on, once each. */
    List<String> topics() {
        synchronized (messages) {
            return messages.stream().map(Message::topic).distinct().toList();
        }
    }

    /** How many times the broker (or the network) closed this client's connection. */
    int connectionsLost() {
        return connectionsLost.get();
    }

    List<Message> on(String topic) {
        synchronized (messages) {
            return messages.stream().filter(m -> m.topic().equals(topic)).toList();
        }
    }

    @Override
    public void close() throws Exception {
        if (client.isConnected()) {
            client.disconnect();
        }
        // Once the broker is gone, automatic reconnect may be mid-attempt, and Paho refuses to close then, even
        // forced ("Connect already in progress", seen in a fresh-clone run): cut the attempt (or a connection it
        // made again) and close.
        for (int attempt = 1; ; attempt++) {
            try {
                client.close(true);
                return;
            } catch (MqttException e) {
                boolean reconnecting = e.getReasonCode() == MqttException.REASON_CODE_CONNECT_IN_PROGRESS
                        || e.getReasonCode() == MqttException.REASON_CODE_CLIENT_CONNECTED;
                if (!reconnecting || attempt == 50) {
                    throw e;
                }
                client.disconnectForcibly(0, 100); // waits up to 100 ms for the attempt to stop
            }
        }
    }
}
