package org.shogibridge.core.record;

import org.shogibridge.core.rules.Handicap;

import java.util.Map;
import java.util.Optional;

/** The {@code initial.preset} names of JKF for the standard handicaps. */
final class JkfPresets {
    static final String EVEN = "HIRATE";
    static final String OTHER = "OTHER";

    private static final Map<Handicap, String> NAMES = Map.ofEntries(
            Map.entry(Handicap.LANCE, "KY"),
            Map.entry(Handicap.RIGHT_LANCE, "KY_R"),
            Map.entry(Handicap.BISHOP, "KA"),
            Map.entry(Handicap.ROOK, "HI"),
            Map.entry(Handicap.ROOK_LANCE, "HIKY"),
            Map.entry(Handicap.TWO_PIECES, "2"),
            Map.entry(Handicap.THREE_PIECES, "3"),
            Map.entry(Handicap.FOUR_PIECES, "4"),
            Map.entry(Handicap.FIVE_PIECES, "5"),
            Map.entry(Handicap.LEFT_FIVE_PIECES, "5_L"),
            Map.entry(Handicap.SIX_PIECES, "6"),
            Map.entry(Handicap.LEFT_SEVEN_PIECES, "7_L"),
            Map.entry(Handicap.RIGHT_SEVEN_PIECES, "7_R"),
            Map.entry(Handicap.EIGHT_PIECES, "8"),
            Map.entry(Handicap.TEN_PIECES, "10"));

    private JkfPresets() {
    }

    static String name(Handicap handicap) {
        return NAMES.get(handicap);
    }

    static Optional<Handicap> handicap(String preset) {
        return NAMES.entrySet().stream().filter(e -> e.getValue().equals(preset)).map(Map.Entry::getKey).findFirst();
    }
}
