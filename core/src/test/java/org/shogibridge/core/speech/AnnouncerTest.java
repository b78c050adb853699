package org.shogibridge.core.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.simulation.HumanSimulator;

/** What the board says during real sessions on virtual time: simulated hands, the session, a scripted engine. */
class AnnouncerTest {
    private static final InferenceSettings BOARD = InferenceSettings.defaults();
    /** Kings alone, a gold in gote's hand, gote (the engine) to move. */
    private static final String GOLD_DROP = "4k4/9/9/9/9/9/9/9/4K4 w g 1";

    private final List<SessionEvent> events = new ArrayList<>();

    /** Start a game against the engine from {@code sfen}; the engine plays G*5h, a checking drop, carried out by the hands. */
    private HumanSimulator engineChecks(GameSession session) {
        session.start(0, 0);
        Position start = Position.fromSfen(GOLD_DROP);
        session.newGame(start, 0);
        HumanSimulator hands = new HumanSimulator(Variant.STANDARD, BOARD, 0, 1, 5, session::snapshot);
        hands.watch(session.leds());
        hands.setUp(start);
        hands.idle(1_000);
        session.engineMoved(0, "G*5h", hands.timeMillis());
        hands.play(start, Usi.parseLegalMove(start, "G*5h"));
        hands.idle(1_000);
        return hands;
    }

    private List<Announcer.Utterance> said(Announcer announcer) {
        List<Announcer.Utterance> said = new ArrayList<>();
        events.forEach(e -> said.addAll(announcer.after(e)));
        return said;
    }

    private GameSession session(TimeControl clock) {
        return new GameSession(new SessionSettings(Variant.STANDARD, BOARD, clock, Player.human("Hanako"), Player.engine(5)),
                () -> "game", events::add);
    }

    @Test
    void theComputersMoveItsCheckAndTheEndAreSpoken() {
        GameSession session = session(TimeControl.NONE);
        engineChecks(session);
        session.resign(Side.BLACK, 5_000);
        assertEquals(List.of(
                new Announcer.Utterance("move", "５八金", "ごはち きん"), // 打 only where a piece on the board could go there too
                new Announcer.Utterance("check", "王手", "おうて"),
                new Announcer.Utterance("end", "まで1手で後手の勝ち", "まで いって で ごて の かち")), said(new Announcer(false)));
    }

    @Test
    void aTimeForfeitIsCalledAndThePlayersOwnMovesOnlyWhenAsked() {
        GameSession session = session(new TimeControl(2_000, 0, 0));
        HumanSimulator hands = engineChecks(session);
        hands.idle(5_000); // Sente's two seconds run out
        List<Announcer.Utterance> said = said(new Announcer(true));
        assertEquals(List.of("move", "check", "time", "end"), said.stream().map(Announcer.Utterance::kind).toList());
        assertEquals(new Announcer.Utterance("time", "切れ負け", "きれまけ"), said.get(2));
        assertEquals("まで1手で時間切れにより後手の勝ち", said.get(3).text());
    }

    @Test
    void inEnglishMovesAreHodgesReadAsWords() {
        GameSession session = session(new TimeControl(2_000, 0, 0));
        HumanSimulator hands = engineChecks(session);
        hands.idle(5_000);
        assertEquals(List.of(
                new Announcer.Utterance("move", "G*5h", "gold drop 5 h"),
                new Announcer.Utterance("check", "Check", "Check"),
                new Announcer.Utterance("time", "Lost on time", "Lost on time"),
                new Announcer.Utterance("end", "Gote wins by time forfeit in 1 move", "Gote wins by time forfeit in 1 move")),
                said(new Announcer(false, Language.EN)));
    }

    @Test
    void englishReadingsOfHodgesNotation() {
        assertEquals("pawn to 7 f", EnglishReadings.move("P-7f"));
        assertEquals("silver 7 b takes 8 c, promotes", EnglishReadings.move("S7bx8c+"));
        assertEquals("knight drop 3 e", EnglishReadings.move("N*3e"));
        assertEquals("horse takes 10 j, does not promote", EnglishReadings.move("+Bx10j="));
        assertEquals("dragon to 2 b", EnglishReadings.move("+R-2b"));
    }

    @Test
    void englishClockCalls() {
        List<String> calls = new ClockCalls(new TimeControl(360_000, 30_000, 0), Language.EN).all().stream()
                .map(ClockCalls.Call::text).toList();
        assertEquals(List.of("5 minutes left", "1 minute left", "10 seconds", "20 seconds", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
                calls);
    }

    @Test
    void aCorrectionIsSaidOnceInJapaneseWordsWhenItBegins() {
        GameSession session = session(TimeControl.NONE);
        session.start(0, 0);
        HumanSimulator hands = new HumanSimulator(Variant.STANDARD, BOARD, 0, 1, 5, session::snapshot);
        hands.setUp(Position.start(Variant.STANDARD));
        hands.liftPiece(Usi.parseSquare(Variant.STANDARD, "7g")); // in the hand: a move being made, no correction
        hands.idle(5_000);
        hands.liftPiece(Usi.parseSquare(Variant.STANDARD, "2g")); // two pieces off the board: to be corrected
        hands.idle(5_000);
        hands.placePiece(Usi.parseSquare(Variant.STANDARD, "2g"), SensorSnapshot.OCCUPIED); // half put right
        hands.idle(5_000);
        List<Announcer.Utterance> corrections = said(new Announcer(false)).stream().filter(u -> u.kind().equals("correction")).toList();
        assertEquals(List.of(new Announcer.Utterance("correction", "７七に駒を置く、２七に駒を置く",
                "なななな に こま を おく になな に こま を おく")), corrections, "said once, when the correction begins");
        List<Announcer.Utterance> english = said(new Announcer(false, Language.EN)).stream()
                .filter(u -> u.kind().equals("correction")).toList();
        assertEquals("put the missing piece on 7g; put the missing piece on 2g", english.get(0).text());
    }
}
