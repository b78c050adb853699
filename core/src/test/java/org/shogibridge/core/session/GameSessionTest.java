package org.shogibridge.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.SessionEvent.EngineTurn;
import org.shogibridge.core.session.SessionEvent.GameEnded;
import org.shogibridge.core.session.SessionEvent.GameStarted;
import org.shogibridge.core.session.SessionEvent.MovePlayed;
import org.shogibridge.core.session.SessionEvent.MoveUndone;
import org.shogibridge.core.session.SessionEvent.StatusChanged;
import org.shogibridge.core.simulation.HumanSimulator;

/** One game end to end on virtual time: simulated hands on a simulated board, the session, and a scripted engine. */
class GameSessionTest {
    private static final InferenceSettings BOARD = InferenceSettings.defaults();
    private final List<SessionEvent> events = new ArrayList<>();
    private int ids;

    private GameSession session(Player black, Player white, TimeControl clock) {
        return new GameSession(new SessionSettings(Variant.STANDARD, BOARD, clock, black, white), () -> "game-" + (++ids), events::add);
    }

    private HumanSimulator hands(GameSession session) {
        HumanSimulator hands = new HumanSimulator(Variant.STANDARD, BOARD, 0, 1, 5, session::snapshot);
        hands.watch(session.leds());
        hands.setUp(Position.start(Variant.STANDARD));
        return hands;
    }

    private static void play(HumanSimulator hands, GameSession session, String usi) {
        Position p = Position.fromSfen(session.state().sfen());
        hands.play(p, Usi.parseLegalMove(p, usi));
    }

    private static <E> E last(List<E> list) {
        return list.get(list.size() - 1);
    }

    @SuppressWarnings("unchecked")
    private <E extends SessionEvent> List<E> events(Class<E> type) {
        List<E> out = new ArrayList<>();
        for (SessionEvent e : events) {
            if (type.isInstance(e)) {
                out.add((E) e);
            }
        }
        return out;
    }

    @Test
    void aPersonAgainstTheEngineWithTheEnginesMovesCarriedOutFromTheLeds() {
        GameSession session = session(Player.human("Hanako"), Player.engine(5), new TimeControl(600_000, 30_000, 0));
        session.start(41, 0);
        HumanSimulator hands = hands(session);
        assertEquals(42, events(GameStarted.class).get(0).state().seq(), "numbers go on from the journal's");
        play(hands, session, "7g7f");
        EngineTurn turn = events(EngineTurn.class).get(0);
        assertEquals(Side.WHITE, turn.side());
        assertEquals(1, turn.ply());
        assertTrue(session.engineMoved(1, "3c3d", hands.timeMillis()));
        assertEquals("3c3d", session.state().engineMove());
        play(hands, session, "3c3d");
        List<MovePlayed> moves = events(MovePlayed.class);
        assertEquals(List.of("7g7f", "3c3d"), moves.stream().map(MovePlayed::usi).toList());
        assertEquals("▲７六歩", moves.get(0).japanese());
        assertEquals("△３四歩", moves.get(1).japanese());
        assertFalse(moves.get(0).computer());
        assertTrue(moves.get(1).computer());
        assertNull(session.state().engineMove());
        assertEquals(List.of("7g7f", "3c3d"), session.state().moves());
        assertEquals(2, events(EngineTurn.class).size() + 1, "asked once, and not again while Black is to move");
        // Sequence numbers only grow, by one per change.
        long previous = 41;
        for (SessionEvent e : events) {
            if (e.stateOrNull() != null) {
                assertEquals(previous + 1, e.stateOrNull().seq());
                previous = e.stateOrNull().seq();
            }
        }
        // Nobody's clock ran before the first move (nobody may be at the board): the first move started it, and
        // White was charged from when Black's piece was put down to when its own was, not to when it was judged.
        assertEquals(0, moves.get(0).elapsedMillis());
        long whiteSpent = moves.get(1).elapsedMillis();
        ClockState now = session.state().clock();
        assertEquals(600_000, now.blackMillis() + now.moveMillis(), "Black's clock runs again since 3c3d");
        assertEquals(600_000 - whiteSpent, now.whiteMillis());
        assertTrue(whiteSpent > 0 && whiteSpent < hands.timeMillis());
    }

    /** Move a piece by hand, wait out the sensors' debounce (far less than the settle time), and return the time. */
    /** A piece moved and the clock pressed 70 ms after it was put down: debounced, but before even a clear move's settle. */
    private static long slideThenWait(HumanSimulator hands, String from, String to) {
        hands.liftPiece(Usi.parseSquare(Variant.STANDARD, from));
        hands.placePiece(Usi.parseSquare(Variant.STANDARD, to), SensorSnapshot.OCCUPIED, 30);
        hands.idle(40);
        return hands.timeMillis();
    }

    /** Press-to-move: a clock press judges the board at once, the move made at the press; a press alone is no move. */
    @Test
    void aClockPressConfirmsTheMoveOnTheBoardAtOnce() {
        GameSession session = session(Player.human("A"), Player.human("B"), new TimeControl(600_000, 0, 0));
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        hands.idle(500);
        long startedAt = hands.timeMillis();
        session.clockPressed(Side.WHITE, startedAt); // nothing on the board: gote starts sente's clock
        assertEquals(Side.BLACK, session.state().clock().running());
        assertTrue(events(MovePlayed.class).isEmpty());

        long pressedAt = slideThenWait(hands, "7g", "7f");
        session.clockPressed(Side.BLACK, pressedAt);
        List<MovePlayed> moves = events(MovePlayed.class);
        assertEquals(List.of("7g7f"), moves.stream().map(MovePlayed::usi).toList(), "made at the press, not after settling");
        assertEquals(pressedAt - startedAt, moves.get(0).elapsedMillis(), "sente's time runs from the start to the press");
        assertEquals(Side.WHITE, session.state().clock().running(), "the press stopped sente's clock and started gote's");

        session.clockPressed(Side.WHITE, slideThenWait(hands, "3c", "3e")); // a pawn two squares on
        assertEquals(1, events(MovePlayed.class).size(), "a press with no legal move on the board is never a move");
        assertEquals(BoardStatus.Kind.ILLEGAL_MOVE, session.state().status().kind(), "shown as the illegal move it is");
        assertTrue(session.state().status().spoken().endsWith("(動けない手)"), "in a player's words: " + session.state().status().spoken());
    }

    @Test
    void aStrayPieceOnAKomadaiIsACorrectionNamingTheSlot() {
        GameSession session = session(Player.human("A"), Player.human("B"), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        hands.changeKomadaiCount(Side.BLACK, org.shogibridge.core.rules.Piece.typeOfLetter('P'), +1);
        hands.idle(BOARD.wrongPositionMillis() + BOARD.settleMillis() + 100);
        BoardStatus status = session.state().status();
        assertEquals(BoardStatus.Kind.CORRECTION_NEEDED, status.kind());
        assertEquals(List.of("black:P"), status.komadai(), "the slot to fix, for the page to mark");
        assertEquals("先手の駒台から歩を1枚取る", status.spoken());
    }

    @Test
    void aPawnLiftedOntoItsOwnersKomadaiIsCorrectedInTime() {
        GameSession session = session(Player.human("A"), Player.human("B"), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        hands.liftPiece(org.shogibridge.core.rules.Usi.parseSquare(Variant.STANDARD, "1g"));
        hands.changeKomadaiCount(Side.BLACK, org.shogibridge.core.rules.Piece.typeOfLetter('P'), +1);
        hands.idle(BOARD.wrongPositionMillis() * 3);
        assertEquals(BoardStatus.Kind.CORRECTION_NEEDED, session.state().status().kind(), session.state().status().toString());
    }

    @Test
    void aPendingPromotionIsAskedInAPlayersWords() {
        GameSession session = session(Player.human("A"), Player.human("B"), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        Position silver = Position.fromSfen("4k4/9/9/6S2/9/9/9/9/4K4 b - 1");
        session.newGame(silver, hands.timeMillis());
        hands.setUp(silver);
        hands.idle(BOARD.settleMillis() + 50);
        hands.play(silver, Usi.parseLegalMove(silver, "3d3c"));
        hands.idle(BOARD.settleMillis() + 50);
        assertEquals(BoardStatus.Kind.PROMOTION_PENDING, session.state().status().kind());
        assertEquals("▲３三銀 成りますか", session.state().status().spoken());
    }

    /**
     * A new game by command (the menu) is followed until the board shows it; a move made before the board was first
     * judged is still read at a press, but never by the settle timer alone (a board being put back is not a move).
     */
    @Test
    void aPressReadsAMoveMadeBeforeTheNewGamesFirstJudgement() {
        GameSession session = session(Player.human("A"), Player.human("B"), new TimeControl(600_000, 0, 0));
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        hands.idle(500);
        session.newGame(null, hands.timeMillis());
        session.setPlayers(Player.human("A"), Player.engine(1), hands.timeMillis());
        long pressedAt = slideThenWait(hands, "7g", "7f"); // within the settle time of the command
        session.clockPressed(Side.BLACK, pressedAt);
        assertEquals(List.of("7g7f"), events(MovePlayed.class).stream().map(MovePlayed::usi).toList());

        session.newGame(null, hands.timeMillis()); // the board still shows 7g7f: one legal move from the start
        hands.idle(5_000);
        assertEquals(1, events(MovePlayed.class).size(), "without a press a board that differs from a new game is corrected");
        assertEquals(BoardStatus.Kind.CORRECTION_NEEDED, session.state().status().kind());
    }

    /**
     * A tournament on a board with clock buttons: a move on a settled board stays unconfirmed, the mover's clock
     * running, until the press; the move's time is the press. A computer's move carried out needs no press.
     */
    @Test
    void inATournamentAMoveIsMadeOnlyAtThePress() {
        GameSession session = new GameSession(new SessionSettings(Variant.STANDARD,
                BOARD.withGame(org.shogibridge.core.rules.Game.Settings.tournament()), new TimeControl(600_000, 0, 0),
                Player.human("A"), Player.engine(1)), () -> "game", events::add);
        session.confirmMovesByPress(true);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        hands.idle(500);
        long startedAt = hands.timeMillis();
        session.clockPressed(Side.WHITE, startedAt); // gote starts sente's clock
        slideThenWait(hands, "7g", "7f");
        hands.idle(5_000); // long past the settle and wrong-position times
        assertTrue(events(MovePlayed.class).isEmpty(), "not made before the press");
        assertEquals(BoardStatus.Kind.MATCHED, session.state().status().kind(), "waiting, not a correction");
        assertEquals(Side.BLACK, session.state().clock().running(), "the mover's clock runs on");
        long pressedAt = hands.timeMillis();
        session.clockPressed(Side.BLACK, pressedAt);
        List<MovePlayed> moves = events(MovePlayed.class);
        assertEquals(List.of("7g7f"), moves.stream().map(MovePlayed::usi).toList());
        assertEquals(pressedAt - startedAt, moves.get(0).elapsedMillis(), "the record's time is the press");
        EngineTurn turn = events(EngineTurn.class).get(0);
        assertTrue(session.engineMoved(turn.ply(), "3c3d", hands.timeMillis()));
        play(hands, session, "3c3d"); // carried out from the LEDs: no press
        assertEquals(List.of("7g7f", "3c3d"), events(MovePlayed.class).stream().map(MovePlayed::usi).toList());
    }

    /**
     * The level gesture of a board without buttons: before the first move, gote's king stood on the middle rank's
     * 5th file from Sente's left sets the engine to level 5; the board is then guided back, and the game goes on.
     */
    @Test
    void gotesKingOnTheMiddleRankChoosesTheLevel() {
        GameSession session = session(Player.human("A"), Player.engine(3), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        hands.idle(500);
        long before = session.state().seq();
        slideThenWait(hands, "5a", "5e"); // the 5th file counted from Sente's left (9, 8, 7, 6, 5)
        hands.idle(3_000);
        assertEquals(5, session.state().white().level());
        assertEquals("コンピュータ レベル5", session.state().white().name());
        assertEquals(BoardStatus.Kind.CORRECTION_NEEDED, session.state().status().kind(), "guided back");
        assertTrue(events(MovePlayed.class).isEmpty());
        List<String> said = new ArrayList<>();
        org.shogibridge.core.speech.Announcer announcer = new org.shogibridge.core.speech.Announcer(false);
        events.forEach(e -> announcer.after(e).forEach(u -> said.add(u.text())));
        assertTrue(said.contains("レベル5"), said.toString());
        slideThenWait(hands, "5e", "5a");
        hands.idle(500);
        assertEquals(BoardStatus.Kind.MATCHED, session.state().status().kind());
        play(hands, session, "7g7f");
        assertEquals(List.of("7g7f"), events(MovePlayed.class).stream().map(MovePlayed::usi).toList());
        assertTrue(session.state().seq() > before);
        // After the first move the same gesture is no level: it is a board to correct.
        slideThenWait(hands, "5a", "4e");
        hands.idle(3_000);
        assertEquals(5, session.state().white().level());
    }

    @Test
    void theClockWaitsForTheFirstMoveOrAStart() {
        GameSession session = session(Player.human("A"), Player.human("B"), new TimeControl(1_000, 0, 0));
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        hands.idle(5_000);
        assertTrue(events(GameEnded.class).isEmpty(), "no flag falls while nobody has started the clock");
        assertNull(session.state().clock().running());
        assertEquals(1_000, session.state().clock().blackMillis());
        session.newGame(null, hands.timeMillis());
        hands.idle(5_000);
        assertTrue(events(GameEnded.class).isEmpty(), "nor after a new game");
        assertTrue(session.startClock(hands.timeMillis()), "an arbiter starts it");
        assertFalse(session.startClock(hands.timeMillis()), "once");
        assertEquals(Side.BLACK, session.state().clock().running());
    }

    @Test
    void aStaleOrIllegalEngineAnswerIsRefused() {
        GameSession session = session(Player.human("A"), Player.engine(3), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        play(hands, session, "7g7f");
        assertFalse(session.engineMoved(0, "3c3d", hands.timeMillis()), "an answer for another ply");
        assertFalse(session.engineMoved(1, "3c3e", hands.timeMillis()), "an illegal move");
        assertFalse(session.engineMoved(1, "xyz", hands.timeMillis()), "unreadable");
        assertTrue(session.engineMoved(1, "8c8d", hands.timeMillis()));
    }

    /**
     * Issue 82: a new game started while the computer still thought about the last one is at the same ply; the late
     * answer is for the old question and must not be played in the new game (the hands then made one move while the
     * board's game showed another). The same after a takeback to the ply the computer was asked at.
     */
    @Test
    void anAnswerToAnEarlierGameOrAMoveTakenBackIsRefusedAtTheSamePly() {
        GameSession session = session(Player.engine(3), Player.human("B"), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        EngineTurn old = events(EngineTurn.class).get(0);
        session.newGame(null, hands.timeMillis()); // the board already shows the start: the hands need not touch it
        EngineTurn asked = events(EngineTurn.class).get(1);
        assertEquals(old.ply(), asked.ply(), "both questions are for the first move");
        assertFalse(session.engineMoved(old, "2g2f", hands.timeMillis()), "the answer to the game before");
        assertEquals(null, session.state().engineMove());
        assertTrue(session.engineMoved(asked, "7g7f", hands.timeMillis()));
        assertEquals("7g7f", session.state().engineMove());
        play(hands, session, "7g7f");
        play(hands, session, "3c3d");
        hands.idle(1_000);
        assertEquals(List.of("7g7f", "3c3d"), session.state().moves(), session.state().status().toString());
        EngineTurn second = events(EngineTurn.class).get(2);
        assertTrue(session.takeBack(hands.timeMillis())); // the person's 3c3d: the person is to move again
        hands.setUp(session.state().position());
        hands.idle(1_000);
        assertEquals(List.of("7g7f"), session.state().moves());
        play(hands, session, "3c3d");
        hands.idle(1_000);
        EngineTurn again = last(events(EngineTurn.class));
        assertEquals(second.ply(), again.ply(), "asked again at the ply taken back");
        assertFalse(session.engineMoved(second, "2g2f", hands.timeMillis()), "the answer to the move taken back");
        assertTrue(session.engineMoved(again, "2g2f", hands.timeMillis()));
    }

    /**
     * Issue 82: a new game set up by command while the board already shows its start is followed at once; a move
     * begun before the board was next judged is read, not taken for a half-restored board (a correction, 7f to 7g).
     */
    @Test
    void aMoveRightAfterANewGameOnABoardAlreadySetUpIsRead() {
        GameSession session = session(Player.human("A"), Player.human("B"), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        hands.idle(1_000);
        session.newGame(null, hands.timeMillis());
        Position start = Position.start(Variant.STANDARD);
        hands.play(start, Usi.parseLegalMove(start, "7g7f")); // the hand is on the pawn at once
        assertEquals(List.of("7g7f"), session.state().moves(), session.state().status().toString());
    }

    @Test
    void theFlagFallsOnVirtualTime() {
        GameSession session = session(Player.human("A"), Player.human("B"), new TimeControl(1_000, 0, 0));
        session.start(0, 0);
        session.startClock(0);
        hands(session).idle(2_000);
        GameEnded ended = events(GameEnded.class).get(0);
        assertEquals(Side.WHITE, ended.state().result().winner());
        assertEquals("time_forfeit", ended.state().result().reason());
        assertEquals(Ending.TIME_UP, ended.record().mainLine().ending());
    }

    @Test
    void theEngineResignsAndTheRecordSaysSo() {
        GameSession session = session(Player.human("A"), Player.engine(1), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        play(hands, session, "7g7f");
        assertTrue(session.engineMoved(1, "resign", hands.timeMillis()));
        GameEnded ended = events(GameEnded.class).get(0);
        assertEquals(Side.BLACK, ended.state().result().winner());
        assertEquals(Ending.RESIGNATION, ended.record().mainLine().ending());
        assertEquals("A", ended.record().headers().get("先手"));
        assertEquals(1, ended.record().mainLine().moves().size());
    }

    @Test
    void aTakebackAgainstTheEngineGoesBackToThePersonsTurn() {
        GameSession session = session(Player.human("A"), Player.engine(1), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        play(hands, session, "7g7f");
        session.engineMoved(1, "3c3d", hands.timeMillis());
        play(hands, session, "3c3d");
        assertTrue(session.takeBack(hands.timeMillis()));
        assertEquals(List.of(), session.state().moves());
        assertEquals(2, events(MoveUndone.class).size());
        hands.idle(BOARD.settleMillis() + 50);
        assertEquals(BoardStatus.Kind.CORRECTION_NEEDED, session.state().status().kind(), "the board must follow");
    }

    @Test
    void settingUpANewGameEndsTheUnfinishedOne() {
        GameSession session = session(Player.human("A"), Player.human("B"), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        play(hands, session, "7g7f");
        play(hands, session, "3c3d");
        play(hands, session, "2g2f");
        hands.setUp(Position.start(Variant.STANDARD)); // not a takeback: more than two moves back
        GameEnded ended = events(GameEnded.class).get(0);
        assertEquals("unfinished", ended.state().result().reason());
        assertEquals("game-1", ended.state().gameId());
        assertEquals("game-2", events(GameStarted.class).get(1).state().gameId());
        // Issue 82: its record says it was left, 中断 in KIF and %CHUDAN in CSA, after its three moves.
        assertEquals(org.shogibridge.core.record.Ending.INTERRUPTION, ended.record().mainLine().ending());
        String kif = org.shogibridge.core.record.RecordFormat.KIFU.write(ended.record());
        assertTrue(kif.contains("   4 中断"), kif);
        assertTrue(org.shogibridge.core.record.RecordFormat.CSA.write(ended.record()).strip().endsWith("%CHUDAN"));
        assertEquals(null, session.record().mainLine().ending(), "the game being played has no ending yet");
    }

    @Test
    void aResumedGameKeepsItsIdMovesNumbersAndClocks() {
        Position start = Position.start(Variant.STANDARD);
        Position p = start.copy();
        List<Integer> moves = new ArrayList<>();
        for (String m : new String[] {"7g7f", "3c3d"}) {
            int move = Usi.parseLegalMove(p, m);
            moves.add(move);
            p.doMove(move);
        }
        ClockState clock = new ClockState(590_000, 595_000, 30_000, Side.BLACK, 2_000);
        SavedGame saved = new SavedGame("game-7", 120, start, moves, List.of(10_000L, 5_000L), clock,
                Player.human("A"), Player.engine(4));
        GameSession session = session(Player.human("X"), Player.human("Y"), new TimeControl(600_000, 30_000, 0));
        session.resume(saved, 1_000_000);
        StatusChanged resumed = events(StatusChanged.class).get(0);
        assertEquals(121, resumed.state().seq());
        assertTrue(resumed.state().resumed());
        assertEquals("game-7", resumed.state().gameId());
        assertEquals(List.of("7g7f", "3c3d"), resumed.state().moves());
        assertEquals(List.of("▲７六歩", "△３四歩"), resumed.state().movesJapanese());
        assertEquals(590_000, resumed.state().clock().blackMillis());
        assertEquals(2_000, resumed.state().clock().moveMillis(), "the move in progress keeps its time, the downtime is free");
        assertEquals("コンピュータ レベル4", resumed.state().white().name());
        assertNotNull(session.record());
        assertEquals(List.of(10_000L, 5_000L), resumed.state().moveMillis());
    }

    @Test
    void aCommandedNewGameFilesTheUnfinishedGameWithEveryMove() {
        GameSession session = session(Player.human("A"), Player.human("B"), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        for (String m : List.of("7g7f", "3c3d", "2g2f")) {
            play(hands, session, m);
        }
        session.newGame(null, hands.timeMillis());
        GameEnded ended = events(GameEnded.class).get(0);
        assertEquals("unfinished", ended.state().result().reason());
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), ended.state().moves());
        assertEquals(3, ended.record().mainLine().moves().size(), "the record holds every move of the game left");
        assertEquals(List.of(), session.state().moves());
    }

    @Test
    void aNewGameSetUpByCommandBringsItsClockRulesAndPlayersAndFilesTheOldWithItsOwn() {
        GameSession session = session(Player.human("A"), Player.human("B"), TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        play(hands, session, "7g7f");
        TimeControl tenAndThirty = new TimeControl(600_000, 30_000, 0);
        session.newGame(Handicap.ofName("two-pieces").orElseThrow().startPosition(),
                new GameSetup(tenAndThirty, Game.Mode.TOURNAMENT, Player.human("上手 太郎"), Player.human("下手 花子")),
                hands.timeMillis());
        GameEnded left = events(GameEnded.class).get(0);
        assertEquals("A", left.record().headers().get("先手"), "the game left keeps its own players");
        assertFalse(left.record().headers().containsKey("持ち時間"), "and its own clock");
        GameState started = events(GameStarted.class).get(1).state();
        assertEquals(tenAndThirty, started.timeControl());
        assertEquals(Game.Mode.TOURNAMENT, started.mode());
        assertTrue(session.tournament());
        assertEquals("上手 太郎", started.black().name());
        assertEquals(Side.WHITE, started.sideToMove(), "a handicap game: the upper hand moves first");
        assertEquals("10分+秒読み30秒", session.record().headers().get("持ち時間"));
        session.newGame(null, hands.timeMillis());
        assertEquals(tenAndThirty, session.state().timeControl(), "the next game keeps the set-up");
        assertEquals("下手 花子", session.state().white().name());
    }

    @Test
    void anArbiterPausesSetsAndDeclaresAndARefusedDeclarationChangesNothing() {
        GameSession session = session(Player.human("A"), Player.human("B"), new TimeControl(600_000, 30_000, 0));
        session.start(0, 0);
        HumanSimulator hands = hands(session);
        play(hands, session, "7g7f");
        assertTrue(session.pauseClock(hands.timeMillis()));
        assertEquals(Side.WHITE, session.state().clock().paused());
        session.adjustClock(Side.BLACK, 300_000, hands.timeMillis());
        assertEquals(300_000, session.state().clock().blackMillis());
        assertTrue(session.startClock(hands.timeMillis()), "a paused clock starts again");
        assertEquals(Side.WHITE, session.state().clock().running());
        assertThrows(IllegalArgumentException.class, () -> session.declareResult(null, Termination.RESIGNATION, hands.timeMillis()));
        assertNull(session.state().result(), "refused: the game goes on");
        session.declareResult(Side.BLACK, Termination.TIME_FORFEIT, hands.timeMillis());
        GameEnded ended = events(GameEnded.class).get(0);
        assertEquals(Side.BLACK, ended.state().result().winner());
        assertEquals("time_forfeit", ended.state().result().reason());
        assertEquals(GameSession.ARBITER, ended.state().result().detail());
        assertEquals(Ending.TIME_UP, ended.record().mainLine().ending());
    }

    @Test
    void aResumedGameKeepsItsOwnTimeControlAndRules() {
        Position start = Position.start(Variant.STANDARD);
        TimeControl thirtySeconds = new TimeControl(0, 30_000, 0);
        SavedGame saved = new SavedGame("game-3", 9, start, List.of(), List.of(), new ClockState(0, 0, 30_000, null, 0),
                Player.human("A"), Player.human("B"), thirtySeconds, Game.Mode.TOURNAMENT);
        GameSession session = session(Player.human("X"), Player.human("Y"), TimeControl.NONE);
        session.resume(saved, 1_000);
        assertEquals(thirtySeconds, session.state().timeControl());
        assertEquals(Game.Mode.TOURNAMENT, session.state().mode());
        assertEquals("0分+秒読み30秒", session.record().headers().get("持ち時間"));
    }

    /** The short case: ten moves, a restart, then a drop from the hand captured before the restart. */
    @Test
    void aResumedGameReadsDropsAsBeforeAndFilesEveryMoveAtANewGame() {
        List<String> played = List.of("2g2f", "3c3d", "2f2e", "8c8d", "2e2d", "8d8e", "2d2c+", "8e8f", "9g9f", "9c9d");
        Position start = Position.start(Variant.STANDARD);
        Position p = start.copy();
        List<Integer> moves = new ArrayList<>();
        for (String m : played) {
            int move = Usi.parseLegalMove(p, m);
            moves.add(move);
            p.doMove(move);
        }
        List<Long> millis = new ArrayList<>();
        moves.forEach(m -> millis.add(1_000L));
        SavedGame saved = new SavedGame("game-9", 30, start, moves, millis, new ClockState(0, 0, 0, null, 0),
                Player.human("A"), Player.human("B"));
        long startKey = saved.start().key();
        GameSession session = session(Player.human("A"), Player.human("B"), TimeControl.NONE);
        session.resume(saved, 0);
        assertEquals(startKey, saved.start().key(), "resuming leaves the saved game as it was");
        assertEquals(p.toSfen(), session.state().sfen());
        // A real board kept its pieces across the power cut: the hands show the resumed position, hands included.
        HumanSimulator hands = new HumanSimulator(Variant.STANDARD, BOARD, 0, 1, 5, session::snapshot);
        hands.watch(session.leds());
        hands.setUp(session.state().position());
        hands.idle(BOARD.settleMillis() + 50);
        assertEquals(BoardStatus.Kind.MATCHED, session.state().status().kind());
        play(hands, session, "P*2d");
        assertEquals("P*2d", session.state().lastMove(), "the drop is read as before the restart");
        assertEquals(BoardStatus.Kind.MATCHED, session.state().status().kind());
        session.newGame(null, hands.timeMillis());
        GameEnded ended = events(GameEnded.class).get(0);
        assertEquals("game-9", ended.state().gameId());
        assertEquals(11, ended.record().mainLine().moves().size(), "every move, before and after the restart");
    }
}
