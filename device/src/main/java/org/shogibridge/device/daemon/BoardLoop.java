package org.shogibridge.device.daemon;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.menu.BoardMenu;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.MonotonicClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread that owns the {@link GameSession} and the {@link BoardMenu}: it takes the board's snapshots from a
 * bounded queue of reused snapshots (no allocation per scan), runs queued tasks (engine answers, commands, button
 * presses), lets time pass, and sends a changed LED frame to the board: the menu's while it shows, else the game's.
 * Nothing else touches the session or the menu; everything else posts a task.
 *
 * <p>A board at rest reads the same 200 times a second, so the loop is passed changes, not scans: every scan that
 * differs from the last one passed is queued, then its repeats only until the debouncer has counted enough of them to
 * take it; later repeats are counted, not queued (time passes by the loop's tick). The queue is thus bounded by
 * changes. Should it still fill, the scan thread waits a moment for room; a change it must drop is read again at the
 * next scan, which differs from the last one passed.
 */
final class BoardLoop implements Runnable, BoardPort.Listener {
    private static final Logger log = LoggerFactory.getLogger(BoardLoop.class);
    private static final int QUEUED_SNAPSHOTS = 64;
    /** How long the scan thread waits for room in a full queue before it drops a scan. */
    private static final long ROOM_WAIT_MILLIS = 20;
    private volatile boolean pressToMove = true;
    private volatile boolean pressRequired;
    private boolean confirming;

    private final MonotonicClock clock;
    private final ArrayBlockingQueue<SensorSnapshot> free = new ArrayBlockingQueue<>(QUEUED_SNAPSHOTS);
    private final ArrayBlockingQueue<SensorSnapshot> full = new ArrayBlockingQueue<>(QUEUED_SNAPSHOTS);
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private GameSession session;
    private BoardMenu menu;
    private BoardPort board;
    private volatile boolean running = true;
    private LedFrame shownFrame;
    private long ledVersion = -1;
    /** Repeats of a scan passed on after it (as many as the debouncer counts before it takes a reading). */
    private final int repeatsPassed;
    /** The last scan passed on, and how many times it was read since (touched only by the scan thread). */
    private final SensorSnapshot lastPassed;
    private boolean anyPassed;
    /**
     * Set by the loop after it ran tasks: the next scan is passed even if it repeats the last (the board back online
     * is read again from its next scan, which may be a repeat that reached the loop before the task did).
     */
    private volatile boolean rescan;
    private int repeats;
    /** Counts kept by the scan thread, read at the end. */
    private volatile long scans;
    private volatile long changesPassed;
    private volatile long droppedSnapshots;
    /** The time of the board's last scan the loop was given (or left out as a repeat): how far the board was read. */
    private volatile long boardReadMillis = Long.MIN_VALUE;
    /** When the board last reported what it was read to show (a firmware board's readings are handed on between reports). */
    private volatile long boardReportedMillis = Long.MIN_VALUE;
    /** Snapshots the loop judged, and the time it spent on them (touched only by the loop thread). */
    private volatile long snapshotsJudged;
    private volatile long judgingNanos;
    private Thread thread;

    /** A loop whose board's readings are taken after {@code debounceScans} equal scans (inference.debounce-scans). */
    BoardLoop(Variant variant, MonotonicClock clock, int debounceScans) {
        this.clock = clock;
        this.repeatsPassed = debounceScans;
        this.lastPassed = new SensorSnapshot(variant);
        for (int i = 0; i < QUEUED_SNAPSHOTS; i++) {
            free.add(new SensorSnapshot(variant));
        }
    }

    void attach(GameSession gameSession, BoardMenu boardMenu, BoardPort boardPort) {
        this.session = gameSession;
        this.menu = boardMenu;
        this.board = boardPort;
        gameSession.boardAcknowledgesLeds(boardPort.acknowledgesLeds()); // before the loop's thread starts
    }

    /** Start the thread; {@code died} is told if it ends by an error it cannot go on from (out of memory). */
    void start(Thread.UncaughtExceptionHandler died) {
        thread = new Thread(this, "board-loop");
        thread.setUncaughtExceptionHandler(died);
        thread.start();
    }

    long now() {
        return clock.millis();
    }

    /** Run a task on the loop thread, in order with the snapshots. */
    void post(Runnable task) {
        tasks.add(task);
    }

    /** Run a computation on the loop thread and return its result. */
    <T> CompletableFuture<T> ask(Supplier<T> question) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        post(() -> {
            try {
                answer.complete(question.get());
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        return answer;
    }

    // ---------------------------------------------------------------- from the board's scan thread

    @Override
    public void snapshot(SensorSnapshot snapshot) {
        scans++;
        if (rescan) {
            rescan = false;
            anyPassed = false; // the loop asked for the board as it is now
        }
        boolean repeat = anyPassed && snapshot.sameReadings(lastPassed);
        if (repeat && repeats >= repeatsPassed) {
            boardReportedMillis = snapshot.reportedMillis();
            boardReadMillis = snapshot.timeMillis();
            return; // the debouncer has taken this reading already: nothing to tell the loop
        }
        SensorSnapshot copy;
        try {
            copy = free.poll(ROOM_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            copy = null;
        }
        if (copy == null) {
            droppedSnapshots++; // the loop is stuck: the next scan differs from the last passed, and is passed
            return;
        }
        copy.copyFrom(snapshot);
        full.add(copy);
        boardReportedMillis = snapshot.reportedMillis();
        boardReadMillis = snapshot.timeMillis(); // after the scan is queued: the loop judges no time before its scan
        repeats = repeat ? repeats + 1 : 0;
        if (!repeat) {
            lastPassed.copyFrom(snapshot);
            anyPassed = true;
            changesPassed++;
        }
    }

    @Override
    public void offline() {
        post(() -> session.boardOffline(now()));
    }

    @Override
    public void readingsLost() {
        post(() -> session.readingsLost());
    }

    @Override
    public void online() {
        post(() -> session.boardOnline(now()));
    }

    /**
     * A clock button: with press-to-move (clock.press-to-move auto or always) the board is judged at once and its move
     * made at the press; otherwise, and with nothing new on the board, it starts a clock that has not run yet.
     */
    @Override
    public void clockPressed(Side side) {
        long at = now();
        log.debug("Clock button of {} pressed.", side);
        post(() -> {
            if (pressToMove) {
                session.clockPressed(side, at);
            } else {
                session.startClock(at);
            }
        });
    }

    /** The board shows an LED frame: a promotion's window counts from when its choice is shown. */
    @Override
    public void ledsShown(LedFrame frame, long version, long atMillis) {
        post(() -> session.ledsShown(frame, version, atMillis));
    }

    /** The menu button went down or came up: the menu times the press on the loop. */
    @Override
    public void menuButton(boolean down) {
        long at = now();
        post(() -> {
            if (down) {
                menu.pressed(at);
            } else {
                menu.released(at);
            }
        });
    }

    /**
     * How a clock press confirms a move (clock.press-to-move): {@code auto} (the default) and {@code always} make the
     * move at the press, {@code never} leaves it to the settle time. In a tournament a person's move is made only at
     * its press, with {@code always} or, with {@code auto}, on a board that has clock buttons.
     */
    void pressToMove(String mode) {
        this.pressToMove = !mode.equals("never");
        this.pressRequired = mode.equals("always");
    }

    // ---------------------------------------------------------------- the loop

    @Override
    public void run() {
        while (running) {
            try {
                SensorSnapshot snapshot = full.poll(5, TimeUnit.MILLISECONDS);
                long boardRead = boardReadMillis; // every scan up to it is queued, so judged below
                long boardReported = boardReportedMillis;
                while (snapshot != null) {
                    long began = System.nanoTime();
                    session.snapshot(snapshot);
                    judgingNanos += System.nanoTime() - began;
                    snapshotsJudged++;
                    free.add(snapshot);
                    snapshot = full.poll();
                }
                Runnable task;
                boolean ran = false;
                while ((task = tasks.poll()) != null) {
                    task.run();
                    ran = true;
                }
                if (ran) {
                    rescan = true;
                }
                long now = now();
                boolean confirm = session.tournament() && pressToMove && (pressRequired || board.hasClockButtons());
                if (confirm != confirming) {
                    confirming = confirm; // a board protocol board tells whether it has clock buttons once it is online
                    session.confirmMovesByPress(confirm);
                }
                session.tick(now, boardRead, boardReported);
                menu.tick(now);
                LedFrame leds = menu.showing() ? menu.leds() : session.leds();
                if (leds != shownFrame || leds.version() != ledVersion) {
                    shownFrame = leds;
                    ledVersion = leds.version();
                    board.showLeds(leds);
                }
            } catch (InterruptedException e) {
                running = false;
            } catch (RuntimeException e) {
                log.error("Board loop: {} (the loop goes on).", e.toString(), e);
            }
        }
    }

    void stop() {
        running = false;
        if (thread != null) {
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (droppedSnapshots > 0) {
            log.warn("{} snapshots were dropped because the board loop fell behind.", droppedSnapshots);
        }
        log.debug("Board loop: {}.", counts());
    }

    /** Return the time of the board's last scan: the inference's timers run no further. */
    long boardReadMillis() {
        return boardReadMillis;
    }

    /** Return when the board last reported what it was read to show: the promotion window counts no further. */
    long boardReportedMillis() {
        return boardReportedMillis;
    }

    /** Return how many snapshots wait for the loop. */
    int waitingSnapshots() {
        return full.size();
    }

    /** Return what the loop was given and what judging it cost (read from any thread, for bench-daemon). */
    BoardLoopCounts counts() {
        return new BoardLoopCounts(scans, snapshotsJudged, changesPassed, droppedSnapshots, judgingNanos);
    }
}
