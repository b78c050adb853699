package org.shogibridge.device.board.wired;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.rules.Side;

/** The LED chain: which LED lights what, the colours of a frame, and the exact SPI bytes of both LED kinds. */
class LedChainTest {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    @Test
    void ws2812bBytesAreThreeSpiBitsPerLedBitInGreenRedBlueOrderWithALatchAfter() {
        LedEncoding.Ws2812b ws = new LedEncoding.Ws2812b();
        byte[] rgb = {(byte) 0xFF, 0x00, (byte) 0x81}; // red 255, green 0, blue 129
        byte[] out = new byte[ws.bytes(1)];
        int n = ws.encode(rgb, 1, out);
        assertEquals(1 + 9 + 90, n);
        assertEquals(0, out[0], "the line is low before the first bit");
        // green 0x00: 100 x 8; red 0xFF: 110 x 8; blue 0x81: 110 100 100 100 100 100 100 110
        assertEquals("924924" + "DB6DB6" + "D24926", HEX.formatHex(out, 1, 10));
        for (int k = 10; k < n; k++) {
            assertEquals(0, out[k], "300 us of zeros latch the frame");
        }
        // Every LED bit, whatever the colour, is one of the two pulse shapes.
        byte[] all = new byte[3 * 256];
        for (int v = 0; v < 256; v++) {
            all[3 * v] = (byte) v;
        }
        byte[] many = new byte[ws.bytes(256)];
        ws.encode(all, 256, many);
        StringBuilder bits = new StringBuilder();
        for (int k = 1; k < 1 + 9 * 256; k++) {
            bits.append(String.format("%8s", Integer.toBinaryString(many[k] & 0xFF)).replace(' ', '0'));
        }
        for (int v = 0; v < 256; v++) {
            String red = bits.substring((9 * v + 3) * 8, (9 * v + 6) * 8);
            StringBuilder expected = new StringBuilder();
            for (int bit = 7; bit >= 0; bit--) {
                expected.append((v >> bit & 1) == 1 ? "110" : "100");
            }
            assertEquals(expected.toString(), red, "red " + v);
        }
    }

    @Test
    void apa102BytesAreAStartFrameBrightnessBlueGreenRedAndAnEndFrame() {
        LedEncoding.Apa102 apa = new LedEncoding.Apa102();
        byte[] rgb = {(byte) 0xFF, 0x10, 0x01, 0x00, 0x00, 0x00};
        byte[] out = new byte[apa.bytes(2)];
        assertEquals(4 + 8 + 1, apa.encode(rgb, 2, out));
        assertEquals("00000000" + "FF0110FF" + "FF000000" + "FF", HEX.formatHex(out));
        assertEquals(4 + 4 * 83 + 6, apa.bytes(83), "83 LEDs: 83 half-bits of end frame, six bytes");
    }

    @Test
    void aSerpentineChainFromTheNearRightCornerRunsBackAndForthThenToBothStands() {
        ChainLayout layout = ChainLayout.boardThenStands(9, 9, ChainLayout.Corner.of("1i", 9, 9), true);
        assertEquals(83, layout.leds());
        assertEquals(80, layout.target(0), "1i");
        assertEquals(72, layout.target(8), "9i");
        assertEquals(63, layout.target(9), "9h: the second rank runs back");
        assertEquals(71, layout.target(17), "1h");
        assertEquals(0, layout.target(80), "9a (rank a runs the same way as rank i: nine ranks)");
        assertEquals(81, layout.target(81), "black's komadai");
        assertEquals(82, layout.target(82), "white's komadai");
        ChainLayout rows = ChainLayout.boardThenStands(9, 9, ChainLayout.Corner.FAR_LEFT, false);
        for (int i = 0; i < 81; i++) {
            assertEquals(i, rows.target(i), "from 9a, rank by rank: SFEN order");
        }
        boolean[] seen = new boolean[83];
        for (ChainLayout.Corner corner : ChainLayout.Corner.values()) {
            Arrays.fill(seen, false);
            ChainLayout l = ChainLayout.boardThenStands(9, 9, corner, true);
            for (int i = 0; i < l.leds(); i++) {
                assertTrue(!seen[l.target(i)], corner + " lights " + l.target(i) + " twice");
                seen[l.target(i)] = true;
            }
        }
        assertEquals(null, ChainLayout.Corner.of("5e", 9, 9));
        assertEquals(ChainLayout.Corner.NEAR_LEFT, ChainLayout.Corner.of("5e", 5, 5));
    }

    @Test
    void aFrameIsRenderedWithItsColoursBlinkingAndBrightness() {
        ChainLayout layout = ChainLayout.boardThenStands(9, 9, ChainLayout.Corner.FAR_LEFT, false);
        LedPixels pixels = new LedPixels(layout, 128, 10_000);
        LedFrame frame = new LedFrame(81);
        frame.set(40, LedFrame.Colour.GREEN, LedFrame.Pattern.STEADY);
        frame.set(41, LedFrame.Colour.RED, LedFrame.Pattern.FAST_BLINK);
        frame.setKomadai(Side.WHITE, LedFrame.Colour.BLUE, LedFrame.Pattern.BLINK);
        byte[] early = pixels.render(frame, 1_000).clone(); // both blinks lit
        assertArrayEquals(new byte[] {0, (byte) 128, 0}, Arrays.copyOfRange(early, 3 * 40, 3 * 41));
        assertArrayEquals(new byte[] {(byte) 128, 0, 0}, Arrays.copyOfRange(early, 3 * 41, 3 * 42));
        assertArrayEquals(new byte[] {0, 0, (byte) 128}, Arrays.copyOfRange(early, 3 * 82, 3 * 83));
        byte[] later = pixels.render(frame, 1_130).clone(); // fast blink dark, slow still lit
        assertArrayEquals(new byte[] {0, 0, 0}, Arrays.copyOfRange(later, 3 * 41, 3 * 42));
        assertArrayEquals(new byte[] {0, 0, (byte) 128}, Arrays.copyOfRange(later, 3 * 82, 3 * 83));
        byte[] dark = pixels.render(frame, 1_630); // slow blink dark
        assertArrayEquals(new byte[] {0, 0, 0}, Arrays.copyOfRange(dark, 3 * 82, 3 * 83));
        assertEquals(0, dark[0], "unlit squares are off");
    }

    @Test
    void aFrameThatWouldDrawMoreThanTheSupplyAllowsIsDimmedAsAWhole() {
        ChainLayout layout = ChainLayout.boardThenStands(9, 9, ChainLayout.Corner.FAR_LEFT, false);
        LedFrame frame = new LedFrame(81);
        for (int sq = 0; sq < 81; sq++) {
            frame.set(sq, LedFrame.Colour.WHITE, LedFrame.Pattern.STEADY);
        }
        LedPixels unlimited = new LedPixels(layout, 255, 100_000);
        unlimited.render(frame, 0);
        assertEquals(83 + 81 * 60, unlimited.milliamps(), 0.01, "81 white LEDs at 60 mA, 83 idle");
        LedPixels limited = new LedPixels(layout, 255, 2_000);
        byte[] rgb = limited.render(frame, 0);
        assertTrue(limited.milliamps() <= 2_000, "within the supply: " + limited.milliamps());
        assertTrue(limited.milliamps() > 1_900, "but not dimmer than needed: " + limited.milliamps());
        int white = rgb[0] & 0xFF;
        assertTrue(white > 90 && white < 110, "every LED dimmed alike: " + white);
        assertEquals(rgb[0], rgb[3 * 80 + 2]);
    }
}
