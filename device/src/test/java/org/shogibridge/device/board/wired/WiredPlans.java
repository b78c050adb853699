package org.shogibridge.device.board.wired;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.shogibridge.device.config.ConfigException;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.config.RunSettings;

/** Wired boards for tests, described as a user would: a configuration file, read by the daemon's own loader. */
public final class WiredPlans {
    private WiredPlans() {
    }

    /** Return the settings of a configuration text (the board: {@code board.source: wired} and what follows). */
    static RunSettings settings(String yaml) throws ConfigException {
        try {
            Path file = Files.createTempFile("wired", ".yaml");
            try {
                Files.writeString(file, yaml);
                return new ConfigLoader().load(file, Map.of());
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static WiredPlan plan(String yaml) {
        try {
            return settings(yaml).wired();
        } catch (ConfigException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** The recommended design for a variant: 74HC165s on SPI0, WS2812B on SPI1, three buttons. */
    public static String shiftRegisters(String variant, boolean faces) {
        return "variant: " + variant + "\nboard:\n  source: wired\n  face-sensing: " + faces + "\n";
    }

    /** A 13x13 diode matrix of reed switches (169 switches: 81 squares and 76 komadai slots). */
    static String matrix() {
        return """
                board:
                  source: wired
                  wired:
                    sensors:
                      kind: matrix
                      first-square: 1i
                      serpentine: true
                      row-pins: [4, 12, 13, 14, 15, 16, 17, 22, 23, 24, 26, 27, 0]
                      column-pins: [1, 2, 3, 7, 8, 9, 10, 11, 18, 19, 20, 21, 25]
                      settle-micros: 5
                    leds:
                      kind: none
                    buttons:
                      black-clock: null
                      white-clock: null
                      menu: null
                """;
    }

    /** MCP23017s on I2C buses 1 and 3 with a shared interrupt line. */
    static String expanders(boolean faces) {
        return """
                board:
                  source: wired
                  face-sensing: %s
                  wired:
                    sensors:
                      kind: expander
                      first-square: 9i
                      along-files: true
                      interrupt-pin: 17
                    leds:
                      kind: apa102
                      spi-bus: 0
                    buttons:
                      black-clock: 22
                      white-clock: 23
                      menu: 24
                """.formatted(faces);
    }
}
