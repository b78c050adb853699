package org.shogibridge.device.board.wired;

import org.shogibridge.firmware.protocol.Readings;

/**
 * Which sensor input reads what, for a board wired to the Pi: the squares in the order of the sensor chain (a
 * {@link ChainLayout}: from a corner, rank by rank or serpentine), one input each, or two with face sensing (the first
 * sees a piece face up, the second face down: one Hall switch per magnet polarity); then one input per komadai slot,
 * black's first, in the order of the komadai layout. The readings it fills are the board protocol's, so that the
 * same {@code BoardGeometry} turns them into the core's snapshots as for a board with a microcontroller.
 */
public final class SensorMap {
    private final ChainLayout order;
    private final boolean faceSensing;
    private final int slots;

    public SensorMap(ChainLayout order, boolean faceSensing, int slots) {
        this.order = order;
        this.faceSensing = faceSensing;
        this.slots = slots;
    }

    /** Return how many inputs the board uses. */
    public int inputs() {
        return order.squares() * (faceSensing ? 2 : 1) + slots;
    }

    /** Set the readings from the inputs (true = a magnet is near); allocation-free. */
    public void read(boolean[] active, Readings out) {
        int per = faceSensing ? 2 : 1;
        for (int i = 0; i < order.squares(); i++) {
            int square = order.target(i);
            byte reading;
            if (!faceSensing) {
                reading = active[i] ? Readings.OCCUPIED : Readings.EMPTY;
            } else {
                boolean up = active[per * i];
                boolean down = active[per * i + 1];
                // Both at once is a misplaced magnet or a fault: a piece is there, its face unknown.
                reading = up && down ? Readings.OCCUPIED : up ? Readings.FACE_UP : down ? Readings.FACE_DOWN : Readings.EMPTY;
            }
            out.square(square, reading);
        }
        int first = per * order.squares();
        for (int s = 0; s < slots; s++) {
            out.slot(s, active[first + s]);
        }
    }

    /** Set the inputs that show these readings: the inverse of {@link #read}, for simulated and test boards. */
    public void write(Readings readings, boolean[] active) {
        int per = faceSensing ? 2 : 1;
        for (int i = 0; i < order.squares(); i++) {
            byte reading = readings.square(order.target(i));
            if (!faceSensing) {
                active[i] = reading != Readings.EMPTY;
            } else {
                active[per * i] = reading == Readings.FACE_UP || reading == Readings.OCCUPIED;
                active[per * i + 1] = reading == Readings.FACE_DOWN || reading == Readings.OCCUPIED;
            }
        }
        int first = per * order.squares();
        for (int s = 0; s < slots; s++) {
            active[first + s] = readings.slot(s);
        }
    }
}
