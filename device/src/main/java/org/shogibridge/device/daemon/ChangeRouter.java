package org.shogibridge.device.daemon;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.core.menu.BoardMenu;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.device.journal.TsumeProgress;
import org.shogibridge.device.online.OnlinePlay;
import org.shogibridge.device.voice.ClockCaller;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where each change the session makes goes, on the board loop, in order: a computer to move is asked; any other
 * change is journaled and published first (the {@link Outlet}), then told to those that follow the game: the online
 * game, the clock's calls, the menu's level, the simulated hands, the analysis and the demo. The parts a daemon runs
 * without are null.
 */
final class ChangeRouter {
    private static final Logger log = LoggerFactory.getLogger(ChangeRouter.class);

    private final BoardLoop loop;
    private final Supplier<GameSession> session;
    private final EngineWorker engines;
    private final Outlet outlet;
    private final Consumer<SessionEvent> observer;
    private OnlinePlay online;
    private Runnable remoteTurn = () -> { };
    private OnlineTable onlineTable;
    private ClockCaller clockCaller;
    private BoardMenu menu;
    private HandsFollowLeds hands;
    private GameAnalysis analysis;
    private BooleanSupplier analysisOn = () -> false;
    private Runnable nextDemoGame;
    private TsumeProgress tsumeProgress;

    /** {@code observer} sees every change first, before it is journaled ({@link DaemonProbe}). */
    ChangeRouter(BoardLoop loop, Supplier<GameSession> session, EngineWorker engines, Outlet outlet,
            Consumer<SessionEvent> observer) {
        this.loop = loop;
        this.observer = observer;
        this.session = session;
        this.engines = engines;
        this.outlet = outlet;
    }

    void online(OnlinePlay play, OnlineTable table) {
        this.online = play;
        this.onlineTable = table;
    }

    void clockCaller(ClockCaller caller) {
        this.clockCaller = caller;
    }

    void menu(BoardMenu boardMenu) {
        this.menu = boardMenu;
    }

    /** Board against board, on the host: told when the other board's person is to move (its proposal may be here). */
    void remoteTurn(Runnable guestToMove) {
        this.remoteTurn = guestToMove;
    }

    void hands(HandsFollowLeds follower) {
        this.hands = follower;
    }

    void analysis(GameAnalysis gameAnalysis, BooleanSupplier on) {
        this.analysis = gameAnalysis;
        this.analysisOn = on;
    }

    /** The board's progress through the built-in tsume, told of each one ended. */
    void tsume(TsumeProgress progress) {
        this.tsumeProgress = progress;
    }

    /** The demo: after each game, this sets up the next. */
    void demo(Runnable nextGame) {
        this.nextDemoGame = nextGame;
    }

    void changed(SessionEvent event) {
        observer.accept(event);
        if (event instanceof SessionEvent.EngineTurn turn) {
            ask(turn);
            return;
        }
        if (event instanceof SessionEvent.GameEnded ended && onlineTable != null) {
            onlineTable.addHeaders(ended.record());
        }
        outlet.change(event);
        if (online != null && (event instanceof SessionEvent.MovePlayed || event instanceof SessionEvent.MoveUndone)) {
            online.boardChanged(); // a move of the player's may be sent
        }
        GameState state = event.stateOrNull();
        if (clockCaller != null) {
            clockCaller.changed(state);
        }
        int engineLevel = Math.max(state.black().level(), state.white().level());
        if (engineLevel > 0 && menu != null) {
            menu.level(engineLevel); // a level set by a page or the gesture is where the menu's levels start
        }
        if (menu != null) {
            menu.tutorOn(state.tutor()); // turned on or off by a page: the menu's switch goes on from there
        }
        if (hands != null) {
            hands.changed(state);
        }
        if (event instanceof SessionEvent.MovePlayed && analysis != null && analysisOn.getAsBoolean() && state.result() == null) {
            analysis.analyse(state);
        }
        if (event instanceof SessionEvent.GameEnded && tsumeProgress != null && state.tsume() != null
                && !"unfinished".equals(state.result().reason())) {
            tsumeProgress.ended(state.tsume().id(), state.result().winner() == Side.BLACK);
        }
        if (event instanceof SessionEvent.GameEnded && nextDemoGame != null) {
            nextDemoGame.run();
        }
    }

    private void ask(SessionEvent.EngineTurn turn) {
        if (turn.player().kind() == Player.Kind.ONLINE) {
            return; // the opponent's move comes from the site (OnlinePlay)
        }
        if (turn.player().kind() == Player.Kind.BOARD) {
            remoteTurn.run(); // the other board's move comes as its proposal (board against board)
            return;
        }
        engines.ask(turn, advice -> loop.post(() -> session.get().tutorWarns(turn, advice.mark().japanese(),
                advice.mark().english(), advice.betterMove(), loop.now())), answer -> loop.post(() -> {
            if (!session.get().engineMoved(turn, answer, loop.now())) {
                log.warn("The engine's answer {} for move {} was refused (stale or illegal).", answer, turn.ply() + 1);
            }
        }));
    }
}
