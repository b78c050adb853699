package org.shogibridge.firmware.emulator;

import java.io.IOException;
import org.shogibridge.core.inference.SensorSnapshot;

/**
 * A board's firmware as the emulator runs it: in Java ({@link BoardEmulator}) or the real binary in a simulated
 * microcontroller ({@link SimavrFirmware}). The transport hands it the link; the simulated hands hand it the sensors
 * and the buttons; the player asks whether the Pi can see the board before moving.
 */
public interface EmulatedFirmware {

    /** Where the firmware's bytes go (a socket, a PTY). */
    interface Output {
        void write(byte[] bytes, int length) throws IOException;
    }

    /** The link is up (a new connection). */
    void connected(Output out);

    /** The link is down. */
    void disconnected();

    /** Bytes from the Pi. */
    void received(byte[] bytes, int length, long nowMillis);

    /** What the sensors read now (every scan of the simulated hands). */
    void scan(SensorSnapshot snapshot, long nowMillis);

    /** A button went down or came up (0 black's clock, 1 white's, 2 the menu). */
    void button(int button, boolean pressed);

    /** Return how many times the Pi lost sight of the board so far (a disconnect, a stall, a SYNC after one). */
    long outages();

    /** Return true while the Pi is in step with the board: it said SYNC on this connection and the link is not stalled. */
    boolean synced(long nowMillis);

    /** Return when the Pi and the board were last brought back in step (a SYNC, or the end of a stall). */
    long inStepSince();

    /** Return how many full snapshots the firmware sent (whatever became of them on the link). */
    long snapshotsSent();

    /** Return how many deltas the firmware sent. */
    long deltasSent();
}
