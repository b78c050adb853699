package org.shogibridge.core.inference;

import java.util.Arrays;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * One scan of the board's sensors: a reading per square and the number of pieces of each kind on each side's
 * komadai, taken at a time in milliseconds. Snapshots are mutable so a driver can fill the same one at scan
 * rate without allocating; {@link MoveInference} copies what it needs.
 *
 * <p>A square reads {@link #EMPTY} or {@link #OCCUPIED}, or, on hardware that senses the magnet's polarity,
 * {@link #FACE_UP} (unpromoted side up) or {@link #FACE_DOWN} (promoted side up). Sensors cannot tell whose
 * piece stands on a square, only whether one does.
 */
public final class SensorSnapshot {
    public static final byte EMPTY = 0;
    public static final byte OCCUPIED = 1;
    public static final byte FACE_UP = 2;
    public static final byte FACE_DOWN = 3;

    private final Variant variant;
    private final byte[] squares;
    /** Indexed by side index * {@link Piece#TYPES} + unpromoted type. */
    private final int[] komadai = new int[2 * Piece.TYPES];
    private long timeMillis;
    private long reportedMillis;

    /** Return an empty board with empty komadai at time 0. */
    public SensorSnapshot(Variant variant) {
        this.variant = variant;
        this.squares = new byte[variant.squares()];
    }

    /** Return what perfect sensors would read for this position. */
    public static SensorSnapshot of(Position position, boolean faceSensing) {
        SensorSnapshot s = new SensorSnapshot(position.variant());
        s.show(position, faceSensing);
        return s;
    }

    /** Set every reading to what perfect sensors would read for this position; the time is kept. */
    public void show(Position position, boolean faceSensing) {
        for (int sq = 0; sq < squares.length; sq++) {
            squares[sq] = readingOf(position.pieceAt(sq), faceSensing);
        }
        Arrays.fill(komadai, 0);
        for (Side side : Side.values()) {
            for (int type : variant.handTypes()) {
                komadai[side.index() * Piece.TYPES + type] = position.handCount(side, type);
            }
        }
    }

    /** Return the reading of a square holding this piece code (0 for none). */
    public static byte readingOf(int piece, boolean faceSensing) {
        if (piece == Piece.EMPTY) {
            return EMPTY;
        }
        if (!faceSensing) {
            return OCCUPIED;
        }
        return Piece.isPromoted(Piece.type(piece)) ? FACE_DOWN : FACE_UP;
    }

    public Variant variant() {
        return variant;
    }

    public byte reading(int square) {
        return squares[square];
    }

    public SensorSnapshot reading(int square, byte reading) {
        if (reading < EMPTY || reading > FACE_DOWN) {
            throw new IllegalArgumentException("Bad reading. " + reading + " at square " + square + " is not 0-3.");
        }
        squares[square] = reading;
        return this;
    }

    /** Return the number of pieces of an unpromoted type on a side's komadai. */
    public int komadai(Side side, int type) {
        return komadai[side.index() * Piece.TYPES + type];
    }

    public SensorSnapshot komadai(Side side, int type, int count) {
        if (count < 0 || type <= Piece.EMPTY || type >= Piece.TYPES) {
            throw new IllegalArgumentException("Bad komadai count. " + count + " of type " + type + ".");
        }
        komadai[side.index() * Piece.TYPES + type] = count;
        return this;
    }

    public long timeMillis() {
        return timeMillis;
    }

    /** Set when the readings were read, and reported: a scan is both at once. */
    public SensorSnapshot timeMillis(long millis) {
        this.timeMillis = millis;
        this.reportedMillis = millis;
        return this;
    }

    /**
     * Return when the board last reported these readings: at most {@link #timeMillis()}. A board that reports only
     * changes and a heartbeat has its last readings handed on between reports (FirmwareBoard); until its next report
     * comes, nothing says it was still, since a report may be on its way or the board stalled.
     */
    public long reportedMillis() {
        return reportedMillis;
    }

    /** Set when the board last reported these readings (call after {@link #timeMillis(long)}, which sets both). */
    public SensorSnapshot reportedMillis(long millis) {
        this.reportedMillis = Math.min(millis, timeMillis);
        return this;
    }

    /** Copy every reading, count and the times from another snapshot of the same variant. */
    public void copyFrom(SensorSnapshot other) {
        System.arraycopy(other.squares, 0, squares, 0, squares.length);
        System.arraycopy(other.komadai, 0, komadai, 0, komadai.length);
        timeMillis = other.timeMillis;
        reportedMillis = other.reportedMillis;
    }

    /** Return true if the other snapshot reads the same on every square and komadai (its time aside). */
    public boolean sameReadings(SensorSnapshot other) {
        return Arrays.equals(squares, other.squares) && Arrays.equals(komadai, other.komadai);
    }

    /** The raw arrays, for the debouncer: squares then komadai. */
    byte[] squares() {
        return squares;
    }

    int[] komadaiCounts() {
        return komadai;
    }

    /** A board diagram, top rank first, '.' empty, 'o' occupied, 'u'/'d' face up/down; for messages and tests. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int sq = 0; sq < squares.length; sq++) {
            sb.append(".oud".charAt(squares[sq]));
            if ((sq + 1) % variant.files() == 0) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
