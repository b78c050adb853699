package org.shogibridge.device.voice;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.speech.Announcer;
import org.shogibridge.core.speech.Announcer.Utterance;

/**
 * The board's voice: what the {@link Announcer} says after a change that is on disk is published on the
 * {@code voice} topic ({@code {"seq","game","kind","text","reading","at"}}, so a page or a test can follow it) and
 * handed to the {@link Speaker}. Called from the outlet thread, after the change itself was journaled and published.
 * It can be turned off and on (the menu's voice entry): while off it says and publishes nothing, and its speaker is
 * made only once it is first on.
 */
public final class Voice implements AutoCloseable {
    private final Announcer announcer;
    private final Supplier<Speaker> makeSpeaker;
    private final Consumer<String> publish;
    private volatile boolean on;
    private Speaker speaker;

    /**
     * @param announcer what to say after each change
     * @param speaker   makes what speaks ({@link Speaker#SILENT} to publish only), when the voice is first on
     * @param publish   sends a {@code voice} message (not retained, QoS 1)
     * @param on        whether it speaks from the start
     */
    public Voice(Announcer announcer, Supplier<Speaker> speaker, Consumer<String> publish, boolean on) {
        this.announcer = announcer;
        this.makeSpeaker = speaker;
        this.publish = publish;
        this.on = on;
    }

    /** Turn the voice on or off. */
    public void on(boolean speak) {
        this.on = speak;
    }

    public boolean isOn() {
        return on;
    }

    /** Say what follows from a change, now on disk. */
    public void after(SessionEvent event, long epochMillis) {
        if (!on) {
            return;
        }
        GameState state = event.stateOrNull();
        for (Utterance utterance : announcer.after(event)) {
            say(utterance, state.seq(), state.gameId(), epochMillis);
        }
    }

    /** Publish an utterance and speak it; {@code seq} is the state it belongs to. */
    public void say(Utterance utterance, long seq, String gameId, long epochMillis) {
        if (!on) {
            return;
        }
        publish.accept(JsonNodeFactory.instance.objectNode().put("seq", seq).put("game", gameId).put("kind", utterance.kind())
                .put("text", utterance.text()).put("reading", utterance.reading()).put("at", epochMillis).toString());
        speaker().say(utterance);
    }

    private synchronized Speaker speaker() {
        if (speaker == null) {
            speaker = makeSpeaker.get();
        }
        return speaker;
    }

    @Override
    public synchronized void close() {
        if (speaker != null) {
            speaker.close();
        }
    }
}
