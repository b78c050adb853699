package org.shogibridge.device.daemon;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameSetup;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.SimulatedBoard;
import org.shogibridge.device.online.OnlinePlay;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The board's game as online play reaches it: each call is carried out on the board loop, which owns the session, as
 * a command from the page would be. The opponent's moves go in as a computer's (the session shows them on the LEDs
 * and accepts them once the board matches); the server's clock, takebacks and end are the arbiter's.
 */
final class OnlineTable implements OnlinePlay.Table {
    private static final Logger log = LoggerFactory.getLogger(OnlineTable.class);

    private final BoardLoop loop;
    private final Supplier<GameSession> session;
    private final Variant variant;
    /** The simulated board, whose hands set up a new game and put pieces back as a command's would; else null. */
    private final SimulatedBoard simulated;
    /** The headers of the online game in progress (site, game URL, players' ratings), for its record. */
    private volatile Map<String, String> headers = Map.of();

    OnlineTable(BoardLoop loop, Supplier<GameSession> session, Variant variant, SimulatedBoard simulated) {
        this.loop = loop;
        this.session = session;
        this.variant = variant;
        this.simulated = simulated;
    }

    @Override
    public List<String> moves() throws Exception {
        return loop.ask(() -> session.get().state().moves()).get(5, TimeUnit.SECONDS);
    }

    @Override
    public void newGame(String startSfen, Player black, Player white, TimeControl clock, Map<String, String> headers) {
        this.headers = Map.copyOf(headers);
        loop.post(() -> {
            Position start = startSfen == null ? Position.start(variant) : Position.fromSfen(variant, startSfen);
            session.get().newGame(start, new GameSetup(clock, Game.Mode.CASUAL, black, white), loop.now());
            if (simulated != null) {
                simulated.setUp(start); // a real board is set up by the player, guided by the LEDs
            }
            log.info("Online game: {} against {}.", black.name(), white.name());
        });
    }

    @Override
    public void opponentMoved(int ply, String usi) {
        loop.post(() -> {
            if (!session.get().engineMoved(ply, usi, loop.now())) {
                log.warn("Online: the opponent's move {} (move {}) does not fit the board's game; it is not played.", usi, ply + 1);
            }
        });
    }

    @Override
    public void takeBack(int plies) {
        loop.post(() -> {
            GameSession s = session.get();
            boolean taken = false;
            while (s.state().plies() > plies && s.takeBack(loop.now())) {
                taken = true; // each takeback guides the pieces back on the LEDs
            }
            if (taken && simulated != null) {
                simulated.setUp(s.state().position());
            }
        });
    }

    @Override
    public void clocks(long blackMillis, long whiteMillis) {
        loop.post(() -> {
            GameSession s = session.get();
            if (!s.state().timeControl().unlimited() && !s.isOver()) {
                s.adjustClock(Side.BLACK, blackMillis, loop.now());
                s.adjustClock(Side.WHITE, whiteMillis, loop.now());
            }
        });
    }

    @Override
    public void ended(List<String> moves, Side winner, Termination termination, String status) {
        loop.post(() -> {
            GameSession s = session.get();
            if (s.isOver()) {
                return;
            }
            try {
                s.endedOnSite(moves, winner, termination, "lishogi: " + status, loop.now());
            } catch (IllegalArgumentException | IllegalStateException e) {
                log.warn("Online: the end '{}' cannot be recorded as {} ({}).", status, termination, e.getMessage());
            }
        });
    }

    /** Put the online game's headers into its record (before the daemon's own, which do not replace them). */
    void addHeaders(GameRecord record) {
        headers.forEach(record.headers()::put);
    }
}
