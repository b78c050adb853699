package org.shogibridge.device.daemon;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.shogibridge.device.mqtt.MqttLink;

/**
 * Reads the commands published on {@code cmd/<verb>}: a JSON object of at most 4 KiB with only the fields its verb
 * knows, and an optional {@code id} echoed in the reply. A malformed, oversized or unknown command is answered on
 * {@code cmd/<verb>/result} with {@code {"ok":false,"error":"Category. detail."}} and changes nothing; a valid one is
 * carried out on the board loop by the {@link Daemon}.
 */
final class RemoteCommands implements MqttLink.CommandListener {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** The fields each verb accepts (besides {@code id}). */
    static final Map<String, Set<String>> VERBS = Map.of(
            "new-game", Set.of("sfen", "handicap"),
            "resign", Set.of("side"),
            "takeback", Set.of(),
            "level", Set.of("level", "side"),
            "players", Set.of("black", "white"),
            "promote", Set.of("promote"),
            "hint", Set.of(),
            "impasse", Set.of(),
            "sim", Set.of("action", "usi", "square", "piece", "side"));

    /** Carries out a valid command; throws {@link IllegalArgumentException} or {@link IllegalStateException} to refuse. */
    interface Executor {
        void execute(String verb, JsonNode command, Reply reply);
    }

    /** How a command is answered. */
    interface Reply {
        void ok(ObjectNode extra);

        void error(String message);
    }

    private final Executor executor;
    private final Outlet outlet;

    RemoteCommands(Executor executor, Outlet outlet) {
        this.executor = executor;
        this.outlet = outlet;
    }

    @Override
    public void command(String verb, byte[] payload) {
        String safeVerb = verb.length() > 40 ? verb.substring(0, 40) : verb;
        String[] id = {null};
        Reply reply = new Reply() {
            @Override
            public void ok(ObjectNode extra) {
                ObjectNode answer = JSON.createObjectNode().put("ok", true);
                if (id[0] != null) {
                    answer.put("id", id[0]);
                }
                if (extra != null) {
                    answer.setAll(extra);
                }
                outlet.reply(safeVerb, answer.toString());
            }

            @Override
            public void error(String message) {
                ObjectNode answer = JSON.createObjectNode().put("ok", false).put("error", message);
                if (id[0] != null) {
                    answer.put("id", id[0]);
                }
                outlet.reply(safeVerb, answer.toString());
            }
        };
        try {
            JsonNode command = parse(verb, payload);
            if (command.has("id")) {
                id[0] = command.get("id").asText();
            }
            executor.execute(verb, command, reply);
        } catch (IllegalArgumentException e) {
            reply.error(e.getMessage());
        }
    }

    /** Return the command's JSON object, checked against its verb's fields. */
    static JsonNode parse(String verb, byte[] payload) {
        Set<String> fields = VERBS.get(verb);
        if (fields == null) {
            throw new IllegalArgumentException("Unknown command. '" + verb + "' is not one of "
                    + String.join(", ", VERBS.keySet().stream().sorted().toList()) + ".");
        }
        if (payload.length > MqttLink.MAX_COMMAND_BYTES) {
            throw new IllegalArgumentException("Command too large. " + payload.length + " bytes; at most "
                    + MqttLink.MAX_COMMAND_BYTES + ".");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(payload)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("Malformed command. The payload is not UTF-8.");
        }
        if (text.isBlank()) {
            text = "{}";
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("Malformed command. Not JSON: "
                    + e.getMessage().lines().findFirst().orElse("").replaceAll(" at \\[Source.*", "") + ".");
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("Malformed command. The payload must be a JSON object.");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (!name.equals("id") && !fields.contains(name)) {
                throw new IllegalArgumentException("Malformed command. '" + verb + "' has no field '" + name + "'"
                        + (fields.isEmpty() ? "" : " (fields: " + String.join(", ", fields.stream().sorted().toList()) + ")") + ".");
            }
        }
        return node;
    }

    /** Return a text field, or null if absent; a field of another type is refused. */
    static String text(JsonNode command, String field) {
        JsonNode value = command.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException("Malformed command. '" + field + "' must be a string.");
        }
        return value.asText();
    }

    /** Return a required text field. */
    static String requiredText(JsonNode command, String field) {
        String value = text(command, field);
        if (value == null) {
            throw new IllegalArgumentException("Malformed command. '" + field + "' is missing.");
        }
        return value;
    }
}
