package org.shogibridge.device.remote;

import org.shogibridge.core.rules.Side;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's side of board against board: this board owns the game and the clock. The guest's proposal (its move of
 * a numbered ply) goes in as a computer's move would, shown on the LEDs for the person here to carry out, exactly once:
 * only when the game has that many moves and the guest is to move. One the game cannot take (over, not legal) is
 * refused with the reason, retained for the guest. The guest's pings are answered with the clocks; when they stop for
 * longer than the grace the game is adjourned (the clock stops), and it goes on when they come back.
 */
public final class HostSeat {
    private static final Logger log = LoggerFactory.getLogger(HostSeat.class);

    private final RemoteTable table;
    private final String guest;
    private final long graceMillis;
    /** The guest's latest proposal, or null; read on the loop. */
    private volatile RemoteMessages.Proposal proposal;
    /** The last refusal sent, so that the same proposal is refused once. */
    private RemoteMessages.Proposal refused;
    private volatile long lastPingAt;
    private boolean adjourned;

    /**
     * @param guest       the guest board's {@code EVENT/BOARD}, for the log
     * @param graceMillis how long the guest may be away before the game is adjourned
     */
    public HostSeat(RemoteTable table, String guest, long graceMillis, long nowMillis) {
        this.table = table;
        this.guest = guest;
        this.graceMillis = graceMillis;
        this.lastPingAt = nowMillis;
    }

    /** The guest's {@code remote/move} (on the broker's thread). */
    public void proposed(byte[] payload) {
        RemoteMessages.Proposal read = RemoteMessages.readOrWarn(RemoteMessages::proposal, payload, guest);
        if (read == null) {
            return;
        }
        proposal = read;
        table.onLoop(this::take);
    }

    /** The guest's {@code remote/ping} (on the broker's thread): answered with the clocks. */
    public void pinged(byte[] payload) {
        Long id = RemoteMessages.readOrWarn(RemoteMessages::pingId, payload, guest);
        if (id == null) {
            return;
        }
        lastPingAt = table.now();
        table.onLoop(session -> {
            if (adjourned) {
                adjourned = false;
                if (session.startClock(table.now())) {
                    table.say("相手の盤とつながりました。対局を再開します。", "The other board is back. The game goes on.");
                }
            }
            GameState state = session.state();
            table.publish("clock", new RemoteMessages.Clocks(state.gameId(), state.clock(), id).json(), false);
        });
    }

    /** The guest is to move (on the loop): its proposal may already be here. */
    public void guestToMove(GameSession session) {
        take(session);
    }

    /** Every second or so (on the loop): a guest away past the grace adjourns the game. */
    public void watch(GameSession session) {
        if (!adjourned && !session.isOver() && table.now() - lastPingAt > graceMillis && session.pauseClock(table.now())) {
            adjourned = true;
            log.warn("Board against board: {} silent for {} s; the game is adjourned.", guest, graceMillis / 1000);
            table.say("相手の盤とつながりません。対局を中断します。", "The other board cannot be reached. The game is adjourned.");
        }
    }

    /** Apply the guest's proposal if it is the next move, once; refuse it if the game cannot take it. */
    private void take(GameSession session) {
        RemoteMessages.Proposal p = proposal;
        if (p == null) {
            return;
        }
        GameState state = session.state();
        if (!p.game().equals(state.gameId()) || p.ply() != state.plies()) {
            return; // an earlier game's, a move taken already (the ply is behind), or not yet ours to judge
        }
        Side guestSide = state.black().kind() == Player.Kind.BOARD ? Side.BLACK : Side.WHITE;
        if (state.result() != null) {
            refuse(p, "Game over. The game ended (" + state.result().reason() + ") before the move arrived.",
                    "対局はもう終わっています。");
        } else if (p.usi().equals("resign")) {
            session.resign(guestSide, table.now()); // the guest's person may resign on either side's turn
        } else if (state.sideToMove() != guestSide) {
            refuse(p, "Not your turn. Move " + (p.ply() + 1) + " is this board's.", "相手の手番です。");
        } else if (!session.engineMoved(p.ply(), p.usi(), table.now())) {
            // not asked for yet (the last move's promotion still open): the turn comes back here; or not legal
            if (session.state().plies() == p.ply() && session.state().engineMove() == null && !isLegal(session, p.usi())) {
                refuse(p, "Illegal move. " + p.usi() + " is not legal at move " + (p.ply() + 1) + ".", "その手は指せません。");
            }
        }
    }

    private static boolean isLegal(GameSession session, String usi) {
        if (usi.equals("resign")) {
            return true;
        }
        try {
            org.shogibridge.core.rules.Usi.parseLegalMove(session.state().position(), usi);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private void refuse(RemoteMessages.Proposal p, String reason, String japanese) {
        if (p.equals(refused)) {
            return;
        }
        refused = p;
        log.info("Board against board: {}'s move {} (move {}) refused: {}", guest, p.usi(), p.ply() + 1, reason);
        table.publish("refused", new RemoteMessages.Refusal(p, reason, japanese).json(), true);
    }
}
