package org.shogibridge.core.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.BoardStatus;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.session.TsumeState;
import org.shogibridge.core.speech.Announcer;
import org.shogibridge.core.tsume.TsumeDefender;
import org.shogibridge.core.tsume.TsumeProblem;

/**
 * Issue 86: a tsume on the board, on virtual time. The board goes from the last game's start position to the
 * problem by the set-up LEDs alone; the defender's answers come from the real {@link TsumeDefender} and are carried
 * out by hand; White's komadai is never touched (its pieces stay in the box) and every move is still read.
 */
class TsumeSessionTest {
    /** White's king on 4c; 1. G*4b Bx4b (the bishop takes) 2. Bx4b+ mate. */
    static final TsumeProblem PROBLEM = new TsumeProblem("3-test", 3, "9/4+S4/5kb2/3B1pp2/9/9/4R4/9/9 b Gr3g3s4n4l16p 1",
            List.of("G*4b", "3c4b", "6d4b+"), "a test");

    private final TestBoard board = new TestBoard(Variant.STANDARD, InferenceSettings.defaults());
    private final TsumeDefender defender = new TsumeDefender();
    private final Announcer announcer = new Announcer(false);
    private final List<String> said = new ArrayList<>();

    private GameState state() {
        return board.session.state();
    }

    /** Follow the set-up LEDs: take off the red squares, fill the blinking one, give Black's komadai what it asks. */
    private int setUpByTheLeds() {
        int steps = 0;
        while (state().tsume().settingUp()) {
            assertTrue(++steps < 100, "the set-up ends");
            LedFrame leds = board.session.leds();
            boolean acted = false;
            for (int sq = 0; sq < Variant.STANDARD.squares(); sq++) {
                if (leds.colour(sq) == Colour.RED) {
                    board.snapshot.reading(sq, SensorSnapshot.EMPTY);
                    acted = true;
                } else if (leds.colour(sq) == Colour.GREEN || leds.colour(sq) == Colour.YELLOW) {
                    board.snapshot.reading(sq, SensorSnapshot.OCCUPIED);
                    acted = true;
                }
            }
            if (!acted) { // Black's komadai: the piece and count are said, as the words name them
                assertEquals(Colour.GREEN, leds.komadaiColour(Side.BLACK), state().tsume().setUp());
                assertEquals("black:G", state().tsume().komadai());
                assertEquals("先手の駒台の金を1枚にしてください。", state().tsume().setUp());
                board.snapshot.komadai(Side.BLACK, Piece.GOLD, 1);
            }
            board.scan(60);
            speak();
        }
        return steps;
    }

    private void speak() {
        for (SessionEvent e : board.sessionEvents) {
            announcer.after(e).forEach(u -> said.add(u.text()));
        }
        board.sessionEvents.clear();
    }

    private SessionEvent.EngineTurn askedTurn() {
        SessionEvent.EngineTurn turn = null;
        for (SessionEvent e : board.sessionEvents) {
            if (e instanceof SessionEvent.EngineTurn t) {
                turn = t;
            }
        }
        assertNotNull(turn, "the defender is asked");
        return turn;
    }

    /** The defender answers as the daemon's engine thread does. */
    private String defend() {
        SessionEvent.EngineTurn turn = askedTurn();
        assertEquals(Player.Kind.TSUME, turn.player().kind());
        Position p = state().position();
        TsumeDefender.Reply reply = defender.reply(p, PROBLEM.plies() - turn.ply(), Move.NONE);
        String answer = Usi.format(Variant.STANDARD, reply.move()) + (reply.refutes() ? GameSession.REFUTES : "");
        assertTrue(board.session.engineMoved(turn, answer, board.time()));
        return answer;
    }

    @Test
    void setUpByTheLedsFromTheLastGameThenSolvedWithWhitesPiecesInTheBox() {
        board.session.newTsume(PROBLEM, board.time());
        speak();
        TsumeState removing = state().tsume();
        assertEquals("3-test", removing.id());
        assertEquals("赤い升の駒をすべて盤から取ってください。", removing.setUp());
        assertEquals("Take every piece off the red squares (40).", removing.setUpEnglish());
        assertEquals(40, removing.squares().size(), "the page marks them as the LEDs do");
        assertTrue(removing.squares().contains("5a") && removing.squares().contains("1i"), removing.squares().toString());
        assertEquals(Player.Kind.TSUME, state().white().kind());
        assertEquals(Player.SENTE, state().black().name(), "the person attacks");

        int steps = setUpByTheLeds();
        assertEquals(1 + 7 + 1, steps, "the pieces off at once, then each of the seven pieces on its own, then the gold");
        assertNull(state().tsume().setUp());
        assertEquals(BoardStatus.Kind.MATCHED, state().status().kind());
        assertTrue(said.contains("詰将棋、3手詰です。"), said.toString());
        assertTrue(said.contains("５二に先手の成銀を置いてください。"), said.toString());
        assertTrue(said.contains("並べ終わりました。どうぞ。"), said.toString());

        board.komadai(Side.BLACK, Piece.GOLD, -1).place("4b").scan(300);
        assertEquals(List.of("G*4b"), board.moves());
        assertEquals("3c4b", defend(), "the bishop takes: the problem's defence");
        assertEquals("3c4b", state().engineMove());
        // carried out by hand: the gold goes to the box (White's komadai is not read), the bishop to 4b
        board.lift("4b").lift("3c").place("4b").scan(300);
        assertEquals(List.of("G*4b", "3c4b"), board.moves());
        board.lift("4b").komadai(Side.BLACK, Piece.BISHOP, 1).lift("6d").place("4b").scan(2_000); // promotes by default
        speak();
        assertEquals(List.of("G*4b", "3c4b", "6d4b+"), board.moves());
        assertEquals(Side.BLACK, state().result().winner());
        assertEquals("checkmate", state().result().reason());
        assertTrue(said.contains("正解です。"), said.toString());
        assertEquals(0, board.snapshot.komadai(Side.WHITE, Piece.GOLD), "White's komadai was never touched");
    }

    @Test
    void aWrongAttackIsRefutedAndTheRefutationShownOnTheLeds() {
        board.session.newTsume(PROBLEM, board.time());
        setUpByTheLeds();
        board.slide("5g", "5f").scan(300); // no check: a tsume's attack must check
        assertEquals(List.of("5g5f"), board.moves());
        String answer = defend();
        assertTrue(answer.endsWith(GameSession.REFUTES), answer);
        speak();
        assertEquals(2, board.moves().size(), "the refutation is played");
        assertEquals(Side.WHITE, state().result().winner());
        assertEquals(TsumeState.REFUTED, state().result().detail());
        assertTrue(said.contains("不正解です。"), said.toString());
        // the board shows the position before the refutation: the LEDs ask for the defence to be carried out
        board.scan(3_000);
        LedFrame leds = board.session.leds();
        int lit = 0;
        for (int sq = 0; sq < Variant.STANDARD.squares(); sq++) {
            lit += leds.colour(sq) != Colour.OFF ? 1 : 0;
        }
        assertTrue(lit > 0, "the refutation is shown\n" + leds.toString(9));
        assertFalse(state().tsume().settingUp());

        assertTrue(board.session.takeBack(board.time()), "待った: try again");
        assertEquals(List.of(), board.moves(), "the refutation and the attack taken back");
        assertNull(state().result());
        assertEquals("3-test", state().tsume().id());
    }
}
