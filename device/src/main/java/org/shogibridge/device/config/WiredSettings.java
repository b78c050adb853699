package org.shogibridge.device.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.wired.ChainLayout;
import org.shogibridge.device.board.wired.WiredPlan;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.protocol.KomadaiLayout;

/**
 * Checks {@code board.wired} and turns it into a {@link WiredPlan}: every pin a GPIO the Pi has and used once, not a
 * pin of a bus in use, enough inputs for the squares and komadai slots, komadai runs of pieces a hand can hold. Each
 * problem names its key.
 */
final class WiredSettings {
    private static final String PREFIX = "board.wired.";
    private static final int LAST_GPIO = 27;
    /** The Pi 4's SPI buses: chip selects 0-2, then MISO, MOSI, SCLK (SPI0 and SPI1 on every Pi; 3-6 on a Pi 4). */
    private static final Map<Integer, int[]> SPI_PINS = Map.of(
            0, new int[] {8, 7, -1, 9, 10, 11}, 1, new int[] {18, 17, 16, 19, 20, 21}, 3, new int[] {0, 24, -1, 1, 2, 3},
            4, new int[] {4, 25, -1, 5, 6, 7}, 5, new int[] {12, 26, -1, 13, 14, 15}, 6, new int[] {18, 27, -1, 19, 20, 21});
    /** The I2C buses' SDA and SCL with the Pi's default overlays (i2c-1 everywhere; 0 and 3-6 on a Pi 4). */
    private static final Map<Integer, int[]> I2C_PINS = Map.of(0, new int[] {0, 1}, 1, new int[] {2, 3}, 3, new int[] {4, 5},
            4, new int[] {6, 7}, 5, new int[] {10, 11}, 6, new int[] {22, 23});

    private final ConfigCheck check;
    /** GPIO pin to the key (and use) that took it; -1 - n for SPI chip select n (see {@link #chipSelect}). */
    private final Map<Integer, String> pins = new HashMap<>();

    private WiredSettings(ConfigCheck check) {
        this.check = check;
    }

    static WiredPlan plan(WiredConfig w, Variant variant, boolean faceSensing, ConfigCheck check) throws ConfigException {
        return new WiredSettings(check).plan(w, variant, faceSensing);
    }

    private WiredPlan plan(WiredConfig w, Variant variant, boolean faceSensing) throws ConfigException {
        if (w == null || w.sensors() == null) {
            throw check.fail(PREFIX + "sensors", "must describe the sensors for board.source wired");
        }
        int scanHz = check.range(PREFIX + "scan-hz", w.scanHz(), 50, 500);
        WiredConfig.Komadai k = w.komadai() == null ? new WiredConfig.Komadai(null, null) : w.komadai();
        KomadaiLayout komadai = new KomadaiLayout(runs(PREFIX + "komadai.black", k.black(), variant),
                runs(PREFIX + "komadai.white", k.white(), variant));
        BoardGeometry geometry = new BoardGeometry(variant, faceSensing, komadai, "*", "*");
        WiredConfig.Sensors s = w.sensors();
        ChainLayout order = ChainLayout.of(variant.files(), variant.ranks(), corner(PREFIX + "sensors.first-square",
                s.firstSquare(), variant), Boolean.TRUE.equals(s.alongFiles()), Boolean.TRUE.equals(s.serpentine()), 0);
        int needed = variant.squares() * (faceSensing ? 2 : 1) + komadai.slots();
        String kind = check.oneOf(PREFIX + "sensors.kind", s.kind(),
                Map.of("shift-register", "shift-register", "matrix", "matrix", "expander", "expander"));
        WiredPlan.Sensors sensors = switch (kind) {
            case "shift-register" -> shiftRegisters(s, needed);
            case "matrix" -> matrix(s, needed, faceSensing);
            default -> expanders(s, needed);
        };
        WiredPlan.Leds leds = leds(w.leds(), variant, sensors);
        WiredPlan.ButtonPins buttons = buttons(w.buttons());
        return new WiredPlan(geometry, sensors, order, leds, buttons, scanHz);
    }

    private WiredPlan.ShiftRegisters shiftRegisters(WiredConfig.Sensors s, int needed) throws ConfigException {
        int bus = spiBus(PREFIX + "sensors.spi-bus", s.spiBus());
        int cs = chipSelect(PREFIX + "sensors.chip-select", bus, s.chipSelect());
        int hz = check.range(PREFIX + "sensors.spi-hz", s.spiHz(), 10_000, 20_000_000);
        reserveSpi(bus, cs, false, "the sensors' SPI" + bus);
        int load = gpio(PREFIX + "sensors.load-pin", s.loadPin(), "the 74HC165 load pin");
        int minimum = (needed + 7) / 8;
        int chips = s.chips() == null ? minimum : check.range(PREFIX + "sensors.chips", s.chips(), 1, 64);
        if (chips < minimum) {
            throw check.fail(PREFIX + "sensors.chips", "must be at least " + minimum + ": the board has " + needed
                    + " sensors (squares, then komadai slots) and a 74HC165 reads 8");
        }
        return new WiredPlan.ShiftRegisters(bus, cs, hz, load, chips, !Boolean.FALSE.equals(s.activeLow()));
    }

    private WiredPlan.Matrix matrix(WiredConfig.Sensors s, int needed, boolean faceSensing) throws ConfigException {
        if (faceSensing) {
            throw check.fail("board.face-sensing", "needs two Hall sensors a square (shift-register or expander); reed switches in a matrix cannot tell the faces apart");
        }
        List<Integer> rows = pinList(PREFIX + "sensors.row-pins", s.rowPins(), "a matrix row");
        List<Integer> columns = pinList(PREFIX + "sensors.column-pins", s.columnPins(), "a matrix column");
        if (rows.size() * columns.size() < needed) {
            throw check.fail(PREFIX + "sensors.row-pins", "and column-pins give " + rows.size() + "x" + columns.size() + " = "
                    + rows.size() * columns.size() + " switches; the board has " + needed + " sensors (squares, then komadai slots)");
        }
        int settle = check.range(PREFIX + "sensors.settle-micros", s.settleMicros(), 0, 1000);
        return new WiredPlan.Matrix(rows, columns, settle);
    }

    private WiredPlan.Expanders expanders(WiredConfig.Sensors s, int needed) throws ConfigException {
        String key = PREFIX + "sensors.expanders";
        int minimum = (needed + 15) / 16;
        List<WiredPlan.Expander> chips = new ArrayList<>();
        if (s.expanders() == null || s.expanders().isEmpty()) {
            for (int i = 0; i < minimum; i++) {
                chips.add(new WiredPlan.Expander(i < 8 ? 1 : 3, 0x20 + i % 8));
            }
            if (minimum > 16) {
                throw check.fail(key, "must be listed: the board needs " + minimum + " MCP23017, more than buses 1 and 3 carry");
            }
        } else {
            Set<String> seen = new HashSet<>();
            for (String text : s.expanders()) {
                WiredPlan.Expander chip = expander(key, text);
                if (!seen.add(chip.bus() + ":" + chip.address())) {
                    throw check.fail(key, "lists " + text + " twice");
                }
                chips.add(chip);
            }
            if (chips.size() < minimum) {
                throw check.fail(key, "must list at least " + minimum + " chips: the board has " + needed
                        + " sensors (squares, then komadai slots) and an MCP23017 reads 16");
            }
        }
        Set<Integer> buses = new HashSet<>();
        for (WiredPlan.Expander chip : chips) {
            if (buses.add(chip.bus())) {
                for (int pin : I2C_PINS.get(chip.bus())) {
                    reserve(pin, "I2C" + chip.bus() + " (the expanders)");
                }
            }
        }
        Integer interrupt = s.interruptPin() == null ? null : gpio(PREFIX + "sensors.interrupt-pin", s.interruptPin(), "the expanders' interrupt");
        return new WiredPlan.Expanders(chips, interrupt);
    }

    private WiredPlan.Expander expander(String key, String text) throws ConfigException {
        String[] parts = text == null ? new String[0] : text.strip().split(":");
        try {
            if (parts.length == 2) {
                int bus = Integer.parseInt(parts[0]);
                String a = parts[1].toLowerCase(java.util.Locale.ROOT);
                int address = a.startsWith("0x") ? Integer.parseInt(a.substring(2), 16) : Integer.parseInt(a);
                if (I2C_PINS.containsKey(bus) && address >= 0x20 && address <= 0x27) {
                    return new WiredPlan.Expander(bus, address);
                }
            }
        } catch (NumberFormatException e) {
            // falls through to the message
        }
        throw check.fail(key, "must list chips as BUS:ADDRESS, a bus of 0, 1, 3-6 and an address 0x20 to 0x27 (1:0x20), not '" + text + "'");
    }

    private WiredPlan.Leds leds(WiredConfig.Leds l, Variant variant, WiredPlan.Sensors sensors) throws ConfigException {
        if (l == null || "none".equals(l.kind())) {
            return null;
        }
        String kind = check.oneOf(PREFIX + "leds.kind", l.kind(), Map.of("ws2812b", "ws2812b", "apa102", "apa102", "none", "none"));
        boolean apa102 = kind.equals("apa102");
        int bus = spiBus(PREFIX + "leds.spi-bus", l.spiBus());
        int cs = chipSelect(PREFIX + "leds.chip-select", bus, l.chipSelect());
        if (sensors instanceof WiredPlan.ShiftRegisters s && s.spiBus() == bus && (apa102 || s.chipSelect() == cs)) {
            throw check.fail(PREFIX + "leds.spi-bus", apa102
                    ? "is the sensors' SPI bus: APA102 LEDs would take every sensor read as colours; use another bus"
                    : "and chip-select are the sensors' SPI device; give the LEDs another");
        }
        reserveSpi(bus, cs, true, "the LEDs' SPI" + bus);
        ChainLayout order = ChainLayout.of(variant.files(), variant.ranks(), corner(PREFIX + "leds.first-square", l.firstSquare(), variant),
                Boolean.TRUE.equals(l.alongFiles()), !Boolean.FALSE.equals(l.serpentine()),
                check.range(PREFIX + "leds.komadai-leds", l.komadaiLeds(), 0, 16));
        return new WiredPlan.Leds(apa102, bus, cs, order, check.range(PREFIX + "leds.brightness", l.brightness(), 1, 255),
                check.range(PREFIX + "leds.max-milliamps", l.maxMilliamps(), 100, 20_000));
    }

    private WiredPlan.ButtonPins buttons(WiredConfig.Buttons b) throws ConfigException {
        if (b == null) {
            return null;
        }
        Integer black = b.blackClock() == null ? null : gpio(PREFIX + "buttons.black-clock", b.blackClock(), "black's clock button");
        Integer white = b.whiteClock() == null ? null : gpio(PREFIX + "buttons.white-clock", b.whiteClock(), "white's clock button");
        Integer menu = b.menu() == null ? null : gpio(PREFIX + "buttons.menu", b.menu(), "the menu button");
        int debounce = check.range(PREFIX + "buttons.debounce-millis", b.debounceMillis(), 1, 200);
        return new WiredPlan.ButtonPins(black, white, menu, !Boolean.FALSE.equals(b.activeLow()), debounce);
    }

    /** Parse {@code "P18 L4 ..."}; null gives a slot for every piece of each kind the side can hold. */
    private List<KomadaiLayout.Run> runs(String key, String text, Variant variant) throws ConfigException {
        if (text == null) {
            return BoardGeometry.fullKomadai(variant);
        }
        List<KomadaiLayout.Run> runs = new ArrayList<>();
        for (String run : text.strip().split("\\s+")) {
            if (!run.matches("[A-Z][0-9]{1,3}")) {
                throw check.fail(key, "must be runs of a piece letter and a slot count, \"P18 L4 N4 S4 G4 B2 R2\", not '" + run + "'");
            }
            char letter = run.charAt(0);
            int type = Piece.typeOfLetter(letter);
            int slots = Integer.parseInt(run.substring(1));
            if (!isHandType(variant, type)) {
                throw check.fail(key, "names '" + letter + "', not a piece a hand holds in " + variant.name().toLowerCase(java.util.Locale.ROOT));
            }
            if (slots < 1 || slots > variant.pieceCount(type)) {
                throw check.fail(key, "gives " + slots + " slots for " + letter + "; 1 to " + variant.pieceCount(type) + " make sense");
            }
            runs.add(new KomadaiLayout.Run(letter, slots));
        }
        if (runs.size() > KomadaiLayout.MAX_RUNS) {
            throw check.fail(key, "has " + runs.size() + " runs; at most " + KomadaiLayout.MAX_RUNS + " fit");
        }
        return runs;
    }

    private static boolean isHandType(Variant variant, int type) {
        for (int t : variant.handTypes()) {
            if (t == type) {
                return true;
            }
        }
        return false;
    }

    private ChainLayout.Corner corner(String key, String square, Variant variant) throws ConfigException {
        if (square == null) {
            return ChainLayout.Corner.FAR_LEFT;
        }
        ChainLayout.Corner corner = ChainLayout.Corner.of(square, variant.files(), variant.ranks());
        if (corner == null) {
            char last = (char) ('a' + variant.ranks() - 1);
            throw check.fail(key, "must be a corner square of the board as it is played: " + variant.files() + "a, 1a, "
                    + variant.files() + last + " or 1" + last + ", not '" + square + "'");
        }
        return corner;
    }

    private int spiBus(String key, Integer bus) throws ConfigException {
        if (bus == null || !SPI_PINS.containsKey(bus)) {
            throw check.fail(key, "must be an SPI bus of the Pi: 0, 1 (or 3-6 on a Pi 4), not " + bus);
        }
        return bus;
    }

    private int chipSelect(String key, int bus, Integer cs) throws ConfigException {
        int max = bus == 1 ? 2 : bus == 0 ? 1 : 0;
        int value = check.range(key, cs, 0, max);
        // Pi4J 2.8 keeps one set of addresses for every device: an SPI device's is its chip select number, a GPIO's
        // its pin number, whatever the bus (fixed in Pi4J 3, pi4j#484). So no two may share a number.
        String taken = pins.get(-1 - value);
        if (taken != null) {
            throw check.fail(key, "is " + value + ", as is '" + taken + "': Pi4J 2.8 cannot open two SPI devices with the same chip-select number, even on different buses");
        }
        pins.put(-1 - value, key);
        return value;
    }

    private void reserveSpi(int bus, int cs, boolean writes, String use) throws ConfigException {
        int[] p = SPI_PINS.get(bus);
        reserve(p[cs], use + " CE" + cs);
        reserve(writes ? p[4] : p[3], use + (writes ? " MOSI" : " MISO"));
        reserve(p[5], use + " SCLK");
    }

    /** Take a pin for a bus; two uses of one bus share its pins (SPI0's SCLK for sensors and LEDs), a GPIO key may not. */
    private void reserve(int pin, String use) throws ConfigException {
        String taken = pins.putIfAbsent(pin, use);
        if (taken != null && taken.startsWith(PREFIX)) {
            throw check.fail(taken, "uses GPIO " + pin + ", which " + use + " needs");
        }
    }

    private int gpio(String key, Integer pin, String use) throws ConfigException {
        int p = check.range(key, pin, 0, LAST_GPIO);
        String spi = pins.get(-1 - p);
        if (spi != null) {
            throw check.fail(key, "uses GPIO " + p + " for " + use + ", which Pi4J 2.8 cannot open beside an SPI device with chip select "
                    + p + " ('" + spi + "'); choose another pin");
        }
        String taken = pins.putIfAbsent(p, key);
        if (taken != null) {
            throw check.fail(key, "uses GPIO " + p + " for " + use + ", which is already " + (taken.startsWith(PREFIX) ? "'" + taken + "'" : taken));
        }
        return p;
    }

    private List<Integer> pinList(String key, List<Integer> list, String use) throws ConfigException {
        if (list == null || list.isEmpty()) {
            throw check.fail(key, "must list the GPIO pins of the matrix");
        }
        List<Integer> result = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            result.add(gpio(key, list.get(i), use + " (entry " + (i + 1) + ")"));
        }
        return result;
    }
}
