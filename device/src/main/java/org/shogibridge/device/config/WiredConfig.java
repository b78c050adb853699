package org.shogibridge.device.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * {@code board.wired}: a board wired straight to the Pi (docs/configuration.md, hardware-docs/). Pins are BCM GPIO
 * numbers. Checked by {@link WiredSettings}.
 *
 * @param scanHz   scans per second, 50-500 (100-200 is plenty: a hand moves a piece in 300 ms or more)
 * @param sensors  how the square and komadai sensors are read
 * @param komadai  which kind of piece each komadai slot holds
 * @param leds     the LED chain
 * @param buttons  the buttons
 */
public record WiredConfig(@JsonProperty("scan-hz") Integer scanHz, Sensors sensors, Komadai komadai, Leds leds, Buttons buttons) {

    /**
     * The sensors: {@code shift-register} (74HC165 over SPI), {@code matrix} (diode matrix on GPIO) or {@code expander}
     * (MCP23017 over I2C).
     *
     * @param kind         the design
     * @param firstSquare  the square of the chain's first sensor, a corner as the board is played (9a, 1a, 9i, 1i on a 9x9
     *                     board; default the far left one, 9a): this also says which way round the board is mounted
     * @param alongFiles   the chain runs down the files rather than along the ranks
     * @param serpentine   the chain runs back and forth rather than every line the same way
     * @param activeLow    shift-register: a sensor reads low near a magnet (Hall switches do)
     * @param spiBus       shift-register: the SPI bus
     * @param chipSelect   shift-register: the chip select of the SPI device (the 74HC165 do not use it)
     * @param spiHz        shift-register: the SPI clock
     * @param loadPin      shift-register: the GPIO on the chips' PL pins
     * @param chips        shift-register: how many 74HC165 are chained (default: as many as the board needs)
     * @param rowPins      matrix: the row outputs
     * @param columnPins   matrix: the column inputs
     * @param settleMicros matrix: the wait after pulling a row low before its columns are read
     * @param expanders    expander: the chips in input order, each {@code BUS:ADDRESS} ({@code 1:0x20}); default: as many
     *                     as needed from 1:0x20 to 1:0x27, then on bus 3
     * @param interruptPin expander: the GPIO the chips' INTA outputs share, or none to read every scan
     */
    public record Sensors(String kind, @JsonProperty("first-square") String firstSquare,
            @JsonProperty("along-files") Boolean alongFiles, Boolean serpentine, @JsonProperty("active-low") Boolean activeLow,
            @JsonProperty("spi-bus") Integer spiBus, @JsonProperty("chip-select") Integer chipSelect,
            @JsonProperty("spi-hz") Integer spiHz, @JsonProperty("load-pin") Integer loadPin, Integer chips,
            @JsonProperty("row-pins") List<Integer> rowPins, @JsonProperty("column-pins") List<Integer> columnPins,
            @JsonProperty("settle-micros") Integer settleMicros, List<String> expanders,
            @JsonProperty("interrupt-pin") Integer interruptPin) {
    }

    /**
     * The komadai slots of each side in wiring order, as runs of a kind: {@code "P18 L4 N4 S4 G4 B2 R2"}. Default: one
     * slot for every piece of each kind the side can hold, in that order.
     */
    public record Komadai(String black, String white) {
    }

    /**
     * The LEDs: {@code ws2812b}, {@code apa102} or {@code none}; one per square in chain order, then
     * {@code komadai-leds} for black's komadai and as many for white's.
     */
    public record Leds(String kind, @JsonProperty("spi-bus") Integer spiBus, @JsonProperty("chip-select") Integer chipSelect,
            @JsonProperty("first-square") String firstSquare, @JsonProperty("along-files") Boolean alongFiles,
            Boolean serpentine, @JsonProperty("komadai-leds") Integer komadaiLeds, Integer brightness,
            @JsonProperty("max-milliamps") Integer maxMilliamps) {
    }

    /** The buttons' GPIO pins (each optional), wired to ground with the Pi's pull-up unless {@code active-low} is false. */
    public record Buttons(@JsonProperty("black-clock") Integer blackClock, @JsonProperty("white-clock") Integer whiteClock,
            Integer menu, @JsonProperty("active-low") Boolean activeLow, @JsonProperty("debounce-millis") Integer debounceMillis) {
    }

    /**
     * The defaults: the recommended design of hardware-docs/ (74HC165 on SPI0 CE0, WS2812B on SPI1 CE1, three buttons).
     * The LEDs take chip select 1 since Pi4J 2.8 refuses two SPI devices with the same chip-select number.
     */
    public static WiredConfig defaults() {
        return new WiredConfig(200,
                new Sensors("shift-register", null, false, false, true, 0, 0, 1_000_000, 25, null,
                        List.of(), List.of(), 20, List.of(), null),
                new Komadai(null, null),
                new Leds("ws2812b", 1, 1, null, false, true, 1, 64, 2000),
                new Buttons(5, 6, 13, true, 20));
    }
}
