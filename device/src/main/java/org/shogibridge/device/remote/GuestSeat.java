package org.shogibridge.device.remote;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.session.ClockState;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameSetup;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.device.state.StateJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The guest's side of board against board: the host owns the game, and this board's game is derived from the host's
 * {@code state} by {@code seq} (a view that catches up, as every other): the host's moves are shown on the LEDs for
 * the person here to carry out, and anything else that differs is made to match (the board follows). This board's
 * person's moves are sent as numbered proposals once they are on disk here; a refused one is taken back on the LEDs,
 * the reason said. The clocks are the host's, answered to each ping and shown less the measured one-way delay.
 *
 * <p>The guest's game id is the host's, then {@code -<this board>}: one game, two records, and an earlier game's
 * proposal never fits a later one.
 */
public final class GuestSeat {
    private static final Logger log = LoggerFactory.getLogger(GuestSeat.class);
    /** A clock closer than this to the host's is left alone: correcting it is a journal line and a state. */
    private static final long CLOCK_TOLERANCE_MILLIS = 300;
    /** An answer later than this says nothing of the delay (the link was down meanwhile). */
    private static final long STALE_ANSWER_MILLIS = 5_000;

    private final RemoteTable table;
    private final String host;
    private final String hostBoard;
    private final String board;
    private final AtomicLong pings = new AtomicLong();
    private final ConcurrentHashMap<Long, Long> pingSentAt = new ConcurrentHashMap<>();
    /** Half the last round trip of a ping: how old the host's clocks are when they arrive. */
    private volatile long delayMillis;
    private volatile long lastAnswerAt;
    private String wrongVariant;
    /** The newest host state followed (its seq grows across games and restarts): an older one arriving late is stale. */
    private long hostSeq = -1;

    /**
     * @param host  the host board's {@code EVENT/BOARD}
     * @param board this board's id
     */
    public GuestSeat(RemoteTable table, String host, String board) {
        this.table = table;
        this.host = host;
        this.hostBoard = host.substring(host.indexOf('/') + 1);
        this.board = board;
    }

    /** Return the id of the game this board keeps for the host's game {@code hostGame}. */
    public String gameIdFor(String hostGame) {
        return hostGame + "-" + board;
    }

    /** Return the host's game id of this board's game, or null if it follows none (a game of its own). */
    String hostGameOf(String gameId) {
        String suffix = "-" + hostBoard + "-" + board;
        return gameId.endsWith(suffix) ? gameId.substring(0, gameId.length() - board.length() - 1) : null;
    }

    /** Return the measured one-way delay to the host, in milliseconds. */
    public long delayMillis() {
        return delayMillis;
    }

    // ---------------------------------------------------------------- from the host (the broker's thread)

    /** The host's retained {@code state}. */
    public void hostState(byte[] payload) {
        JsonNode state = RemoteMessages.readOrWarn(bytes -> RemoteMessages.read(bytes, "host state"), payload, host);
        if (state == null) {
            return;
        }
        table.onLoop(session -> follow(session, state));
    }

    /** The host's {@code remote/refused}: this board's move is taken back if it is the one refused. */
    public void refused(byte[] payload) {
        RemoteMessages.Refusal refusal = RemoteMessages.readOrWarn(RemoteMessages::refusal, payload, host);
        if (refusal == null) {
            return;
        }
        table.onLoop(session -> {
            GameState s = session.state();
            RemoteMessages.Proposal p = refusal.proposal();
            if (p.game().equals(hostGameOf(s.gameId())) && s.plies() == p.ply() + 1 && p.usi().equals(s.lastMove())
                    && !session.isOver() && session.takeBack(table.now())) {
                log.info("Board against board: {} refused move {} ({}): {}", host, p.ply() + 1, p.usi(), refusal.reason());
                table.say(refusal.japanese() + "手を戻してください。", refusal.reason() + " Take the move back.");
            }
        });
    }

    /** The host's {@code remote/clock}, the answer to a ping: the delay is measured, the clocks shown. */
    public void clocks(byte[] payload) {
        RemoteMessages.Clocks clocks = RemoteMessages.readOrWarn(RemoteMessages::clocks, payload, host);
        if (clocks == null) {
            return;
        }
        long now = table.now();
        Long sent = pingSentAt.remove(clocks.echo());
        if (sent == null || now - sent > STALE_ANSWER_MILLIS) {
            return; // an answer to an earlier run's ping, one already answered, or one held up too long to time by
        }
        delayMillis = (now - sent) / 2;
        lastAnswerAt = now;
        table.onLoop(session -> showClocks(session, clocks));
    }

    /** Every couple of seconds (any thread): ask the host for its clocks; the host knows this board is there. */
    public void ping() {
        long id = pings.incrementAndGet();
        pingSentAt.put(id, table.now());
        pingSentAt.keySet().removeIf(old -> old < id - 30);
        table.publish("ping", RemoteMessages.ping(id), false);
    }

    // ---------------------------------------------------------------- this board's changes (the outlet's thread)

    /** A change of this board's game is on disk and published: a move of this board's person is proposed. */
    public void published(SessionEvent event, long epochMillis) {
        GameState s = event.stateOrNull();
        String hostGame = s == null ? null : hostGameOf(s.gameId());
        if (hostGame == null) {
            return;
        }
        if (event instanceof SessionEvent.MovePlayed m && !m.computer()) {
            propose(new RemoteMessages.Proposal(hostGame, m.ply() - 1, m.usi()));
        } else if (event instanceof SessionEvent.GameEnded && s.result() != null && "resignation".equals(s.result().reason())
                && s.result().winner() != null && s.player(s.result().winner()).hostsTheGame()) {
            propose(new RemoteMessages.Proposal(hostGame, s.plies(), "resign"));
        }
    }

    private void propose(RemoteMessages.Proposal p) {
        log.debug("Board against board: move {} ({}) proposed to {}.", p.ply() + 1, p.usi(), host);
        table.publish("move", p.json(), true);
    }

    // ---------------------------------------------------------------- on the loop

    private void follow(GameSession session, JsonNode state) {
        long seq = state.path("seq").asLong(-1);
        if (seq <= hostSeq) {
            return; // older than what this board follows already (a copy delayed on its way)
        }
        hostSeq = seq;
        String hostGame = state.path("game").asText(null);
        JsonNode result = state.path("result");
        if (hostGame == null || result.isObject() && "unfinished".equals(result.path("reason").asText())) {
            return; // left by the host for a new game, which follows
        }
        Position start;
        List<String> moves = new ArrayList<>();
        state.path("moves").forEach(m -> moves.add(m.asText()));
        try {
            start = StateJson.startPosition(state);
        } catch (RuntimeException e) {
            warnOnce("the host's game cannot be read here (" + e.getMessage() + ")");
            return;
        }
        if (start.variant() != session.state().variant()) {
            warnOnce("the host plays " + start.variant() + ", this board " + session.state().variant());
            return;
        }
        try {
            session.followHost(gameIdFor(hostGame), start, setup(state), moves, table.now());
            if (result.isObject() && !session.isOver()) {
                if (session.state().plies() > moves.size()) { // a move of this board the host never took: it ended first
                    while (session.state().plies() > moves.size() && session.takeBack(table.now())) {
                        log.info("Board against board: {} ended its game before this board's last move arrived.", host);
                    }
                    table.say("対局はもう終わっています。手を戻してください。", "The game ended first. Take the move back.");
                }
                String reason = result.path("reason").asText().toUpperCase(Locale.ROOT);
                Side winner = result.path("winner").isTextual() ? StateJson.readSide(result.get("winner").asText()) : null;
                session.endedOnSite(moves, winner, Termination.valueOf(reason), "host " + host, table.now());
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            warnOnce("the host's game does not play here (" + e.getMessage() + ")");
        }
    }

    /** The host's set-up as this board plays it: its names, this board's person and the host's one at another board. */
    private GameSetup setup(JsonNode state) {
        JsonNode players = state.path("players");
        return new GameSetup(StateJson.readTimeControl(state.path("clock").path("timeControl")),
                Game.Mode.valueOf(state.path("mode").asText("casual").toUpperCase(Locale.ROOT)),
                seated(players.path("black")), seated(players.path("white")));
    }

    private Player seated(JsonNode hostPlayer) {
        String name = hostPlayer.path("name").asText("?");
        return hostPlayer.path("type").asText().equals("board") ? Player.human(name) : Player.remoteBoard(name, host, true);
    }

    /** Show the host's clocks, less the delay for the running one, when they differ from this board's noticeably. */
    private void showClocks(GameSession session, RemoteMessages.Clocks clocks) {
        GameState s = session.state();
        if (!clocks.game().equals(hostGameOf(s.gameId())) || session.isOver() || s.timeControl().unlimited()) {
            return;
        }
        ClockState host = clocks.clock();
        if (host.paused() != null && s.clock().paused() == null) {
            session.pauseClock(table.now()); // adjourned by the host
        } else if (host.paused() == null && host.running() != null && s.clock().paused() != null) {
            session.startClock(table.now());
        }
        for (Side side : Side.values()) {
            long millis = Math.max(0, host.millis(side) - (side == host.running() ? delayMillis : 0));
            if (Math.abs(s.clock().millis(side) - millis) > CLOCK_TOLERANCE_MILLIS) { // one side's change leaves the other's
                session.adjustClock(side, millis, table.now());
            }
        }
    }

    private void warnOnce(String problem) {
        if (!problem.equals(wrongVariant)) {
            wrongVariant = problem;
            log.warn("Board against board: {}.", problem);
        }
    }
}
