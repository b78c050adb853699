package org.shogibridge.core.menu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.speech.Announcer.Utterance;
import org.shogibridge.core.speech.Language;

/**
 * The pictures of the menu in docs/leds.md are what the menu really shows: each is drawn here from a {@link BoardMenu}
 * driven by presses, and must match the page (run this test to see the right picture when it does not).
 */
class MenuPicturesTest {
    private static final Path PAGE = Path.of("..", "docs", "leds.md");

    private final BoardMenu.Listener quiet = new BoardMenu.Listener() {
        @Override
        public void chosen(MenuChoice choice) {
        }

        @Override
        public void say(Utterance utterance) {
        }
    };

    /** A picture as the page draws it: files 9 to 1 across, ranks 一 to 九 down, the komadai below. */
    static String picture(LedFrame frame) {
        StringBuilder sb = new StringBuilder(" 9 8 7 6 5 4 3 2 1\n");
        String[] rows = frame.toString(9).split("\n");
        for (int r = 0; r < rows.length; r++) {
            for (char c : rows[r].toCharArray()) {
                sb.append(' ').append(c);
            }
            sb.append("  ").append("一二三四五六七八九".charAt(r)).append('\n');
        }
        char b = ".GBYRW".charAt(frame.komadaiColour(Side.BLACK).ordinal());
        char w = ".GBYRW".charAt(frame.komadaiColour(Side.WHITE).ordinal());
        sb.append(" komadai: sente ").append(frame.komadaiPattern(Side.BLACK) == LedFrame.Pattern.STEADY ? b : Character.toLowerCase(b))
                .append(", gote ").append(frame.komadaiPattern(Side.WHITE) == LedFrame.Pattern.STEADY ? w : Character.toLowerCase(w));
        return sb.append('\n').toString();
    }

    private Map<String, String> pictures() {
        Map<String, String> pictures = new LinkedHashMap<>();
        BoardMenu menu = new BoardMenu(Variant.STANDARD, Language.JA, 3, true, quiet);
        MenuFinger finger = new MenuFinger(menu, 0);
        finger.tap(1);
        pictures.put("new-game", picture(menu.leds()));
        finger.tap(1);
        finger.press(1_000);
        pictures.put("level-3", picture(menu.leds()));
        finger.tap(7);
        pictures.put("level-10", picture(menu.leds()));
        finger.press(1_000);
        finger.tap(3);
        finger.press(1_000);
        finger.tap(1);
        pictures.put("side-gote", picture(menu.leds()));
        finger.press(1_000);
        Variant v = Variant.STANDARD;
        menu.showHint(v.square(7, 7), v.square(7, 6), Side.BLACK, finger.now() + 10_000, new LedFrame(v.squares()));
        pictures.put("hint", picture(menu.leds()));
        return pictures;
    }

    @Test
    void thePagesPicturesAreWhatTheMenuShows() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        Map<String, String> drawn = pictures();
        Matcher m = Pattern.compile("<!-- menu picture: ([a-z0-9-]+) -->\\n```\\n(.*?)```", Pattern.DOTALL).matcher(page);
        int found = 0;
        while (m.find()) {
            String name = m.group(1);
            assertTrue(drawn.containsKey(name), "docs/leds.md draws an unknown picture " + name);
            assertEquals(drawn.get(name), m.group(2), "docs/leds.md, picture " + name);
            found++;
        }
        assertEquals(drawn.size(), found, "every picture is on the page: " + drawn.keySet());
    }
}
