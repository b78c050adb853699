package org.shogibridge.device.board.wired;

import java.util.List;
import org.shogibridge.firmware.board.BoardGeometry;

/**
 * A wired board as the configuration describes it, checked: what to open on the Pi and how its inputs and LEDs map to
 * the game. Built by the configuration's validation; {@link PiBoardFactory} opens it.
 *
 * @param geometry the variant, face sensing and komadai slots, as for a microcontroller board
 * @param sensors  the sensor bus and its wiring
 * @param order    which square each sensor (or pair with face sensing) of the chain reads, before the komadai slots
 * @param leds     the LED chain, or null for none
 * @param buttons  the button pins
 * @param scanHz   scans per second
 */
public record WiredPlan(BoardGeometry geometry, Sensors sensors, ChainLayout order, Leds leds, ButtonPins buttons, int scanHz) {

    /** Return the inputs the board needs: squares (two each with face sensing), then every komadai slot. */
    public SensorMap sensorMap() {
        return new SensorMap(order, geometry.faceSensing(), geometry.komadai().slots());
    }

    /** The sensor bus. */
    public sealed interface Sensors permits ShiftRegisters, Matrix, Expanders {
    }

    /** 74HC165s on an SPI bus, with the parallel-load GPIO. */
    public record ShiftRegisters(int spiBus, int chipSelect, int spiHz, int loadPin, int chips, boolean activeLow) implements Sensors {
    }

    /** A diode matrix: row outputs, column inputs. */
    public record Matrix(List<Integer> rowPins, List<Integer> columnPins, int settleMicros) implements Sensors {
    }

    /** MCP23017 expanders, in input order, with the shared interrupt GPIO or null. */
    public record Expanders(List<Expander> chips, Integer interruptPin) implements Sensors {
    }

    /** One MCP23017: its I2C bus and address (0x20-0x27). */
    public record Expander(int bus, int address) {
    }

    /** The LED chain: WS2812B or APA102 on an SPI bus. */
    public record Leds(boolean apa102, int spiBus, int chipSelect, ChainLayout order, int brightness, int maxMilliamps) {
        public LedEncoding encoding() {
            return apa102 ? new LedEncoding.Apa102() : new LedEncoding.Ws2812b();
        }
    }

    /** GPIO pins of black's clock, white's clock and the menu button (null: none). */
    public record ButtonPins(Integer blackClock, Integer whiteClock, Integer menu, boolean activeLow, int debounceMillis) {
        public boolean any() {
            return blackClock != null || whiteClock != null || menu != null;
        }
    }
}
