package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The arbiter's edits of the event, sent from the hub's page (signed in with an account the club broker lets write
 * {@code shogi/v1/<event>/_hub/cmd/#}): {@code cmd/round} {@code {"round":2}} sets the round the games now starting
 * belong to; {@code cmd/pairing} {@code {"round":1,"board":"b1","sente":"羽生","gote":"藤井"}} names a board's
 * players. Each is kept on the hub's disk and answered on {@code cmd/<verb>/result} like a board's command.
 */
final class HubCommands {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final int MAX_BYTES = 4096;
    static final int MAX_NAME = 100;

    /** Where an edit goes: the event's boards (round) and the pairings. */
    interface Edits {
        void round(int round) throws IOException;

        void pairing(Pairings.Pairing pairing) throws IOException;
    }

    private final Edits edits;

    HubCommands(Edits edits) {
        this.edits = edits;
    }

    /** Carry out a command and return its answer ({@code {"ok":true}} or an error in a player's words), with its id. */
    String handle(String verb, byte[] payload) {
        ObjectNode answer = JSON.createObjectNode();
        JsonNode command = null;
        try {
            if (payload.length > MAX_BYTES) {
                throw new IllegalArgumentException("Command too large. At most " + MAX_BYTES + " bytes.");
            }
            command = payload.length == 0 ? JSON.createObjectNode() : JSON.readTree(new String(payload, StandardCharsets.UTF_8));
            if (command == null || !command.isObject()) {
                throw new IllegalArgumentException("Bad command. The payload must be a JSON object.");
            }
            switch (verb) {
                case "round" -> edits.round(round(command));
                case "pairing" -> edits.pairing(new Pairings.Pairing(round(command), text(command, "board"),
                        text(command, "sente"), text(command, "gote")));
                default -> throw new IllegalArgumentException("Unknown command. The hub knows round and pairing, not '" + verb + "'.");
            }
            answer.put("ok", true);
        } catch (IOException e) {
            answer.put("ok", false).put("error", e instanceof com.fasterxml.jackson.core.JsonProcessingException
                    ? "Bad command. The payload is not JSON." : "Storage failed. " + e.getMessage());
        } catch (IllegalArgumentException e) {
            answer.put("ok", false).put("error", e.getMessage());
        }
        if (command != null && command.has("id")) {
            answer.set("id", command.get("id"));
        }
        return answer.toString();
    }

    private static int round(JsonNode command) {
        JsonNode round = command.get("round");
        if (round == null || !round.canConvertToInt() || round.asInt() < 1 || round.asInt() > 1000) {
            throw new IllegalArgumentException("Bad command. 'round' must be a whole number from 1 to 1000.");
        }
        return round.asInt();
    }

    private static String text(JsonNode command, String field) {
        JsonNode value = command.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank() || value.asText().length() > MAX_NAME
                || value.asText().contains(",") || value.asText().contains("\n")) {
            throw new IllegalArgumentException("Bad command. '" + field + "' must be a name of 1 to " + MAX_NAME
                    + " characters, without a comma or a line break.");
        }
        return value.asText().strip();
    }
}
