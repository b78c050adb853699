package org.shogibridge.firmware.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The reference firmware builds for a small microcontroller: the core and the port template (c/port) compiled and
 * linked for an ATmega2560 (8-bit, 16-bit int, 8 KB of RAM) by avr-gcc, warnings as errors, and the flash and RAM
 * it takes are measured. CI installs avr-gcc (.ci/run); without it the test says it was skipped.
 */
class CPortabilityTest {

    @Test
    void theCoreAndAPortBuildForAnAtmega2560WithRoomToSpare() throws Exception {
        boolean hasAvrGcc = CFirmware.run(List.of("sh", "-c", "command -v avr-gcc"), (byte[]) null, 10).exit() == 0;
        Assumptions.assumeTrue(hasAvrGcc, "Skipped: avr-gcc is not installed (apt install gcc-avr avr-libc binutils-avr).");
        Files.createDirectories(CFirmware.BUILD);
        String elf = CFirmware.BUILD.resolve("port-atmega2560.elf").toString();
        List<String> command = new ArrayList<>(List.of("avr-gcc", "-mmcu=atmega2560", "-Os", "-ffunction-sections",
                "-fdata-sections", "-Wl,--gc-sections"));
        command.addAll(CFirmware.STRICT);
        command.add("-I" + CFirmware.SOURCE.resolve("src"));
        command.addAll(CFirmware.sources(false));
        command.add(CFirmware.SOURCE.resolve("port").resolve("port_template.c").toString());
        command.addAll(List.of("-o", elf));
        CFirmware.Result built = CFirmware.run(command, (byte[]) null, 120);
        assertEquals(0, built.exit(), "avr-gcc failed:\n" + built.stderr());

        CFirmware.Result size = CFirmware.run(List.of("avr-size", "-C", "--mcu=atmega2560", elf), (byte[]) null, 10);
        int program = bytes(size.stdout(), "Program");
        int data = bytes(size.stdout(), "Data");
        System.out.printf("Reference firmware on an ATmega2560: %,d bytes of flash, %,d bytes of RAM (static)%n", program, data);
        assertTrue(program < 16 * 1024, "flash: " + program);
        assertTrue(data < 4 * 1024, "RAM, half of the 8 KB at most: " + data);
    }

    private static int bytes(String avrSize, String what) {
        Matcher m = Pattern.compile(what + ":\\s+(\\d+) bytes").matcher(avrSize);
        assertTrue(m.find(), avrSize);
        return Integer.parseInt(m.group(1));
    }
}
