package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.device.config.ConfigLoader;

/**
 * The reference board's real firmware binary (firmware-interface/mega2560, built here by its Makefile) in simavr, which
 * the daemon reads as it would a Mega on USB (the harness: {@link FirmwareGames}).
 */
@Execution(ExecutionMode.CONCURRENT) // each test has its own broker, ports and directories: two run at once
class FirmwareBinaryIT extends FirmwareGames {
    @Test
    void aGameThroughTheRealFirmwareBinaryPromotingByTheFace() throws Exception {
        // The standard build: presence and face switches on every square, so a promotion is the piece turned over.
        Path firmware = referenceFirmware("standard");
        Path devices = dir.resolve("dev");
        record = linkGame();
        emulator = startEmulator("--firmware", firmware.toString(), "--pty", "--pty-dir", devices.toString(), "--seed", "7");
        startDaemon(Map.of("board.source", "serial", "board.port", emulatorAddress(), "board.baud", 115_200,
                "board.face-sensing", true));
        String log = assertGameComplete();
        assertTrue(log.contains("MCU resets: 1,"), "powered up once, when the daemon opened the port: " + log);
    }

    @Test
    void theRealFirmwareBinaryWithEveryFaultResetsAndPulledCablesKeepsTheGame() throws Exception {
        // Presence switches only (a promotion is the lift-and-put-back gesture), at 1 Mbaud, with every fault on the UART
        // between the MCU and the pseudo-terminal: a RESET resets the MCU in simavr, and every 20 s the USB cable is
        // pulled (the device goes away, and the Mega, powered by it, starts again when it comes back).
        Path firmware = referenceFirmware("presence-1mbaud", "FACE_SENSING=0", "BAUD=1000000");
        Path devices = dir.resolve("dev");
        record = linkGame();
        emulator = startEmulator("--firmware", firmware.toString(), "--pty", "--pty-dir", devices.toString(), "--seed", ALL_FAULTS_SEEDS[1],
                "--faults", ALL_FAULTS + ",disconnect=20");
        startDaemon(Map.of("board.source", "serial", "board.port", emulatorAddress(), "board.baud", 1_000_000));
        String log = assertGameComplete();
        for (String fault : List.of("FLIP", "DROP_BYTE", "DROP_FRAME", "DUPLICATE", "RESET", "STALL")) {
            assertTrue(Pattern.compile(fault + "=[1-9]").matcher(log).find(), fault + " was injected: " + log);
        }
        Matcher resets = Pattern.compile("MCU resets: (\\d+)").matcher(log);
        Matcher outages = Pattern.compile("outages: (\\d+)").matcher(log);
        assertTrue(resets.find() && Integer.parseInt(resets.group(1)) >= 3, "reset faults and plugged cables reset the MCU: " + log);
        assertTrue(outages.find() && Integer.parseInt(outages.group(1)) >= 2, log);
    }
}
