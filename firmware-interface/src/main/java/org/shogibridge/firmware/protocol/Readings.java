package org.shogibridge.firmware.protocol;

/**
 * What a board's sensors read, as a SNAPSHOT carries it: a sequence number, a reading per square (0 empty,
 * 1 occupied, 2 face up, 3 face down; SFEN order: rank a first, file 9 to 1) and a bit per komadai slot. Mutable and
 * reused, so that a scan at 100-200 Hz allocates nothing on either side of the link.
 *
 * <p>SNAPSHOT body: {@code seq u16}, the squares packed four to a byte (two bits each, first square in the low bits),
 * then the slots packed eight to a byte (first slot in the low bit), black's slots first.
 *
 * <p>DELTA body: {@code seq u16}, {@code base u16} (the seq of the last full SNAPSHOT), {@code count u8}, then
 * {@code count} pairs {@code index u8, value u8}: an index below the number of squares is a square, above it a slot.
 * A delta holds every reading that differs from that snapshot, not from the previous delta, so a lost delta costs
 * nothing: the next one carries its changes too.
 */
public final class Readings {
    public static final byte EMPTY = 0;
    public static final byte OCCUPIED = 1;
    public static final byte FACE_UP = 2;
    public static final byte FACE_DOWN = 3;
    /** A delta with more changes than this is not worth it: the board sends a full snapshot. */
    public static final int MAX_DELTA = 60;

    private final byte[] squares;
    private final byte[] slots;
    private int seq;

    public Readings(int squares, int slots) {
        this.squares = new byte[squares];
        this.slots = new byte[slots];
    }

    public int squares() {
        return squares.length;
    }

    public int slots() {
        return slots.length;
    }

    public int seq() {
        return seq;
    }

    public Readings seq(int value) {
        seq = value & 0xFFFF;
        return this;
    }

    public byte square(int index) {
        return squares[index];
    }

    public Readings square(int index, byte reading) {
        squares[index] = reading;
        return this;
    }

    public boolean slot(int index) {
        return slots[index] != 0;
    }

    public Readings slot(int index, boolean occupied) {
        slots[index] = (byte) (occupied ? 1 : 0);
        return this;
    }

    public void copyFrom(Readings other) {
        System.arraycopy(other.squares, 0, squares, 0, squares.length);
        System.arraycopy(other.slots, 0, slots, 0, slots.length);
        seq = other.seq;
    }

    /** Return true if every reading and slot equals the other's (the seq aside). */
    public boolean sameAs(Readings other) {
        return java.util.Arrays.equals(squares, other.squares) && java.util.Arrays.equals(slots, other.slots);
    }

    /** Return the length of a SNAPSHOT body for this geometry. */
    public int snapshotLength() {
        return 2 + (squares.length + 3) / 4 + (slots.length + 7) / 8;
    }

    public void writeSnapshot(BodyWriter out) {
        out.clear().u16(seq);
        for (int i = 0; i < squares.length; i += 4) {
            int b = 0;
            for (int j = 0; j < 4 && i + j < squares.length; j++) {
                b |= (squares[i + j] & 3) << (2 * j);
            }
            out.u8(b);
        }
        for (int i = 0; i < slots.length; i += 8) {
            int b = 0;
            for (int j = 0; j < 8 && i + j < slots.length; j++) {
                b |= (slots[i + j] & 1) << j;
            }
            out.u8(b);
        }
    }

    /**
     * Take the readings of a SNAPSHOT body; return false, changing nothing, if it is too short for this geometry
     * (a longer one is a newer minor version's: the extra bytes are ignored).
     */
    public boolean readSnapshot(BodyReader in) {
        if (in.remaining() < snapshotLength()) {
            return false;
        }
        int start = in.position();
        seq = in.u16();
        int squareBytes = (squares.length + 3) / 4;
        for (int i = 0; i < squares.length; i++) {
            squares[i] = (byte) (in.byteAt(start + 2 + i / 4) >>> (2 * (i % 4)) & 3);
        }
        for (int i = 0; i < slots.length; i++) {
            slots[i] = (byte) (in.byteAt(start + 2 + squareBytes + i / 8) >>> (i % 8) & 1);
        }
        in.skip(snapshotLength() - 2);
        return true;
    }

    /**
     * Write the DELTA from {@code base}, the last full snapshot sent, to these readings; return false (writing nothing
     * useful) when more than {@link #MAX_DELTA} readings differ from it: then a full snapshot is due.
     */
    public boolean writeDelta(Readings base, BodyWriter out) {
        out.clear().u16(seq).u16(base.seq);
        int countAt = out.length();
        out.u8(0);
        int count = 0;
        for (int i = 0; i < squares.length + slots.length; i++) {
            byte now = i < squares.length ? squares[i] : slots[i - squares.length];
            byte was = i < squares.length ? base.squares[i] : base.slots[i - squares.length];
            if (now != was) {
                if (++count > MAX_DELTA) {
                    return false;
                }
                out.u8(i).u8(now);
            }
        }
        out.bytes()[countAt] = (byte) count;
        return true;
    }

    /** The outcome of applying a DELTA. */
    public enum DeltaResult { APPLIED, MALFORMED, WRONG_BASE }

    /**
     * Set these readings to a DELTA body applied to {@code base}, the last full snapshot received. Nothing changes
     * unless it applies whole: a malformed delta, or one based on a snapshot we did not receive (it was lost, or came
     * before the board was reset), leaves them as they were.
     */
    public DeltaResult applyDelta(BodyReader in, Readings base) {
        int newSeq = in.u16();
        int baseSeq = in.u16();
        int count = in.u8();
        int start = in.position();
        if (in.malformed() || in.remaining() < 2 * count) {
            return DeltaResult.MALFORMED;
        }
        for (int k = 0; k < count; k++) {
            int index = in.byteAt(start + 2 * k);
            int value = in.byteAt(start + 2 * k + 1);
            if (index >= squares.length + slots.length || value > (index < squares.length ? 3 : 1)) {
                return DeltaResult.MALFORMED;
            }
        }
        if (baseSeq != base.seq) {
            return DeltaResult.WRONG_BASE;
        }
        copyFrom(base);
        for (int k = 0; k < count; k++) {
            int index = in.byteAt(start + 2 * k);
            byte value = (byte) in.byteAt(start + 2 * k + 1);
            if (index < squares.length) {
                squares[index] = value;
            } else {
                slots[index - squares.length] = value;
            }
        }
        in.skip(2 * count);
        seq = newSeq;
        return DeltaResult.APPLIED;
    }
}
