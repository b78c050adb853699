package org.shogibridge.device.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.shogibridge.device.mqtt.MqttLink;

/**
 * Answers the commands published on {@code cmd/<verb>}: each is read by the {@link CommandParser} and carried out by
 * the {@link Daemon} on the board loop. A malformed, oversized or unknown command is answered on
 * {@code cmd/<verb>/result} with {@code {"ok":false,"error":"Category. detail.","japanese":"..."}} (the same in a
 * player's words, {@link JapaneseRefusals}) and changes nothing; the reply echoes the command's optional {@code id}.
 *
 * <p>A command is answered when it is done, not when it is queued. At most {@link #MAX_WAITING} wait for their answer
 * at once; one more is answered {@code Busy.} at once and not carried out, so that a flood never builds a queue that
 * delays the game (the sender tries again once its earlier commands are answered). A move (the simulated hands'
 * {@code sim}, a promotion's choice) has its own, deeper count, {@link #MAX_WAITING_MOVES}: a flood of hints or other
 * commands never refuses a move (issue 84).
 */
final class RemoteCommands implements MqttLink.CommandListener {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Commands accepted and not yet answered, at most. */
    static final int MAX_WAITING = 8;
    /** Moves accepted and not yet answered, at most: a player makes one at a time; only a flood of moves reaches it. */
    static final int MAX_WAITING_MOVES = 64;

    /** Carries out a valid command; throws {@link IllegalArgumentException} or {@link IllegalStateException} to refuse. */
    interface Executor {
        void execute(RemoteCommand command, Reply reply);
    }

    /** How a command is answered. */
    interface Reply {
        void ok(ObjectNode extra);

        /** Refuse with an English "Category. detail." message. */
        void error(String message);

        /** Refuse with the reason an exception gives (a published reply adds its words for a player). */
        default void refuse(Throwable why) {
            error(why.getMessage());
        }
    }

    private final CommandParser parser;
    private final Executor executor;
    private final Outlet outlet;
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger waitingMoves = new AtomicInteger();

    RemoteCommands(CommandParser parser, Executor executor, Outlet outlet) {
        this.parser = parser;
        this.executor = executor;
        this.outlet = outlet;
    }

    @Override
    public void command(String verb, byte[] payload) {
        String safeVerb = verb.length() > 40 ? verb.substring(0, 40) : verb;
        String[] id = {null};
        AtomicInteger[] lane = {null}; // the count this command holds a place in, once it has one
        AtomicBoolean answered = new AtomicBoolean();
        Reply reply = new Reply() {
            @Override
            public void ok(ObjectNode extra) {
                ObjectNode answer = JSON.createObjectNode().put("ok", true);
                if (extra != null) {
                    answer.setAll(extra);
                }
                send(answer);
            }

            @Override
            public void error(String message) {
                send(JSON.createObjectNode().put("ok", false).put("error", message)
                        .put("japanese", JapaneseRefusals.ofMessage(message)));
            }

            @Override
            public void refuse(Throwable why) {
                send(JSON.createObjectNode().put("ok", false).put("error", why.getMessage())
                        .put("japanese", why instanceof RuntimeException r ? JapaneseRefusals.of(r)
                                : JapaneseRefusals.ofMessage(why.getMessage())));
            }

            /** Send the answer once (a later one is ignored), and free the command's place among those waiting. */
            private void send(ObjectNode answer) {
                if (answered.getAndSet(true)) {
                    return;
                }
                if (lane[0] != null) {
                    lane[0].decrementAndGet();
                }
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
            RemoteCommand command = parser.command(verb, json);
            boolean move = isMove(command);
            lane[0] = move ? waitingMoves : waiting;
            int limit = move ? MAX_WAITING_MOVES : MAX_WAITING;
            if (lane[0].incrementAndGet() > limit) { // its place is held until its reply
                reply.error("Busy. " + limit + (move ? " moves" : " commands") + " wait for their answer; this one was not"
                        + " carried out. Send it again once they are answered.");
                return;
            }
            executor.execute(command, reply);
        } catch (IllegalArgumentException e) {
            if (id[0] == null) {
                id[0] = lenientId(payload); // refused while read (a field too many): the sender still waits for its id
            }
            reply.refuse(e);
        }
    }

    /** Whether a command is a move on the board: the simulated hands' work, or a promotion's choice. */
    private static boolean isMove(RemoteCommand command) {
        return command instanceof RemoteCommand.SimPlay || command instanceof RemoteCommand.SimLift
                || command instanceof RemoteCommand.SimPlace || command instanceof RemoteCommand.SimKomadai
                || command instanceof RemoteCommand.SimPress || command instanceof RemoteCommand.Promote;
    }

    /** Return the {@code id} of a payload that is JSON but not a valid command, or null. */
    private static String lenientId(byte[] payload) {
        if (payload.length > org.shogibridge.device.mqtt.MqttLink.MAX_COMMAND_BYTES) {
            return null;
        }
        try {
            JsonNode id = JSON.readTree(payload).path("id");
            return id.isValueNode() ? id.asText() : null;
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }
}
