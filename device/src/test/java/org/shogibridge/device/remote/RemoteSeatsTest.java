package org.shogibridge.device.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.LedFrame;
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
import org.shogibridge.device.state.StateJson;

/**
 * Board against board on virtual time: a host's and a guest's session, each with the person's hands on its board,
 * the messages between them carried (or held, or repeated) by the test as a broker would. Kyoto hosts as Black.
 */
class RemoteSeatsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TimeControl CLOCK = new TimeControl(600_000, 30_000, 0);
    private long time = 1_000;
    private final List<Runnable> later = new ArrayList<>();

    /** One board: its session, its pieces, what it published and what it said. */
    private final class Board implements RemoteTable {
        final String id;
        final GameSession session;
        Position pieces = Position.start(Variant.STANDARD);
        final List<String[]> published = new ArrayList<>();
        final List<String> said = new ArrayList<>();
        Consumer<SessionEvent> changes = e -> { };

        Board(String id, Player black, Player white) {
            this.id = id;
            int[] games = {0};
            session = new GameSession(new SessionSettings(Variant.STANDARD, InferenceSettings.defaults(), CLOCK, black, white),
                    () -> "20261204-1000" + (games[0]++) + "-" + id, e -> changes.accept(e));
        }

        @Override
        public void onLoop(Consumer<GameSession> task) {
            task.accept(session);
        }

        @Override
        public long now() {
            return time;
        }

        @Override
        public void publish(String name, String json, boolean retained) {
            published.add(new String[] {name, json});
        }

        @Override
        public void say(String japanese, String english) {
            said.add(japanese);
        }

        /** The newest message this board published on {@code remote/<name>}, or null. */
        byte[] last(String name) {
            for (int i = published.size() - 1; i >= 0; i--) {
                if (published.get(i)[0].equals(name)) {
                    return published.get(i)[1].getBytes(StandardCharsets.UTF_8);
                }
            }
            return null;
        }

        /** The person's hands make a move on the board, which then rests long enough to be judged. */
        void hands(String usi) {
            pieces.doMove(Usi.parseLegalMove(pieces, usi));
            rest(600);
        }

        /** The person carries out the other board's move the LEDs show. */
        void carryOut() {
            String shown = session.state().engineMove();
            assertNotNull(shown, id + " shows no move to carry out");
            hands(shown);
        }

        void rest(long millis) {
            for (long t = 0; t < millis; t += 10) {
                time += 10;
                session.snapshot(SensorSnapshot.of(pieces, false).timeMillis(time));
                runLater();
            }
        }

        List<String> moves() {
            return session.state().moves();
        }
    }

    private final Board kyoto = new Board("kyoto1", Player.human("羽生"), Player.remoteBoard("佐藤", "m/osaka1", false));
    private final Board osaka = new Board("osaka1", Player.remoteBoard("羽生", "m/kyoto1", true), Player.human("佐藤"));
    private final HostSeat host = new HostSeat(kyoto, "m/osaka1", 60_000, time);
    private final GuestSeat guest = new GuestSeat(osaka, "m/kyoto1", "osaka1");

    RemoteSeatsTest() {
        // as the daemon wires them: the host's turn event is posted to its loop, the guest proposes what it has on disk
        kyoto.changes = e -> {
            if (e instanceof SessionEvent.EngineTurn t && t.player().kind() == Player.Kind.BOARD) {
                later.add(() -> host.guestToMove(kyoto.session));
            }
        };
        osaka.changes = e -> guest.published(e, time);
        kyoto.session.start(0, time);
        osaka.session.start(0, time);
        kyoto.rest(600);
        osaka.rest(600);
        hostStateToGuest();
    }

    private void runLater() {
        while (!later.isEmpty()) {
            later.remove(0).run();
        }
    }

    /** The broker carries the host's retained state to the guest. */
    private void hostStateToGuest() {
        guest.hostState(StateJson.state(kyoto.session.state(), "m", "kyoto1", time).getBytes(StandardCharsets.UTF_8));
        osaka.rest(100);
    }

    /** The broker carries the guest's retained proposal to the host. */
    private void proposalToHost() {
        host.proposed(osaka.last("move"));
        runLater();
    }

    /** The host plays, the guest carries the move out. */
    private void hostPlays(String usi) {
        kyoto.hands(usi);
        hostStateToGuest();
        osaka.carryOut();
    }

    /** The guest plays, the host carries the move out. */
    private void guestPlays(String usi) {
        osaka.hands(usi);
        proposalToHost();
        kyoto.carryOut();
        hostStateToGuest();
    }

    @Test
    void theGuestFollowsTheHostsGameAndTheHostTakesEachProposalOnce() {
        String hostGame = kyoto.session.state().gameId();
        assertEquals(hostGame + "-osaka1", osaka.session.state().gameId());
        assertEquals("羽生", osaka.session.state().black().name());
        hostPlays("7g7f");
        guestPlays("3c3d");
        assertEquals(List.of("7g7f", "3c3d"), kyoto.moves());
        assertEquals(List.of("7g7f", "3c3d"), osaka.moves());

        proposalToHost(); // the broker delivers the proposal again (a reconnection): it is move 2, played already
        hostPlays("2g2f");
        proposalToHost(); // and once more, after the game went on
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), kyoto.moves());
        assertNull(kyoto.session.state().engineMove(), "nothing to carry out on the host");
        assertNull(kyoto.last("refused"), "a repeated proposal is no refusal");
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), osaka.moves());
    }

    @Test
    void anOlderHostStateArrivingLateChangesNothing() {
        hostPlays("7g7f");
        byte[] older = StateJson.state(kyoto.session.state(), "m", "kyoto1", time).getBytes(StandardCharsets.UTF_8);
        guestPlays("3c3d");
        hostPlays("2g2f");
        long seq = osaka.session.state().seq();
        guest.hostState(older); // the state of move 1, delayed on its way
        osaka.rest(600);
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), osaka.moves());
        assertEquals(seq, osaka.session.state().seq(), "not a single change on the guest");
    }

    @Test
    void theHostsClockStopsWhenTheProposalArrivesNotWhenItIsCarriedOut() {
        long before = time;
        hostPlays("7g7f"); // the host's move was put down after 'before'
        osaka.rest(5_000); // the guest thinks 5 s
        osaka.hands("3c3d");
        proposalToHost();
        long arrived = time;
        kyoto.rest(4_000); // the host's person takes 4 s to carry it out
        kyoto.carryOut();
        long spent = kyoto.session.state().played().get(1).millis();
        assertTrue(spent >= 5_000 && spent <= arrived - before, "the guest's move took " + spent + " ms");
        assertTrue(kyoto.session.state().clock().moveMillis() >= 4_000, "carrying it out was the host's own time");
    }

    @Test
    void aProposalTheHostCannotTakeIsRefusedAndTakenBackOnTheGuestWithTheReasonSaid() throws Exception {
        hostPlays("7g7f");
        osaka.hands("3c3d"); // the guest's move, on its way...
        kyoto.session.resign(Side.WHITE, time); // ...while an arbiter at the host ends the game
        proposalToHost();
        JsonNode refused = JSON.readTree(kyoto.last("refused"));
        assertTrue(refused.get("reason").asText().startsWith("Game over."), refused.toString());
        assertEquals(1, refused.get("ply").asInt());
        guest.refused(kyoto.last("refused"));
        assertEquals(List.of("7g7f"), osaka.moves(), "the refused move is taken back on the guest");
        osaka.rest(3_000); // the board still shows the move: once settled, it is a correction to make
        assertTrue(osaka.session.leds().colour(Usi.parseSquare(Variant.STANDARD, "3d")) != LedFrame.Colour.OFF,
                "the LEDs guide the piece back from 3d");
        assertEquals(List.of("対局はもう終わっています。手を戻してください。"), osaka.said);
        osaka.pieces = Position.fromSfen(Variant.STANDARD, osaka.session.state().sfen()); // the person puts it back
        osaka.rest(600);
        hostStateToGuest();
        assertEquals("resignation", osaka.session.state().result().reason());
        assertEquals(Side.BLACK, osaka.session.state().result().winner());
        assertEquals(List.of("7g7f"), osaka.moves());
    }

    @Test
    void anIllegalProposalIsRefusedAndTheGameGoesOn() throws Exception {
        hostPlays("7g7f");
        String hostGame = kyoto.session.state().gameId();
        host.proposed(new RemoteMessages.Proposal(hostGame, 1, "5a5i").json().getBytes(StandardCharsets.UTF_8));
        runLater();
        JsonNode refused = JSON.readTree(kyoto.last("refused"));
        assertTrue(refused.get("reason").asText().startsWith("Illegal move."), refused.toString());
        assertEquals("その手は指せません。", refused.get("japanese").asText());
        guestPlays("3c3d");
        assertEquals(List.of("7g7f", "3c3d"), kyoto.moves());
    }

    @Test
    void theGuestsPersonMayResignOnTheHostsTurn() {
        hostPlays("7g7f");
        guestPlays("3c3d");
        osaka.session.resign(Side.WHITE, time); // Kyoto to move; Osaka's person resigns at its board
        proposalToHost();
        assertEquals("resignation", kyoto.session.state().result().reason());
        assertEquals(Side.BLACK, kyoto.session.state().result().winner());
        assertNull(kyoto.last("refused"));
    }

    @Test
    void theGuestShowsTheHostsClocksLessTheMeasuredDelay() {
        hostPlays("7g7f"); // the guest's clock runs
        guest.ping();
        time += 150; // the ping reaches the host
        host.pinged(osaka.last("ping"));
        byte[] answer = kyoto.last("clock");
        long hostWhite = kyoto.session.state().clock().millis(Side.WHITE);
        time += 150; // the answer reaches the guest: a 300 ms round trip
        guest.clocks(answer);
        assertEquals(150, guest.delayMillis());
        long guestWhite = osaka.session.state().clock().millis(Side.WHITE);
        assertTrue(Math.abs(guestWhite - (hostWhite - 150)) <= 20, "the guest shows " + guestWhite + ", the host had "
                + hostWhite + " 150 ms ago");
    }

    @Test
    void aGuestSilentPastTheGraceAdjournsTheGameAndItsReturnResumesIt() {
        hostPlays("7g7f");
        kyoto.rest(30_000);
        host.watch(kyoto.session);
        assertNull(kyoto.session.state().clock().paused(), "30 s of silence is within the grace");
        kyoto.rest(31_000);
        host.watch(kyoto.session);
        assertEquals(Side.WHITE, kyoto.session.state().clock().paused(), "adjourned: the guest's clock stopped");
        long left = kyoto.session.state().clock().millis(Side.WHITE);
        kyoto.rest(10_000);
        assertEquals(left, kyoto.session.state().clock().millis(Side.WHITE), "no time runs while adjourned");
        assertEquals(List.of("相手の盤とつながりません。対局を中断します。"), kyoto.said);
        guest.ping();
        host.pinged(osaka.last("ping"));
        assertNull(kyoto.session.state().clock().paused());
        assertEquals(Side.WHITE, kyoto.session.state().clock().running());
        assertEquals("相手の盤とつながりました。対局を再開します。", kyoto.said.get(1));
        guest.clocks(kyoto.last("clock"));
        assertNull(osaka.session.state().clock().paused());
    }
}
