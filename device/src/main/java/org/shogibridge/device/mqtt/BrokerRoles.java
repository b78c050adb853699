package org.shogibridge.device.mqtt;

import io.moquette.broker.security.IAuthenticator;
import io.moquette.broker.security.IAuthorizatorPolicy;
import io.moquette.broker.subscriptions.Topic;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may do what on the embedded broker. Three roles: the <b>board</b> (the daemon's own connection, on an account
 * made anew at each start whose password never leaves the process) alone writes the board's topics ({@code state},
 * {@code moves}, {@code status}, the answers); an <b>arbiter</b> may also publish commands ({@code cmd/<verb>}); a
 * <b>viewer</b> only reads. Everyone may read. A client without an account has the anonymous role, or is refused.
 * Passwords are compared in constant time.
 */
public final class BrokerRoles implements IAuthenticator, IAuthorizatorPolicy {
    /** The daemon's own account on its embedded broker. */
    public static final String BOARD_USER = "shogi-bridge-board";

    public enum Role { BOARD, ARBITER, VIEWER }

    /** A user name, its password and what it may do. */
    public record Account(String username, String password, Role role) {
    }

    private final String prefix;
    /** {@code shogi/v1/public/}: where a hub on this broker publishes the event for the outside world. */
    private final String publicRoot;
    /** The accounts by user name. */
    private final Map<String, Account> accounts;
    private final Role anonymous;
    private final String boardPassword;
    private volatile String reservedClientIds;
    private volatile java.util.function.Consumer<String> refusedPublish = clientId -> { };
    /** Clients already told of in the log (bounded: a flood of made-up client ids cannot grow it). */
    private final Set<String> refusedClients = ConcurrentHashMap.newKeySet();
    private static final int MAX_REMEMBERED = 1_000;
    private static final Logger log = LoggerFactory.getLogger(BrokerRoles.class);

    /**
     * Roles for a board publishing under {@code prefix}: the given accounts (arbiters and viewers), the board's own
     * account with a fresh random password, and the role of a client without an account (null: refused).
     */
    public BrokerRoles(String prefix, List<Account> accounts, Role anonymous) {
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        this.prefix = prefix;
        String[] levels = prefix.split("/");
        this.publicRoot = String.join("/", java.util.Arrays.copyOf(levels, Math.max(1, levels.length - 2))) + "/public/";
        this.boardPassword = HexFormat.of().formatHex(secret);
        this.anonymous = anonymous;
        this.accounts = new HashMap<>();
        for (Account a : accounts) {
            if (a.username().equals(BOARD_USER) || a.role() == Role.BOARD) {
                throw new IllegalArgumentException("Reserved account. '" + BOARD_USER + "' is the daemon's own.");
            }
            this.accounts.put(a.username(), a);
        }
    }

    /** The password of the board's own account, for the daemon's connection. */
    public String boardPassword() {
        return boardPassword;
    }

    /** What a client without an account may do, or null if it is refused. */
    public Role anonymous() {
        return anonymous;
    }

    /**
     * Keep client ids that begin with {@code base} (the daemon's, {@code shogi-bridge-<event>-<board>}) for the board's
     * own account: any other account that connects with one is refused at CONNECT, where it would otherwise take the
     * daemon's session over (issue 84). A client without an account is not checked by the broker, so the daemon's
     * own id carries a random part after {@code base} that no one else can know.
     */
    public void reserveClientIds(String base) {
        this.reservedClientIds = base;
    }

    @Override
    public boolean checkValid(String clientId, String username, byte[] password) {
        if (username == null || password == null) {
            return false;
        }
        if (reservedClientIds != null && clientId != null && clientId.startsWith(reservedClientIds) && !username.equals(BOARD_USER)) {
            if (refusedClients.size() < MAX_REMEMBERED && refusedClients.add(clientId + " " + username)) {
                log.info("Broker: refused client {} ({}): that client id is the daemon's own.", clientId, username);
            }
            return false;
        }
        return roleOf(username, password) != null;
    }

    /** Return the role of an account whose password matches, or null. */
    private Role roleOf(String username, byte[] password) {
        if (username.equals(BOARD_USER)) {
            return same(password, boardPassword) ? Role.BOARD : null;
        }
        Account a = accounts.get(username);
        return a != null && same(password, a.password()) ? a.role() : null;
    }

    private static boolean same(byte[] given, String expected) {
        return MessageDigest.isEqual(given, expected.getBytes(StandardCharsets.UTF_8));
    }

    /** The role of a connected client (its account was checked when it connected). */
    private Role role(String username) {
        if (username == null) {
            return anonymous;
        }
        if (username.equals(BOARD_USER)) {
            return Role.BOARD;
        }
        Account a = accounts.get(username);
        return a == null ? null : a.role();
    }

    /**
     * Be told of each client whose publish was refused, to close its connection: MQTT 3.1.1 (3.3.5) lets a server
     * either acknowledge a refused publish or close the connection, and Moquette does neither for QoS 1, so such a
     * client (mosquitto_pub -q 1) waited for ever (issue 84).
     */
    public void onRefusedPublish(java.util.function.Consumer<String> listener) {
        this.refusedPublish = listener;
    }

    @Override
    public boolean canWrite(Topic topic, String username, String clientId) {
        boolean may = mayWrite(topic.toString(), role(username));
        if (!may) {
            refusedPublish.accept(clientId);
        }
        if (!may && refusedClients.size() < MAX_REMEMBERED && refusedClients.add(clientId)) {
            // Once per client: Moquette's own ERROR for each refused publish is kept out of the log (logback.xml).
            log.info("Broker: refused a publish on {} from client {} ({}) and closed its connection; only the board writes its topics{}.", topic,
                    clientId, username == null ? "no account" : username,
                    role(username) == Role.VIEWER ? " and viewers only watch" : ", arbiters only cmd/<verb> and the public feed");
        }
        return may;
    }

    /**
     * Return true if a role may publish on a topic: the board under its prefix; an arbiter a command, and the public
     * feed an event hub republishes ({@code shogi/v1/public/...}, never read by a board); a viewer nothing.
     */
    boolean mayWrite(String topic, Role role) {
        if (role == Role.BOARD) {
            return topic.startsWith(prefix + "/");
        }
        if (role == Role.ARBITER && topic.startsWith(publicRoot) && topic.length() > publicRoot.length()
                && topic.indexOf('+') < 0 && topic.indexOf('#') < 0) {
            return true;
        }
        if (role == Role.ARBITER && topic.startsWith(prefix + "/cmd/")) {
            String verb = topic.substring(prefix.length() + 5);
            return !verb.isEmpty() && verb.indexOf('/') < 0 && verb.indexOf('+') < 0 && verb.indexOf('#') < 0;
        }
        return false;
    }

    @Override
    public boolean canRead(Topic topic, String username, String clientId) {
        return role(username) != null;
    }
}
