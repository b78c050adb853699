package org.shogibridge.device.board.wired;

/**
 * How a chain of addressable LEDs is fed over SPI: the bytes for a row of colours, in chain order. Encoders write into
 * the caller's buffer and allocate nothing, since a frame goes out whenever the picture or a blink phase changes.
 */
public interface LedEncoding {
    /** The SPI clock this encoding needs, in Hz. */
    int spiHz();

    /** Return the bytes {@link #encode} writes for this many LEDs. */
    int bytes(int leds);

    /**
     * Write the SPI bytes that show {@code leds} colours, {@code rgb[3 * i .. 3 * i + 2]} for the i-th LED of the
     * chain (red, green, blue, 0-255, brightness already applied), into {@code out}; return how many.
     */
    int encode(byte[] rgb, int leds, byte[] out);

    /**
     * WS2812B (and SK6812, WS2813) on SPI's data line alone: each of the LED's bits becomes three SPI bits at 2.4 MHz,
     * {@code 110} for a one and {@code 100} for a zero (a 0.83 us and a 0.42 us high pulse in a 1.25 us bit), colours
     * in the LEDs' own green, red, blue order, most significant bit first. A zero byte goes first (the data line
     * must be low before the first bit) and 300 us of zeros after, which latches the frame (newer WS2812B need 280 us).
     */
    final class Ws2812b implements LedEncoding {
        public static final int SPI_HZ = 2_400_000;
        /** 300 us at 2.4 MHz: 720 bits. */
        static final int RESET_BYTES = 90;
        /** The three SPI bytes of each possible colour byte, precomputed. */
        private static final byte[] PATTERNS = new byte[256 * 3];

        static {
            for (int value = 0; value < 256; value++) {
                int bits = 0;
                for (int bit = 7; bit >= 0; bit--) {
                    bits = bits << 3 | ((value >>> bit & 1) == 1 ? 0b110 : 0b100);
                }
                PATTERNS[3 * value] = (byte) (bits >>> 16);
                PATTERNS[3 * value + 1] = (byte) (bits >>> 8);
                PATTERNS[3 * value + 2] = (byte) bits;
            }
        }

        @Override
        public int spiHz() {
            return SPI_HZ;
        }

        @Override
        public int bytes(int leds) {
            return 1 + 9 * leds + RESET_BYTES;
        }

        @Override
        public int encode(byte[] rgb, int leds, byte[] out) {
            int w = 0;
            out[w++] = 0;
            for (int i = 0; i < leds; i++) {
                w = put(rgb[3 * i + 1], out, w); // green first
                w = put(rgb[3 * i], out, w);
                w = put(rgb[3 * i + 2], out, w);
            }
            for (int k = 0; k < RESET_BYTES; k++) {
                out[w++] = 0;
            }
            return w;
        }

        private static int put(byte colour, byte[] out, int w) {
            int p = 3 * (colour & 0xFF);
            out[w] = PATTERNS[p];
            out[w + 1] = PATTERNS[p + 1];
            out[w + 2] = PATTERNS[p + 2];
            return w + 3;
        }
    }

    /**
     * APA102 (and SK9822) on SPI's clock and data lines: a start frame of 32 zero bits, then per LED {@code 111} and a
     * 5-bit global brightness (full: the brightness is already in the colours), blue, green, red; then an end frame of
     * one bit per two LEDs (ones, rounded up to bytes) that clocks the data through the chain. Up to about 10 MHz;
     * 4 MHz is safe over a long chain.
     */
    final class Apa102 implements LedEncoding {
        public static final int SPI_HZ = 4_000_000;

        @Override
        public int spiHz() {
            return SPI_HZ;
        }

        @Override
        public int bytes(int leds) {
            return 4 + 4 * leds + endBytes(leds);
        }

        static int endBytes(int leds) {
            return Math.max(1, (leds + 15) / 16);
        }

        @Override
        public int encode(byte[] rgb, int leds, byte[] out) {
            int w = 0;
            for (int k = 0; k < 4; k++) {
                out[w++] = 0;
            }
            for (int i = 0; i < leds; i++) {
                out[w++] = (byte) 0xFF; // 0b111 and brightness 31
                out[w++] = rgb[3 * i + 2];
                out[w++] = rgb[3 * i + 1];
                out[w++] = rgb[3 * i];
            }
            for (int k = endBytes(leds); k > 0; k--) {
                out[w++] = (byte) 0xFF;
            }
            return w;
        }
    }
}
