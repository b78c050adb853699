package org.shogibridge.core.speech;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.session.SessionEvent;

/**
 * Decides what the board says after each change of the game: the computer's move (and, if asked, the player's own),
 * 王手 after a move that checks, 切れ負け on a time forfeit, and the game's end in the words of its record
 * (「まで百二手で先手の勝ち」). Each utterance carries its text and its kana reading; playing it is the device's job.
 */
public final class Announcer {
    /**
     * One thing to say.
     *
     * @param kind    {@code move}, {@code check}, {@code time} or {@code end} (the {@code voice} topic's kinds)
     * @param text    as written: {@code ８四歩}, {@code 王手}, {@code まで百二手で先手の勝ち}
     * @param reading its kana, for the speech engine
     */
    public record Utterance(String kind, String text, String reading) {
        static Utterance of(String kind, String text) {
            return new Utterance(kind, text, Readings.of(text));
        }
    }

    private final boolean ownMoves;

    /** @param ownMoves whether a person's moves are read out too (the computer's always are) */
    public Announcer(boolean ownMoves) {
        this.ownMoves = ownMoves;
    }

    /** Return what to say after an event, in order; nothing for most events. */
    public List<Utterance> after(SessionEvent event) {
        List<Utterance> said = new ArrayList<>();
        if (event instanceof SessionEvent.MovePlayed played) {
            if (played.computer() || ownMoves) {
                said.add(Utterance.of("move", played.japanese().replaceAll("^[▲△☗☖]", "")));
            }
            if (played.state().result() == null && played.state().position().inCheck()) {
                said.add(Utterance.of("check", "王手"));
            }
        } else if (event instanceof SessionEvent.GameEnded ended && !"unfinished".equals(ended.state().result().reason())) {
            if (ended.state().result().reason().equals("time_forfeit")) {
                said.add(Utterance.of("time", "切れ負け"));
            }
            String kif = RecordFormat.KIFU.write(ended.record());
            kif.lines().filter(line -> line.startsWith("まで")).reduce((first, last) -> last)
                    .ifPresent(summary -> said.add(Utterance.of("end", summary.strip())));
        }
        return said;
    }
}
