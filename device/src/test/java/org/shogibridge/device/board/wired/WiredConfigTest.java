package org.shogibridge.device.board.wired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shogibridge.device.config.ConfigException;

/** {@code board.wired} mistakes a builder makes, each refused at start-up with the key and its line named. */
class WiredConfigTest {

    private static String error(String yaml) {
        return assertThrows(ConfigException.class, () -> WiredPlans.settings(yaml)).getMessage();
    }

    private static void assertRefused(String yaml, String key, int line, String words) {
        String message = error(yaml);
        assertTrue(message.startsWith("Invalid configuration. "), message);
        assertTrue(message.contains(".yaml:" + line + ": key '" + key + "'"), message);
        assertTrue(message.contains(words), message);
    }

    @Test
    void theRecommendedDesignNeedsNoKeysButTheSource() {
        WiredPlan plan = WiredPlans.plan("board:\n  source: wired\n");
        assertEquals(new WiredPlan.ShiftRegisters(0, 0, 1_000_000, 25, 20, true), plan.sensors(), "81 squares + 76 slots: 20 chips");
        assertEquals(83, plan.leds().order().leds());
        assertEquals(200, plan.scanHz());
        assertEquals(new WiredPlan.ButtonPins(5, 6, 13, true, 20), plan.buttons());
    }

    @Test
    void okisakisBoardAndKomadaiComeFromTheVariant() {
        WiredPlan plan = WiredPlans.plan("variant: okisaki\nboard:\n  source: wired\n  wired:\n    sensors:\n      first-square: 10j\n");
        assertEquals(100, plan.order().squares());
        int slots = plan.geometry().komadai().slots();
        assertEquals(plan.sensorMap().inputs(), 100 + slots);
        assertTrue(plan.geometry().komadai().black().stream().anyMatch(run -> run.kind() == 'Q'), "Okisaki's queens have slots");
        assertEquals(((WiredPlan.ShiftRegisters) plan.sensors()).chips(), (100 + slots + 7) / 8);
    }

    @Test
    void aPinUsedTwiceNamesBothKeys() {
        assertRefused("""
                board:
                  source: wired
                  wired:
                    buttons:
                      menu: 25
                """, "board.wired.buttons.menu", 5, "GPIO 25 for the menu button, which is already 'board.wired.sensors.load-pin'");
    }

    @Test
    void aPinOfABusInUseIsRefused() {
        assertRefused("""
                board:
                  source: wired
                  wired:
                    buttons:
                      white-clock: 20
                """, "board.wired.buttons.white-clock", 5, "GPIO 20 for white's clock button, which is already the LEDs' SPI1 MOSI");
    }

    @Test
    void tooFewChipsOrSwitchesForTheBoardAreRefused() {
        assertRefused("board:\n  source: wired\n  wired:\n    sensors:\n      chips: 19\n", "board.wired.sensors.chips", 5,
                "at least 20: the board has 157 sensors");
        assertRefused("""
                board:
                  source: wired
                  wired:
                    sensors:
                      kind: matrix
                      row-pins: [4, 12, 13]
                      column-pins: [14, 15]
                    leds: {kind: none}
                """, "board.wired.sensors.row-pins", 6, "3x2 = 6 switches; the board has 157 sensors");
    }

    @Test
    void komadaiRunsMustBePiecesAHandHolds() {
        assertRefused("board:\n  source: wired\n  wired:\n    komadai:\n      black: P18 K1\n", "board.wired.komadai.black", 5,
                "names 'K', not a piece a hand holds in standard");
        assertRefused("board:\n  source: wired\n  wired:\n    komadai:\n      white: P19\n", "board.wired.komadai.white", 5,
                "gives 19 slots for P; 1 to 18 make sense");
        WiredPlan few = WiredPlans.plan("board:\n  source: wired\n  wired:\n    komadai:\n      black: P9 B2 R2\n      white: P9 B2 R2\n");
        assertEquals(26, few.geometry().komadai().slots());
    }

    @Test
    void theChainMustStartAtACorner() {
        assertRefused("board:\n  source: wired\n  wired:\n    sensors:\n      first-square: 5e\n",
                "board.wired.sensors.first-square", 5, "9a, 1a, 9i or 1i, not '5e'");
    }

    @Test
    void apa102LedsMayNotShareTheSensorsBus() {
        assertRefused("board:\n  source: wired\n  wired:\n    leds:\n      kind: apa102\n      spi-bus: 0\n",
                "board.wired.leds.spi-bus", 6, "APA102 LEDs would take every sensor read as colours");
    }

    @Test
    void twoSpiDevicesWithOneChipSelectNumberAreRefusedForPi4j() {
        assertRefused("board:\n  source: wired\n  wired:\n    leds:\n      chip-select: 0\n", "board.wired.leds.chip-select", 5,
                "Pi4J 2.8 cannot open two SPI devices with the same chip-select number");
    }

    @Test
    void expandersAreBusAndAddress() {
        assertRefused("""
                board:
                  source: wired
                  wired:
                    sensors:
                      kind: expander
                      expanders: ["1:0x20", "1:0x28"]
                """, "board.wired.sensors.expanders", 6, "not '1:0x28'");
        assertRefused("""
                board:
                  source: wired
                  wired:
                    sensors:
                      kind: expander
                      expanders: ["1:0x20", "1:0x21"]
                """, "board.wired.sensors.expanders", 6, "at least 10 chips");
    }

    @Test
    void faceSensingNeedsHallSensors() {
        String message = error("board:\n  source: wired\n  face-sensing: true\n  wired:\n    sensors:\n      kind: matrix\n"
                + "      row-pins: [4]\n      column-pins: [12]\n    leds: {kind: none}\n");
        assertTrue(message.contains("key 'board.face-sensing' needs two Hall sensors a square"), message);
    }
}
