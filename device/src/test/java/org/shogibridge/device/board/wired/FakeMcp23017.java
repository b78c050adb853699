package org.shogibridge.device.board.wired;

import com.pi4j.io.i2c.I2CConfig;
import com.pi4j.io.i2c.I2CProvider;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import java.util.ArrayList;
import java.util.List;

/**
 * An MCP23017 at register level (datasheet DS20001952, IOCON.BANK = 0), behind Pi4J's mock I2C: 22 registers with
 * their power-on values, the address pointer running on through a sequential read unless IOCON.SEQOP is set, inputs
 * with optional pull-ups (a floating input without one reads 0, so a driver that forgets GPPU sees magnets
 * everywhere), IPOL inversion, and interrupt-on-change against the last value read, cleared by reading GPIO or INTCAP.
 * Only what a sensor board uses: outputs and BANK = 1 are refused.
 */
final class FakeMcp23017 extends MockI2C {
    private static final int IOCON_BANK = 0x80;
    private static final int IOCON_SEQOP = 0x20;

    private final int[] registers = new int[22];
    /** The level each pin's Hall switch drives: true = pulled low (a magnet), false = released. */
    private final boolean[] pulledLow = new boolean[16];
    private final List<String> writes = new ArrayList<>();
    private int gpioReads;
    private boolean interrupt;

    FakeMcp23017(I2CProvider provider, I2CConfig config) {
        super(provider, config);
        registers[0x00] = 0xFF; // IODIRA: inputs at power-on
        registers[0x01] = 0xFF;
    }

    /** Move a magnet to or from a pin (0-7 port A, 8-15 port B). */
    void magnet(int pin, boolean near) {
        int before = level(pin);
        pulledLow[pin] = near;
        int port = pin / 8;
        int bit = pin % 8;
        if (before != level(pin) && (registers[0x04 + port] >> bit & 1) == 1) {
            registers[0x0E + port] |= 1 << bit; // INTF
            registers[0x10 + port] = portValue(port); // INTCAP
            interrupt = true;
        }
    }

    /** Return whether INTA (mirrored) is asserted. */
    boolean interruptAsserted() {
        return interrupt;
    }

    int registerValue(int address) {
        return registers[address];
    }

    List<String> writes() {
        return writes;
    }

    int gpioReads() {
        return gpioReads;
    }

    private int level(int pin) {
        if (pulledLow[pin]) {
            return 0;
        }
        int port = pin / 8;
        return registers[0x0C + port] >> pin % 8 & 1; // released: high with the pull-up, else floating, read as 0
    }

    private int portValue(int port) {
        int value = 0;
        for (int bit = 0; bit < 8; bit++) {
            value |= level(8 * port + bit) << bit;
        }
        return value ^ registers[0x02 + port]; // IPOL
    }

    @Override
    public int writeRegister(int register, byte b) {
        if (register < 0 || register >= registers.length) {
            throw new IllegalArgumentException("MCP23017 has no register 0x" + Integer.toHexString(register));
        }
        if (register == 0x0A || register == 0x0B) {
            if ((b & IOCON_BANK) != 0) {
                throw new UnsupportedOperationException("IOCON.BANK = 1 is not modelled");
            }
            registers[0x0A] = registers[0x0B] = b & 0xFF;
        } else if ((register == 0x00 || register == 0x01) && (b & 0xFF) != 0xFF) {
            throw new UnsupportedOperationException("outputs are not modelled (a sensor board has none)");
        } else {
            registers[register] = b & 0xFF;
        }
        writes.add(String.format("%02X=%02X", register, b & 0xFF));
        return 1;
    }

    @Override
    public int readRegister(int register) {
        byte[] one = new byte[1];
        readRegister(register, one, 0, 1);
        return one[0] & 0xFF;
    }

    @Override
    public int readRegister(int register, byte[] buffer, int offset, int length) {
        int pointer = register;
        boolean sequential = (registers[0x0A] & IOCON_SEQOP) == 0;
        for (int i = 0; i < length; i++) {
            buffer[offset + i] = (byte) read(pointer);
            if (sequential) {
                pointer = (pointer + 1) % registers.length;
            }
        }
        return length;
    }

    private int read(int register) {
        switch (register) {
            case 0x12, 0x13 -> {
                gpioReads++;
                clearInterrupt(register - 0x12);
                return portValue(register - 0x12);
            }
            case 0x10, 0x11 -> {
                clearInterrupt(register - 0x10);
                return registers[register];
            }
            default -> {
                return registers[register];
            }
        }
    }

    private void clearInterrupt(int port) {
        registers[0x0E + port] = 0;
        if (registers[0x0E] == 0 && registers[0x0F] == 0) {
            interrupt = false;
        }
    }
}
