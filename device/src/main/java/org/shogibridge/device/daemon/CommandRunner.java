package org.shogibridge.device.daemon;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.device.board.SimulatedBoard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a checked {@link RemoteCommand} (from {@code cmd/}, or the board's menu) on the board loop, against the
 * game at that moment, and answers it. What depends on the game is refused here with a "Category. detail." message
 * and changes nothing.
 */
final class CommandRunner {
    private static final Logger log = LoggerFactory.getLogger(CommandRunner.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final BoardLoop loop;
    private final Supplier<GameSession> session;
    /** The board when it is simulated (its hands carry out cmd/sim and set up new games), else null. */
    private final SimulatedBoard simulated;
    private final EngineWorker engines;
    /** Turns the engine's published analysis on or off (a new game's set-up may say). */
    private final Consumer<Boolean> analysis;

    CommandRunner(BoardLoop loop, Supplier<GameSession> session, SimulatedBoard simulated, EngineWorker engines,
            Consumer<Boolean> analysis) {
        this.loop = loop;
        this.session = session;
        this.simulated = simulated;
        this.engines = engines;
        this.analysis = analysis;
    }

    /** Carry out a command on the board loop: what it does depends on the game at that moment. */
    void execute(RemoteCommand command, RemoteCommands.Reply reply) {
        loop.post(() -> {
            try {
                carryOut(command, reply);
            } catch (IllegalArgumentException | IllegalStateException e) {
                reply.error(e.getMessage());
            } catch (RuntimeException e) {
                log.error("Command {} failed: {}", command, e.toString(), e);
                reply.error("Command failed. " + e.getClass().getSimpleName() + ".");
            }
        });
    }

    private void carryOut(RemoteCommand command, RemoteCommands.Reply reply) {
        GameSession session = this.session.get();
        long now = loop.now();
        if (command instanceof RemoteCommand.NewGame c) {
            session.newGame(c.start(), c.setup(), now);
            if (c.analysis() != null) {
                analysis.accept(c.analysis());
            }
            if (simulated != null) {
                simulated.setUp(c.start()); // a real board is set up by the players, guided by the LEDs
            }
            engines.prepare(session.state().black(), Side.BLACK); // a USI engine chosen for the game starts now
            engines.prepare(session.state().white(), Side.WHITE);
        } else if (command instanceof RemoteCommand.Resign c) {
            session.resign(c.side(), now);
        } else if (command instanceof RemoteCommand.Result c) {
            GameResult result = session.declareResult(c.winner(), c.termination(), now);
            reply.ok(JSON.createObjectNode().put("result", result.describe()));
            return;
        } else if (command instanceof RemoteCommand.Clock c) {
            clock(session, c, now);
        } else if (command instanceof RemoteCommand.TakeBack) {
            if (!session.takeBack(now)) {
                throw new IllegalStateException("Nothing to take back. The game has no moves.");
            }
            if (simulated != null) {
                simulated.setUp(session.state().position()); // the simulated hands put the pieces back
            }
        } else if (command instanceof RemoteCommand.Impasse) {
            reply.ok(JSON.createObjectNode().put("result", session.declareImpasse(now).describe()));
            return;
        } else if (command instanceof RemoteCommand.Promote c) {
            if (!session.promote(c.promote(), now)) {
                throw new IllegalStateException("No promotion pending. Nothing to choose.");
            }
        } else if (command instanceof RemoteCommand.Level c) {
            GameState s = session.state();
            Player black = withLevel(s.black(), Side.BLACK, c);
            Player white = withLevel(s.white(), Side.WHITE, c);
            if (black.equals(s.black()) && white.equals(s.white())) {
                throw new IllegalStateException("No engine to set. No side is played by the built-in engine.");
            }
            session.setPlayers(black, white, now);
        } else if (command instanceof RemoteCommand.Players c) {
            GameState s = session.state();
            session.setPlayers(c.black() == null ? s.black() : c.black(), c.white() == null ? s.white() : c.white(), now);
        } else if (command instanceof RemoteCommand.Hint) {
            Position asked = session.state().position();
            engines.hint(asked, 1_000, move -> {
                if (move == null) {
                    reply.error("No hint. The side to move has no legal move.");
                } else {
                    reply.ok(JSON.createObjectNode().put("hint", move).put("japanese", JapaneseNotation.format(asked,
                            Usi.parseLegalMove(asked, move), -1, JapaneseNotation.Marks.TRIANGLES)));
                }
            });
            return;
        } else if (command instanceof RemoteCommand.SimPlay c) {
            Position position = session.state().position();
            simulated.play(position, Usi.parseLegalMove(position, c.usi())); // "Illegal move. ..." for a bad one
        } else if (command instanceof RemoteCommand.SimLift c) {
            simulated.lift(c.square());
        } else if (command instanceof RemoteCommand.SimPlace c) {
            simulated.place(c.square(), c.reading());
        } else if (command instanceof RemoteCommand.SimKomadai c) {
            simulated.komadai(c.side(), c.type(), c.change());
        } else if (command instanceof RemoteCommand.SimPress c) {
            simulated.press(c.button(), c.holdMillis());
        }
        reply.ok(null);
    }

    /** An arbiter's clock command. */
    private static void clock(GameSession session, RemoteCommand.Clock c, long now) {
        switch (c.action()) {
            case START -> {
                if (!session.startClock(now)) {
                    throw new IllegalStateException(session.state().timeControl().unlimited()
                            ? "No clock. This game is played without a time control."
                            : session.isOver() ? "Game over. The clock does not run." : "Clock running. It is already running.");
                }
            }
            case PAUSE -> {
                if (!session.pauseClock(now)) {
                    throw new IllegalStateException("Clock stopped. It is not running.");
                }
            }
            case SET -> session.adjustClock(c.side(), c.millis(), now);
        }
    }

    private static Player withLevel(Player player, Side side, RemoteCommand.Level command) {
        boolean chosen = command.only() == null || command.only() == side;
        return player.kind() == Player.Kind.ENGINE && chosen ? player.withLevel(command.level()) : player;
    }
}
