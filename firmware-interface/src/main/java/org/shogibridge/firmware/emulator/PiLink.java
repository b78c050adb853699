package org.shogibridge.firmware.emulator;

import java.io.IOException;

/**
 * An emulated board's link to the Pi as the player sees it, for both firmwares (Java and simavr): whether it is up,
 * whether the Pi is in step with the board (it said SYNC on this connection), a stall's end, and how often the Pi lost
 * sight of the board. Frames to the Pi go through {@link #send} with the fault plan's fault done to them. Not
 * thread-safe: its owner's lock guards it.
 */
final class PiLink {
    private EmulatedFirmware.Output output;
    private boolean synced;
    private long syncedSince;
    private long stalledUntil;
    private long outages;

    /** A new connection: the firmware waits for SYNC. */
    void connected(EmulatedFirmware.Output out) {
        output = out;
        synced = false;
    }

    /** The connection ended: an outage, if there was one. */
    void disconnected() {
        if (output != null) {
            outages++;
        }
        output = null;
        synced = false;
    }

    /** The Pi said SYNC. It asks again only when it lost sight of the board: for the player, an outage. */
    void syncedAt(long nowMillis) {
        if (synced) {
            outages++;
        }
        synced = true;
        syncedSince = nowMillis;
    }

    /** The firmware restarted and said HELLO unasked: the Pi takes it as it is. */
    void rebooted() {
        synced = true;
    }

    /** Return true while the Pi listens: connected and synced (a stall may still swallow what is sent). */
    boolean listening() {
        return output != null && synced;
    }

    boolean inStep(long nowMillis) {
        return listening() && nowMillis >= stalledUntil;
    }

    long inStepSince() {
        return Math.max(syncedSince, stalledUntil);
    }

    long outages() {
        return outages;
    }

    /**
     * Send one frame with the plan's next fault, unless the link is down or stalled; return the fault (a STALL starts
     * here; a RESET is the caller's to carry out), or null if nothing was sent.
     */
    FaultPlan.Fault send(FaultPlan faults, byte[] frame, int n, long nowMillis) {
        if (output == null || nowMillis < stalledUntil) {
            return null;
        }
        try {
            FaultPlan.Fault fault = faults.send(frame, n, output);
            if (fault == FaultPlan.Fault.STALL) {
                stalledUntil = nowMillis + FaultPlan.STALL_MILLIS;
                outages++;
            }
            return fault;
        } catch (IOException e) {
            output = null; // the transport notices and reconnects
            return null;
        }
    }
}
