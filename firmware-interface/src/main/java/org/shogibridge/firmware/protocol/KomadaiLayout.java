package org.shogibridge.firmware.protocol;

import java.util.List;

/**
 * The komadai sensors of a board: per side, slots grouped in runs by the kind of piece each slot holds (an USI letter:
 * 18 'P' slots, then 4 'L', ...). A slot reads 1 when a piece lies in it. Slots are numbered black's first, in run
 * order, then white's.
 */
public record KomadaiLayout(List<Run> black, List<Run> white) {
    /** Up to this many runs per side fit a HELLO. */
    public static final int MAX_RUNS = 16;

    /** {@code slots} consecutive slots for pieces of one kind. */
    public record Run(char kind, int slots) {
        public Run {
            if (kind < 'A' || kind > 'Z' || slots < 1 || slots > 255) {
                throw new IllegalArgumentException("Bad komadai run. Kind '" + kind + "' with " + slots + " slots.");
            }
        }
    }

    public KomadaiLayout {
        black = List.copyOf(black);
        white = List.copyOf(white);
        if (black.size() > MAX_RUNS || white.size() > MAX_RUNS) {
            throw new IllegalArgumentException("Bad komadai layout. At most " + MAX_RUNS + " runs per side.");
        }
    }

    public List<Run> side(int side) {
        return side == 0 ? black : white;
    }

    /** Return the number of slots of a side (0 black, 1 white). */
    public int slots(int side) {
        int n = 0;
        for (Run run : side(side)) {
            n += run.slots();
        }
        return n;
    }

    /** Return the slots of both sides. */
    public int slots() {
        return slots(0) + slots(1);
    }

    void write(BodyWriter out) {
        for (int side = 0; side < 2; side++) {
            out.u8(side(side).size());
            for (Run run : side(side)) {
                out.u8(run.kind()).u8(run.slots());
            }
        }
    }

    /** Return the layout read from a HELLO, or null if it is malformed. */
    static KomadaiLayout read(BodyReader in) {
        List<List<Run>> sides = new java.util.ArrayList<>();
        for (int side = 0; side < 2; side++) {
            int runs = in.u8();
            if (runs > MAX_RUNS) {
                return null;
            }
            List<Run> list = new java.util.ArrayList<>();
            for (int i = 0; i < runs; i++) {
                int kind = in.u8();
                int slots = in.u8();
                if (in.malformed() || kind < 'A' || kind > 'Z' || slots < 1) {
                    return null;
                }
                list.add(new Run((char) kind, slots));
            }
            sides.add(list);
        }
        return in.malformed() ? null : new KomadaiLayout(sides.get(0), sides.get(1));
    }
}
