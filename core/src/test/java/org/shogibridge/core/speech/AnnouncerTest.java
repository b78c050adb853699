package org.shogibridge.core.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.InferenceSettings;
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
}
