package org.shogibridge.device.mqtt;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayDeque;
import java.util.Iterator;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's connection to the broker (Eclipse Paho), used from one thread. Messages wait in order in an outbox
 * until the broker has them: while the broker is down the game goes on, and on reconnection (with back-off) the
 * daemon re-subscribes, republishes {@code status}, sends the waiting {@code moves} in order and then the latest
 * {@code state} (older states are replaced: {@code state} is retained and complete). A subscriber that keys on
 * {@code seq} sees no gap it cannot fill from {@code state} and no duplicate.
 */
public final class MqttLink implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(MqttLink.class);
    private static final int MAX_BACKOFF_MILLIS = 30_000;
    private static final int MAX_IN_FLIGHT = 500;
    private static final long WAIT_MILLIS = 5_000;
    /** Commands whose payload is larger are refused unread. */
    public static final int MAX_COMMAND_BYTES = 4096;

    /** Receives a command published on {@code <prefix>/cmd/<verb>}, on Paho's thread. */
    public interface CommandListener {
        void command(String verb, byte[] payload);
    }

    /**
     * Receives a message on a followed topic (another board's, for board against board), retained ones too, on
     * Paho's thread.
     */
    public interface Follower {
        void message(String topic, byte[] payload);
    }

    private record Outgoing(String topic, String payload, int qos, boolean retained, boolean isState) {
    }

    private record InFlight(Outgoing message, IMqttDeliveryToken token) {
    }

    private final String url;
    private final String prefix;
    private final MqttConnectOptions options;
    private final MqttAsyncClient client;
    private final CommandListener commands;
    private final boolean acceptCommands;
    private final ArrayDeque<Outgoing> outbox = new ArrayDeque<>();
    /** Other boards' topics followed, subscribed at each connection. */
    private final java.util.Map<String, Follower> followed = new java.util.concurrent.ConcurrentHashMap<>();
    private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
    private long nextAttempt;
    private int backoff = 500;
    private boolean wasConnected;
    private volatile boolean lost;
    /** connect() is setting the connection up: a loss meanwhile is its to report. */
    private volatile boolean connecting;
    /** Why the board cannot go on (the journal or games directory cannot be written), or null: part of "online". */
    private String problem;
    private boolean halted;
    private Runnable connectedListener = () -> { };
    private final java.util.concurrent.CountDownLatch firstConnection = new java.util.concurrent.CountDownLatch(1);

    public MqttLink(String url, String clientId, String username, String password, Path caFile, String prefix,
            boolean acceptCommands, CommandListener commands) throws Exception {
        this.url = url;
        this.prefix = prefix;
        this.commands = commands;
        this.acceptCommands = acceptCommands;
        this.client = new MqttAsyncClient(url, clientId, new MemoryPersistence());
        options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setAutomaticReconnect(false);
        options.setConnectionTimeout(5);
        options.setKeepAliveInterval(10);
        options.setMaxInflight(MAX_IN_FLIGHT + 10);
        options.setWill(prefix + "/status", statusPayload("offline"), 1, true);
        if (username != null) {
            options.setUserName(username);
            options.setPassword(password.toCharArray());
        }
        if (caFile != null) {
            options.setSocketFactory(sslContext(caFile).getSocketFactory());
        } else if (url.startsWith("tcp://")) {
            options.setSocketFactory(NoDelaySockets.INSTANCE);
        }
        client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
                lost = true;
                if (connecting) {
                    // lost while connect() sets the connection up: it says so itself, once (issue 97: a busy
                    // machine's QuietLogIT had one drop logged twice, the second time as a warning)
                    log.debug("Broker connection lost while connecting: {}", cause == null ? "closed" : cause.getMessage());
                } else {
                    log.warn("Broker connection lost: {}", cause == null ? "closed" : cause.getMessage());
                }
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                Follower follower = followed.get(topic);
                if (follower != null) {
                    follower.message(topic, message.getPayload());
                    return;
                }
                if (message.isRetained()) {
                    // A command kept by the broker from before (published with retain): carried out again at every
                    // connection it would resign or start games long after it was meant. Only live commands count.
                    log.info("Ignored a retained command on {}; commands must not be retained.", topic);
                    return;
                }
                String verb = topic.substring(topic.lastIndexOf('/') + 1);
                commands.command(verb, message.getPayload());
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {
            }
        });
    }

    private static byte[] statusPayload(String status) {
        return statusJson(status, null, false).getBytes(StandardCharsets.UTF_8);
    }

    private static String statusJson(String status, String problem, boolean halted) {
        var node = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("status", status);
        if (problem != null) {
            node.put("problem", problem);
        }
        if (halted) {
            node.put("boardStatus", "halted");
        }
        return node.toString();
    }

    /**
     * Say in {@code status} why the board cannot go on ({@code {"status":"online","problem":"Disk full. ..."}}), or,
     * with null, that it goes on again. {@code halted}: the board accepts no move meanwhile
     * ({@code "boardStatus":"halted"}): the game's {@code state} cannot say so, since nothing that is not on disk is
     * published, and the state that would say it comes after the change the journal refused.
     */
    public void problem(String text, boolean halted) {
        if (java.util.Objects.equals(text, problem) && halted == this.halted) {
            return;
        }
        problem = text;
        this.halted = halted;
        outbox.add(new Outgoing(prefix + "/status", statusJson("online", text, halted), 1, true, false));
    }

    /** Wait up to {@code millis} for the first connection (subscribed to commands, {@code online} published). */
    public boolean awaitConnected(long millis) throws InterruptedException {
        return firstConnection.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Queue the full state (retained); a state still waiting is replaced by it. */
    public void state(String json) {
        for (Iterator<Outgoing> it = outbox.iterator(); it.hasNext();) {
            if (it.next().isState()) {
                it.remove();
            }
        }
        outbox.add(new Outgoing(prefix + "/state", json, 1, true, true));
    }

    /**
     * Queue a finished game's record (its KIF, retained on {@code <prefix>/games/<id>}): a game that ended while the
     * broker was down reaches a hub that was away too, whatever states replaced its last one (issue 84).
     */
    public void record(String gameId, String kifu) {
        outbox.add(new Outgoing(prefix + "/games/" + gameId, kifu, 1, true, false));
    }

    /** Queue the removal of a game's retained record (one no longer among the board's recent games). */
    public void forgetRecord(String gameId) {
        outbox.add(new Outgoing(prefix + "/games/" + gameId, "", 1, true, false));
    }

    /** Be told (on the thread that pumps) each time the link connects, after {@code online}: to republish what a broker may have lost. */
    public void onConnected(Runnable listener) {
        this.connectedListener = listener;
    }

    /**
     * Follow another board's topic (a whole topic, no wildcard): subscribed at every connection, its retained message
     * delivered too. Call before the link first connects.
     */
    public void follow(String topic, Follower follower) {
        followed.put(topic, follower);
    }

    /** Queue a message of board against board on {@code <prefix>/remote/<name>} (QoS 1, in order with the game's). */
    public void remote(String name, String json, boolean retained) {
        outbox.add(new Outgoing(prefix + "/remote/" + name, json, 1, retained, false));
    }

    /** Queue a move message (QoS 1, kept in order while the broker is down). */
    public void move(String json) {
        outbox.add(new Outgoing(prefix + "/moves", json, 1, false, false));
    }

    /** Queue the reply to a command. */
    public void reply(String verb, String json) {
        outbox.add(new Outgoing(prefix + "/cmd/" + verb + "/result", json, 1, false, false));
    }

    /** Queue an analysis message (retained, the latest only). */
    public void analysis(String json) {
        outbox.add(new Outgoing(prefix + "/analysis", json, 0, true, false));
    }

    /** Queue a finished game's review (QoS 1, retained: the newest game's, for a viewer who opens the page later). */
    public void review(String json) {
        outbox.add(new Outgoing(prefix + "/review", json, 1, true, false));
    }

    /** Queue what the board says (QoS 1, not retained: a viewer who arrives later does not hear old words). */
    public void voice(String json) {
        outbox.add(new Outgoing(prefix + "/voice", json, 1, false, false));
    }

    public boolean connected() {
        return client.isConnected() && !lost;
    }

    /** Return how many messages wait for the broker or its acknowledgement. */
    public int waiting() {
        return outbox.size() + inFlight.size();
    }

    /**
     * Connect if it is time to try, then send what waits. Messages are pipelined (a viewer gets the {@code state}
     * without the daemon waiting for the broker's acknowledgement of the {@code moves} message before it); each stays
     * in flight until acknowledged, and goes back to the front of the outbox if the connection drops first. Never
     * throws.
     */
    public void pump(long nowMillis) {
        settleAcknowledged();
        if (!connected()) {
            requeueInFlight();
            if (nowMillis < nextAttempt) {
                return;
            }
            if (!connect()) {
                nextAttempt = nowMillis + backoff;
                backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
                return;
            }
            backoff = 500;
            connectedListener.run();
        }
        while (!outbox.isEmpty() && inFlight.size() < MAX_IN_FLIGHT) {
            Outgoing next = outbox.peek();
            try {
                MqttMessage message = new MqttMessage(next.payload().getBytes(StandardCharsets.UTF_8));
                message.setQos(next.qos());
                message.setRetained(next.retained());
                IMqttDeliveryToken token = client.publish(next.topic(), message);
                outbox.poll();
                inFlight.add(new InFlight(next, token));
            } catch (MqttException e) {
                log.warn("Publishing to {} failed ({}); {} messages wait for the broker.", next.topic(), e.getMessage(),
                        outbox.size() + inFlight.size());
                lost = true;
                nextAttempt = nowMillis + backoff;
                return;
            }
        }
    }

    /** Forget the messages the broker has acknowledged; a failed one means the connection is lost. */
    private void settleAcknowledged() {
        for (Iterator<InFlight> it = inFlight.iterator(); it.hasNext();) {
            IMqttDeliveryToken token = it.next().token();
            if (token.isComplete()) {
                if (token.getException() != null) {
                    lost = true;
                } else {
                    it.remove();
                }
            }
        }
    }

    /** Put what was sent but not acknowledged back in front of the outbox, in order, with only the newest state. */
    private void requeueInFlight() {
        if (inFlight.isEmpty()) {
            return;
        }
        ArrayDeque<Outgoing> waiting = new ArrayDeque<>();
        inFlight.forEach(f -> waiting.add(f.message()));
        waiting.addAll(outbox);
        inFlight.clear();
        outbox.clear();
        Outgoing newestState = null;
        for (Outgoing o : waiting) {
            if (o.isState()) {
                newestState = o;
            }
        }
        for (Outgoing o : waiting) {
            if (!o.isState() || o == newestState) {
                outbox.add(o);
            }
        }
    }

    /** Wait up to the given time for every message in flight to be acknowledged. */
    private void drain(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000;
        for (InFlight f : inFlight) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return;
            }
            try {
                f.token().waitForCompletion(left);
            } catch (MqttException e) {
                return;
            }
        }
    }

    private boolean connect() {
        boolean accepted = false;
        connecting = true;
        try {
            if (client.isConnected()) {
                client.disconnectForcibly(0, 1000);
            }
            lost = false;
            client.connect(options).waitForCompletion(options.getConnectionTimeout() * 1000L + 1000);
            accepted = true;
            if (acceptCommands) {
                // before "online", so a client that waits for it can command
                client.subscribe(prefix + "/cmd/+", 1).waitForCompletion(WAIT_MILLIS);
            }
            for (String topic : followed.keySet()) {
                client.subscribe(topic, 1).waitForCompletion(WAIT_MILLIS);
            }
            MqttMessage online = new MqttMessage(statusJson("online", problem, halted).getBytes(StandardCharsets.UTF_8));
            online.setQos(1);
            online.setRetained(true);
            client.publish(prefix + "/status", online).waitForCompletion(WAIT_MILLIS);
            log.info("{} broker {} ({} messages waiting).", wasConnected ? "Reconnected to" : "Connected to", url, waiting());
            wasConnected = true;
            firstConnection.countDown();
            return true;
        } catch (MqttException e) {
            if (accepted && e.getReasonCode() == MqttException.REASON_CODE_CONNECTION_LOST) {
                // Moquette 0.17 can drop a connection whose SUBSCRIBE overtakes its CONNACK (see FreshSubscription)
                log.info("Broker {} dropped the new connection ({}); connecting again.", url, e.getMessage());
            } else if (backoff == 500 || backoff == MAX_BACKOFF_MILLIS) {
                log.warn("Broker {} unreachable ({}); retrying with back-off.", url, e.getMessage());
            }
            lost = true;
            return false;
        } finally {
            connecting = false;
        }
    }

    /** Publish {@code offline} (the will covers a crash) and disconnect. */
    @Override
    public void close() {
        try {
            if (connected()) {
                pump(Long.MAX_VALUE);
                drain(2_000);
                MqttMessage offline = new MqttMessage(statusPayload("offline"));
                offline.setQos(1);
                offline.setRetained(true);
                client.publish(prefix + "/status", offline).waitForCompletion(2_000);
                client.disconnect(2_000).waitForCompletion(2_000);
            }
        } catch (MqttException e) {
            log.warn("Closing the broker connection: {}", e.getMessage());
        } finally {
            try {
                client.close(true);
            } catch (MqttException e) {
                log.debug("close", e);
            }
        }
    }

    /** A TLS context that trusts the CA certificates of a PEM file (a club's own CA, not the system's). */
    public static SSLContext sslContext(Path caFile) throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(caFile)) {
            int i = 0;
            for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                trust.setCertificateEntry("ca" + i++, certificate);
            }
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }
}
