package org.shogibridge.device.daemon;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.device.online.OnlinePlay;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.BoardStatus;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.tsume.TsumeProblem;
import org.shogibridge.core.tsume.TsumeSet;
import org.shogibridge.device.journal.TsumeProgress;
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
    /** How long a hint is searched, at full strength. */
    private static final long HINT_MILLIS = 1_000;

    private final BoardLoop loop;
    private final Supplier<GameSession> session;
    /** The board when it is simulated (its hands carry out cmd/sim and set up new games), else null. */
    private final SimulatedBoard simulated;
    private final EngineWorker engines;
    /** Turns the engine's published analysis on or off (a new game's set-up may say). */
    private final Consumer<Boolean> analysis;
    /** The board's progress through the built-in tsume: which one comes next. */
    private final TsumeProgress tsumeProgress;
    private volatile OnlinePlay online;
    /** The answers waiting for a hint being searched, by the position's SFEN (touched only on the loop). */
    private final Map<String, List<RemoteCommands.Reply>> hintsWaiting = new HashMap<>();

    CommandRunner(BoardLoop loop, Supplier<GameSession> session, SimulatedBoard simulated, EngineWorker engines,
            Consumer<Boolean> analysis, TsumeProgress tsumeProgress) {
        this.tsumeProgress = tsumeProgress;
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
                reply.refuse(e);
            } catch (RuntimeException e) {
                log.error("Command {} failed: {}", command, e.toString(), e);
                reply.error("Command failed. " + e.getClass().getSimpleName() + ".");
            }
        });
    }

    /** Online play, once it has signed in; commands of an online game go to the site. */
    void online(OnlinePlay play) {
        this.online = play;
    }

    private void carryOut(RemoteCommand command, RemoteCommands.Reply reply) {
        GameSession session = this.session.get();
        long now = loop.now();
        if (askedOnline(command, session, reply)) {
            return;
        }
        BoardStatus status = session.state().status();
        if (status.kind() == BoardStatus.Kind.HALTED && !(command instanceof RemoteCommand.Hint)) {
            // Nothing could be kept on disk: a command answered ok here would change a game that is not recorded.
            throw new IllegalStateException(status.detail());
        }
        if (command instanceof RemoteCommand.NewGame c) {
            session.newGame(c.start(), c.setup(), now);
            if (c.analysis() != null) {
                analysis.accept(c.analysis());
            }
            engines.prepare(session.state().black(), Side.BLACK); // a USI engine chosen for the game starts now
            engines.prepare(session.state().white(), Side.WHITE);
            if (simulated != null) {
                answerWhenDone(simulated.setUp(c.start()), reply); // a real board is set up by the players, guided by the LEDs
                return;
            }
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
                answerWhenDone(simulated.setUp(session.state().position()), reply); // the simulated hands put the pieces back
                return;
            }
        } else if (command instanceof RemoteCommand.Impasse) {
            reply.ok(JSON.createObjectNode().put("result", session.declareImpasse(now).describe()));
            return;
        } else if (command instanceof RemoteCommand.Promote c) {
            if (!session.promote(c.promote(), now)) {
                throw new IllegalStateException("No promotion pending. Nothing to choose.");
            }
        } else if (command instanceof RemoteCommand.Tutor c) {
            session.tutor(c.on());
        } else if (command instanceof RemoteCommand.Tsume c) {
            if (session.state().variant() != Variant.STANDARD) {
                throw new IllegalStateException("No tsume. The built-in tsume are for standard shogi, not "
                        + session.state().variant().id() + ".");
            }
            TsumeProblem problem = c.problem() != null ? TsumeSet.builtIn().byId(c.problem()).orElseThrow()
                    : tsumeProgress.next().orElseThrow(() -> new IllegalStateException("No tsume. The built-in set is empty."));
            session.newTsume(problem, now); // set up by the player following the LEDs, the simulated hands too
            reply.ok(JSON.createObjectNode().put("tsume", problem.id()).put("plies", problem.plies()));
            return;
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
            hint(session.state().position(), reply);
            return;
        } else if (command instanceof RemoteCommand.SimPlay c) {
            Position position = session.state().position();
            // "Illegal move. ..." for a bad one; the hands refuse it if the board has changed by their turn
            answerWhenDone(simulated.play(position, Usi.parseLegalMove(position, c.usi())), reply);
            return;
        } else if (command instanceof RemoteCommand.SimLift c) {
            answerWhenDone(simulated.lift(c.square()), reply);
            return;
        } else if (command instanceof RemoteCommand.SimPlace c) {
            answerWhenDone(simulated.place(c.square(), c.reading()), reply);
            return;
        } else if (command instanceof RemoteCommand.SimKomadai c) {
            answerWhenDone(simulated.komadai(c.side(), c.type(), c.change()), reply);
            return;
        } else if (command instanceof RemoteCommand.SimSetUp) {
            Position position = session.state().position();
            boolean tsumeSetUp = session.state().tsume() != null && session.state().tsume().settingUp();
            // a tsume is set up as a person would: every piece off, then the problem (the set-up sees each change)
            answerWhenDone(tsumeSetUp ? simulated.setUp(new Position(position.variant())).thenCompose(x -> simulated.setUp(position))
                    : simulated.setUp(position), reply);
            return;
        } else if (command instanceof RemoteCommand.SimPress c) {
            answerWhenDone(simulated.press(c.button(), c.holdMillis()), reply);
            return;
        }
        reply.ok(null);
    }

    /**
     * Search a hint for the position. Asked again for the same position while it is searched, the later question
     * waits for the same answer rather than queue another search behind it.
     */
    private void hint(Position asked, RemoteCommands.Reply reply) {
        String key = asked.toSfen();
        List<RemoteCommands.Reply> waiting = hintsWaiting.get(key);
        if (waiting != null) {
            waiting.add(reply);
            return;
        }
        waiting = new ArrayList<>(List.of(reply));
        hintsWaiting.put(key, waiting);
        engines.hint(asked, HINT_MILLIS, move -> loop.post(() -> {
            for (RemoteCommands.Reply r : hintsWaiting.remove(key)) {
                if (move == null) {
                    r.error("No hint. The side to move has no legal move.");
                } else {
                    r.ok(JSON.createObjectNode().put("hint", move).put("japanese", JapaneseNotation.format(asked,
                            Usi.parseLegalMove(asked, move), -1, JapaneseNotation.Marks.TRIANGLES)));
                }
            }
        }));
    }

    /**
     * Send a command to the online site when it is the site's to decide: a seek, an abort, and in an online game a
     * resignation, a takeback offer or a draw (impasse) offer; the site's answer changes the game through its stream.
     * Return false when the command is the board's own.
     */
    private boolean askedOnline(RemoteCommand command, GameSession session, RemoteCommands.Reply reply) {
        boolean onlineGame = !session.isOver() && (session.state().black().kind() == Player.Kind.ONLINE
                || session.state().white().kind() == Player.Kind.ONLINE);
        String asked = command instanceof RemoteCommand.Seek ? "seek" : command instanceof RemoteCommand.Abort ? "abort"
                : !onlineGame ? null : command instanceof RemoteCommand.Resign ? "resign"
                : command instanceof RemoteCommand.TakeBack ? "takeback/yes" : command instanceof RemoteCommand.Impasse ? "draw/yes" : null;
        if (asked == null) {
            return false;
        }
        if (online == null) {
            throw new IllegalStateException("Not online. This board plays online only with online.service set (docs/online.md).");
        }
        online.ask(asked).whenComplete((answer, failed) -> loop.post(() -> {
            if (failed != null) {
                reply.error("Online. lishogi could not be reached (" + failed.getMessage() + ").");
            } else if (answer == null) {
                reply.error("No online game. There is no game on lishogi to " + asked.replace("/yes", "") + ".");
            } else if (answer.ok()) {
                reply.ok(null);
            } else {
                reply.error("Online refused. lishogi says " + answer.error() + ".");
            }
        }));
        return true;
    }

    /**
     * Answer once the simulated hands have done what was asked (a command is acknowledged only when it is done), or
     * with their reason when they could not; on the loop, after what the board read meanwhile.
     */
    private void answerWhenDone(CompletableFuture<Void> hands, RemoteCommands.Reply reply) {
        hands.whenComplete((done, refused) -> loop.post(() -> {
            if (refused == null) {
                reply.ok(null);
            } else {
                Throwable why = refused instanceof CompletionException && refused.getCause() != null ? refused.getCause() : refused;
                reply.refuse(why);
            }
        }));
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
