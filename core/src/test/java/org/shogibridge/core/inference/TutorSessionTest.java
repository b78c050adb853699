package org.shogibridge.core.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.inference.LedFrame.Pattern;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.review.Tutor;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.session.TutorAdvice;
import org.shogibridge.core.speech.Announcer;
import org.shogibridge.core.speech.Language;

/**
 * Issue 86: the tutor of a casual game against the computer, on virtual time. The person leaves the rook to the
 * bishop (2h2d, a planted blunder); the real tutor, asked as the daemon asks it, warns; the computer's reply waits while
 * the LEDs show the way back, and the person takes the move back or plays on.
 */
class TutorSessionTest {
    private static final InferenceSettings PLAIN = InferenceSettings.defaults();
    /** Black to move: 2h2d takes a pawn and leaves the rook to the bishop on 3c, which takes it (3c2d). */
    private static final String BEFORE_BLUNDER = "position startpos moves 7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 2e2d 2c2d";

    private static String sfenBefore() {
        GameRecord game = UsiRecord.read("game.usi", BEFORE_BLUNDER);
        Position p = game.startPosition().copy();
        for (int move : game.mainLine().moveArray()) {
            p.doMove(move);
        }
        return p.toSfen();
    }

    /** A person (black) against the engine at level 5, the tutor on, the board at the position before the blunder. */
    private static TestBoard personAgainstTheEngine(boolean tutor) {
        TestBoard board = new TestBoard(sfenBefore(), Variant.STANDARD, PLAIN);
        board.session.setPlayers(Player.human(Player.SENTE), Player.engine(5), board.time());
        board.session.tutor(tutor);
        return board;
    }

    /** The person takes the pawn on 2d with the rook, by hand: the pawn to the komadai, the rook onto 2d. */
    private static void blunder(TestBoard board) {
        board.lift("2d").komadai(Side.BLACK, Piece.PAWN, 1).lift("2h").place("2d").settle();
        assertEquals(List.of("2h2d"), board.moves());
    }

    private static SessionEvent.EngineTurn lastTurn(TestBoard board) {
        SessionEvent.EngineTurn turn = null;
        for (SessionEvent e : board.sessionEvents) {
            if (e instanceof SessionEvent.EngineTurn t) {
                turn = t;
            }
        }
        return turn;
    }

    /** Ask the real tutor about the last move, as the daemon's engine thread does, and tell the session. */
    private static Tutor.Advice askTheTutor(TestBoard board, SessionEvent.EngineTurn turn) {
        Position before = Position.fromSfen(sfenBefore());
        int move = Usi.parseLegalMove(before, "2h2d");
        Tutor.Advice advice = new Tutor(new Engine(), 20_000).check(before, move, 1, turn.player().level());
        assertNotNull(advice, "the rook left to the bishop is warned of");
        assertTrue(board.session.tutorWarns(turn, advice.mark().japanese(), advice.mark().english(), advice.betterMove(),
                board.time()));
        return advice;
    }

    @Test
    void aHangingRookIsWarnedOfAndTakenBackBeforeTheComputerReplies() {
        TestBoard board = personAgainstTheEngine(true);
        blunder(board);
        SessionEvent.EngineTurn turn = lastTurn(board);
        assertTrue(turn.tutor(), "the engine is asked to check the person's move first");
        Tutor.Advice advice = askTheTutor(board, turn);

        TutorAdvice published = board.session.state().advice();
        assertEquals(1, published.ply());
        assertEquals(advice.mark().japanese(), published.mark());
        assertEquals(Usi.format(Variant.STANDARD, advice.betterMove()), published.better());
        assertTrue(published.betterJapanese().startsWith("▲"), published.toString());
        // The way back on the LEDs: the rook's square red, its origin green, the pawn's komadai red.
        LedFrame leds = board.leds();
        assertEquals(Colour.RED, leds.colour(board.square("2d")));
        assertEquals(Pattern.BLINK, leds.pattern(board.square("2d")));
        assertEquals(Colour.GREEN, leds.colour(board.square("2h")));
        assertEquals(Colour.RED, leds.komadaiColour(Side.BLACK));

        // Said once, in a player's words (and read in kana by the speech engine), or in English.
        List<Announcer.Utterance> said = new java.util.ArrayList<>();
        List<Announcer.Utterance> saidInEnglish = new java.util.ArrayList<>();
        Announcer japanese = new Announcer(false);
        Announcer english = new Announcer(false, Language.EN);
        for (SessionEvent e : board.sessionEvents) {
            japanese.after(e).stream().filter(u -> u.kind().equals("tutor")).forEach(said::add);
            english.after(e).stream().filter(u -> u.kind().equals("tutor")).forEach(saidInEnglish::add);
        }
        assertEquals(1, said.size(), said.toString());
        assertEquals("その手は" + advice.mark().japanese() + "です。待ったしますか？", said.get(0).text());
        assertTrue(said.get(0).reading().contains("まった"), said.get(0).reading());
        assertEquals("That move is a " + advice.mark().english() + ". Take it back?", saidInEnglish.get(0).text());

        assertTrue(board.session.engineMoved(turn, "3c2d", board.time()), "the reply is taken, and held");
        assertNull(board.session.state().engineMove(), "the computer does not reply while the person may take back");

        // The person puts the rook back on 2h and the pawn back on 2d: the move is taken back, the reply forgotten.
        board.lift("2d").place("2h").komadai(Side.BLACK, Piece.PAWN, -1).place("2d").settle();
        assertEquals(List.of(), board.moves());
        assertNull(board.session.state().advice());
        assertNull(board.session.state().engineMove());
        board.scan(11_000);
        assertNull(board.session.state().engineMove(), "the held reply was to a move taken back");
    }

    /** The person blundered, the tutor warned, and the computer's reply 3c2d came and is held. */
    private static TestBoard warnedWithTheReplyHeld() {
        TestBoard board = personAgainstTheEngine(true);
        blunder(board);
        SessionEvent.EngineTurn turn = lastTurn(board);
        askTheTutor(board, turn);
        assertTrue(board.session.engineMoved(turn, "3c2d", board.time()));
        return board;
    }

    @Test
    void thePersonWhoDoesNotTakeItBackIsAnsweredAfterTheWait() {
        TestBoard board = warnedWithTheReplyHeld();
        board.scan(5_000);
        assertNull(board.session.state().engineMove());
        board.scan(6_000);
        assertNull(board.session.state().advice());
        assertEquals("3c2d", board.session.state().engineMove(), "the computer replies once the person played on");
    }

    @Test
    void aClockPressPlaysOnAtOnce() {
        TestBoard board = warnedWithTheReplyHeld();
        board.session.clockPressed(Side.BLACK, board.time());
        assertNull(board.session.state().advice());
        assertEquals("3c2d", board.session.state().engineMove());
        assertEquals(List.of("2h2d"), board.moves(), "the press made no move of its own");
    }

    @Test
    void turnedOnBeforeTheSessionStartsItChangesNothingUntilTheFirstState() {
        List<SessionEvent> events = new java.util.ArrayList<>();
        GameSession session = new GameSession(new SessionSettings(Variant.STANDARD, PLAIN, TimeControl.NONE,
                Player.human(Player.SENTE), Player.engine(5)), () -> "g1", events::add);
        session.tutor(true); // as the daemon sets it from its configuration, before the game begins
        assertEquals(List.of(), events, "no state of a game that has not begun (it once stalled the journal)");
        session.start(0, 0);
        assertTrue(session.state().tutor());
        session.tutor(false);
        assertFalse(session.state().tutor());
        assertTrue(events.get(events.size() - 1) instanceof SessionEvent.StatusChanged, "turned off, and said so");
    }

    @Test
    void noTutorWhenItIsOffOrInATournament() {
        TestBoard off = personAgainstTheEngine(false);
        blunder(off);
        assertFalse(lastTurn(off).tutor());
        assertFalse(off.session.tutorWarns(lastTurn(off), "悪手", "mistake", 0, off.time()), "a stale or unasked warning");

        TestBoard tournament = new TestBoard(sfenBefore(), Variant.STANDARD, PLAIN.withGame(Game.Settings.tournament()));
        tournament.session.setPlayers(Player.human(Player.SENTE), Player.engine(5), tournament.time());
        tournament.session.tutor(true);
        blunder(tournament);
        assertFalse(lastTurn(tournament).tutor(), "never in a tournament");
    }
}
