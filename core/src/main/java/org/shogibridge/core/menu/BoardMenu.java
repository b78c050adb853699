package org.shogibridge.core.menu;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.inference.LedFrame.Pattern;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.speech.Announcer.Utterance;
import org.shogibridge.core.speech.Language;

/**
 * The menu of the board's one menu button, for a board with no screen (docs/leds.md, "The menu"). A short press opens
 * the menu and then steps to the next entry; a long press (held {@value #LONG_PRESS_MILLIS} ms; it acts while the
 * button is still down) chooses. Entries with a value (level, side, handicap) open their values, which short presses
 * cycle and a long press sets. The menu closes by itself after {@value #IDLE_MILLIS} ms without a press.
 *
 * <p>While it is open the board's LEDs show the menu instead of the game: every entry a white square on the rank
 * nearest Black, from Black's left, the current one green and blinking; a value is that many yellow squares on the
 * middle rank (level 3: three squares). Each step is also said. Time is passed in; nothing is allocated per tick.
 */
public final class BoardMenu {
    public static final long LONG_PRESS_MILLIS = 1_000;
    public static final long IDLE_MILLIS = 15_000;
    /** How long a hint stays lit unless the board changes first. */
    public static final long HINT_MILLIS = 15_000;

    /** The menu's entries, in order, with what is said for each. */
    public enum Entry {
        NEW_GAME("新規対局", "New game"), LEVEL("レベル", "Level"), SIDE("手番", "Side"), HANDICAP("駒落ち", "Handicap"),
        HINT("ヒント", "Hint"), TAKE_BACK("待った", "Take back"), RESIGN("投了", "Resign"), REVIEW("検討", "Review"),
        VOICE("音声", "Voice"), TUTOR("悪手警告", "Tutor"), TSUME("詰将棋", "Tsume");

        private final String japanese;
        private final String english;

        Entry(String japanese, String english) {
            this.japanese = japanese;
            this.english = english;
        }
    }

    /** Handicaps offered by the menu, in the order a teacher gives them. */
    static final Handicap[] HANDICAPS = {null, Handicap.LANCE, Handicap.BISHOP, Handicap.ROOK, Handicap.TWO_PIECES,
        Handicap.FOUR_PIECES, Handicap.SIX_PIECES};
    private static final String[] HANDICAP_ENGLISH = {"Even", "Lance", "Bishop", "Rook", "Two pieces", "Four pieces", "Six pieces"};

    /** Receives what the menu decides and says. */
    public interface Listener {
        void chosen(MenuChoice choice);

        void say(Utterance utterance);
    }

    private final Variant variant;
    private final Language language;
    private final Listener listener;
    private final Entry[] entries;
    private final LedFrame frame;

    private boolean open;
    private int entry;
    /** Whether the current entry's values are shown (level, side, handicap). */
    private boolean choosingValue;
    private int value;
    private long downAt = -1;
    private boolean longPressDone;
    private long lastPress;
    private long hintUntil = -1;
    /** The game's frame under a hint, and its version then: the hint goes out when the board changes. */
    private LedFrame underHint;
    private long underHintVersion;

    private int level;
    private Side human = Side.BLACK;
    private int handicap;
    private boolean voiceOn;
    private boolean tutorOn;

    /**
     * @param level   the engine's level to start from (1-10)
     * @param voiceOn whether the voice is on
     */
    public BoardMenu(Variant variant, Language language, int level, boolean voiceOn, Listener listener) {
        this.variant = variant;
        this.language = language;
        this.listener = listener;
        this.level = Math.max(1, Math.min(10, level));
        this.voiceOn = voiceOn;
        List<Entry> offered = new ArrayList<>(List.of(Entry.values()));
        if (variant != Variant.STANDARD) {
            offered.remove(Entry.HANDICAP); // the standard handicaps are standard shogi's
            offered.remove(Entry.TSUME); // and so are the built-in tsume
        }
        this.entries = offered.toArray(Entry[]::new);
        this.frame = new LedFrame(variant.squares());
    }

    // ---------------------------------------------------------------- the button

    /** The menu button went down. */
    public void pressed(long at) {
        downAt = at;
        longPressDone = false;
    }

    /** The menu button came up: a short press, unless it was held long enough to have chosen already. */
    public void released(long at) {
        if (downAt < 0) {
            return;
        }
        long held = at - downAt;
        downAt = -1;
        lastPress = at;
        if (longPressDone) {
            return;
        }
        if (held >= LONG_PRESS_MILLIS) {
            longPress();
        } else {
            shortPress();
        }
    }

    /** Let time pass: a button held long enough chooses; an idle menu closes; a hint goes out. */
    public void tick(long now) {
        if (downAt >= 0 && !longPressDone && now - downAt >= LONG_PRESS_MILLIS) {
            longPressDone = true;
            lastPress = now;
            longPress();
        }
        if (open && downAt < 0 && now - lastPress >= IDLE_MILLIS) {
            close();
        }
        if (hintUntil >= 0 && (now >= hintUntil || underHint.version() != underHintVersion)) {
            hintUntil = -1;
        }
    }

    private void shortPress() {
        if (!open) {
            open = true;
            hintUntil = -1;
            entry = 0;
            choosingValue = false;
            sayEntry();
        } else if (choosingValue) {
            value = (value + 1) % valueCount();
            sayValue();
        } else {
            entry = (entry + 1) % entries.length;
            sayEntry();
        }
        draw();
    }

    private void longPress() {
        if (!open) {
            shortPress(); // a long first press only opens the menu
            return;
        }
        Entry current = entries[entry];
        if (choosingValue) {
            setValue(current);
            close();
            return;
        }
        switch (current) {
            case LEVEL, SIDE, HANDICAP -> {
                choosingValue = true;
                value = currentValue(current);
                sayValue();
                draw();
            }
            case NEW_GAME -> choose(new MenuChoice.NewGame(human, level, HANDICAPS[handicap]));
            case HINT -> choose(new MenuChoice.Hint());
            case TAKE_BACK -> choose(new MenuChoice.TakeBack());
            case RESIGN -> choose(new MenuChoice.Resign());
            case REVIEW -> choose(new MenuChoice.Review());
            case TSUME -> choose(new MenuChoice.Tsume());
            case VOICE -> {
                voiceOn = !voiceOn;
                MenuChoice choice = new MenuChoice.Voice(voiceOn);
                close();
                listener.chosen(choice);
                say(language == Language.JA ? "音声" + (voiceOn ? "オン" : "オフ") : "Voice " + (voiceOn ? "on" : "off"));
            }
            case TUTOR -> {
                tutorOn = !tutorOn;
                close();
                listener.chosen(new MenuChoice.Tutor(tutorOn));
                say(language == Language.JA ? "悪手警告" + (tutorOn ? "オン" : "オフ") : "Tutor " + (tutorOn ? "on" : "off"));
            }
        }
    }

    private void choose(MenuChoice choice) {
        close();
        listener.chosen(choice);
    }

    private void close() {
        open = false;
        choosingValue = false;
    }

    // ---------------------------------------------------------------- values

    private int valueCount() {
        return switch (entries[entry]) {
            case LEVEL -> 10;
            case SIDE -> 2;
            case HANDICAP -> HANDICAPS.length;
            default -> 1;
        };
    }

    private int currentValue(Entry e) {
        return switch (e) {
            case LEVEL -> level - 1;
            case SIDE -> human.index();
            case HANDICAP -> handicap;
            default -> 0;
        };
    }

    private void setValue(Entry e) {
        switch (e) {
            case LEVEL -> {
                level = value + 1;
                listener.chosen(new MenuChoice.Level(level));
            }
            case SIDE -> human = value == 0 ? Side.BLACK : Side.WHITE;
            case HANDICAP -> handicap = value;
            default -> {
            }
        }
    }

    // ---------------------------------------------------------------- what is said

    private void sayEntry() {
        Entry e = entries[entry];
        say(language == Language.JA ? e.japanese : e.english);
    }

    private void sayValue() {
        Entry e = entries[entry];
        boolean ja = language == Language.JA;
        switch (e) {
            case LEVEL -> say(ja ? "レベル" + (value + 1) : "Level " + (value + 1));
            case SIDE -> say(ja ? (value == 0 ? "先手" : "後手") : value == 0 ? "Sente" : "Gote");
            case HANDICAP -> say(ja ? (value == 0 ? "平手" : HANDICAPS[value].japaneseName()) : HANDICAP_ENGLISH[value]);
            default -> {
            }
        }
    }

    private void say(String text) {
        listener.say(Utterance.in(language, "menu", text));
    }

    /** Say that a choice could not be carried out (nothing to take back, no engine to ask). */
    public void refused() {
        say(language == Language.JA ? "できません" : "Not possible");
    }

    // ---------------------------------------------------------------- the LEDs

    /** Whether the LEDs show the menu (or a hint) rather than the game. */
    public boolean showing() {
        return open || hintUntil >= 0;
    }

    /** Whether the menu is open. */
    public boolean isOpen() {
        return open;
    }

    /** The menu's frame, shown instead of the game's while {@link #showing()}; its version changes with what it shows. */
    public LedFrame leds() {
        return frame;
    }

    /**
     * Light a hint until {@code until} or until the game's frame changes (a piece is lifted): origin yellow blink,
     * destination yellow steady; a drop lights the mover's komadai yellow blink instead of an origin.
     *
     * @param from the origin square, or -1 for a drop
     * @param game the game's frame, which the hint covers
     */
    public void showHint(int from, int to, Side mover, long until, LedFrame game) {
        underHint = game;
        underHintVersion = game.version();
        open = false;
        choosingValue = false;
        clearFrame();
        if (from >= 0) {
            frame.set(from, Colour.YELLOW, Pattern.BLINK);
        } else {
            frame.setKomadai(mover, Colour.YELLOW, Pattern.BLINK);
        }
        frame.set(to, Colour.YELLOW, Pattern.STEADY);
        hintUntil = until;
    }

    /**
     * Light a reviewed mistake like a hint, until {@code until} or until the game's frame changes: the move played in
     * red (origin blinking, destination steady), the engine's better move in yellow over it.
     *
     * @param played the move played (a {@code Move}), {@code better} the engine's choice; origin -1 for a drop
     */
    public void showMistake(int playedFrom, int playedTo, int betterFrom, int betterTo, Side mover, long until, LedFrame game) {
        showHint(betterFrom, betterTo, mover, until, game);
        if (playedFrom >= 0 && playedFrom != betterFrom && playedFrom != betterTo) {
            frame.set(playedFrom, Colour.RED, Pattern.BLINK);
        }
        if (playedTo != betterFrom && playedTo != betterTo) {
            frame.set(playedTo, Colour.RED, Pattern.STEADY);
        }
    }

    /** Put the hint out (the board changed). */
    public void clearHint() {
        hintUntil = -1;
    }

    private void draw() {
        clearFrame();
        for (int i = 0; i < entries.length; i++) {
            frame.set(countSquare(i, variant.ranks()), Colour.WHITE, Pattern.STEADY);
        }
        frame.set(countSquare(entry, variant.ranks()), Colour.GREEN, choosingValue ? Pattern.STEADY : Pattern.BLINK);
        if (choosingValue) {
            int middle = (variant.ranks() + 1) / 2;
            for (int i = 0; i <= value; i++) {
                frame.set(countSquare(i, middle), Colour.YELLOW, Pattern.STEADY);
            }
        }
    }

    /** The i-th square of a count that starts at a rank, from Black's left, going on up the board past a full rank. */
    private int countSquare(int i, int rank) {
        int files = variant.files();
        return variant.square(files - i % files, rank - i / files);
    }

    private void clearFrame() {
        for (int sq = 0; sq < variant.squares(); sq++) {
            frame.set(sq, Colour.OFF, Pattern.STEADY);
        }
        frame.setKomadai(Side.BLACK, Colour.OFF, Pattern.STEADY);
        frame.setKomadai(Side.WHITE, Colour.OFF, Pattern.STEADY);
    }

    // ---------------------------------------------------------------- for the device and tests

    public int level() {
        return level;
    }

    public Side human() {
        return human;
    }

    public boolean voiceOn() {
        return voiceOn;
    }

    /** The engine's level was changed elsewhere (a page, the level gesture): the menu's level values start from it. */
    public void level(int engineLevel) {
        if (engineLevel >= 1 && engineLevel <= 10) {
            level = engineLevel;
        }
    }

    /** The tutor was turned on or off elsewhere (the configuration, a page). */
    public void tutorOn(boolean on) {
        tutorOn = on;
    }

    public boolean tutorOn() {
        return tutorOn;
    }

    /** The voice was turned on or off elsewhere. */
    public void voiceOn(boolean on) {
        voiceOn = on;
    }

    /** The current entry, or null when the menu is closed. */
    public Entry entry() {
        return open ? entries[entry] : null;
    }
}
