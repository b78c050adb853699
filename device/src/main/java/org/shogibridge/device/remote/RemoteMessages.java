package org.shogibridge.device.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import org.shogibridge.core.session.ClockState;
import org.shogibridge.device.state.StateJson;

/**
 * The messages of board against board (docs/mqtt.md lists the topics). Each board writes only under its own prefix
 * {@code shogi/v1/<event>/<board>}; the other board reads them.
 * <ul>
 * <li>{@code remote/move} (guest, retained): the guest's latest move for the host's game, numbered by its ply
 * ({@code {"game":"<host game>","ply":12,"usi":"7g7f"}}; {@code "usi":"resign"} resigns). The host applies it once:
 * only when its game has exactly {@code ply} moves.</li>
 * <li>{@code remote/refused} (host, retained): a move the host did not take, with why
 * ({@code {"game":..,"ply":..,"usi":..,"reason":"Game over. ...","japanese":"..."}}).</li>
 * <li>{@code remote/ping} (guest, every 2 s) and {@code remote/clock} (host, the answer to each: the host's clocks
 * and the ping's id): the guest measures the delay and shows the host's clocks; each side knows the other is there.</li>
 * </ul>
 */
public final class RemoteMessages {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(RemoteMessages.class);

    private RemoteMessages() {
    }

    /** A proposal: the guest's move (or {@code resign}) of index {@code ply} in the host's game {@code game}. */
    public record Proposal(String game, int ply, String usi) {
        public String json() {
            return JSON.createObjectNode().put("game", game).put("ply", ply).put("usi", usi).toString();
        }
    }

    /** A refusal of a proposal, with the reason in English ("Category. detail.") and in Japanese. */
    public record Refusal(Proposal proposal, String reason, String japanese) {
        public String json() {
            return JSON.createObjectNode().put("game", proposal.game()).put("ply", proposal.ply()).put("usi", proposal.usi())
                    .put("reason", reason).put("japanese", japanese).toString();
        }
    }

    /** The host's clocks in answer to the guest's ping {@code echo}. */
    public record Clocks(String game, ClockState clock, long echo) {
        public String json() {
            ObjectNode root = JSON.createObjectNode().put("game", game).put("echo", echo);
            StateJson.clock(root.putObject("clock"), clock);
            return root.toString();
        }
    }

    public static String ping(long id) {
        return JSON.createObjectNode().put("id", id).toString();
    }

    /**
     * Read a proposal.
     *
     * @throws IllegalArgumentException "Malformed proposal. ..." for anything else
     */
    public static Proposal proposal(byte[] payload) {
        JsonNode node = read(payload, "proposal");
        if (!node.path("game").isTextual() || !node.path("ply").canConvertToInt() || node.path("ply").asInt() < 0
                || !node.path("usi").isTextual()) {
            throw new IllegalArgumentException("Malformed proposal. It needs game, ply (0 or more) and usi: " + node + ".");
        }
        return new Proposal(node.get("game").asText(), node.get("ply").asInt(), node.get("usi").asText());
    }

    /** Read a refusal; (IllegalArgumentException) "Malformed refusal. ..." */
    public static Refusal refusal(byte[] payload) {
        JsonNode node = read(payload, "refusal");
        Proposal p;
        try {
            p = proposal(payload);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Malformed refusal. " + e.getMessage());
        }
        return new Refusal(p, node.path("reason").asText(""), node.path("japanese").asText(""));
    }

    /** Read the host's clocks; (IllegalArgumentException) "Malformed clocks. ..." */
    public static Clocks clocks(byte[] payload) {
        JsonNode node = read(payload, "clocks");
        try {
            return new Clocks(node.get("game").asText(), StateJson.readClock(node.get("clock")), node.get("echo").asLong());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Malformed clocks. It needs game, clock and echo: " + node + ".");
        }
    }

    /** Read a ping's id; (IllegalArgumentException) "Malformed ping. ..." */
    public static long pingId(byte[] payload) {
        JsonNode node = read(payload, "ping");
        if (!node.path("id").canConvertToLong()) {
            throw new IllegalArgumentException("Malformed ping. It needs an id: " + node + ".");
        }
        return node.get("id").asLong();
    }

    /**
     * Read a message of the other board {@code from} with {@code reader}; a malformed one is logged, naming that board,
     * and null (bad input never stops the daemon).
     */
    static <T> T readOrWarn(java.util.function.Function<byte[], T> reader, byte[] payload, String from) {
        try {
            return reader.apply(payload);
        } catch (IllegalArgumentException e) {
            log.warn("Board against board: {} sent {}", from, e.getMessage());
            return null;
        }
    }

    /** Read a message as JSON; (IllegalArgumentException) "Malformed WHAT. ..." */
    static JsonNode read(byte[] payload, String what) {
        try {
            JsonNode node = JSON.readTree(payload);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("Malformed " + what + ". Not a JSON object.");
            }
            return node;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("Malformed " + what + ". Not JSON (" + e.getOriginalMessage() + ").");
        } catch (IOException e) {
            throw new IllegalArgumentException("Malformed " + what + ". Unreadable (" + e.getMessage() + ").");
        }
    }
}
