package org.shogibridge.core.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.Observation.BoardMatched;
import org.shogibridge.core.inference.Observation.CorrectionNeeded;
import org.shogibridge.core.inference.Observation.IllegalMove;
import org.shogibridge.core.inference.Observation.MoveShown;
import org.shogibridge.core.inference.Observation.MoveTakenBack;
import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent;

/**
 * The contract between the reader and the session that owns the game: observations applied in order, their times,
 * commands the board must follow, an engine's move to carry out, and an offline board.
 */
class MoveInferencePortTest {
    private static final InferenceSettings PLAIN = InferenceSettings.defaults();

    @Test
    void theComputersAnswerIsShownAndOnlyTheBoardThatCarriesItOutIsItsMove() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        board.computerAnswers("3c3d");
        assertEquals("3c3d", board.session.state().engineMove());
        board.slide("3c", "3d").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves());
        assertTrue(board.events(MoveShown.class).get(1).computer(), "the reply carried out the engine's move");
        assertNull(board.session.state().engineMove());
    }

    @Test
    void twoMovesReadInOneJudgementAreBothPlayedBeforeAnyComputerIsAsked() {
        // Both moves are made before the board settles: the reader observes both in one judgement, and the session
        // plays both before it asks anyone, so no question is ever asked about ply 1.
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.session.setPlayers(Player.human(Player.SENTE), Player.engine(1), board.time());
        board.lift("7g").place("7f").lift("3c").place("3d").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves());
        assertEquals(2, board.events(MoveShown.class).size());
        assertTrue(board.sessionEvents.stream().noneMatch(e -> e instanceof SessionEvent.EngineTurn), "no question about a past ply");
        assertNull(board.session.state().engineMove());
        board.slide("2g", "2f").settle();
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), board.moves(), "the game goes on");
    }

    @Test
    void aMoveTheSessionDidNotPlayIsNotTakenForTheGame() {
        // The reader predicts the game its observations make; a session that plays something else (here: ends the
        // game first, as a flag falling between scans would) is followed, and the board is corrected to it.
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        board.session.resign(Side.BLACK, board.time());
        board.slide("3c", "3d").settle();
        assertEquals(List.of("7g7f"), board.moves(), "a game over takes no move");
        assertEquals(Side.WHITE, board.result().winner());
    }

    @Test
    void aMoveCarriesTheTimeThePieceWasPutDownNotTheTimeItWasJudged() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.lift("7g");
        long placedAt = board.time();
        board.place("7f");
        long deliveredBy = board.time();
        board.settle();
        MoveShown made = board.events(MoveShown.class).get(0);
        long debounce = (PLAIN.debounceScans() - 1) * (long) TestBoard.SCAN;
        assertEquals(placedAt + debounce, made.atMillis(), "the scan at which the placed piece was debounced");
        assertTrue(deliveredBy < made.atMillis() + PLAIN.settleMillis(), "judged only after the settle time");
    }

    @Test
    void resignTimeForfeitAndImpasseEndTheGameByCommand() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        assertEquals(Termination.RESIGNATION, board.session.resign(Side.WHITE, board.time()).termination());
        assertEquals(Side.BLACK, board.result().winner());
        assertThrows(IllegalStateException.class,
                () -> board.session.declareResult(Side.WHITE, Termination.TIME_FORFEIT, board.time()));

        TestBoard timed = new TestBoard(Variant.STANDARD, PLAIN);
        assertEquals(Side.WHITE, timed.session.declareResult(Side.WHITE, Termination.TIME_FORFEIT, timed.time()).winner());
        assertEquals("time_forfeit", timed.result().reason());

        TestBoard declared = new TestBoard(Variant.STANDARD, PLAIN);
        assertEquals(Side.WHITE, declared.session.declareImpasse(declared.time()).winner(), "a declaration from the start fails");
        declared.slide("7g", "7f").settle();
        assertEquals(List.of(), declared.moves(), "the board is read no further");
    }

    @Test
    void aTakebackByCommandMakesTheBoardFollowAtOnceAndIsNeverReadAgainAsTheMove() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        assertTrue(board.session.takeBack(board.time()));
        assertTrue(board.events(MoveTakenBack.class).isEmpty(), "the session took it back; the board did not show it");
        assertTrue(board.sessionEvents.stream().anyMatch(e -> e instanceof SessionEvent.MoveUndone u && u.usi().equals("7g7f")));
        board.settle();
        assertEquals(List.of(), board.moves(), "the board still showing 7f is not 7g7f played again");
        Correction correction = board.events(CorrectionNeeded.class).get(0).correction();
        assertEquals(List.of(new Correction.Relocation(board.square("7f"), board.square("7g"))), correction.relocations());
        assertEquals(Colour.GREEN, board.leds().colour(board.square("7g")));
        board.slide("7f", "7g").settle();
        assertEquals(1, board.events(BoardMatched.class).size());
        board.slide("2g", "2f").settle();
        assertEquals(List.of("2g2f"), board.moves());
        assertFalse(board.session.takeBack(board.time()) && board.session.takeBack(board.time()), "nothing left to take back");
    }

    @Test
    void aNewGameByCommandGivesTheBoardTheFullSettleTimeEvenRightAfterAClearMove() {
        // A pawn's push is judged after the short settle; the board then has the whole settle time to follow a new
        // game before it is told what to fix (a page's click meanwhile is still a move, not a correction).
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        long commandAt = board.time();
        board.session.newGame(org.shogibridge.core.rules.Handicap.ROOK.startPosition(), commandAt);
        board.scan(PLAIN.settleMillis() + 100);
        assertTrue(board.timeOfFirst(CorrectionNeeded.class) - commandAt >= PLAIN.settleMillis(),
                "corrected " + (board.timeOfFirst(CorrectionNeeded.class) - commandAt) + " ms after the command");
    }

    @Test
    void aMoveMadeWhileANewGamesSetUpIsBeingJudgedIsThatMove() {
        // The page's quick player (issue 97): a three-piece handicap by command, the hands set the board up at once,
        // and 上手's first move is made before the set-up was judged. The board had shown the new game, yet it was
        // read as a board still to follow (correction: move the piece on 3d to 3c) and the game never began.
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        Position start = org.shogibridge.core.rules.Handicap.THREE_PIECES.startPosition();
        board.session.newGame(start, board.time());
        board.snapshot.show(start, false);
        board.scan(TestBoard.SCAN * 12); // read, far within the settle time
        board.slide("3c", "3d").settle();
        assertEquals(List.of("3c3d"), board.moves());
        assertTrue(board.events(CorrectionNeeded.class).isEmpty(), board.events().toString());
    }

    @Test
    void aHalfRestoredBoardAfterATakebackByCommandIsStillNotAMove() {
        // The other side of the rule above: two moves taken back by command, the board not yet back at the game. The
        // player puts 3d back to 3c first: the board then shows 7g7f played, a legal move, but it never showed the
        // game since the command, so it is not read as one.
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle().slide("3c", "3d").settle();
        assertTrue(board.session.takeBack(board.time()) && board.session.takeBack(board.time()));
        board.slide("3d", "3c").settle();
        assertEquals(List.of(), board.moves());
        board.slide("7f", "7g").settle().slide("2g", "2f").settle();
        assertEquals(List.of("2g2f"), board.moves(), "once the board showed the game, the next move is a move");
    }

    @Test
    void aTakebackByCommandWorksInTournamentModeToo() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN.withGame(Game.Settings.tournament()));
        board.slide("7g", "7f").settle();
        assertTrue(board.session.takeBack(board.time()));
        board.slide("7f", "7g").settle().waitWrongPosition();
        assertEquals(List.of(), board.moves());
        assertNull(board.result());
    }

    @Test
    void cancellingTheComputerMoveReadsTheBoardAsAHumanMoveAgain() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.computerAnswers("2g2f");
        board.peoplePlay();
        assertNull(board.session.state().engineMove());
        board.slide("7g", "7f").settle();
        assertEquals(List.of("7g7f"), board.moves());
        assertFalse(board.events(MoveShown.class).get(0).computer());
    }

    @Test
    void resumeRebuildsTheRepetitionHistory() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        Position start = Position.start(Variant.STANDARD);
        List<Integer> played = new ArrayList<>();
        Position p = start.copy();
        String[] cycle = {"5i5h", "5a5b", "5h5i", "5b5a"};
        for (int i = 0; i < 11; i++) { // two cycles and three moves: the fourth occurrence is one move away
            int m = Usi.parseLegalMove(p, cycle[i % 4]);
            played.add(m);
            p.doMove(m);
        }
        board.resume(start, played);
        board.snapshot.show(p, false);
        board.settle();
        assertEquals(11, board.session.state().moves().size());
        assertTrue(board.events(CorrectionNeeded.class).isEmpty(), "the board shows the resumed game");
        board.slide("5b", "5a").settle();
        assertEquals("sennichite", board.result().reason(), "the history before the restart counts");
    }

    @Test
    void resumeRefusesAGameThatDoesNotPlay() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        Position start = Position.start(Variant.STANDARD);
        int illegal = Usi.parseMove(start, "7g7e");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> board.resume(start, List.of(illegal)));
        assertEquals("Illegal game. Move 1 7g7e is illegal: " + Violation.IMPOSSIBLE_MOVEMENT.description() + ".", e.getMessage());
        assertEquals(List.of(), board.moves(), "the game is unchanged");
    }

    @Test
    void aBoardChangedWhileOfflineIsCorrectedNeverReadAsAMove() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.session.boardOffline(board.time());
        board.slide("7g", "7f").scan(3000);
        assertTrue(board.events().isEmpty(), "nothing is judged while offline");
        board.session.boardOnline(board.time());
        board.settle();
        assertEquals(List.of(), board.moves());
        Correction correction = board.events(CorrectionNeeded.class).get(0).correction();
        assertEquals(List.of(new Correction.Relocation(board.square("7f"), board.square("7g"))), correction.relocations());
        board.slide("7f", "7g").settle();
        assertEquals(1, board.events(BoardMatched.class).size());
        board.slide("7g", "7f").settle();
        assertEquals(List.of("7g7f"), board.moves(), "moves are read again once the board matches");
    }

    @Test
    void inATournamentAMovePutBackWhileTheBoardWasOfflineIsCorrectedNeverAFoul() {
        // The Pi read 2g2f, then the link dropped; unsure it was seen, the player put the pawn back. Back online,
        // that board is the game's position before 2g2f, which in a tournament reads as taking a move back (a foul
        // once the wrong-position time runs out). A board changed while offline is a correction instead: the
        // move stands, the LEDs show the way back to it, and no foul is ever recorded. (After the first move
        // alone, the board put back is the start position: a new game, as docs/leds.md says.)
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN.withGame(Game.Settings.tournament()));
        board.slide("7g", "7f").settle().slide("3c", "3d").settle().slide("2g", "2f").settle();
        int matched = board.events(BoardMatched.class).size();
        board.session.boardOffline(board.time());
        board.slide("2f", "2g").scan(3000);
        board.session.boardOnline(board.time());
        board.settle().waitWrongPosition().waitWrongPosition();
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), board.moves(), board.events().toString());
        assertTrue(board.events(IllegalMove.class).isEmpty(), board.events().toString());
        assertNull(board.result(), "the game goes on");
        Correction correction = board.events(CorrectionNeeded.class).get(0).correction();
        assertEquals(List.of(new Correction.Relocation(board.square("2g"), board.square("2f"))), correction.relocations());
        board.slide("2g", "2f").settle();
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), board.moves(), "making the move again only matches the board to the game");
        assertEquals(matched + 1, board.events(BoardMatched.class).size());
    }

    @Test
    void anUnchangedBoardBackOnlineSaysNothing() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        int before = board.events().size();
        board.session.boardOffline(board.time());
        board.scan(1000);
        board.session.boardOnline(board.time());
        board.settle().waitWrongPosition();
        assertEquals(before, board.events().size());
    }

    @Test
    void aPendingFoulIsDataWithItsOffenderMoveAndTime() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN.withGame(Game.Settings.tournament()));
        board.slide("7g", "7e");
        long shownFrom = board.time();
        board.settle();
        IllegalMove shown = board.events(IllegalMove.class).get(0);
        assertFalse(shown.foul(), "not yet a foul");
        PendingFoul foul = shown.details();
        assertEquals(Side.BLACK, foul.offender());
        assertEquals("7g7e", Usi.format(Variant.STANDARD, foul.move()));
        assertEquals(Violation.IMPOSSIBLE_MOVEMENT, foul.violation());
        assertTrue(foul.sinceMillis() >= shownFrom && foul.sinceMillis() <= board.time());
        board.waitWrongPosition();
        IllegalMove recorded = board.events(IllegalMove.class).get(1);
        assertTrue(recorded.foul());
        assertEquals(foul, recorded.details(), "the foul recorded is the one shown, with its time");
        assertEquals(Side.WHITE, board.result().winner());
    }

    private static Position afterMoves(String... moves) {
        Position p = Position.start(Variant.STANDARD);
        for (String m : moves) {
            p.doMove(Usi.parseLegalMove(p, m));
        }
        return p;
    }
}
