package org.shogibridge.device.daemon;

import org.shogibridge.device.ProductJar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.RecordFormat;

/**
 * The findings of "never lose a game", each reproduced with the real jar as a child process, stopped by SIGTERM or
 * SIGKILL, its journal damaged between runs, and started again on a real Mosquitto. The records are read back by the
 * rules core's record reader, which checks every move.
 */
@Execution(ExecutionMode.CONCURRENT) // each test has its own broker, ports and directories: two run at once
class NeverLoseAGameIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String PREFIX = "shogi/v1/lose/n1";
    /** The short case: a pawn taken on 2c, then dropped after a restart. */
    private static final List<String> DROP_GAME = List.of("2g2f", "3c3d", "2f2e", "8c8d", "2e2d", "8d8e", "2d2c+", "8e8f",
            "9g9f", "9c9d", "P*2d");
    private static final List<String> LONG_GAME = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b",
            "2e2d", "2c2d", "2h2d", "8e8f", "8g8f", "8b8f", "2d3d", "2b8h+", "7i8h", "P*2h");

    @TempDir
    Path dir;
    private int runs;

    private final class Run implements AutoCloseable {
        final Process process;
        final Path log;

        Run(Mosquitto mosquitto, Path data, String... extra) throws IOException {
            log = dir.resolve("daemon-" + (++runs) + ".log");
            List<String> command = new ArrayList<>(ProductJar.command("-Xmx256m", "run", "--data-dir", data.toString(), "--broker", mosquitto.url(),
                    "--http-port", Integer.toString(Ports.free()), "--event", "lose", "--board", "n1"));
            command.addAll(List.of(extra.length > 0 ? extra : new String[] {"--sente", "human", "--gote", "human"}));
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        }

        /** Wait for the line "Ready." (printed once board, session, broker link and web server all run). */
        void awaitReady() throws Exception {
            String text = Await.line(process, log, "Ready.", WAIT);
            int dashboard = text.indexOf("Dashboard: http://");
            assertTrue(dashboard >= 0 && dashboard < text.indexOf("\nReady."), "Ready. comes after the URLs: " + text);
        }

        void kill() throws InterruptedException {
            process.destroyForcibly(); // SIGKILL: no shutdown hook, mid-write if it happens
            process.waitFor();
        }

        void term() throws InterruptedException {
            process.destroy();
            assertEquals(143, process.waitFor(), "the JVM's exit code after SIGTERM and its shutdown hook");
        }

        @Override
        public void close() throws Exception {
            if (process.isAlive()) {
                kill();
            }
        }
    }

    /** Play a move through the simulated hands (right after "Ready." too), and wait for its state. */
    private static JsonNode play(Subscriber mqtt, String usi, int ply) throws Exception {
        long since = newestSeq(mqtt);
        mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + usi + "\"}");
        return mqtt.await("state", j -> j.get("seq").asLong() > since && j.get("moves").size() == ply
                && usi.equals(j.get("lastMove").asText()), WAIT).json();
    }

    private static long newestSeq(Subscriber mqtt) {
        JsonNode newest = newest(mqtt);
        return newest == null ? -1 : newest.get("seq").asLong();
    }

    private static JsonNode newest(Subscriber mqtt) {
        JsonNode best = null;
        for (Subscriber.Message m : mqtt.on("state")) {
            if (best == null || m.json().get("seq").asLong() > best.get("seq").asLong()) {
                best = m.json();
            }
        }
        return best;
    }

    /** Wait for the state that says the game was resumed with {@code plies} moves, newer than {@code since}. */
    private static JsonNode awaitResumed(Subscriber mqtt, long since, int plies) throws InterruptedException {
        return mqtt.await("state", j -> j.get("seq").asLong() > since && j.get("resumed").asBoolean()
                && j.get("moves").size() == plies, WAIT).json();
    }

    private static List<String> recordMoves(Path file) throws IOException {
        return RecordMoves.usi(RecordFormat.read(file.toString(), Files.readAllBytes(file)));
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** Start a run, play 7g7f 3c3d, stop it (SIGKILL or SIGTERM), and return the game's id. */
    private String twoMovesThenStop(Mosquitto mosquitto, Subscriber mqtt, Path data, boolean kill) throws Exception {
        try (Run run = new Run(mosquitto, data)) {
            run.awaitReady();
            play(mqtt, "7g7f", 1);
            String gameId = play(mqtt, "3c3d", 2).get("game").asText();
            if (kill) {
                run.kill();
            } else {
                run.term();
            }
            return gameId;
        }
    }

    /** Finding 4: two moves, SIGTERM, a move, SIGKILL, then a new game: the record has all three moves. */
    @Test
    void aResumedGameKeepsEveryMoveWhenANewGameBegins() throws Exception {
        Path data = dir.resolve("data");
        try (Mosquitto mosquitto = new Mosquitto(dir); Subscriber mqtt = new Subscriber(mosquitto.url(), PREFIX)) {
            String gameId = twoMovesThenStop(mosquitto, mqtt, data, false);
            try (Run run = new Run(mosquitto, data)) {
                run.awaitReady();
                awaitResumed(mqtt, -1, 2);
                play(mqtt, "2g2f", 3);
                run.kill();
            }
            try (Run run = new Run(mosquitto, data)) {
                run.awaitReady();
                awaitResumed(mqtt, -1, 3);
                mqtt.command("new-game", "{}");
                JsonNode ended = mqtt.await("state", j -> j.get("game").asText().equals(gameId) && !j.get("result").isNull(), WAIT).json();
                assertEquals("unfinished", ended.get("result").get("reason").asText());
                assertEquals(3, ended.get("moves").size());
                mqtt.await("state", j -> !j.get("game").asText().equals(gameId), WAIT);
                run.term();
            }
            assertEquals(List.of("7g7f", "3c3d", "2g2f"), recordMoves(data.resolve("games").resolve(gameId + ".kifu")));
            assertEquals(List.of("7g7f", "3c3d", "2g2f"), recordMoves(data.resolve("games").resolve(gameId + ".csa")));
        }
    }

    /** Finding 5: the short case; kill -9 before the drop, and the drop is read as before. */
    @Test
    void aDropAfterAKillIsReadAsBefore() throws Exception {
        Path data = dir.resolve("data");
        try (Mosquitto mosquitto = new Mosquitto(dir); Subscriber mqtt = new Subscriber(mosquitto.url(), PREFIX)) {
            String gameId;
            try (Run run = new Run(mosquitto, data)) {
                run.awaitReady();
                for (int i = 0; i < DROP_GAME.size() - 1; i++) {
                    play(mqtt, DROP_GAME.get(i), i + 1);
                }
                gameId = newest(mqtt).get("game").asText();
                run.kill();
            }
            try (Run run = new Run(mosquitto, data)) {
                run.awaitReady();
                awaitResumed(mqtt, -1, DROP_GAME.size() - 1);
                JsonNode after = play(mqtt, "P*2d", DROP_GAME.size());
                assertEquals("matched", after.get("boardStatus").get("status").asText(), after.toString());
                assertEquals(DROP_GAME, strings(after.get("moves")));
                mqtt.command("resign", "{\"side\":\"white\"}");
                mqtt.await("state", j -> !j.get("result").isNull(), WAIT);
                run.term();
                String log = Files.readString(run.log);
                assertTrue(!log.contains("ambiguous") && !log.contains("Bad komadai"), log);
            }
            assertEquals(DROP_GAME, recordMoves(data.resolve("games").resolve(gameId + ".kifu")));
        }
    }

    /** Finding 7: a demo finds an unfinished human game: it is filed as unfinished, and engines play a new one. */
    @Test
    void theDemoFilesAnUnfinishedHumanGameAndPlaysEngineAgainstEngine() throws Exception {
        Path data = dir.resolve("data");
        try (Mosquitto mosquitto = new Mosquitto(dir); Subscriber mqtt = new Subscriber(mosquitto.url(), PREFIX)) {
            String gameId = twoMovesThenStop(mosquitto, mqtt, data, true);
            try (Run run = new Run(mosquitto, data, "--demo", "--sente", "engine:1", "--gote", "engine:1")) {
                run.awaitReady();
                JsonNode demo = mqtt.await("state", j -> !j.get("game").asText().equals(gameId) && j.get("moves").size() >= 2, WAIT).json();
                assertEquals("engine", demo.get("players").get("black").get("type").asText());
                assertEquals("engine", demo.get("players").get("white").get("type").asText());
                run.term();
            }
            Path kifu = data.resolve("games").resolve(gameId + ".kifu");
            assertEquals(List.of("7g7f", "3c3d"), recordMoves(kifu));
        }
    }

    /**
     * Done-when: real games (a professional game of 2014 and a computer game of 2021, records copied under MIT) played
     * through cmd/sim, up to eight moves past their first drop, the daemon SIGKILLed three times in each, once just before it; the
     * record it writes is read by a CSA reader that shares no code with the daemon, and Fairy-Stockfish plays its moves
     * to the same position the daemon published.
     */
    @ParameterizedTest
    @ValueSource(strings = {"jt201409130101.kif", "ai-an-vs-kifuwarabe-20210503.kifu"})
    void realGamesWithThreeKillsEachPlayThroughExact(String recordName) throws Exception {
        assertTrue(Files.isExecutable(IndependentRecordCheck.FAIRY_STOCKFISH), "install Debian's fairy-stockfish");
        Path source = Path.of("src", "test", "resources", "records", recordName);
        List<String> moves = recordMoves(source);
        if (recordName.startsWith("ai-an")) {
            moves = moves.subList(0, moves.size() - 1); // the record ends with a foul, which the board refuses
        }
        int firstDrop = 0;
        while (!moves.get(firstDrop).contains("*")) {
            firstDrop++;
        }
        // Up to eight moves past the first drop (issue 97: the 2014 game's 107 took 150 s, its first 56 still 75 s beside
        // the other tests): what is tried is the restarts, not the endgame. The 2014 game plays 24 moves (captures, a
        // drop), the 2021 game 50 (a promotion at 37, its first drop at 42).
        moves = moves.subList(0, Math.min(moves.size(), firstDrop + 9));
        Random random = new Random(recordName.hashCode());
        java.util.TreeSet<Integer> kills = new java.util.TreeSet<>();
        kills.add(firstDrop); // killed with the drop still to play: the komadai are read as they are
        while (kills.size() < 3) {
            kills.add(1 + random.nextInt(moves.size() - 1));
        }
        Path data = dir.resolve("data");
        JsonNode last = null;
        try (Mosquitto mosquitto = new Mosquitto(dir); Subscriber mqtt = new Subscriber(mosquitto.url(), PREFIX)) {
            Run run = new Run(mosquitto, data);
            try {
                run.awaitReady();
                for (int ply = 0; ply < moves.size(); ply++) {
                    if (kills.contains(ply)) {
                        long before = newestSeq(mqtt);
                        run.kill();
                        run = new Run(mosquitto, data);
                        run.awaitReady();
                        assertEquals(moves.subList(0, ply), strings(awaitResumed(mqtt, before, ply).get("moves")));
                    }
                    last = play(mqtt, moves.get(ply), ply + 1);
                    assertEquals("matched", last.get("boardStatus").get("status").asText(), last.toString());
                }
                mqtt.command("resign", "{\"side\":\"" + last.get("sideToMove").asText() + "\"}");
                mqtt.await("state", j -> !j.get("result").isNull(), WAIT);
                run.term();
                // A drop is ambiguous for a moment while the hands are between komadai and square; never worse.
                String log = Files.readString(run.log);
                assertTrue(!log.contains("correction needed") && !log.contains("illegal move") && !log.contains("Bad komadai"), log);
            } finally {
                run.close();
            }
        }
        Path csa = data.resolve("games").resolve(last.get("game").asText() + ".csa");
        assertEquals(moves, IndependentRecordCheck.csaMoves(csa), "the CSA record, read independently");
        assertEquals(IndependentRecordCheck.normalized(last.get("sfen").asText()), IndependentRecordCheck.positionAfter(moves),
                "Fairy-Stockfish reaches the position the daemon published");
        assertEquals(moves, recordMoves(data.resolve("games").resolve(last.get("game").asText() + ".kifu")));
    }

    /**
     * Findings 1 to 4 as a property: random games through cmd/sim with random stops (SIGTERM, SIGKILL, a torn or
     * garbage last line added to the journal, a full disk and then SIGKILL) and new games; every move ever published is
     * in a record file exactly once, in its game, and seq never goes back. The data directory is a small tmpfs, which
     * needs root (as in CI); without it the full disk is left out and the test says so.
     */
    @Test
    void randomStopsAndDamageNeverLoseAPublishedMove() throws Exception {
        Random random = new Random(20261125);
        Path data = dir.resolve("data");
        Map<String, List<String>> published = new HashMap<>();
        Files.createDirectories(data);
        boolean smallDisk = FullDisk.command("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", data.toString());
        if (!smallDisk) {
            System.out.println("NeverLoseAGameIT: mounting a tmpfs needs root; the full-disk stop is left out.");
        }
        try (Mosquitto mosquitto = new Mosquitto(dir); Subscriber mqtt = new Subscriber(mosquitto.url(), PREFIX)) {
            Run run = new Run(mosquitto, data);
            run.awaitReady();
            int stops = 0;
            int fullDisks = 0;
            for (int game = 0; game < 3; game++) {
                int length = 4 + random.nextInt(6);
                for (int ply = 0; ply < length; ply++) {
                    JsonNode state = play(mqtt, LONG_GAME.get(ply), ply + 1);
                    published.put(state.get("game").asText(), strings(state.get("moves")));
                    if (random.nextInt(3) == 0) {
                        long before = newestSeq(mqtt);
                        int how = random.nextInt(smallDisk ? 5 : 4);
                        if (smallDisk && fullDisks == 0 && game == 2) {
                            how = 4; // at least once
                        }
                        if (how == 4 && ply + 1 < length) {
                            // The disk fills up: the next move is not accepted, nothing unwritten is published.
                            Path filler = FullDisk.fill(mqtt, data);
                            long halted = newestSeq(mqtt);
                            int onDisk = ply + 1;
                            int answered = mqtt.count("cmd/sim/result");
                            mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + LONG_GAME.get(ply + 1) + "\"}");
                            // Refused (the hands do not move while the daemon is halted); what the move would have
                            // published comes before its answer.
                            JsonNode refused = mqtt.awaitAfter("cmd/sim/result", answered, j -> true, WAIT).json();
                            assertTrue(refused.path("error").asText().startsWith("Disk full."), refused.toString());
                            assertTrue(mqtt.on("state").stream().noneMatch(m -> m.json().get("seq").asLong() > halted
                                    && m.json().get("moves").size() > onDisk), "nothing that is not on disk is published");
                            Files.delete(filler);
                            fullDisks++;
                            before = newestSeq(mqtt);
                        }
                        if (how == 0) {
                            run.term();
                        } else {
                            run.kill();
                        }
                        if (how == 2) {
                            Files.write(data.resolve("journal.jsonl"), "{\"seq\":3,\"type\":\"mo".getBytes(StandardCharsets.UTF_8),
                                    StandardOpenOption.APPEND);
                        } else if (how == 3) {
                            Files.write(data.resolve("journal.jsonl"), new byte[] {0, 0, 0, 0, '\n', 'x', '\n'}, StandardOpenOption.APPEND);
                        }
                        stops++;
                        run = new Run(mosquitto, data);
                        run.awaitReady();
                        JsonNode resumed = awaitResumed(mqtt, before, ply + 1);
                        assertEquals(published.get(resumed.get("game").asText()), strings(resumed.get("moves")));
                    }
                }
                String gameId = newest(mqtt).get("game").asText();
                long beforeNewGame = newestSeq(mqtt);
                mqtt.command("new-game", "{}");
                // A newer state than any seen: an earlier game's first state also has no moves and another id.
                mqtt.await("state", j -> j.get("seq").asLong() > beforeNewGame && !j.get("game").asText().equals(gameId)
                        && j.get("moves").size() == 0, WAIT);
            }
            run.term();
            assertTrue(stops >= 3, "stopped " + stops + " times");
            assertTrue(!smallDisk || fullDisks >= 1, "the disk filled up " + fullDisks + " times");
            assertSeqNeverGoesBack(mqtt);
        } finally {
            if (smallDisk) {
                copyOut(data);
            }
        }
        for (Map.Entry<String, List<String>> game : published.entrySet()) {
            Path kifu = data.resolve("games").resolve(game.getKey() + ".kifu");
            assertTrue(Files.isRegularFile(kifu), () -> "the record of " + game.getKey() + ": " + evidence(data));
            assertEquals(game.getValue(), recordMoves(kifu), "every published move once, in order");
        }
    }

    /** Unmount the tmpfs, its files copied back into the test folder, where the records are read. */
    private void copyOut(Path data) throws Exception {
        Path kept = dir.resolve("data-kept");
        FullDisk.command("cp", "-a", data.toString(), kept.toString());
        FullDisk.command("umount", "-l", data.toString()); // lazily: a daemon left by a failure must not hide that failure
        FullDisk.command("cp", "-a", kept + "/.", data.toString());
    }

    /** What a failure should show: the games directory, the journal and the daemons' logs. */
    private String evidence(Path data) {
        StringBuilder text = new StringBuilder();
        try (var files = Files.list(data.resolve("games"))) {
            text.append(files.map(p -> p.getFileName().toString()).sorted().toList()).append('\n');
            text.append(Files.readString(data.resolve("journal.jsonl"))).append('\n');
            for (int i = 1; i <= runs; i++) {
                text.append("--- run ").append(i).append('\n').append(Files.readString(dir.resolve("daemon-" + i + ".log")));
            }
        } catch (IOException e) {
            text.append(e);
        }
        return text.toString();
    }

    /** Sequence numbers seen by a viewer never go back, across every restart of a test. */
    private static void assertSeqNeverGoesBack(Subscriber mqtt) {
        long last = -1;
        for (Subscriber.Message m : mqtt.on("state")) {
            long seq = m.json().get("seq").asLong();
            assertTrue(seq > last || seq == last, "seq " + seq + " after " + last);
            last = Math.max(last, seq);
        }
    }
}
