package org.shogibridge.device.board.wired;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalInputConfig;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalOutputConfig;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.i2c.I2C;
import com.pi4j.io.i2c.I2CConfig;
import com.pi4j.io.spi.Spi;
import com.pi4j.io.spi.SpiConfig;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProviderImpl;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProviderImpl;
import com.pi4j.plugin.mock.provider.i2c.MockI2CProviderImpl;
import com.pi4j.plugin.mock.provider.spi.MockSpi;
import com.pi4j.plugin.mock.provider.spi.MockSpiProviderImpl;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Raspberry Pi for tests: a Pi4J context on Pi4J's mock providers, with the board's chips behind them. The SPI
 * device with id "sensors" is a 74HC165 chain that latches its inputs when the GPIO "load" goes low; every other SPI
 * device is Pi4J's MockSpi, which keeps what is written. Every I2C device is a {@link FakeMcp23017}. GPIO inputs read
 * a diode matrix through the rows the driver pulls low, a button a test presses, or an expander's interrupt line.
 */
public final class MockPi implements AutoCloseable {
    public final Context pi4j;
    /** 74HC165 inputs by number (8 * chip + pin): the level on the pin. */
    private boolean[] shiftInputs = new boolean[0];
    private byte[] latched = new byte[0];
    private int loadPulses;
    private int sensorReads;
    private final Map<Integer, DigitalOutput> outputs = new HashMap<>();
    private final Map<Integer, MockDigitalInput> inputs = new HashMap<>();
    private final Map<Integer, Boolean> pressed = new java.util.concurrent.ConcurrentHashMap<>(); // a test's thread presses
    private final List<FakeMcp23017> expanders = new ArrayList<>();
    private final Map<String, MockSpi> spis = new HashMap<>();
    /** The matrix: rows and columns by pin, and the closed switches [row][column]. */
    private List<Integer> rowPins = List.of();
    private List<Integer> columnPins = List.of();
    private boolean[][] closed = new boolean[0][0];
    private Integer interruptPin;

    public MockPi() {
        pi4j = Pi4J.newContextBuilder().noAutoDetect().add(new Spis(), new I2cs(), new Inputs(), new Outputs()).build();
    }

    // ------------------------------------------------------------------ what the test does to the board

    /** Set the sensors of the board's design from the driver's view: {@code active[i]} = input i senses a magnet. */
    public void sense(WiredPlan.Sensors design, boolean[] active) {
        if (design instanceof WiredPlan.ShiftRegisters s) {
            if (shiftInputs.length != 8 * s.chips()) {
                shiftInputs = new boolean[8 * s.chips()];
                latched = new byte[s.chips()];
            }
            for (int i = 0; i < shiftInputs.length; i++) {
                boolean on = i < active.length && active[i];
                shiftInputs[i] = s.activeLow() != on;
            }
        } else if (design instanceof WiredPlan.Matrix m) {
            rowPins = m.rowPins();
            columnPins = m.columnPins();
            closed = new boolean[rowPins.size()][columnPins.size()];
            for (int i = 0; i < active.length && i < rowPins.size() * columnPins.size(); i++) {
                closed[i / columnPins.size()][i % columnPins.size()] = active[i];
            }
        } else {
            WiredPlan.Expanders x = (WiredPlan.Expanders) design;
            interruptPin = x.interruptPin();
            for (int i = 0; i < 16 * expanders.size(); i++) {
                expanders.get(i / 16).magnet(i % 16, i < active.length && active[i]);
            }
        }
    }

    public void press(int pin, boolean down) {
        pressed.put(pin, down);
    }

    // ------------------------------------------------------------------ what the test reads back

    int loadPulses() {
        return loadPulses;
    }

    int sensorReads() {
        return sensorReads;
    }

    MockSpi spi(String id) {
        return spis.get(id);
    }

    List<FakeMcp23017> expanders() {
        return expanders;
    }

    DigitalOutput output(int pin) {
        return outputs.get(pin);
    }

    MockDigitalInput input(int pin) {
        return inputs.get(pin);
    }

    @Override
    public void close() {
        pi4j.shutdown();
    }

    // ------------------------------------------------------------------ the wiring

    private boolean inputLow(int pin) {
        if (pressed.containsKey(pin)) {
            return pressed.get(pin);
        }
        if (interruptPin != null && interruptPin == pin) {
            return expanders.stream().anyMatch(FakeMcp23017::interruptAsserted); // open drain, wired together
        }
        int column = columnPins.indexOf(pin);
        if (column >= 0) {
            for (int r = 0; r < rowPins.size(); r++) {
                DigitalOutput row = outputs.get(rowPins.get(r));
                if (row != null && row.isLow() && closed[r][column]) {
                    return true; // through the switch and its diode
                }
            }
        }
        return false; // the pull-up
    }

    private void latch() {
        loadPulses++;
        java.util.Arrays.fill(latched, (byte) 0);
        for (int i = 0; i < shiftInputs.length; i++) {
            if (shiftInputs[i]) {
                latched[i / 8] |= (byte) (1 << (i % 8));
            }
        }
    }

    private final class Spis extends MockSpiProviderImpl {
        @Override
        public Spi create(SpiConfig config) {
            MockSpi spi = config.id().equals("sensors") ? new ShiftChain(this, config) : new MockSpi(this, config);
            spis.put(config.id(), spi);
            context.registry().add(spi);
            return spi;
        }
    }

    /** The 74HC165 chain: each read clocks out what the last load pulse latched. */
    private final class ShiftChain extends MockSpi {
        ShiftChain(Spis provider, SpiConfig config) {
            super(provider, config);
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            sensorReads++;
            for (int i = 0; i < length; i++) {
                buffer[offset + i] = i < latched.length ? latched[i] : (byte) 0xFF;
            }
            return length;
        }
    }

    private final class I2cs extends MockI2CProviderImpl {
        @Override
        public I2C create(I2CConfig config) {
            FakeMcp23017 chip = new FakeMcp23017(this, config);
            expanders.add(chip);
            context.registry().add(chip);
            return chip;
        }
    }

    private final class Inputs extends MockDigitalInputProviderImpl {
        @Override
        public DigitalInput create(DigitalInputConfig config) {
            int pin = config.address();
            MockDigitalInput input = new MockDigitalInput(this, config) {
                @Override
                public DigitalState state() {
                    return inputLow(pin) ? DigitalState.LOW : DigitalState.HIGH;
                }
            };
            inputs.put(pin, input);
            context.registry().add(input);
            return input;
        }
    }

    private final class Outputs extends MockDigitalOutputProviderImpl {
        @Override
        public DigitalOutput create(DigitalOutputConfig config) {
            int pin = config.address();
            MockDigitalOutput output = new MockDigitalOutput(this, config) {
                @Override
                public DigitalOutput state(DigitalState state) {
                    boolean falling = state == DigitalState.LOW && !isLow();
                    super.state(state);
                    if (falling && config.id().equals("load")) {
                        latch();
                    }
                    return this;
                }
            };
            outputs.put(pin, output);
            context.registry().add(output);
            return output;
        }
    }
}
