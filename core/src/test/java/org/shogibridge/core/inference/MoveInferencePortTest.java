package org.shogibridge.core.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.InferenceEvent.BoardMatched;
import org.shogibridge.core.inference.InferenceEvent.CorrectionNeeded;
import org.shogibridge.core.inference.InferenceEvent.GameOver;
import org.shogibridge.core.inference.InferenceEvent.IllegalMove;
import org.shogibridge.core.inference.InferenceEvent.MoveMade;
import org.shogibridge.core.inference.InferenceEvent.MoveTakenBack;
import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;

/** The contract the daemon leans on: events after the work, event times, game commands, and an offline board. */
class MoveInferencePortTest {
    private static final InferenceSettings PLAIN = InferenceSettings.defaults();

    @Test
    void aListenerThatAnswersWithTheComputerMoveSeesAConsistentGame() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        List<Integer> movesSeenAtDelivery = new ArrayList<>();
        board.hook = e -> {
            if (e instanceof MoveMade made && !made.computer()) {
                movesSeenAtDelivery.add(board.inference.moves().size());
                // The engine answers 3c3d to 7g7f, as a session would: only if the game is still where it asked.
                if (made.ply() == board.inference.moves().size()) {
                    board.inference.expectComputerMove(Usi.parseLegalMove(board.inference.position(), "3c3d"));
                }
            }
        };
        board.slide("7g", "7f").settle();
        assertEquals(Usi.parseLegalMove(afterMoves("7g7f"), "3c3d"), board.inference.expectedComputerMove());
        board.slide("3c", "3d").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves());
        assertTrue(board.events(MoveMade.class).get(1).computer(), "the reply carried out the engine's move");
        assertEquals(Move.NONE, board.inference.expectedComputerMove());
        assertEquals(List.of(1), movesSeenAtDelivery);
    }

    @Test
    void eventsArriveAfterTheWorkSoALateAnswerCannotCorruptTheGame() {
        // Both moves are made before the board settles: the inference enters both in one judgement. The listener
        // of the first MoveMade already sees both, so its answer for ply 1 is not applied to ply 2.
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        List<Integer> movesSeenAtDelivery = new ArrayList<>();
        board.hook = e -> {
            if (e instanceof MoveMade made) {
                movesSeenAtDelivery.add(board.inference.moves().size());
                if (made.ply() == 1 && made.ply() == board.inference.moves().size()) {
                    board.inference.expectComputerMove(Usi.parseLegalMove(board.inference.position(), "3c3d"));
                }
            }
        };
        board.lift("7g").place("7f").lift("3c").place("3d").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves());
        assertEquals(List.of(2, 2), movesSeenAtDelivery);
        assertEquals(Move.NONE, board.inference.expectedComputerMove(), "no answer is left pending for a past ply");
        board.slide("2g", "2f").settle();
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), board.moves(), "the game goes on");
    }

    @Test
    void aMoveCarriesTheTimeThePieceWasPutDownNotTheTimeItWasJudged() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.lift("7g");
        long placedAt = board.time();
        board.place("7f");
        long deliveredBy = board.time();
        board.settle();
        MoveMade made = board.events(MoveMade.class).get(0);
        long debounce = (PLAIN.debounceScans() - 1) * (long) TestBoard.SCAN;
        assertEquals(placedAt + debounce, made.atMillis(), "the scan at which the placed piece was debounced");
        assertTrue(deliveredBy < made.atMillis() + PLAIN.settleMillis(), "judged only after the settle time");
    }

    @Test
    void resignTimeForfeitAndImpasseEndTheGameByCommand() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        assertEquals(Termination.RESIGNATION, board.inference.resign(Side.WHITE).termination());
        GameOver over = board.events(GameOver.class).get(0);
        assertEquals(Side.BLACK, over.result().winner());
        assertThrows(IllegalStateException.class, () -> board.inference.timeForfeit(Side.BLACK));

        TestBoard timed = new TestBoard(Variant.STANDARD, PLAIN);
        assertEquals(Side.WHITE, timed.inference.timeForfeit(Side.BLACK).winner());
        assertEquals(Termination.TIME_FORFEIT, timed.events(GameOver.class).get(0).result().termination());

        TestBoard declared = new TestBoard(Variant.STANDARD, PLAIN);
        assertEquals(Side.WHITE, declared.inference.declareImpasse().winner(), "a declaration from the start fails");
    }

    @Test
    void aTakebackByCommandMakesTheBoardFollowAtOnceAndIsNeverReadAgainAsTheMove() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        assertTrue(board.inference.takeBack());
        assertEquals("7g7f", board.events(MoveTakenBack.class).get(0).usi());
        board.settle();
        assertEquals(List.of(), board.moves(), "the board still showing 7f is not 7g7f played again");
        Correction correction = board.events(CorrectionNeeded.class).get(0).correction();
        assertEquals(List.of(new Correction.Relocation(board.square("7f"), board.square("7g"))), correction.relocations());
        assertEquals(Colour.GREEN, board.inference.leds().colour(board.square("7g")));
        board.slide("7f", "7g").settle();
        assertEquals(1, board.events(BoardMatched.class).size());
        board.slide("2g", "2f").settle();
        assertEquals(List.of("2g2f"), board.moves());
        assertFalse(board.inference.takeBack() && board.inference.takeBack(), "nothing left to take back");
    }

    @Test
    void aTakebackByCommandWorksInTournamentModeToo() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN.withGame(Game.Settings.tournament()));
        board.slide("7g", "7f").settle();
        assertTrue(board.inference.takeBack());
        board.slide("7f", "7g").settle().waitWrongPosition();
        assertEquals(List.of(), board.moves());
        assertTrue(board.events(GameOver.class).isEmpty());
    }

    @Test
    void cancellingTheComputerMoveReadsTheBoardAsAHumanMoveAgain() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.inference.expectComputerMove(Usi.parseLegalMove(board.inference.position(), "2g2f"));
        assertTrue(board.inference.cancelComputerMove());
        assertFalse(board.inference.cancelComputerMove());
        board.slide("7g", "7f").settle();
        assertEquals(List.of("7g7f"), board.moves());
        assertFalse(board.events(MoveMade.class).get(0).computer());
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
        assertEquals(11, board.inference.moves().size());
        assertTrue(board.events(CorrectionNeeded.class).isEmpty(), "the board shows the resumed game");
        board.slide("5b", "5a").settle();
        GameOver over = board.events(GameOver.class).get(0);
        assertEquals(Termination.SENNICHITE, over.result().termination(), "the history before the restart counts");
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
        board.inference.boardOffline();
        board.slide("7g", "7f").scan(3000);
        assertTrue(board.events().isEmpty(), "nothing is judged while offline");
        board.inference.boardOnline();
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
        board.inference.boardOffline();
        board.slide("2f", "2g").scan(3000);
        board.inference.boardOnline();
        board.settle().waitWrongPosition().waitWrongPosition();
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), board.moves(), board.events().toString());
        assertTrue(board.inference.pendingFoul().isEmpty());
        assertTrue(board.events(IllegalMove.class).isEmpty(), board.events().toString());
        assertTrue(board.inference.result().isEmpty(), "the game goes on");
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
        board.inference.boardOffline();
        board.scan(1000);
        board.inference.boardOnline();
        board.settle().waitWrongPosition();
        assertEquals(before, board.events().size());
    }

    @Test
    void aPendingFoulIsDataWithItsOffenderMoveAndTime() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN.withGame(Game.Settings.tournament()));
        board.slide("7g", "7e");
        long shownFrom = board.time();
        board.settle();
        PendingFoul foul = board.inference.pendingFoul().orElseThrow();
        assertEquals(Side.BLACK, foul.offender());
        assertEquals("7g7e", Usi.format(Variant.STANDARD, foul.move()));
        assertEquals(Violation.IMPOSSIBLE_MOVEMENT, foul.violation());
        assertTrue(foul.sinceMillis() >= shownFrom && foul.sinceMillis() <= board.time());
        assertEquals(foul, board.events(IllegalMove.class).get(0).details());
        board.waitWrongPosition();
        assertTrue(board.inference.pendingFoul().isEmpty());
        assertEquals(Side.WHITE, board.events(GameOver.class).get(0).result().winner());
    }

    private static Position afterMoves(String... moves) {
        Position p = Position.start(Variant.STANDARD);
        for (String m : moves) {
            p.doMove(Usi.parseLegalMove(p, m));
        }
        return p;
    }
}
