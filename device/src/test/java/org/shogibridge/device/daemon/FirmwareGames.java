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
 * The board protocol end to end, the harness of {@link FirmwareBoardIT} and {@link FirmwareBinaryIT}: the emulator (the
 * real jar in a child process, its hands playing a real 52-move game) talks to the daemon (in this process) over TCP or
 * a pseudo-terminal from socat, with faults injected into what the board sends. The game must arrive whole, with no
 * move that is not the record's. Two classes, so that the longest games spread over the integration tests' JVMs.
 */
abstract class FirmwareGames {
    private static final Duration GAME = Duration.ofMinutes(5);
    private static final String PREFIX = "shogi/v1/fw/b1";
    static final String ALL_FAULTS = "flip=0.01,drop-byte=0.01,drop-frame=0.01,duplicate=0.01,reset=0.003,stall=0.003";

    @TempDir
    Path dir;
    Process emulator;
    Daemon daemon;
    Subscriber mqtt;
    /** The record the emulator's hands play: the whole game, or its opening where the test is about the link. */
    Path record;

    @AfterEach
    void stop() throws Exception {
        if (emulator != null) {
            emulator.destroy();
            emulator.waitFor(10, TimeUnit.SECONDS);
        }
        Subscriber.closeAll(mqtt, daemon);
    }

    static Path record() throws Exception {
        return Path.of(FirmwareBoardIT.class.getResource("/records/ai-an-vs-kifuwarabe-20210503.kifu").toURI());
    }

    private static List<String> movesOf(Path file) throws Exception {
        return RecordMoves.usi(RecordFormat.read(file.getFileName().toString(), Files.readAllBytes(file)));
    }

    /** Write the real game's first {@code plies} moves as a USI record and return it. */
    Path opening(int plies) throws Exception {
        Path file = dir.resolve("opening.usi");
        Files.writeString(file, "position startpos moves " + String.join(" ", movesOf(record()).subList(0, plies)) + "\n");
        return file;
    }

    Process startEmulator(String... args) throws Exception {
        Path jar = Path.of("target", "shogi-bridge.jar").toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "run 'mvn package' first: " + jar);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-jar", jar.toString(), "emulate-board", "--record", record.toString(), "--exit-when-done"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("emulator.log").toFile()).start();
    }

    /** Wait for the emulator to say where it is: "Emulated board: WHERE". */
    String emulatorAddress() throws Exception {
        for (int i = 0; i < 300; i++) {
            Matcher m = Pattern.compile("Emulated board: (\\S+)").matcher(log());
            if (m.find()) {
                return m.group(1);
            }
            assertTrue(emulator.isAlive(), () -> "the emulator stopped: " + log());
            Thread.sleep(100);
        }
        throw new AssertionError("The emulator did not start: " + log());
    }

    private String log() {
        try {
            return Files.readString(dir.resolve("emulator.log"));
        } catch (Exception e) {
            return "";
        }
    }

    void startDaemon(Map<String, Object> board) throws Exception {
        int mqttPort = Ports.free();
        Map<String, Object> overrides = new HashMap<>(Map.of("data-dir", dir.resolve("data").toString(), "event", "fw",
                "board-id", "b1", "broker.mqtt-port", mqttPort, "broker.ws-port", Ports.free(), "http.port", Ports.free(),
                "players.sente", Map.of("type", "human"), "players.gote", Map.of("type", "human")));
        // These games try the link, and the emulator's hands, the simulated MCU and three other test JVMs share two
        // cores: starved, the hands answered a promotion's blink late enough to miss the product's 1.5 s (counted from
        // the blink's acknowledgement; MoveInferenceTest tries the window itself on virtual time). A person on a Pi is
        // not starved so; the emulator's summary says how long the hands waited for each blink.
        overrides.put("promotion.window-millis", 3_000);
        overrides.putAll(board);
        daemon = new Daemon(new ConfigLoader().load(null, overrides));
        daemon.start();
        mqtt = Subscriber.toListeningDaemon("tcp://127.0.0.1:" + mqttPort, PREFIX, null, null, Duration.ofSeconds(30));
    }

    /**
     * The whole game arrives and every move is the record's, except a slide the player paused on past the settle time
     * and then pushed on (the same piece from the same square), which the Pi takes and at once replaces, as a DGT board
     * does; return the emulator's output.
     */
    String assertGameComplete() throws Exception {
        List<String> expected = movesOf(record);
        JsonNode last = awaitWhileTheEmulatorRuns(s -> s.get("moves").size() == expected.size());
        List<String> moves = new ArrayList<>();
        last.get("moves").forEach(m -> moves.add(m.asText()));
        boolean finished = emulator.waitFor(60, TimeUnit.SECONDS);
        // the emulator's summary (faults, outages, how the promotion gestures went) says what a wrong move met
        assertEquals(expected, moves, () -> log().lines().filter(l -> l.startsWith("Played ")).findFirst().orElse(log()));
        // A player who saw the board go offline during a move puts it back and plays it again: if the Pi had taken it,
        // that shows as the move taken back and made again. A move that is not the record's must be a paused slide
        // of the record's piece, and the next message must replace it.
        int undone = 0;
        int replaced = 0;
        String pausedSlide = null;
        for (Subscriber.Message m : mqtt.on("moves")) {
            int ply = m.json().get("ply").asInt();
            boolean undo = m.json().has("undo");
            String usi = undo ? m.json().get("undo").asText() : m.json().get("usi").asText();
            String wanted = expected.get(ply - 1);
            if (pausedSlide != null) {
                assertTrue(undo && usi.equals(pausedSlide), "move " + ply + ": the paused slide " + pausedSlide
                        + " is replaced next, not followed by " + m.json());
                pausedSlide = null;
                replaced++;
            } else if (!undo && !usi.equals(wanted) && sameFromSquare(usi, wanted)) {
                pausedSlide = usi; // the record's piece, put down on its way
            } else {
                assertEquals(wanted, usi, "move " + ply + ": " + m.json());
                undone += undo ? 1 : 0;
            }
        }
        assertTrue(pausedSlide == null, "the paused slide " + pausedSlide + " was never replaced");
        System.out.println(getClass().getSimpleName() + ": " + expected.size() + " moves arrived, " + undone + " taken back and made again, "
                + replaced + " paused slides replaced.");
        assertTrue(finished, "the emulator finishes: " + log());
        log().lines().filter(l -> l.startsWith("Played ")).forEach(l -> System.out.println(getClass().getSimpleName() + ": " + l));
        assertTrue(log().contains("Played " + expected.size() + " moves."), log());
        return log();
    }

    /**
     * Wait for a state, failing at once with the emulator's own words if it stops first (issue 43, finding 6: a game
     * that stalled under load used to say only "No message on state in 300 s").
     */
    private JsonNode awaitWhileTheEmulatorRuns(java.util.function.Predicate<JsonNode> test) throws Exception {
        long deadline = System.nanoTime() + GAME.toNanos();
        while (true) {
            try {
                return mqtt.await("state", test, Duration.ofSeconds(5)).json();
            } catch (AssertionError notYet) {
                List<Subscriber.Message> states = mqtt.on("state");
                // The move and what the daemon made of the board then: a stalled game says why it stalled.
                String at = states.isEmpty() ? "no state" : "move " + states.get(states.size() - 1).json().get("moves").size()
                        + " (board " + states.get(states.size() - 1).json().get("boardStatus") + ")";
                if (!emulator.isAlive()) { // done (its last move may still be on its way) or failed: it says which
                    try {
                        return mqtt.await("state", test, Duration.ofSeconds(30)).json();
                    } catch (AssertionError stopped) {
                        throw new AssertionError("The emulator stopped at " + at + ": " + log(), stopped);
                    }
                }
                assertTrue(System.nanoTime() < deadline, () -> "the game stalled at " + at + " for " + GAME + ": " + log());
            }
        }
    }

    /** Return true if two USI moves take a piece from the same square (a drop, "P*5e", has none). */
    private static boolean sameFromSquare(String usi, String other) {
        return other.charAt(1) != '*' && usi.startsWith(other.substring(0, 2));
    }

    /**
     * Build the reference board's firmware with these make variables into target/mega2560/NAME, the simavr harness
     * beside it, and return the .elf. CI installs gcc-avr, avr-libc and libsimavr-dev (.ci/run).
     */
    static synchronized Path referenceFirmware(String name, String... makeVariables) throws Exception {
        Path build = Path.of("target", "mega2560", name).toAbsolutePath();
        List<String> command = new ArrayList<>(List.of("make", "-C", Path.of("..", "firmware-interface", "mega2560").toString(),
                "BUILD=" + build));
        command.addAll(List.of(makeVariables));
        command.addAll(List.of("all", "sim"));
        Process make = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(make.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(make.waitFor(180, TimeUnit.SECONDS) && make.exitValue() == 0, "make failed (apt install gcc-avr avr-libc"
                + " simavr libsimavr-dev):\n" + output);
        return build.resolve("shogi-board-mega2560.elf");
    }

}
