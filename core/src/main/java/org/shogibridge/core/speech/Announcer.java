package org.shogibridge.core.speech;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.session.BoardStatus;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.PlayedMove;
import org.shogibridge.core.session.SessionEvent;

/**
 * Decides what the board says after each change of the game: the computer's move (and, if asked, the player's own),
 * 王手 after a move that checks, 切れ負け on a time forfeit, the game's end in the words of its record
 * (「まで百二手で先手の勝ち」), and a correction's steps when one begins (「７六の駒を７七に移す」). Each utterance carries
 * its text and its kana reading; playing it is the device's job. In English: Hodges notation read as words.
 */
public final class Announcer {
    /**
     * One thing to say.
     *
     * @param kind    {@code move}, {@code check}, {@code time}, {@code end}, {@code tutor}, {@code tsume} (the {@code voice}
     *                topic's kinds)
     * @param text    as written: {@code ８四歩}, {@code 王手}, {@code まで百二手で先手の勝ち}
     * @param reading its kana, for the speech engine
     */
    public record Utterance(String kind, String text, String reading) {
        static Utterance of(String kind, String text) {
            return new Utterance(kind, text, Readings.of(text));
        }

        /** Return an utterance of a text in a language: Japanese is read in kana, English as it is written. */
        public static Utterance in(Language language, String kind, String text) {
            return language == Language.JA ? of(kind, text) : new Utterance(kind, text, text);
        }
    }

    private final boolean ownMoves;
    private final Language language;
    /** Whether the board was being corrected at the last event: a correction is said once, when it begins. */
    private boolean correcting;
    /** The game and the built-in engine's level at the last event: a level changed within a game is said. */
    private String levelGame;
    /** The game and ply of the tutor's last warning, said once. */
    private String advised;
    private int level;
    /** The game and the tsume set-up step said last: each step is said once, as it comes. */
    private String tsumeSaid;

    /** @param ownMoves whether a person's moves are read out too (the computer's always are), in Japanese */
    public Announcer(boolean ownMoves) {
        this(ownMoves, Language.JA);
    }

    /** @param ownMoves whether a person's moves are read out too (the computer's always are) */
    public Announcer(boolean ownMoves, Language language) {
        this.ownMoves = ownMoves;
        this.language = language;
    }

    /** Return what to say after an event, in order; nothing for most events. */
    public List<Utterance> after(SessionEvent event) {
        List<Utterance> said = new ArrayList<>();
        GameState state = event.stateOrNull();
        boolean wasCorrecting = correcting;
        correcting = state != null && state.status().kind() == BoardStatus.Kind.CORRECTION_NEEDED;
        if (correcting && !wasCorrecting) {
            BoardStatus status = state.status();
            said.add(language == Language.JA ? Utterance.of("correction", status.spoken()) : english("correction", status.detail()));
        }
        if (state != null) {
            int engineLevel = Math.max(state.black().level(), state.white().level());
            if (event instanceof SessionEvent.StatusChanged && state.gameId().equals(levelGame) && engineLevel != level
                    && engineLevel > 0 && level > 0) { // the engine's level changed (not a person replaced by the engine)
                said.add(language == Language.JA ? Utterance.of("menu", "レベル" + engineLevel) : english("menu", "Level " + engineLevel));
            }
            levelGame = state.gameId();
            level = engineLevel;
        }
        if (state != null && state.advice() != null && !(state.gameId() + " " + state.advice().ply()).equals(advised)) {
            advised = state.gameId() + " " + state.advice().ply(); // said once, when the tutor warns
            said.add(language == Language.JA ? Utterance.of("tutor", "その手は" + state.advice().mark() + "です。待ったしますか？")
                    : english("tutor", "That move is a " + state.advice().markEnglish() + ". Take it back?"));
        }
        if (state != null && state.tsume() != null) {
            tsumeSteps(state, said);
        }
        if (event instanceof SessionEvent.GameEnded ended && ended.state().tsume() != null && ended.state().result().winner() != null) {
            boolean solved = ended.state().result().winner() == Side.BLACK;
            said.add(language == Language.JA ? Utterance.of("tsume", solved ? "正解です。" : "不正解です。")
                    : english("tsume", solved ? "Solved." : "Not solved: the defence above refutes it."));
            return said;
        }
        if (event instanceof SessionEvent.MovePlayed played) {
            if (played.computer() || ownMoves) {
                said.add(language == Language.JA ? Utterance.of("move", played.japanese().replaceAll("^[▲△☗☖]", ""))
                        : english("move", hodges(played)));
            }
            if (played.state().result() == null && played.state().position().inCheck()) {
                said.add(language == Language.JA ? Utterance.of("check", "王手") : english("check", "Check"));
            }
        } else if (event instanceof SessionEvent.GameEnded ended && !"unfinished".equals(ended.state().result().reason())) {
            if (ended.state().result().reason().equals("time_forfeit")) {
                said.add(language == Language.JA ? Utterance.of("time", "切れ負け") : english("time", "Lost on time"));
            }
            if (language == Language.EN) {
                said.add(english("end", EnglishReadings.end(ended.state())));
                return said;
            }
            String kif = RecordFormat.KIFU.write(ended.record());
            kif.lines().filter(line -> line.startsWith("まで")).reduce((first, last) -> last)
                    .ifPresent(summary -> said.add(Utterance.of("end", summary.strip())));
        }
        return said;
    }

    /** A tsume's title when it begins, then each set-up step (the square by the LEDs, the piece by these words). */
    private void tsumeSteps(GameState state, List<Utterance> said) {
        String step = state.tsume().settingUp() ? state.tsume().setUp() : "set up";
        String key = state.gameId() + " " + step;
        if (key.equals(tsumeSaid)) {
            return;
        }
        boolean first = tsumeSaid == null || !tsumeSaid.startsWith(state.gameId() + " ");
        tsumeSaid = key;
        boolean ja = language == Language.JA;
        if (first) {
            said.add(ja ? Utterance.of("tsume", "詰将棋、" + state.tsume().plies() + "手詰です。")
                    : english("tsume", "Tsume: mate in " + state.tsume().plies() + "."));
        }
        if (state.tsume().settingUp()) {
            said.add(ja ? Utterance.of("tsume", state.tsume().setUp()) : english("tsume", state.tsume().setUpEnglish()));
        } else if (!first) {
            said.add(ja ? Utterance.of("tsume", "並べ終わりました。どうぞ。") : english("tsume", "Set up. Your move."));
        }
    }

    private static Utterance english(String kind, String text) {
        return new Utterance(kind, text, kind.equals("move") ? EnglishReadings.move(text) : text);
    }

    /** The move just played in Hodges notation, as the session wrote it. */
    private static String hodges(SessionEvent.MovePlayed played) {
        List<PlayedMove> moves = played.state().played();
        return moves.get(moves.size() - 1).western();
    }
}
