package org.shogibridge.device.daemon;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.device.board.SimulatedBoard;

/**
 * A running daemon as the lab's {@code bench-daemon} and the tests drive and watch it from the same process: the
 * simulated hands, a clock press, every change as the session makes it, the board loop's counts. A board owner's
 * daemon never uses it.
 */
public final class DaemonProbe {
    private final Supplier<BoardLoop> loop;
    private final Supplier<GameSession> session;
    private final Supplier<SimulatedBoard> simulated;
    private final Supplier<String[]> boardAccount;
    private final Supplier<EngineWorker> engines;
    private volatile Consumer<SessionEvent> observer = event -> { };

    /** The daemon's parts, as it starts them. */
    DaemonProbe(Supplier<BoardLoop> loop, Supplier<GameSession> session, Supplier<SimulatedBoard> simulated,
            Supplier<String[]> boardAccount, Supplier<EngineWorker> engines) {
        this.engines = engines;
        this.loop = loop;
        this.session = session;
        this.simulated = simulated;
        this.boardAccount = boardAccount;
    }

    /** A change as the session made it, on the board loop, before it is journaled. */
    void changed(SessionEvent event) {
        observer.accept(event);
    }

    /**
     * Watch every change as the session makes it, on the board loop, before it is journaled (for {@code bench-daemon},
     * which times a change from here to a subscriber). The observer must return at once.
     */
    public void observe(Consumer<SessionEvent> changes) {
        this.observer = changes;
    }

    /**
     * Have the simulated hands play a move of the current position (what {@code cmd/sim} play does); the future
     * completes once the hands are done.
     */
    public CompletableFuture<Void> simulatePlay(String usi) {
        return loop.get().ask(() -> {
            Position position = session.get().state().position();
            return simulated.get().play(position, Usi.parseLegalMove(position, usi));
        }).thenCompose(done -> done);
    }

    /**
     * Have the simulated hands make a quiet move of the current position piece by piece (lift, put down) without
     * waiting for it to be judged, as a player who then presses the clock ({@code bench-daemon --press}); the future
     * completes as the piece is put down.
     */
    public CompletableFuture<Void> simulateByHand(String usi) {
        return loop.get().ask(() -> {
            Position position = session.get().state().position();
            int move = Usi.parseLegalMove(position, usi);
            if (Move.isDrop(move) || Move.captured(move) != 0) {
                throw new IllegalArgumentException("Not a quiet move. " + usi + " drops or captures.");
            }
            simulated.get().lift(Move.from(move));
            return simulated.get().putDown(Move.to(move), SensorSnapshot.OCCUPIED);
        }).thenCompose(done -> done);
    }

    /**
     * Wait until the board has been read for {@code millis} past now (its scans delivered to the board loop): a player
     * who put a piece down presses the clock once the sensors have it, however busy the machine ({@code bench-daemon
     * --press}). Return false if that did not happen within {@code timeoutMillis}.
     */
    public boolean awaitBoardRead(long millis, long timeoutMillis) throws InterruptedException {
        BoardLoop l = loop.get();
        long until = l.now() + millis;
        long giveUp = System.nanoTime() + timeoutMillis * 1_000_000;
        while (l.boardReadMillis() < until) {
            if (System.nanoTime() > giveUp) {
                return false;
            }
            Thread.sleep(2);
        }
        return true;
    }

    /** A side's clock button pressed now, as a board reports it from its scan thread ({@code bench-daemon --press}). */
    public void pressClock(Side side) {
        loop.get().clockPressed(side);
    }

    /**
     * Return the daemon's own account on its embedded broker (user, password), or null with an external broker: for
     * a tool in this process that must publish as the board does ({@code bench-daemon}'s broker baseline). It is
     * never printed.
     */
    public String[] boardAccount() {
        String[] account = boardAccount.get();
        return account == null ? null : account.clone();
    }

    /** Return what the board loop was given and what judging it cost so far ({@code bench-daemon}). */
    public BoardLoopCounts boardLoopCounts() {
        return loop.get().counts();
    }

    /** Return how many hint searches the engine worker has begun (hints asked together share one). */
    public int hintsSearched() {
        return engines.get().hintsSearched();
    }

    /**
     * Wait until no computer's move is being thought of (its answer, if any, posted to the board loop); return false
     * if that did not happen within {@code timeoutMillis} (tests: a reply that must never show).
     */
    public boolean awaitEngineIdle(long timeoutMillis) throws InterruptedException {
        long giveUp = System.nanoTime() + timeoutMillis * 1_000_000;
        while (engines.get().thinkingForAGame()) {
            if (System.nanoTime() > giveUp) {
                return false;
            }
            Thread.sleep(2);
        }
        return true;
    }

    /**
     * Return the game's state once the board loop has let time pass after this call (a tick follows every round of
     * tasks): what it judged of the board as far as it was read (tests, after {@link #awaitBoardRead}).
     */
    public org.shogibridge.core.session.GameState stateAfterATick() throws Exception {
        loop.get().ask(() -> null).get(30, TimeUnit.SECONDS);
        return loop.get().ask(() -> session.get().state()).get(30, TimeUnit.SECONDS);
    }

    /** Return how many moves the game in progress has (asked of the board loop). */
    public int moveCount() throws Exception {
        return loop.get().ask(() -> session.get().state().plies()).get(5, TimeUnit.SECONDS);
    }

    /** Run a task on the board loop (tests: what a failing task does to the daemon). */
    void onBoardLoop(Runnable task) {
        loop.get().post(task);
    }
}
