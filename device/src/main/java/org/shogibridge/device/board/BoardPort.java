package org.shogibridge.device.board;

import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Side;

/**
 * A physical (or simulated) board, as the daemon sees it: snapshots in, LED frames out, and the clock buttons. The
 * port scans on its own thread (100-200 Hz for hardware) and hands every snapshot to the listener, which must copy
 * what it keeps: the port reuses its snapshot.
 */
public interface BoardPort extends AutoCloseable {

    /** What the board reports, called on the port's scan thread. */
    interface Listener {
        /** One scan; the snapshot's time is on the daemon's monotonic clock. */
        void snapshot(SensorSnapshot snapshot);

        /** The board stopped reporting (cable pulled, firmware reset); nothing to do for a listener that only feeds on. */
        default void offline() {
        }

        /** The board reports again. */
        default void online() {
        }

        /**
         * Readings were lost between the last snapshot and the next (a gap in a board protocol board's frame numbers):
         * what happened in that moment was never seen. Told before the snapshot after the gap.
         */
        default void readingsLost() {
        }

        /** A side's clock button was pressed. */
        void clockPressed(Side side);

        /**
         * The menu button went down or came up (a wired board's third button; the protocol's BUTTON_MENU): both are
         * reported, since how long it is held matters (a long press chooses).
         */
        default void menuButton(boolean down) {
        }

        /**
         * The board shows {@code frame} as it was at {@code version} since {@code atMillis} (a board that
         * {@link #acknowledgesLeds acknowledges} its LED frames).
         */
        default void ledsShown(LedFrame frame, long version, long atMillis) {
        }
    }

    /**
     * Whether the board says when it shows an LED frame ({@link Listener#ledsShown}): a board protocol board
     * acknowledges each. Other boards show a frame as it is given.
     */
    default boolean acknowledgesLeds() {
        return false;
    }

    /** Whether the board has clock buttons (a board protocol board says so in its HELLO; it may change on reconnecting). */
    default boolean hasClockButtons() {
        return false;
    }

    /** Start scanning. */
    void start(Listener listener);

    /** Show a frame on the LEDs (called when the frame changed). */
    void showLeds(LedFrame frame);

    /** Stop scanning and release the hardware. */
    @Override
    void close();

    /** Interrupt a port's thread and wait for it to end, at most {@code millis} (for {@link #close}). */
    static void stopThread(Thread thread, long millis) {
        if (thread == null) {
            return;
        }
        thread.interrupt();
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
