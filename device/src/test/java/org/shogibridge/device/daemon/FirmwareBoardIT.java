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
 * The board protocol end to end with the Java firmware: over TCP with every fault injected, and over a pseudo-terminal
 * whose device comes back under new names (the harness: {@link FirmwareGames}).
 */
@Execution(ExecutionMode.CONCURRENT) // each test has its own broker, ports and directories: two run at once
class FirmwareBoardIT extends FirmwareGames {
    @Test
    void aGameArrivesWholeOverTcpWithEveryFaultInjected() throws Exception {
        // With deltas (each relative to the last full snapshot), so a dropped DELTA and a dropped SNAPSHOT are both tried.
        record = linkGame();
        emulator = startEmulator("--tcp", "0", "--deltas", "--seed", ALL_FAULTS_SEEDS[0], "--faults", ALL_FAULTS + ",disconnect=25");
        String address = emulatorAddress().replace("tcp://", "");
        startDaemon(Map.of("board.source", "tcp", "board.address", address));
        String log = assertGameComplete();
        for (String fault : List.of("FLIP", "DROP_BYTE", "DROP_FRAME", "DUPLICATE", "RESET", "STALL")) {
            assertTrue(Pattern.compile(fault + "=[1-9]").matcher(log).find(), fault + " was injected: " + log);
        }
        assertTrue(Pattern.compile("snapshots and [1-9][0-9]* deltas").matcher(log).find(), "deltas were sent: " + log);
    }

    @Test
    void overAPseudoTerminalTheBoardComesBackUnderNewDeviceNamesAndTheGameGoesOn() throws Exception {
        Path devices = dir.resolve("dev");
        // The link is what is tried here: the link game, with a disconnection every 15 s.
        record = linkGame();
        emulator = startEmulator("--pty", "--pty-dir", devices.toString(), "--seed", "5",
                "--faults", "flip=0.005,drop-frame=0.005,disconnect=15");
        String pattern = emulatorAddress();
        startDaemon(Map.of("board.source", "serial", "board.port", pattern, "board.baud", 1_000_000));
        String log = assertGameComplete();
        Matcher outages = Pattern.compile("outages: (\\d+)").matcher(log);
        assertTrue(outages.find() && Integer.parseInt(outages.group(1)) >= 2, log);
        assertTrue(!Files.exists(devices.resolve("shogi-board-1")), "the first device name is gone");
    }
}
