package org.shogibridge.device.board.wired;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import com.pi4j.io.i2c.I2C;
import com.pi4j.io.spi.Spi;
import com.pi4j.io.spi.SpiBus;
import com.pi4j.io.spi.SpiChipSelect;
import com.pi4j.io.spi.SpiMode;
import com.pi4j.plugin.gpiod.provider.gpio.digital.GpioDDigitalInputProvider;
import com.pi4j.plugin.gpiod.provider.gpio.digital.GpioDDigitalOutputProvider;
import com.pi4j.plugin.linuxfs.provider.i2c.LinuxFsI2CProvider;
import com.pi4j.plugin.linuxfs.provider.spi.LinuxFsSpiProvider;
import java.util.ArrayList;
import java.util.List;
import org.shogibridge.device.board.MonotonicClock;

/**
 * Opens a {@link WiredPlan} on a Pi4J context: the SPI, I2C and GPIO devices, wrapped in the sensor bus, LED chain and
 * buttons of a {@link WiredBoard}. On a Pi the context has the Linux kernel's own interfaces ({@code /dev/spidev*},
 * {@code /dev/i2c-*}, the GPIO character device), which a user in the spi, i2c and gpio groups may use without root;
 * tests give it Pi4J's mock providers instead.
 */
public final class PiBoardFactory {
    private PiBoardFactory() {
    }

    /** Return a context on the Pi's kernel interfaces. */
    public static Context hardwareContext() {
        return Pi4J.newContextBuilder().noAutoDetect()
                .add(LinuxFsSpiProvider.newInstance(), LinuxFsI2CProvider.newInstance(),
                        GpioDDigitalInputProvider.newInstance(), GpioDDigitalOutputProvider.newInstance())
                .build();
    }

    /**
     * Open the board on the context {@code hardware} gives ({@link #hardwareContext} on a Pi). Anything that stops it (not a Pi, SPI or I2C not enabled, no permission,
     * a pin in use) is an {@link IllegalArgumentException} with one line that says what, for the command to print.
     */
    public static WiredBoard openOn(java.util.function.Supplier<Context> hardware, WiredPlan plan, MonotonicClock clock) {
        Context pi4j;
        try {
            pi4j = hardware.get();
        } catch (RuntimeException | LinkageError e) {
            throw new IllegalArgumentException("Wired board not opened. Pi4J has no access to the Pi's SPI, I2C and GPIO: " + e + ".");
        }
        try {
            return open(plan, pi4j, clock, true);
        } catch (IllegalStateException | LinkageError e) {
            throw new IllegalArgumentException(e instanceof IllegalStateException ? e.getMessage()
                    : "Wired board not opened. " + e + ". Is this a Raspberry Pi with SPI and I2C enabled (hardware-docs/pi-setup.md)?");
        }
    }

    /**
     * Open the board. A device that cannot be opened (SPI or I2C not enabled, a pin in use) is an
     * {@link IllegalStateException} that says which, and what is open so far is closed.
     *
     * @param ownContext shut the context down when the board closes
     */
    public static WiredBoard open(WiredPlan plan, Context pi4j, MonotonicClock clock, boolean ownContext) {
        SensorBus sensors = null;
        LedChain leds = null;
        try {
            sensors = sensorBus(plan.sensors(), pi4j);
            if (plan.leds() != null) {
                WiredPlan.Leds l = plan.leds();
                LedEncoding encoding = l.encoding();
                Spi spi = spi(pi4j, "leds", l.spiBus(), l.chipSelect(), encoding.spiHz());
                leds = new LedChain(spi, encoding, new LedPixels(l.order(), l.brightness(), l.maxMilliamps()));
            }
            Buttons buttons = null;
            WiredPlan.ButtonPins b = plan.buttons();
            if (b != null && b.any()) {
                Integer[] pins = {b.blackClock(), b.whiteClock(), b.menu()};
                DigitalInput[] inputs = new DigitalInput[3];
                for (int i = 0; i < 3; i++) {
                    inputs[i] = pins[i] == null ? null : input(pi4j, "button-" + i, pins[i], b.activeLow());
                }
                buttons = new Buttons(inputs, b.activeLow(), b.debounceMillis());
            }
            return new WiredBoard(plan.geometry(), plan.sensorMap(), sensors, leds, buttons, plan.scanHz(), clock,
                    ownContext ? pi4j::shutdown : null);
        } catch (RuntimeException e) {
            if (sensors != null) {
                sensors.close();
            }
            if (leds != null) {
                leds.close();
            }
            if (ownContext) {
                pi4j.shutdown();
            }
            throw new IllegalStateException("Wired board not opened. " + e.getMessage()
                    + (e.getMessage() != null && e.getMessage().endsWith(".") ? "" : ".")
                    + " Is SPI, I2C or the pin enabled and free (hardware-docs/pi-setup.md)?", e);
        }
    }

    private static SensorBus sensorBus(WiredPlan.Sensors plan, Context pi4j) {
        if (plan instanceof WiredPlan.ShiftRegisters s) {
            Spi spi = spi(pi4j, "sensors", s.spiBus(), s.chipSelect(), s.spiHz());
            DigitalOutput load = pi4j.create(DigitalOutput.newConfigBuilder(pi4j).id("load").name("74HC165 PL")
                    .address(s.loadPin()).initial(DigitalState.HIGH).shutdown(DigitalState.HIGH));
            return new ShiftRegisterSensors(spi, load, new ShiftRegisterChain(s.chips(), s.activeLow()));
        } else if (plan instanceof WiredPlan.Matrix m) {
            List<DigitalOutput> rows = new ArrayList<>();
            for (int pin : m.rowPins()) {
                rows.add(pi4j.create(DigitalOutput.newConfigBuilder(pi4j).id("row-" + pin).address(pin)
                        .initial(DigitalState.HIGH).shutdown(DigitalState.HIGH)));
            }
            List<DigitalInput> columns = new ArrayList<>();
            for (int pin : m.columnPins()) {
                columns.add(input(pi4j, "column-" + pin, pin, true));
            }
            return new DiodeMatrixSensors(rows, columns, m.settleMicros());
        }
        WiredPlan.Expanders x = (WiredPlan.Expanders) plan;
        List<I2C> chips = new ArrayList<>();
        for (WiredPlan.Expander chip : x.chips()) {
            chips.add(pi4j.create(I2C.newConfigBuilder(pi4j).id("mcp23017-" + chip.bus() + "-" + Integer.toHexString(chip.address()))
                    .bus(chip.bus()).device(chip.address())));
        }
        DigitalInput interrupt = x.interruptPin() == null ? null : input(pi4j, "expander-int", x.interruptPin(), true);
        return new ExpanderSensors(chips, interrupt);
    }

    private static Spi spi(Context pi4j, String id, int bus, int chipSelect, int hz) {
        return pi4j.create(Spi.newConfigBuilder(pi4j).id(id).bus(SpiBus.getByNumber(bus))
                .chipSelect(SpiChipSelect.getByNumber(chipSelect)).address(chipSelect).baud(hz).mode(SpiMode.MODE_0));
    }

    private static DigitalInput input(Context pi4j, String id, int pin, boolean pullUp) {
        return pi4j.create(DigitalInput.newConfigBuilder(pi4j).id(id).address(pin)
                .pull(pullUp ? PullResistance.PULL_UP : PullResistance.PULL_DOWN));
    }
}
