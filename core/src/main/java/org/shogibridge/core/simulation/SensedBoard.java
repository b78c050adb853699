package org.shogibridge.core.simulation;

import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * The simulated board under the hands: what each square and komadai physically holds, the sensor errors laid over it
 * (flicker and contact bounce), and the scans it sends, one every {@code scanMillis} of its own clock. It shares the
 * simulation's one random source with the hands, so the same seed gives the same scans.
 */
final class SensedBoard {
    private final Variant variant;
    private final boolean faces;
    private final double noise;
    private final int scanMillis;
    private final SplittableRandom random;
    private final Consumer<SensorSnapshot> sink;

    private final byte[] truth;
    private final int[] komadai = new int[2 * Piece.TYPES];
    private final int[] flickerScans;
    private final byte[] flickerReading;
    private final int[] bounceScans;
    private final byte[] bounceReading;
    private final SensorSnapshot snapshot;
    private long time;
    private long lastChange;

    SensedBoard(Variant variant, boolean faces, double noise, int scanMillis, SplittableRandom random,
            Consumer<SensorSnapshot> sink) {
        this.variant = variant;
        this.faces = faces;
        this.noise = noise;
        this.scanMillis = scanMillis;
        this.random = random;
        this.sink = sink;
        int n = variant.squares();
        truth = new byte[n];
        flickerScans = new int[n];
        flickerReading = new byte[n];
        bounceScans = new int[n];
        bounceReading = new byte[n];
        snapshot = new SensorSnapshot(variant);
    }

    /** Put a whole position on the board at once (no scan). */
    void load(Position position) {
        SensorSnapshot image = SensorSnapshot.of(position, faces);
        for (int sq = 0; sq < truth.length; sq++) {
            truth[sq] = image.reading(sq);
        }
        for (Side side : Side.values()) {
            for (int type : variant.handTypes()) {
                komadai[side.index() * Piece.TYPES + type] = position.handCount(side, type);
            }
        }
        lastChange = time;
    }

    /** Return true if every square and komadai count is as this position would read. */
    boolean shows(Position position) {
        for (int sq = 0; sq < truth.length; sq++) {
            if (truth[sq] != SensorSnapshot.readingOf(position.pieceAt(sq), faces)) {
                return false;
            }
        }
        for (Side side : Side.values()) {
            for (int type : variant.handTypes()) {
                if (komadai(side, type) != position.handCount(side, type)) {
                    return false;
                }
            }
        }
        return true;
    }

    int squares() {
        return truth.length;
    }

    byte truth(int square) {
        return truth[square];
    }

    int komadai(Side side, int type) {
        return komadai[side.index() * Piece.TYPES + type];
    }

    /** The time of the next scan, in milliseconds. */
    long time() {
        return time;
    }

    /** When the board last physically changed. */
    long lastChange() {
        return lastChange;
    }

    int scanMillis() {
        return scanMillis;
    }

    /** A number of milliseconds from low to high, from the simulation's random source. */
    long between(int low, int high) {
        return low + random.nextInt(high - low + 1);
    }

    /** Change what a square holds; the sensor may bounce between the old and the new reading for a few scans. */
    void set(int square, byte reading) {
        byte old = truth[square];
        if (old == reading) {
            return;
        }
        truth[square] = reading;
        lastChange = time;
        if (random.nextDouble() < Math.min(1, 20 * noise)) {
            bounceScans[square] = 1 + random.nextInt(4);
            bounceReading[square] = old;
        }
    }

    void changeKomadai(Side side, int type, int delta) {
        komadai[side.index() * Piece.TYPES + type] += delta;
        lastChange = time;
    }

    /** Scan an unchanged board for a while. */
    void hold(long millis) {
        for (long t = 0; t < millis; t += scanMillis) {
            scan();
        }
    }

    /** Send one scan: the truth, with a square flickering now and then and the bounces of recent changes. */
    void scan() {
        if (noise > 0 && random.nextDouble() < noise) {
            int sq = random.nextInt(truth.length);
            flickerScans[sq] = 1 + random.nextInt(2);
            flickerReading[sq] = wrongReading(truth[sq]);
        }
        for (int sq = 0; sq < truth.length; sq++) {
            byte reading = truth[sq];
            if (flickerScans[sq] > 0) {
                reading = flickerReading[sq];
                flickerScans[sq]--;
            } else if (bounceScans[sq] > 0) {
                reading = bounceScans[sq] % 2 == 1 ? bounceReading[sq] : truth[sq];
                bounceScans[sq]--;
            }
            snapshot.reading(sq, reading);
        }
        for (Side side : Side.values()) {
            for (int type : variant.handTypes()) {
                snapshot.komadai(side, type, komadai(side, type));
            }
        }
        snapshot.timeMillis(time);
        sink.accept(snapshot);
        time += scanMillis;
    }

    private byte wrongReading(byte reading) {
        if (reading == SensorSnapshot.EMPTY) {
            return faces ? SensorSnapshot.FACE_UP : SensorSnapshot.OCCUPIED;
        }
        if (!faces || random.nextBoolean()) {
            return SensorSnapshot.EMPTY;
        }
        return reading == SensorSnapshot.FACE_UP ? SensorSnapshot.FACE_DOWN : SensorSnapshot.FACE_UP;
    }
}
