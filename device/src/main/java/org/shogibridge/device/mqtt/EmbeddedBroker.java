package org.shogibridge.device.mqtt;

import io.moquette.broker.Server;
import io.moquette.broker.config.IConfig;
import io.moquette.broker.config.MemoryConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Properties;

/**
 * The MQTT broker inside the daemon (Moquette): TCP for the daemon and tools, WebSocket for the dashboard, in memory,
 * on loopback unless configured otherwise. Who may connect, read and write is {@link BrokerRoles}' to say; with a
 * key pair it also listens with TLS (MQTT and WebSocket). Telemetry is off.
 */
public final class EmbeddedBroker implements AutoCloseable {
    private final Server server = new Server();

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
        IConfig config = new MemoryConfig(p);
        server.startServer(config, Collections.emptyList(), null, roles, roles);
    }

    @Override
    public void close() {
        server.stopServer();
    }
}
