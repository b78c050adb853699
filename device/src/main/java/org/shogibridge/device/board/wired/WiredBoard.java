package org.shogibridge.device.board.wired;

import java.util.concurrent.locks.LockSupport;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Side;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.ReadingsTap;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.protocol.Readings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A board wired straight to the Pi: its own thread scans the sensors at a fixed rate (100-200 Hz), turns the inputs
 * into the protocol's readings ({@link SensorMap}) and those into the core's snapshot ({@link BoardGeometry}, as for a
 * microcontroller board), polls the buttons, and refreshes the LEDs. A bus that fails makes the board offline until a
 * read succeeds again. Nothing is allocated per scan by this class.
 */
public final class WiredBoard implements ReadingsTap.Tappable {
    private static final Logger log = LoggerFactory.getLogger(WiredBoard.class);

    private final BoardGeometry geometry;
    private final SensorMap map;
    private final SensorBus sensors;
    private final LedChain leds;
    private final Buttons buttons;
    private final int scanHz;
    private final MonotonicClock clock;
    private final AutoCloseable hardware;
    private final boolean[] active;
    private final Readings readings;
    private final SensorSnapshot snapshot;
    private final ScanStats stats = new ScanStats();
    /** The frame the daemon last asked for, and the scan thread's copy of it. */
    private final LedFrame requested;
    private final LedFrame shown;
    private boolean frameChanged;
    private volatile ReadingsTap tap;
    private volatile boolean running;
    private Thread thread;
    private Listener listener;
    private boolean offline;
    private long failures;

    /**
     * @param leds     the LED chain, or null for a board without LEDs
     * @param buttons  the buttons, or null
     * @param hardware closed last, after the buses (the Pi4J context)
     */
    public WiredBoard(BoardGeometry geometry, SensorMap map, SensorBus sensors, LedChain leds, Buttons buttons, int scanHz,
            MonotonicClock clock, AutoCloseable hardware) {
        if (map.inputs() > sensors.inputs()) {
            throw new IllegalArgumentException("Bad wired board. The board needs " + map.inputs() + " sensor inputs; "
                    + sensors.describe() + " has " + sensors.inputs() + ".");
        }
        this.geometry = geometry;
        this.map = map;
        this.sensors = sensors;
        this.leds = leds;
        this.buttons = buttons;
        this.scanHz = scanHz;
        this.clock = clock;
        this.hardware = hardware;
        this.active = new boolean[sensors.inputs()];
        this.readings = geometry.newReadings();
        this.snapshot = new SensorSnapshot(geometry.variant());
        this.requested = new LedFrame(geometry.variant().squares());
        this.shown = new LedFrame(geometry.variant().squares());
    }

    @Override
    public void tap(ReadingsTap readingsTap) {
        this.tap = readingsTap;
    }

    /** Take the listener without starting the scan thread: the board then scans only when {@link #scanOnce} is called. */
    public void attach(Listener boardListener) {
        this.listener = boardListener;
    }

    @Override
    public void start(Listener boardListener) {
        this.listener = boardListener;
        running = true;
        log.info("Wired board: {}, {} Hz{}{}.", sensors.describe(), scanHz, leds == null ? "" : ", " + leds.leds() + " LEDs",
                buttons == null ? "" : ", buttons");
        thread = new Thread(this::run, "wired-board-scan");
        thread.setDaemon(true);
        thread.setPriority(Thread.MAX_PRIORITY);
        thread.start();
    }

    private void run() {
        long period = 1_000_000_000L / scanHz;
        long next = System.nanoTime();
        while (running) {
            long start = System.nanoTime();
            stats.scanStarted(start, next);
            scanOnce(clock.millis());
            stats.scanEnded(System.nanoTime() - start);
            next += period;
            long wait = next - System.nanoTime();
            if (wait < -period) {
                next = System.nanoTime(); // fell far behind (a GC, a suspended Pi): start afresh rather than catch up
            } else if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
        }
    }

    /**
     * One scan at {@code millis} on the daemon's clock: sensors, buttons, LEDs. The scan thread calls it; a test calls
     * it directly to step the board in virtual time.
     */
    public void scanOnce(long millis) {
        try {
            sensors.read(active, millis);
        } catch (RuntimeException e) {
            failures++;
            if (!offline) {
                offline = true;
                log.warn("Wired board offline. {}", e.getMessage());
                listener.offline();
            }
            return;
        }
        if (offline) {
            offline = false;
            log.info("Wired board online again after {} failed scans.", failures);
            listener.online();
        }
        map.read(active, readings);
        ReadingsTap t = tap;
        if (t != null) {
            t.readings(geometry, readings, millis);
        }
        geometry.toSnapshot(readings, snapshot);
        snapshot.timeMillis(millis);
        listener.snapshot(snapshot);
        if (buttons != null) {
            int pressed = buttons.poll(millis);
            if ((pressed & 1 << Buttons.BLACK_CLOCK) != 0) {
                listener.clockPressed(Side.BLACK);
            }
            if ((pressed & 1 << Buttons.WHITE_CLOCK) != 0) {
                listener.clockPressed(Side.WHITE);
            }
            if ((pressed & 1 << Buttons.MENU) != 0) {
                listener.menuButton(true);
            }
            if ((buttons.released() & 1 << Buttons.MENU) != 0) {
                listener.menuButton(false);
            }
        }
        refreshLeds(millis);
    }

    private void refreshLeds(long millis) {
        if (leds == null) {
            return;
        }
        synchronized (requested) {
            if (frameChanged) {
                shown.copyFrom(requested);
                frameChanged = false;
            }
        }
        try {
            // Rendered every scan (blinks follow the clock); LedChain writes only changed bytes. Rendering and
            // encoding 83 LEDs is lost in bench-scan's 0.020 ms a scan: skipping it on unchanged scans measured no gain.
            leds.show(shown, millis);
        } catch (RuntimeException e) {
            failures++;
            log.debug("LED write failed: {}", e.getMessage());
        }
    }

    @Override
    public boolean hasClockButtons() {
        return buttons != null && buttons.hasClocks();
    }

    @Override
    public void showLeds(LedFrame frame) {
        synchronized (requested) {
            requested.copyFrom(frame);
            frameChanged = true;
        }
    }

    /** Return the scan thread's id (for its CPU time), or -1 before {@link #start}. */
    public long scanThreadId() {
        return thread == null ? -1 : thread.getId();
    }

    /** Return the scan thread's timing so far. */
    public ScanStats stats() {
        return stats;
    }

    public long failures() {
        return failures;
    }

    public LedChain leds() {
        return leds;
    }

    @Override
    public void close() {
        running = false;
        BoardPort.stopThread(thread, 1000);
        if (leds != null) {
            try {
                leds.close();
            } catch (RuntimeException e) {
                log.debug("LEDs not cleared: {}", e.getMessage());
            }
        }
        sensors.close();
        if (hardware != null) {
            try {
                hardware.close();
            } catch (Exception e) {
                log.debug("Closing the hardware: {}", e.getMessage());
            }
        }
    }
}
