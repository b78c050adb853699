package org.shogibridge.device.board;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.simulation.HumanSimulator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A board without hardware: simulated hands ({@link HumanSimulator}) on simulated sensors with noise, scanned every
 * 5 ms in real time on its own thread. Hands act on request ({@link #play}, {@link #lift}, ...), and, when told to
 * follow the LEDs, carry out the computer's moves the daemon shows.
 */
public final class SimulatedBoard implements BoardPort {
    private static final Logger log = LoggerFactory.getLogger(SimulatedBoard.class);
    public static final int SCAN_MILLIS = 5;
    /** A hand goes from the piece it put down to the clock: the board has read the piece by the press. */
    private static final long HAND_TO_CLOCK_MILLIS = 50;

    private final Variant variant;
    private final InferenceSettings settings;
    private final double noise;
    private final long seed;
    private final MonotonicClock clock;
    private final LinkedBlockingQueue<Consumer<HumanSimulator>> actions = new LinkedBlockingQueue<>();
    /** The hands, once the scan thread made them (read for the summary only). */
    private volatile HumanSimulator hands;
    private final LedFrame leds;
    private volatile boolean running;
    private Thread thread;
    private Listener listener;
    private long simulatedOrigin;
    private volatile Position initial;

    public SimulatedBoard(Variant variant, InferenceSettings settings, double noise, long seed, MonotonicClock clock) {
        this.variant = variant;
        this.settings = settings;
        this.noise = noise;
        this.seed = seed;
        this.clock = clock;
        this.leds = new LedFrame(variant.squares());
        this.initial = Position.start(variant);
    }

    /** Set the position the board shows when it starts (before {@link #start}): a resumed game's, a handicap. */
    public void setInitial(Position position) {
        this.initial = position.copy();
    }

    @Override
    public void start(Listener boardListener) {
        this.listener = boardListener;
        running = true;
        thread = new Thread(this::run, "simulated-board");
        thread.setDaemon(true);
        thread.start();
    }

    /** Set up a position on the board by hand (all pieces at once), e.g. the start of a new game. */
    public CompletableFuture<Void> setUp(Position position) {
        return act(hands -> hands.setUp(position));
    }

    /**
     * Play a legal move of {@code before} by hand, through the sensors, with the configured noise. The hands refuse it
     * (the future fails with "Board changed.") when, by their turn, the board no longer shows {@code before}: a move
     * asked of one position is never made on another.
     */
    public CompletableFuture<Void> play(Position before, int move) {
        Position asked = before.copy();
        return act(hands -> {
            if (!hands.shows(asked)) {
                throw new IllegalStateException("Board changed. The board no longer shows the position this move was asked for.");
            }
            hands.play(asked, move);
        });
    }

    public CompletableFuture<Void> lift(int square) {
        return act(hands -> hands.liftPiece(square));
    }

    public CompletableFuture<Void> place(int square, byte reading) {
        return act(hands -> hands.placePiece(square, reading));
    }

    /** Put a piece on a square and let go at once: the future completes as it is put down. */
    public CompletableFuture<Void> putDown(int square, byte reading) {
        return act(hands -> hands.placePiece(square, reading, 0));
    }

    /** Take a piece of a type from a side's komadai (-1) or put one there (+1). */
    public CompletableFuture<Void> komadai(Side side, int type, int delta) {
        return act(hands -> hands.changeKomadaiCount(side, type, delta));
    }

    /** Return a future completed once the hands have done everything asked of them before. */
    public CompletableFuture<Void> done() {
        return act(hands -> { });
    }

    /**
     * Ask the hands to do something, in turn after what was asked before; the future completes when it is done, or
     * fails with the reason they could not do it (a piece they do not have), and the board goes on either way.
     */
    private CompletableFuture<Void> act(Consumer<HumanSimulator> action) {
        CompletableFuture<Void> finished = new CompletableFuture<>();
        actions.add(hands -> {
            try {
                action.accept(hands);
                finished.complete(null);
            } catch (IllegalArgumentException | IllegalStateException e) {
                log.debug("Simulated hands: {} (the board goes on).", e.getMessage());
                finished.completeExceptionally(e);
            }
        });
        return finished;
    }

    /**
     * Press a button, in turn after what the hands did before: a clock button is a press; the menu button is held
     * down for {@code holdMillis} while the board goes on being scanned (a long press chooses).
     */
    public CompletableFuture<Void> press(BoardButton button, long holdMillis) {
        return act(hands -> {
            if (button == BoardButton.MENU) {
                keepToClock = true;
                listener.menuButton(true);
                hands.idle(holdMillis);
                listener.menuButton(false);
                hands.idle(HAND_TO_CLOCK_MILLIS); // a finger lifts before it presses again
            } else {
                hands.idle(HAND_TO_CLOCK_MILLIS);
                listener.clockPressed(button.side());
            }
        });
    }

    /** The simulated hands press clock buttons ({@code cmd/sim press}). */
    @Override
    public boolean hasClockButtons() {
        return true;
    }

    @Override
    public void showLeds(LedFrame frame) {
        // A real board drives its LEDs here; the simulated hands read the inference's frame directly.
    }

    @Override
    public void close() {
        running = false;
        BoardPort.stopThread(thread, 2_000);
    }

    /** How the hands' promotion gestures went (for the emulator's summary), or empty before they began. */
    public String promotionGestures() {
        HumanSimulator h = hands;
        return h == null ? "" : h.promotionGestures();
    }

    /** The scan thread: the hands act, and every simulated scan is delivered in real time. */
    private void run() {
        simulatedOrigin = clock.millis();
        HumanSimulator hands = new HumanSimulator(variant, settings, noise, seed, SCAN_MILLIS, this::deliver);
        hands.watch(leds);
        this.hands = hands;
        try {
            hands.setUp(initial);
            while (running) {
                Consumer<HumanSimulator> action = actions.poll(SCAN_MILLIS, TimeUnit.MILLISECONDS);
                if (action != null) {
                    action.accept(hands);
                } else {
                    hands.idle(SCAN_MILLIS);
                }
            }
        } catch (InterruptedException | Stopped e) {
            // closing
        } catch (RuntimeException e) {
            log.error("The simulated board stopped: {}", e.toString(), e);
        }
    }

    /** Watch this frame as the hands' eyes: the daemon's LEDs (the inference's frame). */
    public void watch(LedFrame frame) {
        actions.add(hands -> hands.watch(frame));
    }

    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    /** Set by a press of the menu button: the hands' next scan keeps to the clock, however far behind they ran. */
    private boolean keepToClock;

    private void deliver(SensorSnapshot snapshot) {
        if (!running) {
            throw new Stopped();
        }
        long due = simulatedOrigin + snapshot.timeMillis();
        long now = clock.millis();
        if (due > now) {
            LockSupport.parkNanos((due - now) * 1_000_000);
        } else if (keepToClock || now - due > 1000) {
            // The machine stalled: do not replay a second of scans at once. And a button held down is held in real
            // time: scans that ran behind were delivered at once, and a 100 ms press on a wired board's pin came and
            // went between two of its scans beside a busy CPU (issue 97).
            simulatedOrigin += now - due;
        }
        keepToClock = false;
        snapshot.timeMillis(simulatedOrigin + snapshot.timeMillis());
        long simulated = snapshot.timeMillis() - simulatedOrigin;
        listener.snapshot(snapshot);
        snapshot.timeMillis(simulated);
    }
}
