package org.shogibridge.device.board;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.protocol.KomadaiLayout;
import org.shogibridge.firmware.protocol.Readings;

/**
 * What {@code sensor-test} learns about a board's sensors: each square's and komadai slot's reading now, how often it
 * changed, and how often it flickered (changed back within {@code flickerMillis}: a hand does not lift and put back a
 * piece that fast, a loose magnet or a marginal sensor does). Fed by a {@link ReadingsTap} on the board's thread, read
 * by the command's; hence synchronized.
 */
public final class SensorCheck implements ReadingsTap {
    /** One line per change, for a log when the terminal cannot redraw in place. */
    public interface ChangeLog {
        void changed(String where, String from, String to, long millis);
    }

    private static final String[] READING = {"empty", "occupied", "face up", "face down"};
    private static final char[] SYMBOL = {'.', '#', '^', 'v'};

    private final long flickerMillis;
    private final ChangeLog log;
    private BoardGeometry geometry;
    private byte[] value;
    private byte[] previous;
    private long[] changedAt;
    private int[] changes;
    private int[] flickers;
    private long reports;

    public SensorCheck(long flickerMillis, ChangeLog log) {
        this.flickerMillis = flickerMillis;
        this.log = log;
    }

    @Override
    public synchronized void readings(BoardGeometry board, Readings readings, long millis) {
        int squares = readings.squares();
        int channels = squares + readings.slots();
        if (geometry == null || !board.komadai().equals(geometry.komadai()) || value.length != channels) {
            geometry = board; // the first report, or a board that came back with other komadai: start counting afresh
            value = new byte[channels];
            previous = new byte[channels];
            changedAt = new long[channels];
            changes = new int[channels];
            flickers = new int[channels];
            for (int c = 0; c < channels; c++) {
                value[c] = previous[c] = read(readings, c, squares);
                changedAt[c] = Long.MIN_VALUE / 2;
            }
        }
        reports++;
        for (int c = 0; c < channels; c++) {
            byte now = read(readings, c, squares);
            if (now == value[c]) {
                continue;
            }
            changes[c]++;
            if (now == previous[c] && millis - changedAt[c] < flickerMillis) {
                flickers[c]++;
            }
            if (log != null) {
                log.changed(name(c), READING[value[c]], READING[now], millis);
            }
            previous[c] = value[c];
            value[c] = now;
            changedAt[c] = millis;
        }
    }

    private static byte read(Readings readings, int channel, int squares) {
        return channel < squares ? readings.square(channel) : (byte) (readings.slot(channel - squares) ? 1 : 0);
    }

    /** Return how many reports arrived. */
    public synchronized long reports() {
        return reports;
    }

    /** Return the board as its sensors see it now: squares ('.' empty, '#' occupied, '^' face up, 'v' face down), slots. */
    public synchronized String picture() {
        if (geometry == null) {
            return "(no readings yet)\n";
        }
        int files = geometry.variant().files();
        StringBuilder sb = new StringBuilder(" ");
        for (int f = files; f >= 1; f--) {
            sb.append(' ').append(f);
        }
        sb.append('\n');
        for (int r = 0; r < geometry.variant().ranks(); r++) {
            sb.append((char) ('a' + r));
            for (int f = 0; f < files; f++) {
                sb.append(' ').append(SYMBOL[value[r * files + f]]);
            }
            sb.append('\n');
        }
        int slot = geometry.variant().squares();
        for (int side = 0; side < 2; side++) {
            sb.append(side == 0 ? "black" : "white").append(" komadai:");
            for (KomadaiLayout.Run run : geometry.komadai().side(side)) {
                sb.append(' ').append(run.kind()).append(' ');
                for (int k = 0; k < run.slots(); k++) {
                    sb.append(SYMBOL[value[slot++]]);
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** Return the summary: changes per square, what never changed, what flickered. */
    public synchronized String report() {
        if (geometry == null) {
            return "No readings arrived: is the board connected and configured (board.source)?\n";
        }
        int files = geometry.variant().files();
        int squares = geometry.variant().squares();
        StringBuilder sb = new StringBuilder("Changes per square:\n ");
        for (int f = files; f >= 1; f--) {
            sb.append(String.format("%4d", f));
        }
        sb.append('\n');
        for (int r = 0; r < geometry.variant().ranks(); r++) {
            sb.append((char) ('a' + r));
            for (int f = 0; f < files; f++) {
                sb.append(String.format("%4d", changes[r * files + f]));
            }
            sb.append('\n');
        }
        List<String> stillSquares = new ArrayList<>();
        List<String> stillSlots = new ArrayList<>();
        List<String> flickered = new ArrayList<>();
        for (int c = 0; c < value.length; c++) {
            if (changes[c] == 0) {
                (c < squares ? stillSquares : stillSlots).add(name(c));
            }
            if (flickers[c] > 0) {
                flickered.add(name(c) + " " + flickers[c] + (flickers[c] == 1 ? " time" : " times"));
            }
        }
        sb.append("Never changed: ").append(stillSquares.size()).append(" squares")
                .append(stillSquares.isEmpty() ? "" : " (" + String.join(" ", stillSquares) + ")")
                .append(", ").append(stillSlots.size()).append(" komadai slots")
                .append(stillSlots.isEmpty() ? "" : " (" + String.join(" ", stillSlots) + ")").append(".\n");
        sb.append("Flickered (changed back within ").append(flickerMillis).append(" ms): ")
                .append(flickered.isEmpty() ? "none" : String.join(", ", flickered)).append(".\n");
        return sb.toString();
    }

    /** Return a channel's name: a square ("5e") or a slot ("black P3": the third pawn slot of black's komadai). */
    private String name(int channel) {
        int files = geometry.variant().files();
        int squares = geometry.variant().squares();
        if (channel < squares) {
            return Usi.square(geometry.variant(), channel);
        }
        int slot = channel - squares;
        for (int side = 0; side < 2; side++) {
            for (KomadaiLayout.Run run : geometry.komadai().side(side)) {
                if (slot < run.slots()) {
                    return (side == 0 ? "black " : "white ") + run.kind() + (slot + 1);
                }
                slot -= run.slots();
            }
        }
        return "slot " + (channel - squares);
    }
}
