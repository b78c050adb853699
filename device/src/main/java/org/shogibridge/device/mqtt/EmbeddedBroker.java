package org.shogibridge.device.mqtt;

import io.moquette.broker.Server;
import io.moquette.broker.config.IConfig;
import io.moquette.broker.config.MemoryConfig;
import io.moquette.broker.security.IAuthenticator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Collections;
import java.util.Properties;

/**
 * The MQTT broker inside the daemon (Moquette): TCP for the daemon and tools, WebSocket for the dashboard, in memory,
 * on loopback unless configured otherwise, with an optional user name and password. Telemetry is off.
 */
public final class EmbeddedBroker implements AutoCloseable {
    private final Server server = new Server();

    /** Start the broker; a username (with its password) makes it refuse anyone else. */
    public EmbeddedBroker(String host, int mqttPort, int wsPort, String username, String password) throws IOException {
        Properties p = new Properties();
        p.setProperty(IConfig.HOST_PROPERTY_NAME, host);
        p.setProperty(IConfig.PORT_PROPERTY_NAME, Integer.toString(mqttPort));
        p.setProperty(IConfig.WEB_SOCKET_PORT_PROPERTY_NAME, Integer.toString(wsPort));
        p.setProperty(IConfig.WEB_SOCKET_PATH_PROPERTY_NAME, "/mqtt");
        p.setProperty(IConfig.PERSISTENCE_ENABLED_PROPERTY_NAME, "false");
        p.setProperty(IConfig.ENABLE_TELEMETRY_NAME, "false");
        p.setProperty(IConfig.ALLOW_ANONYMOUS_PROPERTY_NAME, Boolean.toString(username == null));
        // mosquitto_pub and mosquitto_sub connect with an empty client id and let the broker choose one.
        p.setProperty(io.moquette.BrokerConstants.ALLOW_ZERO_BYTE_CLIENT_ID_PROPERTY_NAME, "true");
        p.setProperty(IConfig.NETTY_MAX_BYTES_PROPERTY_NAME, Integer.toString(256 * 1024));
        IConfig config = new MemoryConfig(p);
        IAuthenticator authenticator = username == null ? null : new Credentials(username, password);
        server.startServer(config, Collections.emptyList(), null, authenticator, null);
    }

    @Override
    public void close() {
        server.stopServer();
    }

    /** One user name and password, compared in constant time. */
    private record Credentials(String username, String password) implements IAuthenticator {
        @Override
        public boolean checkValid(String clientId, String user, byte[] pass) {
            return user != null && pass != null
                    && MessageDigest.isEqual(user.getBytes(StandardCharsets.UTF_8), username.getBytes(StandardCharsets.UTF_8))
                    && MessageDigest.isEqual(pass, password.getBytes(StandardCharsets.UTF_8));
        }
    }
}
