package org.shogibridge.core.inference;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * What the player must change to bring the board back to the game's position: pieces to carry from one square
 * to another (paired by least total distance, shortest first), pieces to take off the board, squares to fill
 * from a komadai, pieces to turn over (face sensing) and komadai counts to fix.
 *
 * @param relocations pieces standing where the position has none, each paired with an empty square that needs one
 * @param remove      pieces to take off the board (no square left to pair them with)
 * @param place       squares to fill with a piece from a komadai or off the board
 * @param turnOver    squares whose piece shows the wrong face
 * @param komadai     komadai counts that differ from the position
 */
public record Correction(List<Relocation> relocations, List<Integer> remove, List<Integer> place, List<Integer> turnOver,
        List<KomadaiChange> komadai) {

    /** Carry the piece on {@code from} to {@code to}. */
    public record Relocation(int from, int to) {
    }

    /** The side's komadai must gain ({@code delta} > 0) or lose pieces of an unpromoted type. */
    public record KomadaiChange(Side side, int type, int delta) {
    }

    /** Return true if nothing needs to change. */
    public boolean isEmpty() {
        return relocations.isEmpty() && remove.isEmpty() && place.isEmpty() && turnOver.isEmpty() && komadai.isEmpty();
    }

    /** Return true if only komadai counts differ. */
    public boolean onlyKomadai() {
        return relocations.isEmpty() && remove.isEmpty() && place.isEmpty() && turnOver.isEmpty();
    }

    /** Compare debounced readings and komadai counts (as {@link SensorSnapshot} holds them) with a target position. */
    static Correction between(byte[] readings, int[] komadaiCounts, Position target, boolean faceSensing) {
        Variant variant = target.variant();
        List<Integer> extra = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        List<Integer> turnOver = new ArrayList<>();
        for (int sq = 0; sq < readings.length; sq++) {
            byte want = SensorSnapshot.readingOf(target.pieceAt(sq), faceSensing);
            byte have = readings[sq];
            if (have == want) {
                continue;
            }
            if (want == SensorSnapshot.EMPTY) {
                extra.add(sq);
            } else if (have == SensorSnapshot.EMPTY) {
                missing.add(sq);
            } else {
                turnOver.add(sq);
            }
        }
        double[][] cost = new double[extra.size()][missing.size()];
        for (int i = 0; i < extra.size(); i++) {
            for (int j = 0; j < missing.size(); j++) {
                cost[i][j] = distance(variant, extra.get(i), missing.get(j));
            }
        }
        int[] pairedWith = MinimalPairing.assign(cost);
        List<Relocation> relocations = new ArrayList<>();
        List<Integer> remove = new ArrayList<>();
        boolean[] filled = new boolean[missing.size()];
        for (int i = 0; i < extra.size(); i++) {
            if (pairedWith[i] < 0) {
                remove.add(extra.get(i));
            } else {
                relocations.add(new Relocation(extra.get(i), missing.get(pairedWith[i])));
                filled[pairedWith[i]] = true;
            }
        }
        relocations.sort(Comparator.comparingDouble(r -> distance(variant, r.from(), r.to())));
        List<Integer> place = new ArrayList<>();
        for (int j = 0; j < missing.size(); j++) {
            if (!filled[j]) {
                place.add(missing.get(j));
            }
        }
        List<KomadaiChange> komadai = new ArrayList<>();
        for (Side side : Side.values()) {
            for (int type : variant.handTypes()) {
                int delta = target.handCount(side, type) - komadaiCounts[side.index() * Piece.TYPES + type];
                if (delta != 0) {
                    komadai.add(new KomadaiChange(side, type, delta));
                }
            }
        }
        return new Correction(List.copyOf(relocations), List.copyOf(remove), List.copyOf(place), List.copyOf(turnOver),
                List.copyOf(komadai));
    }

    private static double distance(Variant v, int a, int b) {
        return Math.hypot(v.file(a) - v.file(b), v.rank(a) - v.rank(b));
    }
}
