package org.shogibridge.core.menu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.speech.Announcer.Utterance;
import org.shogibridge.core.speech.Language;

/** The menu button on virtual time: presses, holds, what the LEDs show, what is said and what is chosen. */
class BoardMenuTest {
    private final List<MenuChoice> chosen = new ArrayList<>();
    private final List<Utterance> said = new ArrayList<>();
    private final BoardMenu.Listener listener = new BoardMenu.Listener() {
        @Override
        public void chosen(MenuChoice choice) {
            chosen.add(choice);
        }

        @Override
        public void say(Utterance utterance) {
            said.add(utterance);
        }
    };
    private long now = 10_000;

    private BoardMenu menu(Variant variant, Language language) {
        return new BoardMenu(variant, language, 3, true, listener);
    }

    /** A press held for some time, the menu ticked every 5 ms meanwhile as the board loop does. */
    private void press(BoardMenu menu, long heldMillis) {
        now = MenuFinger.press(menu, now, heldMillis);
    }

    private void tap(BoardMenu menu, int times) {
        for (int i = 0; i < times; i++) {
            press(menu, 120);
        }
    }

    private String lastSaid() {
        return said.get(said.size() - 1).text();
    }

    @Test
    void aShortPressOpensTheMenuShownOnTheRankNearestBlackAndSaid() {
        BoardMenu menu = menu(Variant.STANDARD, Language.JA);
        assertFalse(menu.showing());
        tap(menu, 1);
        assertTrue(menu.showing());
        assertEquals(BoardMenu.Entry.NEW_GAME, menu.entry());
        assertEquals(new Utterance("menu", "新規対局", "しんき たいきょく"), said.get(0));
        assertEquals("""
                .........
                .........
                .........
                .........
                .........
                .........
                .........
                WW.......
                gWWWWWWWW
                """, menu.leds().toString(9));
        tap(menu, 2);
        assertEquals(BoardMenu.Entry.SIDE, menu.entry());
        assertEquals("手番", lastSaid());
        assertTrue(menu.leds().toString(9).endsWith("WWgWWWWWW\n"));
        assertTrue(chosen.isEmpty(), "stepping chooses nothing");
    }

    @Test
    void aLongPressChoosesWhileStillHeldAndTheLevelIsThatManySquares() {
        BoardMenu menu = menu(Variant.STANDARD, Language.JA);
        tap(menu, 2); // open, then レベル
        menu.pressed(now);
        menu.tick(now + 995);
        assertEquals(BoardMenu.Entry.LEVEL, menu.entry());
        assertEquals("レベル", lastSaid());
        menu.tick(now + 1_000); // held one second: its values open before the button comes up
        assertEquals("レベル3", lastSaid());
        assertEquals("れべる さん", said.get(said.size() - 1).reading());
        now += 1_400;
        menu.released(now); // the release after a long press does nothing more
        assertEquals("レベル3", lastSaid());
        assertEquals("""
                .........
                .........
                .........
                .........
                YYY......
                .........
                .........
                WW.......
                WGWWWWWWW
                """, menu.leds().toString(9));
        tap(menu, 7);
        assertEquals("レベル10", lastSaid());
        String level10 = menu.leds().toString(9);
        assertEquals("Y........\nYYYYYYYYY\n", level10.substring(30, 50), "nine on the middle rank, the tenth above it");
        press(menu, 1_000);
        assertEquals(List.of(new MenuChoice.Level(10)), chosen);
        assertFalse(menu.showing(), "a value set closes the menu");
        assertEquals(10, menu.level());
    }

    @Test
    void aLevelSetElsewhereIsWhereTheLevelValuesStart() {
        BoardMenu menu = menu(Variant.STANDARD, Language.JA);
        menu.level(7);
        tap(menu, 2);
        press(menu, 1_000);
        assertEquals("レベル7", lastSaid());
        menu.level(11); // not a level: ignored
        assertEquals(7, menu.level());
    }

    @Test
    void aPressHeldJustUnderASecondIsShort() {
        BoardMenu menu = menu(Variant.STANDARD, Language.JA);
        tap(menu, 1);
        press(menu, 995);
        assertEquals(BoardMenu.Entry.LEVEL, menu.entry());
        assertTrue(chosen.isEmpty());
    }

    @Test
    void aNewGameCarriesTheSideAndHandicapChosenBefore() {
        BoardMenu menu = menu(Variant.STANDARD, Language.JA);
        tap(menu, 3); // open, レベル, 手番
        press(menu, 1_200);
        tap(menu, 1);
        assertEquals("後手", lastSaid());
        press(menu, 1_200);
        assertEquals(Side.WHITE, menu.human());
        tap(menu, 4); // open, レベル, 手番, 駒落ち
        press(menu, 1_200);
        assertEquals("平手", lastSaid());
        tap(menu, 2);
        assertEquals("角落ち", lastSaid());
        assertEquals("かく おち", said.get(said.size() - 1).reading());
        press(menu, 1_200);
        tap(menu, 1);
        press(menu, 1_200);
        assertEquals(List.of(new MenuChoice.NewGame(Side.WHITE, 3, Handicap.BISHOP)), chosen);
        assertFalse(menu.isOpen());
    }

    @Test
    void theActionsAndTheVoiceSwitch() {
        BoardMenu menu = menu(Variant.STANDARD, Language.JA);
        tap(menu, 5);
        assertEquals("ヒント", lastSaid());
        press(menu, 1_000);
        tap(menu, 6);
        assertEquals("待った", lastSaid());
        press(menu, 1_000);
        tap(menu, 7);
        assertEquals("投了", lastSaid());
        press(menu, 1_000);
        tap(menu, 8);
        assertEquals("検討", lastSaid());
        assertEquals("けんとう", said.get(said.size() - 1).reading());
        press(menu, 1_000);
        tap(menu, 9);
        assertEquals("音声", lastSaid());
        press(menu, 1_000);
        assertEquals("音声オフ", lastSaid());
        assertEquals("おんせい おふ", said.get(said.size() - 1).reading());
        tap(menu, 10);
        assertEquals("悪手警告", lastSaid());
        press(menu, 1_000);
        assertEquals("悪手警告オン", lastSaid());
        assertEquals("あくしゅ けいこく おん", said.get(said.size() - 1).reading());
        assertTrue(menu.tutorOn());
        assertEquals(List.of(new MenuChoice.Hint(), new MenuChoice.TakeBack(), new MenuChoice.Resign(), new MenuChoice.Review(),
                new MenuChoice.Voice(false), new MenuChoice.Tutor(true)), chosen);
    }

    @Test
    void anIdleMenuClosesAndALongFirstPressOnlyOpens() {
        BoardMenu menu = menu(Variant.STANDARD, Language.JA);
        press(menu, 1_500);
        assertTrue(menu.isOpen());
        assertTrue(chosen.isEmpty());
        menu.tick(now + BoardMenu.IDLE_MILLIS - 300);
        assertTrue(menu.isOpen());
        menu.tick(now + BoardMenu.IDLE_MILLIS);
        assertFalse(menu.isOpen());
        assertFalse(menu.showing());
        assertNull(menu.entry());
    }

    @Test
    void minishogiHasNoHandicapEntryAndItsEntriesWrapUpTheBoard() {
        BoardMenu menu = menu(Variant.MINISHOGI, Language.JA);
        tap(menu, 4);
        assertEquals(BoardMenu.Entry.HINT, menu.entry());
        assertEquals("""
                .....
                .....
                .....
                WWWW.
                WWWgW
                """, menu.leds().toString(5));
        press(menu, 1_000);
        tap(menu, 1);
        press(menu, 1_000);
        assertEquals(List.of(new MenuChoice.Hint(), new MenuChoice.NewGame(Side.BLACK, 3, null)), chosen);
    }

    @Test
    void inEnglishTheWordsAreEnglish() {
        BoardMenu menu = menu(Variant.STANDARD, Language.EN);
        tap(menu, 4);
        press(menu, 1_000);
        tap(menu, 4);
        assertEquals(List.of("New game", "Level", "Side", "Handicap", "Even", "Lance", "Bishop", "Rook", "Two pieces"),
                said.stream().map(Utterance::text).toList());
        assertEquals("Two pieces", said.get(said.size() - 1).reading());
        menu.refused();
        assertEquals("Not possible", lastSaid());
    }

    @Test
    void aReviewedMistakeIsLitRedWithTheBetterMoveYellowOverIt() {
        BoardMenu menu = menu(Variant.STANDARD, Language.JA);
        Variant v = Variant.STANDARD;
        LedFrame game = new LedFrame(v.squares());
        // Played 2h2d (the rook left to the bishop); better 3i4h.
        menu.showMistake(v.square(2, 8), v.square(2, 4), v.square(3, 9), v.square(4, 8), Side.BLACK, now + 5_000, game);
        LedFrame leds = menu.leds();
        assertEquals(LedFrame.Colour.RED, leds.colour(v.square(2, 8)));
        assertEquals(LedFrame.Pattern.BLINK, leds.pattern(v.square(2, 8)));
        assertEquals(LedFrame.Colour.RED, leds.colour(v.square(2, 4)));
        assertEquals(LedFrame.Pattern.STEADY, leds.pattern(v.square(2, 4)));
        assertEquals(LedFrame.Colour.YELLOW, leds.colour(v.square(3, 9)));
        assertEquals(LedFrame.Colour.YELLOW, leds.colour(v.square(4, 8)));
        menu.tick(now + 5_000);
        assertFalse(menu.showing(), "out after its time, as a hint");
    }

    @Test
    void aHintIsLitInYellowUntilItsTime() {
        BoardMenu menu = menu(Variant.STANDARD, Language.JA);
        Variant v = Variant.STANDARD;
        LedFrame game = new LedFrame(v.squares());
        menu.showHint(v.square(7, 7), v.square(7, 6), Side.BLACK, now + 5_000, game);
        LedFrame leds = menu.leds();
        assertEquals(LedFrame.Colour.YELLOW, leds.colour(v.square(7, 7)));
        assertEquals(LedFrame.Pattern.BLINK, leds.pattern(v.square(7, 7)));
        assertEquals(LedFrame.Pattern.STEADY, leds.pattern(v.square(7, 6)));
        assertTrue(menu.showing());
        menu.tick(now + 4_999);
        assertTrue(menu.showing());
        menu.tick(now + 5_000);
        assertFalse(menu.showing());
        menu.showHint(-1, v.square(5, 5), Side.WHITE, now + 9_000, game);
        assertEquals(LedFrame.Colour.YELLOW, menu.leds().komadaiColour(Side.WHITE));
        menu.clearHint();
        assertFalse(menu.showing());
        menu.showHint(-1, v.square(5, 5), Side.WHITE, now + 9_000, game);
        menu.tick(now + 100);
        assertTrue(menu.showing());
        game.set(v.square(5, 5), LedFrame.Colour.WHITE, LedFrame.Pattern.BLINK); // a piece is lifted
        menu.tick(now + 105);
        assertFalse(menu.showing(), "the hint goes out when the board changes");
    }
}
