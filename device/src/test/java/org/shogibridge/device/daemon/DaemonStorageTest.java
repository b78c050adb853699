package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.journal.Journal;

/**
 * The daemon on storage that fails under it: a full disk (a small tmpfs, filled) and a games directory that cannot be
 * written ({@code chattr +i}). Nothing is published that is not on disk, the board accepts no move meanwhile (nor
 * a command) and {@code status} says why, and once the storage works again every move and record is written. Needs root (mount,
 * chattr), as on the Pi and in CI; skipped with the reason otherwise.
 */
class DaemonStorageTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String PREFIX = "shogi/v1/test/b1";

    @TempDir
    Path dir;
    private Daemon daemon;
    private Subscriber mqtt;
    private Path mounted;
    private Path immutable;

    private void start(Path data) throws Exception {
        int mqttPort = Ports.free();
        var settings = new ConfigLoader().load(null, Map.of("data-dir", data.toString(), "event", "test", "board-id", "b1",
                "broker.mqtt-port", mqttPort, "broker.ws-port", Ports.free(), "http.port", Ports.free(),
                "players.sente", Map.of("type", "human"), "players.gote", Map.of("type", "human")));
        daemon = new Daemon(settings);
        daemon.start();
        mqtt = Subscriber.toListeningDaemon("tcp://127.0.0.1:" + mqttPort, PREFIX, null, null, WAIT);
    }

    @AfterEach
    void stop() throws Exception {
        Subscriber.closeAll(mqtt, daemon);
        if (immutable != null) {
            FullDisk.command("chattr", "-i", immutable.toString());
        }
        if (mounted != null) {
            FullDisk.command("umount", mounted.toString());
        }
    }

    private void play(String usi) throws Exception {
        mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + usi + "\"}");
    }

    /** Finding 2: the journal cannot be written; the move waits unpublished, the board halts, then all goes on. */
    @Test
    void aFullDiskHaltsTheBoardAndPublishesOnlyWhatIsOnDisk() throws Exception {
        Path data = Files.createDirectories(dir.resolve("small"));
        Assumptions.assumeTrue(FullDisk.command("mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", data.toString()),
                "mounting a tmpfs needs root; skipped.");
        mounted = data;
        start(data);
        play("7g7f");
        mqtt.await("state", j -> j.get("moves").size() == 1, WAIT);
        Path filler = FullDisk.fill(mqtt, data);
        String problem = mqtt.await("status", j -> j.has("problem"), WAIT).json().get("problem").asText();
        assertTrue(problem.startsWith("Disk full. The journal could not be written"), problem);
        mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"3c3d\",\"id\":\"halted\"}");
        JsonNode refused = mqtt.await("cmd/sim/result", j -> j.path("id").asText().equals("halted"), WAIT).json();
        assertTrue(refused.get("error").asText().startsWith("Disk full."), "the hands do not move while halted: " + refused);
        // The hands refused the move, so there is nothing to wait for: the board still shows one move.
        assertTrue(mqtt.on("state").stream().noneMatch(m -> m.json().get("moves").size() == 2),
                "nothing that is not on disk is published");
        assertEquals(1, daemon.probe().moveCount(), "no move is accepted while the journal cannot be written");

        long before = mqtt.on("state").stream().mapToLong(m -> m.json().get("seq").asLong()).max().orElse(0);
        int statuses = mqtt.count("status");
        Files.delete(filler);
        // A status after the problem's (the first one, from before, was online too: waiting for any once let the next
        // move go to a daemon still halted, on a busy machine).
        mqtt.awaitAfter("status", statuses, j -> !j.has("problem") && j.get("status").asText().equals("online"), WAIT);
        // Back: the board is read again, and the next move is a move.
        JsonNode after = mqtt.await("state", j -> j.get("seq").asLong() > before
                && !j.get("boardStatus").get("status").asText().equals("halted"), WAIT).json();
        assertEquals(1, after.get("moves").size());
        play("3c3d");
        JsonNode next = mqtt.await("state", j -> j.get("moves").size() == 2
                || j.get("boardStatus").get("status").asText().equals("correction-needed"), WAIT).json();
        assertEquals(2, next.get("moves").size(), "the next legal move is a move: " + next.get("boardStatus"));
        daemon.close();
        daemon = null;
        assertEquals(2, Journal.recover(data.resolve("journal.jsonl")).game().moves().size());
    }

    /**
     * Issue 84, finding 4: the journal stops taking changes with a move in hand ({@code chattr +i}). While it cannot be
     * written, {@code cmd/sim play} is refused (it once answered ok with nothing recorded) and {@code status} says the
     * board is halted; once it can, the waiting move comes out and the next legal move is a move (it was judged a
     * correction, 3 of 3 times).
     */
    @Test
    void theNextMoveAfterTheJournalIsWritableAgainIsTakenAsAMove() throws Exception {
        Path data = dir.resolve("data");
        start(data);
        play("7g7f");
        mqtt.await("state", j -> j.get("moves").size() == 1, WAIT);
        play("3c3d");
        mqtt.await("state", j -> j.get("moves").size() == 2, WAIT);
        Path journal = data.resolve("journal.jsonl");
        Assumptions.assumeTrue(FullDisk.command("chattr", "+i", journal.toString()), "chattr +i needs root; skipped.");
        immutable = journal;
        play("2g2f"); // taken by the board before anyone knows the journal refuses it
        JsonNode status = mqtt.await("status", j -> j.has("problem"), WAIT).json();
        assertEquals("halted", status.path("boardStatus").asText(), status.toString());
        mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"8c8d\",\"id\":\"while-halted\"}");
        JsonNode refused = mqtt.await("cmd/sim/result", j -> j.path("id").asText().equals("while-halted"), WAIT).json();
        assertFalse(refused.get("ok").asBoolean(), refused.toString());
        assertTrue(refused.get("error").asText().startsWith("Storage"), refused.toString());
        assertTrue(mqtt.on("state").stream().noneMatch(m -> m.json().get("moves").size() == 3), "nothing unrecorded is published");

        int statuses = mqtt.count("status");
        FullDisk.command("chattr", "-i", journal.toString());
        immutable = null;
        mqtt.await("state", j -> j.get("moves").size() == 3, WAIT); // the waiting move, once on disk
        mqtt.awaitAfter("status", statuses, j -> !j.has("problem"), WAIT);
        assertTrue(daemon.probe().awaitBoardRead(500, WAIT.toMillis()), "the board is read on"); // judged again
        play("8c8d");
        JsonNode next = mqtt.await("state", j -> j.get("moves").size() == 4
                || j.get("boardStatus").get("status").asText().equals("correction-needed"), WAIT).json();
        assertEquals(4, next.get("moves").size(), "the next legal move is a move: " + next.get("boardStatus"));
        assertEquals("8c8d", next.get("moves").get(3).asText());
    }

    /** Finding 3: the games directory cannot be written at a game's end; the journal keeps the game until it can. */
    @Test
    void aRecordThatCannotBeWrittenStaysInTheJournalUntilItIs() throws Exception {
        Path data = dir.resolve("data");
        Files.createDirectories(data.resolve("games"));
        immutable = data.resolve("games");
        Assumptions.assumeTrue(FullDisk.command("chattr", "+i", immutable.toString()), "chattr +i needs root and a filesystem that has it; skipped.");
        start(data);
        play("7g7f");
        mqtt.await("state", j -> j.get("moves").size() == 1, WAIT);
        String gameId = mqtt.on("state").get(mqtt.on("state").size() - 1).json().get("game").asText();
        mqtt.command("resign", "{\"side\":\"white\"}");
        mqtt.await("state", j -> !j.get("result").isNull(), WAIT);
        String problem = mqtt.await("status", j -> j.has("problem"), WAIT).json().get("problem").asText();
        assertTrue(problem.contains("The record of game " + gameId + " could not be written"), problem);
        assertFalse(Files.exists(data.resolve("games").resolve(gameId + ".kifu.tmp")));
        daemon.close(); // stopped before the record could be written: the journal still has it
        daemon = null;
        Subscriber.closeAll(mqtt);
        mqtt = null;
        assertEquals(List.of(gameId), Journal.recover(data.resolve("journal.jsonl")).unarchived().stream()
                .map(Journal.FinishedGame::gameId).toList());

        FullDisk.command("chattr", "-i", immutable.toString());
        immutable = null;
        start(data); // the next start writes it
        Path kifu = data.resolve("games").resolve(gameId + ".kifu");
        Await.until("the record " + kifu, WAIT, () -> Files.exists(kifu));
        assertEquals(1, RecordFormat.read(kifu.toString(), Files.readAllBytes(kifu)).mainLine().moves().size());
        assertTrue(Files.exists(data.resolve("games").resolve(gameId + ".csa")));
    }
}
