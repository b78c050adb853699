package org.shogibridge.device.voice;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.function.Consumer;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.speech.Announcer;
import org.shogibridge.core.speech.Announcer.Utterance;

/**
 * The board's voice: what the {@link Announcer} says after a change that is on disk is published on the
 * {@code voice} topic ({@code {"seq","game","kind","text","reading","at"}}, so a page or a test can follow it) and
 * handed to the {@link Speaker}. Called from the outlet thread, after the change itself was journaled and published.
 */
public final class Voice implements AutoCloseable {
    private final Announcer announcer;
    private final Speaker speaker;
    private final Consumer<String> publish;

    /**
     * @param announcer what to say after each change
     * @param speaker   what speaks ({@link Speaker#SILENT} to publish only)
     * @param publish   sends a {@code voice} message (not retained, QoS 1)
     */
    public Voice(Announcer announcer, Speaker speaker, Consumer<String> publish) {
        this.announcer = announcer;
        this.speaker = speaker;
        this.publish = publish;
    }

    /** Say what follows from a change, now on disk. */
    public void after(SessionEvent event, long epochMillis) {
        GameState state = event.stateOrNull();
        for (Utterance utterance : announcer.after(event)) {
            say(utterance, state.seq(), state.gameId(), epochMillis);
        }
    }

    /** Publish an utterance and speak it; {@code seq} is the state it belongs to. */
    public void say(Utterance utterance, long seq, String gameId, long epochMillis) {
        publish.accept(JsonNodeFactory.instance.objectNode().put("seq", seq).put("game", gameId).put("kind", utterance.kind())
                .put("text", utterance.text()).put("reading", utterance.reading()).put("at", epochMillis).toString());
        speaker.say(utterance);
    }

    @Override
    public void close() {
        speaker.close();
    }
}
