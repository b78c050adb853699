package org.shogibridge.device.board.wired;

import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.i2c.I2C;
import java.util.List;

/**
 * Hall-effect switches on MCP23017 I/O expanders over I2C, 16 inputs a chip, up to 8 chips (addresses 0x20-0x27) a
 * bus. Every pin is an input with the chip's pull-up, so a switch pulls it low near a magnet; input
 * {@code 16 * chip + pin}, port A's pins 0-7 first, in the order the chips are listed.
 *
 * <p>With the optional interrupt pin (the chips' INTA outputs, mirrored and open-drain, wired together to one GPIO
 * with a pull-up) the bus is read only when a chip saw a change, and at least every {@link #FULL_READ_MILLIS} in
 * case an edge was missed; without it every scan reads every chip (two bytes a chip, about 0.25 ms at 400 kHz).
 */
public final class ExpanderSensors implements SensorBus {
    static final int IODIRA = 0x00;
    static final int IODIRB = 0x01;
    static final int IPOLA = 0x02;
    static final int IPOLB = 0x03;
    static final int GPINTENA = 0x04;
    static final int GPINTENB = 0x05;
    static final int INTCONA = 0x08;
    static final int INTCONB = 0x09;
    static final int IOCON = 0x0A;
    static final int GPPUA = 0x0C;
    static final int GPPUB = 0x0D;
    static final int GPIOA = 0x12;
    /** IOCON: INTA and INTB mirrored (either port raises both), and open-drain so several chips share one line. */
    static final int IOCON_MIRROR = 0x40;
    static final int IOCON_ODR = 0x04;
    static final long FULL_READ_MILLIS = 100;

    private final I2C[] chips;
    private final DigitalInput interrupt;
    private final byte[] pair = new byte[2];
    private final byte[] levels;
    private long lastRead = Long.MIN_VALUE;

    /** Set up the chips' registers (inputs, pull-ups, interrupts); {@code interrupt} may be null. */
    public ExpanderSensors(List<I2C> chips, DigitalInput interrupt) {
        this.chips = chips.toArray(new I2C[0]);
        this.interrupt = interrupt;
        this.levels = new byte[2 * this.chips.length];
        for (I2C chip : this.chips) {
            // IOCON first: it decides the register map (BANK = 0) and that reads run on to the next register.
            chip.writeRegister(IOCON, (byte) (interrupt != null ? IOCON_MIRROR | IOCON_ODR : 0));
            chip.writeRegister(IODIRA, (byte) 0xFF);
            chip.writeRegister(IODIRB, (byte) 0xFF);
            chip.writeRegister(IPOLA, (byte) 0);
            chip.writeRegister(IPOLB, (byte) 0);
            chip.writeRegister(GPPUA, (byte) 0xFF);
            chip.writeRegister(GPPUB, (byte) 0xFF);
            chip.writeRegister(INTCONA, (byte) 0); // compare with the previous value: every change interrupts
            chip.writeRegister(INTCONB, (byte) 0);
            chip.writeRegister(GPINTENA, (byte) (interrupt != null ? 0xFF : 0));
            chip.writeRegister(GPINTENB, (byte) (interrupt != null ? 0xFF : 0));
        }
    }

    @Override
    public int inputs() {
        return 16 * chips.length;
    }

    @Override
    public void read(boolean[] active, long millis) {
        boolean due = interrupt == null || lastRead == Long.MIN_VALUE || interrupt.isLow() || millis - lastRead >= FULL_READ_MILLIS;
        if (due) {
            for (int k = 0; k < chips.length; k++) {
                // GPIOA then GPIOB in one transfer; reading them also clears the chip's interrupt.
                int n = chips[k].readRegister(GPIOA, pair, 0, 2);
                if (n != 2) {
                    throw new com.pi4j.io.exception.IOException("MCP23017 read failed. Chip " + k + " gave " + n + " of 2 bytes.");
                }
                levels[2 * k] = pair[0];
                levels[2 * k + 1] = pair[1];
            }
            lastRead = millis;
        }
        ShiftRegisterChain.unpack(levels, levels.length, true, active); // pulled low near a magnet
    }

    @Override
    public String describe() {
        return chips.length + " MCP23017" + (interrupt != null ? ", interrupt on " + interrupt.id() : ", polled");
    }

    @Override
    public void close() {
        for (I2C chip : chips) {
            chip.close();
        }
    }
}
