package org.shogibridge.device.board.wired;

import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import java.util.List;

/**
 * Reed switches in a diode matrix on plain GPIO: each row output is pulled low in turn (the others stay high), and a
 * closed switch, through its diode, pulls its column input low against the Pi's pull-up. The diodes stop ghosting
 * when several switches close at once. A row is read only after a settle delay, since the column lines and the
 * pull-ups need a few microseconds to follow the row. Input {@code row * columns + column}.
 */
public final class DiodeMatrixSensors implements SensorBus {
    private final DigitalOutput[] rows;
    private final DigitalInput[] columns;
    private final long settleNanos;

    public DiodeMatrixSensors(List<DigitalOutput> rows, List<DigitalInput> columns, int settleMicros) {
        this.rows = rows.toArray(new DigitalOutput[0]);
        this.columns = columns.toArray(new DigitalInput[0]);
        this.settleNanos = settleMicros * 1000L;
        for (DigitalOutput row : this.rows) {
            row.high();
        }
    }

    @Override
    public int inputs() {
        return rows.length * columns.length;
    }

    @Override
    public void read(boolean[] active, long millis) {
        for (int r = 0; r < rows.length; r++) {
            rows[r].low();
            settle();
            for (int c = 0; c < columns.length; c++) {
                active[r * columns.length + c] = columns[c].isLow();
            }
            rows[r].high();
        }
    }

    /** Spin for the settle delay: far shorter than the scheduler's sleep granularity. */
    private void settle() {
        long until = System.nanoTime() + settleNanos;
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait();
        }
    }

    @Override
    public String describe() {
        return rows.length + "x" + columns.length + " diode matrix, " + settleNanos / 1000 + " us settle";
    }
}
