package org.shogibridge.device.daemon;

import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.mqtt.BrokerRoles;
import org.shogibridge.device.mqtt.EmbeddedBroker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker the daemon publishes on, and the account it publishes with: its embedded broker (the accounts, roles and
 * TLS of docs/security.md, the daemon alone writing the board's topics), or the club's broker at a URL.
 */
final class BoardBroker implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BoardBroker.class);

    /** The URL the daemon connects to. */
    final String url;
    final String user;
    final String password;
    /** The embedded broker, or null with the club's. */
    private final EmbeddedBroker embedded;

    /** The daemon's client id on this broker. */
    final String clientId;

    private BoardBroker(String url, String user, String password, EmbeddedBroker embedded, String clientId) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.embedded = embedded;
        this.clientId = clientId;
    }

    /**
     * Start the embedded broker, or name the club's.
     *
     * @throws IllegalArgumentException "Port in use. ..." when the embedded broker cannot listen
     */
    static BoardBroker open(RunSettings settings) throws java.io.IOException {
        var b = settings.config().broker();
        String clientId = b.clientId() != null ? b.clientId() : "shogi-bridge-" + settings.config().event() + "-" + settings.config().boardId();
        if (!settings.embeddedBroker()) {
            return new BoardBroker(settings.brokerUrl(), settings.brokerUsername(), settings.brokerPassword(), null, clientId); // an account written in the URL is taken out of it
        }
        BrokerRoles roles = new BrokerRoles(settings.topicPrefix(), settings.brokerAccounts(), settings.anonymousRole());
        roles.reserveClientIds(clientId);
        byte[] secret = new byte[8];
        new java.security.SecureRandom().nextBytes(secret);
        String ownId = clientId + "-" + java.util.HexFormat.of().formatHex(secret); // anonymous clients cannot know it
        logAccess(settings, roles);
        EmbeddedBroker broker;
        try {
            broker = new EmbeddedBroker(b.host(), b.mqttPort(), b.wsPort(), roles, settings.brokerTls());
        } catch (RuntimeException e) {
            if (String.valueOf(e.getMessage()).startsWith("Cannot bind")) {
                throw new IllegalArgumentException("Port in use. The embedded broker cannot listen on " + b.host() + " port "
                        + b.mqttPort() + " or " + b.wsPort() + " (another broker? set --mqtt-port and --ws-port).");
            }
            throw e;
        }
        // the daemon's own account: it alone writes the board's topics
        return new BoardBroker("tcp://" + b.host() + ":" + b.mqttPort(), BrokerRoles.BOARD_USER, roles.boardPassword(), broker, ownId);
    }

    /** The daemon's own account on its embedded broker (user, password), or null with the club's broker. */
    String[] boardAccount() {
        return embedded == null ? null : new String[] {user, password};
    }

    /** Say once who may do what on the embedded broker (docs/security.md). */
    private static void logAccess(RunSettings settings, BrokerRoles roles) {
        var b = settings.config().broker();
        String anonymous = roles.anonymous() == null ? "refused" : roles.anonymous() == BrokerRoles.Role.ARBITER
                ? "may command" : "may watch";
        log.info("Broker on {}: clients without an account {}; {} account(s){}.", b.host(), anonymous,
                settings.brokerAccounts().size(), settings.brokerTls() == null ? "" : "; TLS on "
                        + (b.tlsPort() > 0 ? "MQTT " + b.tlsPort() : "") + (b.tlsPort() > 0 && b.wssPort() > 0 ? " and " : "")
                        + (b.wssPort() > 0 ? "WebSocket " + b.wssPort() : ""));
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
    }
}
