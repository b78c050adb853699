package org.shogibridge.device.board.wired;

/**
 * The sensor inputs of a board wired to the Pi, read all at once: a shift-register chain, a diode matrix or I/O
 * expanders. Called on the scan thread only, 100-200 times a second, so an implementation keeps its buffers and
 * allocates nothing of its own.
 */
public interface SensorBus extends AutoCloseable {

    /** Return how many inputs the bus reads. */
    int inputs();

    /**
     * Read every input at {@code millis} on the daemon's clock: {@code active[i]} is true when input i senses a magnet. A failed bus transfer (a cable pulled,
     * a chip not answering) throws Pi4J's {@code com.pi4j.io.exception.IOException} or another runtime exception;
     * the board reports itself offline and tries again on the next scan.
     */
    void read(boolean[] active, long millis);

    /** A short description for the log: the chips, the pins. */
    String describe();

    @Override
    default void close() {
    }
}
