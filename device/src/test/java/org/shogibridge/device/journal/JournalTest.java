package org.shogibridge.device.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SavedGame;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.simulation.HumanSimulator;

class JournalTest {
    @TempDir
    Path dir;

    /** Play moves on a simulated board and journal every change, as the daemon does. */
    private List<SessionEvent> playAndJournal(Journal journal, String... moves) throws Exception {
        List<SessionEvent> events = new ArrayList<>();
        InferenceSettings board = InferenceSettings.defaults();
        GameSession session = new GameSession(new SessionSettings(Variant.STANDARD, board, new TimeControl(600_000, 10_000, 0),
                Player.human("A"), Player.human("B")), () -> "g1", events::add);
        session.start(7, 0);
        HumanSimulator hands = new HumanSimulator(Variant.STANDARD, board, 0, 3, 5, session::snapshot);
        hands.watch(session.leds());
        hands.setUp(Position.start(Variant.STANDARD));
        for (String usi : moves) {
            Position p = Position.fromSfen(session.state().sfen());
            hands.play(p, Usi.parseLegalMove(p, usi));
        }
        for (SessionEvent e : events) {
            journal.append(e);
        }
        return events;
    }

    @Test
    void anUnfinishedGameIsRecoveredWithItsMovesTimesClocksAndNumber() throws Exception {
        Path file = dir.resolve("journal.jsonl");
        List<SessionEvent> events;
        try (Journal journal = new Journal(file)) {
            events = playAndJournal(journal, "7g7f", "3c3d", "2g2f");
        }
        Journal.Recovered recovered = Journal.recover(file);
        SavedGame game = recovered.game();
        long lastSeq = events.get(events.size() - 1).stateOrNull().seq();
        assertEquals(lastSeq, recovered.seq());
        assertEquals("g1", game.gameId());
        assertEquals(3, game.moves().size());
        SessionEvent.MovePlayed third = (SessionEvent.MovePlayed) events.stream()
                .filter(e -> e instanceof SessionEvent.MovePlayed m && m.ply() == 3).findFirst().orElseThrow();
        assertEquals(third.elapsedMillis(), game.moveMillis().get(2));
        assertEquals(third.state().clock().whiteMillis(), game.clock().whiteMillis());
        assertEquals(Side.WHITE, game.clock().running());
        assertEquals("A", game.black().name());
    }

    @Test
    void aTornLastLineIsDroppedNeverFatal() throws Exception {
        Path file = dir.resolve("journal.jsonl");
        try (Journal journal = new Journal(file)) {
            playAndJournal(journal, "7g7f", "3c3d");
        }
        Files.write(file, "{\"seq\":99,\"type\":\"move\",\"ply\":3,\"us".getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
        Journal.Recovered recovered = Journal.recover(file);
        assertEquals(1, recovered.dropped());
        assertEquals(2, recovered.game().moves().size(), "the moves before the torn line are kept");
    }

    @Test
    void aFinishedGameLeavesOnlyItsNumberAfterCompaction() throws Exception {
        Path file = dir.resolve("journal.jsonl");
        try (Journal journal = new Journal(file)) {
            playAndJournal(journal, "7g7f");
            journal.compact(42);
        }
        Journal.Recovered recovered = Journal.recover(file);
        assertNull(recovered.game());
        assertEquals(42, recovered.seq());
        assertEquals(1, Files.readAllLines(file).size());
    }
}
