package org.shogibridge.device.board.wired;

/**
 * Daisy-chained 74HC165 parallel-in shift registers, read over SPI: after the parallel-load pin is pulsed, the chip
 * nearest the Pi's MISO shows its input H first, then G down to A, and the next chip's inputs follow. So SPI byte k
 * (most significant bit first) holds chip k's inputs, input A in bit 0 and H in bit 7, and input number
 * {@code 8 * k + pin} (pin 0 = A) is {@code byte[k] >> pin & 1}. Hall-effect switches pull their output low near a
 * magnet, so an input is usually active low.
 */
public final class ShiftRegisterChain {
    private final int chips;
    private final boolean activeLow;

    public ShiftRegisterChain(int chips, boolean activeLow) {
        if (chips < 1 || chips > 64) {
            throw new IllegalArgumentException("Bad shift-register chain. " + chips + " chips; 1 to 64 fit.");
        }
        this.chips = chips;
        this.activeLow = activeLow;
    }

    /** Return how many SPI bytes one read of the chain takes (one per chip). */
    public int bytes() {
        return chips;
    }

    /** Return how many inputs the chain has. */
    public int inputs() {
        return 8 * chips;
    }

    /** Set {@code active[i]} for every input from the bytes of one read; allocation-free. */
    public void decode(byte[] spi, boolean[] active) {
        unpack(spi, chips, activeLow, active);
    }

    /**
     * Set {@code active[8 * k + bit]} from bit {@code bit} of {@code bytes[k]} (bit 0 first) for the first {@code count}
     * bytes, inverted if active low: the layout of a 74HC165 chain's read and of MCP23017 port registers alike.
     */
    static void unpack(byte[] bytes, int count, boolean activeLow, boolean[] active) {
        for (int k = 0; k < count; k++) {
            int b = activeLow ? ~bytes[k] : bytes[k];
            for (int bit = 0; bit < 8; bit++) {
                active[8 * k + bit] = (b >>> bit & 1) == 1;
            }
        }
    }
}
