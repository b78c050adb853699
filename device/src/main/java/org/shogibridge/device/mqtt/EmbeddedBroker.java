package org.shogibridge.device.mqtt;

import io.moquette.broker.Server;
import io.moquette.broker.config.IConfig;
import io.moquette.broker.config.MemoryConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * The MQTT broker inside the daemon (Moquette): TCP for the daemon and tools, WebSocket for the dashboard, in memory,
 * on loopback unless configured otherwise. Who may connect, read and write is {@link BrokerRoles}' to say; with a
 * key pair it also listens with TLS (MQTT and WebSocket). Telemetry is off.
 */
public final class EmbeddedBroker implements AutoCloseable {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(EmbeddedBroker.class);
    /** Closes refused clients and restarts a failed broker, off Moquette's threads. */
    private final java.util.concurrent.ExecutorService closer =
            java.util.concurrent.Executors.newSingleThreadExecutor(org.shogibridge.device.threads.DaemonThreads.named("broker-closer"));
    private final IConfig config;
    private final BrokerRoles roles;
    private final Tls tls;
    private volatile Server server;
    private volatile boolean closed;
    private final java.util.concurrent.atomic.AtomicInteger restarts = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * TLS listeners: a PKCS#12 key store with the broker's key and certificate chain, its password, and the ports
     * (0 for a listener not wanted).
     */
    public record Tls(Path keystore, String password, int mqttPort, int wsPort) {
    }

    /** Start the broker with these roles, and TLS listeners too unless {@code tls} is null. */
    public EmbeddedBroker(String host, int mqttPort, int wsPort, BrokerRoles roles, Tls tls) throws IOException {
        Properties p = new Properties();
        p.setProperty(IConfig.HOST_PROPERTY_NAME, host);
        p.setProperty(IConfig.PORT_PROPERTY_NAME, Integer.toString(mqttPort));
        p.setProperty(IConfig.WEB_SOCKET_PORT_PROPERTY_NAME, Integer.toString(wsPort));
        p.setProperty(IConfig.WEB_SOCKET_PATH_PROPERTY_NAME, "/mqtt");
        p.setProperty(IConfig.PERSISTENCE_ENABLED_PROPERTY_NAME, "false");
        p.setProperty(IConfig.ENABLE_TELEMETRY_NAME, "false");
        p.setProperty(IConfig.ALLOW_ANONYMOUS_PROPERTY_NAME, Boolean.toString(roles.anonymous() != null));
        // mosquitto_pub and mosquitto_sub connect with an empty client id and let the broker choose one.
        p.setProperty(io.moquette.BrokerConstants.ALLOW_ZERO_BYTE_CLIENT_ID_PROPERTY_NAME, "true");
        p.setProperty(IConfig.NETTY_MAX_BYTES_PROPERTY_NAME, Integer.toString(256 * 1024));
        if (tls != null) {
            p.setProperty(IConfig.JKS_PATH_PROPERTY_NAME, tls.keystore().toAbsolutePath().toString());
            p.setProperty(IConfig.KEY_STORE_TYPE, "pkcs12");
            p.setProperty(IConfig.KEY_STORE_PASSWORD_PROPERTY_NAME, tls.password());
            p.setProperty(IConfig.KEY_MANAGER_PASSWORD_PROPERTY_NAME, tls.password());
            if (tls.mqttPort() > 0) {
                p.setProperty(IConfig.SSL_PORT_PROPERTY_NAME, Integer.toString(tls.mqttPort()));
            }
            if (tls.wsPort() > 0) {
                p.setProperty(IConfig.WSS_PORT_PROPERTY_NAME, Integer.toString(tls.wsPort()));
            }
        }
        this.config = new MemoryConfig(p);
        this.roles = roles;
        this.tls = tls;
        // Closed off Moquette's thread, which is inside the refused publish when it asks.
        roles.onRefusedPublish(clientId -> offMoquette(() -> closeClient(clientId)));
        server = start();
    }

    private Server start() throws IOException {
        Server started = new Server();
        started.startServer(config, List.of(new SessionLoopWatch()), tls == null ? null : () -> sslContext(tls), roles,
                roles);
        return started;
    }

    /**
     * Moquette (0.17) serves each client's session on one of a few threads, and a thread that meets an exception ends
     * for good: every client served on it then waits forever, the daemon's own link among them. Its reference counting
     * of messages has such an exception (a PUBACK releasing a message twice: a CI run's daemon stopped hearing its
     * commands, 2026-12-06). The broker is then restarted: its clients lose their connection, reconnect, and the
     * daemon publishes its state again, as after any broker outage.
     */
    private final class SessionLoopWatch extends io.moquette.interception.AbstractInterceptHandler {
        @Override
        public String getID() {
            return "shogi-bridge-session-loop-watch";
        }

        @Override
        public Class<?>[] getInterceptedMessageTypes() {
            return new Class<?>[] {io.moquette.interception.messages.InterceptExceptionMessage.class};
        }

        @Override
        public void onSessionLoopError(Throwable error) {
            log.error("Broker failed. One of its threads stopped ({}); the broker restarts and its clients reconnect.",
                    rootCause(error));
            log.debug("The broker's failure", error);
            offMoquette(EmbeddedBroker.this::restart);
        }
    }

    /** Run a task on the broker's own thread; none once the broker is closing. */
    private void offMoquette(Runnable task) {
        try {
            closer.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            log.debug("The broker is closing: a task is dropped.");
        }
    }

    private void restart() {
        if (closed) {
            return;
        }
        server.stopServer();
        try {
            server = start();
            restarts.incrementAndGet();
            log.info("Broker restarted.");
        } catch (IOException | RuntimeException e) {
            log.error("Broker failed. It could not be started again ({}); restart the daemon.", e.getMessage());
        }
    }

    /** Return how often the broker was restarted after a failure (for tests). */
    int restarts() {
        return restarts.get();
    }

    /** The running Moquette server (for tests that break it). */
    Server server() {
        return server;
    }

    private static String rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.toString();
    }

    /**
     * Close a client that published where it may not. A client that published several times at once is asked to close
     * once for each, and its connection may be gone by then: Moquette then fails inside (a NullPointerException on a
     * session without its connection, QuietLogIT's spoofer), and that is not worth a stack trace in the log. Return
     * whether a connection was closed.
     */
    boolean closeClient(String clientId) {
        try {
            return server.disconnectClient(clientId);
        } catch (RuntimeException alreadyGone) {
            org.slf4j.LoggerFactory.getLogger(EmbeddedBroker.class).debug("Client {} was gone before it was closed ({}).",
                    clientId, alreadyGone.toString());
            return false;
        }
    }

    /**
     * The TLS listeners' context, from the user's PKCS#12 key store. Moquette's own reader would do, but it first looks
     * for a key store among the jar's resources and says so at WARN on every start (issue 84).
     */
    private static io.netty.handler.ssl.SslContext sslContext(Tls tls) {
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(tls.keystore())) {
            java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
            store.load(in, tls.password().toCharArray());
            javax.net.ssl.KeyManagerFactory keys = javax.net.ssl.KeyManagerFactory.getInstance(
                    javax.net.ssl.KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, tls.password().toCharArray());
            return io.netty.handler.ssl.SslContextBuilder.forServer(keys).build();
        } catch (java.io.IOException | java.security.GeneralSecurityException e) {
            throw new IllegalArgumentException("Bad key store. " + tls.keystore() + " cannot be read as PKCS#12 with the"
                    + " given password (" + e.getMessage() + ").", e);
        }
    }

    @Override
    public void close() {
        closed = true;
        closer.shutdownNow();
        try {
            closer.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS); // a restart under way ends first
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.stopServer();
    }
}
