package org.shogibridge.device.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameSetup;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SavedGame;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.simulation.HumanSimulator;

class JournalTest {
    @TempDir
    Path dir;

    /** Play moves on a simulated board, as the daemon does; with {@code resign}, Black resigns at the end. */
    private List<SessionEvent> play(boolean resign, String... moves) {
        List<SessionEvent> events = new ArrayList<>();
        InferenceSettings board = InferenceSettings.defaults();
        GameSession session = new GameSession(new SessionSettings(Variant.STANDARD, board, new TimeControl(600_000, 10_000, 0),
                Player.human("A"), Player.human("B")), () -> "g1", events::add);
        session.start(7, 0);
        HumanSimulator hands = new HumanSimulator(Variant.STANDARD, board, 0, 3, 5, session::snapshot);
        hands.watch(session.leds());
        hands.setUp(Position.start(Variant.STANDARD));
        for (String usi : moves) {
            Position p = session.state().position();
            hands.play(p, Usi.parseLegalMove(p, usi));
        }
        if (resign) {
            session.resign(Side.BLACK, hands.timeMillis());
        }
        return events;
    }

    /** Play moves and journal every change. */
    private List<SessionEvent> playAndJournal(Journal journal, String... moves) throws Exception {
        List<SessionEvent> events = play(false, moves);
        for (SessionEvent e : events) {
            journal.append(e);
        }
        return events;
    }

    @Test
    void anUnfinishedGameIsRecoveredWithItsMovesTimesClocksAndNumber() throws Exception {
        Path file = dir.resolve("journal.jsonl");
        List<SessionEvent> events;
        try (Journal journal = Journal.open(file)) {
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
    void aGameSetUpByCommandIsResumedWithItsOwnClockRulesAndAPause() throws Exception {
        Path file = dir.resolve("journal.jsonl");
        InferenceSettings board = InferenceSettings.defaults();
        TimeControl thirtySeconds = new TimeControl(0, 30_000, 0);
        try (Journal journal = Journal.open(file)) {
            GameSession session = new GameSession(new SessionSettings(Variant.STANDARD, board, TimeControl.NONE,
                    Player.human("A"), Player.human("B")), () -> "g" + System.nanoTime(), e -> {
                        try {
                            journal.append(e);
                        } catch (java.io.IOException x) {
                            throw new java.io.UncheckedIOException(x);
                        }
                    });
            session.start(0, 0);
            session.newGame(null, new GameSetup(thirtySeconds, Game.Mode.TOURNAMENT, Player.human("先手"), null), 0);
            HumanSimulator hands = new HumanSimulator(Variant.STANDARD, board, 0, 3, 5, session::snapshot);
            hands.watch(session.leds());
            hands.setUp(Position.start(Variant.STANDARD));
            Position p = session.state().position();
            hands.play(p, Usi.parseLegalMove(p, "7g7f"));
            assertTrue(session.pauseClock(hands.timeMillis()));
        }
        SavedGame saved = Journal.recover(file).game();
        assertEquals(thirtySeconds, saved.timeControl());
        assertEquals(Game.Mode.TOURNAMENT, saved.mode());
        assertEquals("先手", saved.black().name());
        assertEquals(Side.WHITE, saved.clock().paused());
        GameSession resumed = new GameSession(new SessionSettings(Variant.STANDARD, board, new TimeControl(600_000, 0, 0),
                Player.human("X"), Player.human("Y")), () -> "new", e -> { });
        resumed.resume(saved, 1_000_000);
        assertEquals(thirtySeconds, resumed.state().timeControl(), "the game's own, not the configuration's");
        assertEquals(Game.Mode.TOURNAMENT, resumed.state().mode());
        assertEquals(Side.WHITE, resumed.state().clock().paused(), "still paused after the restart");
        assertNull(resumed.state().clock().running());
    }

    @Test
    void aJournalWrittenBeforeGamesHadTheirOwnClockResumesWithTheBoards() throws Exception {
        Path file = dir.resolve("journal.jsonl");
        Files.writeString(file, "{\"seq\":1,\"type\":\"start\",\"game\":\"old\",\"variant\":\"STANDARD\","
                + "\"start\":\"" + Position.start(Variant.STANDARD).toSfen() + "\",\"black\":{\"name\":\"A\",\"type\":\"human\"},"
                + "\"white\":{\"name\":\"B\",\"type\":\"human\"}}\n");
        SavedGame saved = Journal.recover(file).game();
        assertNull(saved.timeControl());
        assertNull(saved.mode());
    }

    @Test
    void aTornLastLineIsDroppedNeverFatal() throws Exception {
        Path file = dir.resolve("journal.jsonl");
        try (Journal journal = Journal.open(file)) {
            playAndJournal(journal, "7g7f", "3c3d");
        }
        Files.write(file, "{\"seq\":99,\"type\":\"move\",\"ply\":3,\"us".getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
        Journal.Recovered recovered = Journal.recover(file);
        assertEquals(1, recovered.dropped());
        assertEquals(2, recovered.game().moves().size(), "the moves before the torn line are kept");
    }

    @Test
    void aFinishedGameStaysInTheJournalUntilItsRecordIsWritten() throws Exception {
        Path file = dir.resolve("journal.jsonl");
        List<SessionEvent> events = play(true, "7g7f", "3c3d");
        long lastSeq = events.get(events.size() - 1).stateOrNull().seq();
        try (Journal journal = Journal.open(file)) {
            for (SessionEvent e : events) {
                journal.append(e);
            }
        }
        Journal.Recovered recovered = Journal.recover(file);
        assertNull(recovered.game(), "the game is over");
        assertEquals(1, recovered.unarchived().size(), "a stop before its files were written leaves it in the journal");
        GameRecord record = RecordFormat.read("g1.kifu", recovered.unarchived().get(0).kifu());
        assertEquals(2, record.mainLine().moves().size());
        assertEquals(Ending.RESIGNATION, record.mainLine().ending());
        try (Journal journal = Journal.open(file, recovered)) {
            assertEquals(List.of("g1"), journal.unarchivedGames());
            journal.archived("g1");
            assertEquals(List.of(), journal.unarchivedGames());
        }
        assertEquals(1, Files.readAllLines(file).size(), "only the number is left");
        recovered = Journal.recover(file);
        assertEquals(lastSeq, recovered.seq());
        assertEquals(List.of(), recovered.unarchived());
    }

    /** A torn write, garbage or zeros: the bad tail is cut and kept aside, later moves are kept, seq never goes back. */
    @ParameterizedTest
    @ValueSource(strings = {"{\"seq\":9", "\u0000\u0000\u0000\u0000", "garbage {\"seq\":500,\"type\":\"move\"}\n"})
    void aDamagedTailIsCutKeptAsideAndLaterMovesSurviveTheNextRestart(String damage) throws Exception {
        Path file = dir.resolve("journal.jsonl");
        List<SessionEvent> events = play(false, "7g7f", "3c3d", "2g2f");
        int thirdMove = events.indexOf(events.stream().filter(e -> e instanceof SessionEvent.MovePlayed m && m.ply() == 3)
                .findFirst().orElseThrow());
        try (Journal journal = Journal.open(file)) {
            for (SessionEvent e : events.subList(0, thirdMove)) {
                journal.append(e);
            }
        }
        Files.write(file, damage.getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
        Journal.Recovered recovered = Journal.recover(file);
        assertEquals(2, recovered.game().moves().size());
        assertTrue(recovered.dropped() >= 1);
        assertTrue(Files.readString(recovered.damaged(), StandardCharsets.UTF_8).endsWith(damage), "the damaged file is kept");
        long seqBefore = recovered.seq();
        try (Journal journal = Journal.open(file, recovered)) {
            journal.append(events.get(thirdMove)); // the game goes on after the restart
        }
        Journal.Recovered again = Journal.recover(file);
        assertEquals(0, again.dropped(), "the journal healed: no line follows a bad one");
        assertEquals(3, again.game().moves().size(), "the move played after the restart is kept");
        assertTrue(again.seq() >= seqBefore);
        if (damage.contains("500")) {
            assertTrue(seqBefore >= 500, "a number in a cut line still counts: seq never goes back");
        }
    }

    /**
     * Issue 84, finding 8: a line cut before its number (a power cut, a card that lost a page) took that number with
     * it, and the resumed game used it again: viewers that key on seq ignored the new states. After any damage, seq
     * starts past the wall clock's millisecond count, beyond every number a daemon that ran before can have used.
     */
    @Test
    void aLineCutBeforeItsNumberStillLeavesSeqAboveEveryNumberUsed() throws Exception {
        Path file = dir.resolve("journal.jsonl");
        List<SessionEvent> events = play(false, "7g7f", "3c3d", "2g2f");
        long published = 0;
        try (Journal journal = Journal.open(file)) {
            for (SessionEvent e : events) {
                journal.append(e);
                published = Math.max(published, e.stateOrNull().seq());
            }
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int lastLine = text.lastIndexOf('\n', text.length() - 2) + 1;
        Files.writeString(file, text.substring(0, lastLine + 3), StandardCharsets.UTF_8); // "{\"s": its number is gone
        long before = System.currentTimeMillis();
        Journal.Recovered recovered = Journal.recover(file);
        assertEquals(1, recovered.dropped());
        assertTrue(recovered.seq() > published, recovered.seq() + " after " + published + " was published");
        assertTrue(recovered.seq() >= before, "past the clock: " + recovered.seq());
    }
}
