package org.shogibridge.device.voice;

import org.shogibridge.core.speech.Announcer.Utterance;

/** The port to something that speaks: it must return at once, whatever it does with the utterance. */
public interface Speaker extends AutoCloseable {
    /** Say this, in turn after what was said before; never blocks the caller. */
    void say(Utterance utterance);

    @Override
    void close();

    /** A speaker that says nothing ({@code voice.output: none}): the utterances are only published. */
    Speaker SILENT = new Speaker() {
        @Override
        public void say(Utterance utterance) {
        }

        @Override
        public void close() {
        }
    };
}
