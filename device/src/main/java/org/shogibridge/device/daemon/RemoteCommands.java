package org.shogibridge.device.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.shogibridge.device.mqtt.MqttLink;

/**
 * Answers the commands published on {@code cmd/<verb>}: each is read by the {@link CommandParser} and carried out by
 * the {@link Daemon} on the board loop. A malformed, oversized or unknown command is answered on
 * {@code cmd/<verb>/result} with {@code {"ok":false,"error":"Category. detail."}} and changes nothing; the reply echoes
 * the command's optional {@code id}.
 */
final class RemoteCommands implements MqttLink.CommandListener {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Carries out a valid command; throws {@link IllegalArgumentException} or {@link IllegalStateException} to refuse. */
    interface Executor {
        void execute(RemoteCommand command, Reply reply);
    }

    /** How a command is answered. */
    interface Reply {
        void ok(ObjectNode extra);

        void error(String message);
    }

    private final CommandParser parser;
    private final Executor executor;
    private final Outlet outlet;

    RemoteCommands(CommandParser parser, Executor executor, Outlet outlet) {
        this.parser = parser;
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
            JsonNode json = CommandParser.json(verb, payload);
            if (json.has("id")) {
                id[0] = json.get("id").asText();
            }
            executor.execute(parser.command(verb, json), reply);
        } catch (IllegalArgumentException e) {
            reply.error(e.getMessage());
        }
    }
}
