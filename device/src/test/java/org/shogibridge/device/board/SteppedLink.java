package org.shogibridge.device.board;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import org.shogibridge.firmware.emulator.EmulatedFirmware;

/**
 * A link to an emulated firmware in this process that the test moves one step at a time: each read of the board's
 * link thread takes one step the test gives, so when {@link #step()} returns, the step before it has been handled
 * whole. With a clock the test moves, what the link thread does at each moment is decided by the test alone.
 */
final class SteppedLink implements BoardLink {
    private final EmulatedFirmware firmware;
    private final MonotonicClock clock;
    private final SynchronousQueue<Boolean> steps = new SynchronousQueue<>();
    private final ByteArrayOutputStream fromBoard = new ByteArrayOutputStream();
    private volatile boolean closed;
    private volatile long lastReadAt = -1;

    SteppedLink(EmulatedFirmware firmware, MonotonicClock clock) {
        this.firmware = firmware;
        this.clock = clock;
    }

    @Override
    public void open() {
        closed = false;
        firmware.connected((bytes, length) -> {
            synchronized (fromBoard) {
                fromBoard.write(bytes, 0, length);
            }
        });
    }

    /** Let the link thread read once (what the board sent since) and handle it; returns when it has taken the step. */
    void step() throws InterruptedException {
        if (!steps.offer(Boolean.TRUE, 60, TimeUnit.SECONDS)) {
            throw new AssertionError("The board's link thread stopped reading.");
        }
    }

    /** The clock when the link thread last read something the board sent. */
    long lastReadAt() {
        return lastReadAt;
    }

    @Override
    public int read(byte[] buffer) throws IOException {
        try {
            while (steps.poll(100, TimeUnit.MILLISECONDS) == null) {
                if (closed) {
                    throw new IOException("closed");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
        synchronized (fromBoard) {
            byte[] bytes = fromBoard.toByteArray();
            int n = Math.min(bytes.length, buffer.length);
            System.arraycopy(bytes, 0, buffer, 0, n);
            fromBoard.reset();
            fromBoard.write(bytes, n, bytes.length - n);
            if (n > 0) {
                lastReadAt = clock.millis();
            }
            return n;
        }
    }

    @Override
    public void write(byte[] bytes, int length) {
        firmware.received(bytes, length, clock.millis());
    }

    @Override
    public void close() {
        closed = true;
        firmware.disconnected();
    }

    @Override
    public String describe() {
        return "stepped";
    }
}
