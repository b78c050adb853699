package org.shogibridge.device.daemon;

import org.shogibridge.device.ProductJar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
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
 * real jar in a child process, its hands playing the fewest moves that try the link) talks to the daemon (in this process) over TCP or
 * a pseudo-terminal from socat, with faults injected into what the board sends. The game must arrive whole, with no
 * move that is not the record's. Two classes, so that the longest games spread over the integration tests' JVMs.
 */
abstract class FirmwareGames {
    private static final Duration GAME = Duration.ofMinutes(5);
    private static final String PREFIX = "shogi/v1/fw/b1";
    /**
     * Every fault: 1 % of frames each, resets and stalls 0.4 % (each is an outage of a second or more). The faults are
     * drawn from the emulator's seed, frame by frame: with the seeds {@link #ALL_FAULTS_SEEDS} every kind is injected
     * within the first 150 frames, and a link game sends 400 or more, so that each test sees every kind however the
     * machine paces the game.
     */
    static final String ALL_FAULTS = "flip=0.01,drop-byte=0.01,drop-frame=0.01,duplicate=0.01,reset=0.004,stall=0.004";
    /** Seeds of {@link #ALL_FAULTS} that inject every kind early (by frame 133 and 148). */
    static final String[] ALL_FAULTS_SEEDS = {"44", "17"};

    @TempDir
    Path dir;
    Process emulator;
    Daemon daemon;
    Subscriber mqtt;
    /** The record the emulator's hands play. */
    Path record;

    @AfterEach
    void stop() throws Exception {
        if (emulator != null) {
            emulator.destroy();
            emulator.waitFor(10, TimeUnit.SECONDS);
        }
        Subscriber.closeAll(mqtt, daemon);
    }

    private static List<String> movesOf(Path file) throws Exception {
        return RecordMoves.usi(RecordFormat.read(file.getFileName().toString(), Files.readAllBytes(file)));
    }

    /**
     * Write the fewest moves that try a board link as a USI record and return it (issue 97: the whole 52-move game
     * made these the suite's longest tests): 16 moves with a promotion declined (▲２二角不成) and one taken (▲同飛成),
     * six captures, drops by both sides (△２三歩打, ▲５五角打), and time enough for pulled cables and resets.
     */
    Path linkGame() throws Exception {
        Path file = dir.resolve("link-game.usi");
        Files.writeString(file, "position startpos moves 7g7f 3c3d 8h2b 3a2b 2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d P*2c"
                + " 2d2c+ 2b2c B*5e 8e8f\n");
        return file;
    }

    Process startEmulator(String... args) throws Exception {
        List<String> command = new ArrayList<>(ProductJar.command("-Xmx128m", "emulate-board", "--record", record.toString(), "--exit-when-done"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("emulator.log").toFile()).start();
    }

    /** Wait for the emulator to say where it is: "Emulated board: WHERE". */
    String emulatorAddress() throws Exception {
        return Await.value("the emulator's address", Duration.ofSeconds(60), () -> {
            Matcher m = Pattern.compile("Emulated board: (\\S+)").matcher(log());
            if (m.find()) {
                return m.group(1);
            }
            assertTrue(emulator.isAlive(), () -> "the emulator stopped: " + log());
            return null;
        });
    }

    /** Each change of the published board status, with its seq and the moves so far: what a wrong move met. */
    private String boardStory() {
        StringBuilder story = new StringBuilder();
        String previous = "";
        for (Subscriber.Message m : mqtt.on("state")) {
            JsonNode status = m.json().get("boardStatus");
            String now = status == null ? "" : status.get("status").asText() + " " + status.path("squares") + " "
                    + status.path("japanese").asText();
            if (!now.equals(previous)) {
                story.append("  seq ").append(m.json().path("seq").asText()).append(" ply ")
                        .append(m.json().path("moves").size()).append(": ").append(now).append('\n');
                previous = now;
            }
        }
        for (Subscriber.Message m : mqtt.on("moves")) {
            story.append("  moves: ").append(m.text()).append('\n');
        }
        return story.toString();
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
        assertEquals(expected, moves, () -> log().lines().filter(l -> l.startsWith("Played ")).findFirst().orElse(log())
                + "\nWhat the board was told, state by state:\n" + boardStory());
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
                        throw new AssertionError("The emulator stopped at " + at + ": " + log()
                                + "\nWhat the board was told, state by state:\n" + boardStory(), stopped);
                    }
                }
                assertTrue(System.nanoTime() < deadline, () -> "the game stalled at " + at + " for " + GAME + ": " + log()
                        + "\nWhat the board was told, state by state:\n" + boardStory());
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
