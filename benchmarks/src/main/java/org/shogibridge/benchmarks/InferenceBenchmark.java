package org.shogibridge.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import java.util.List;
import org.shogibridge.core.inference.GameView;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.MoveInference;
import org.shogibridge.core.inference.Observation;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/**
 * Snapshot processing of the move inference. Targets: under 20 µs per snapshot in steady state, and the decision
 * (the snapshot on which the settle timer runs out and the board is judged) within 1 ms.
 */
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class InferenceBenchmark {
    /** A sharp opening: White's pawn on 2c can take Black's on 2d, and both sides have many legal moves. */
    static final String OPENING = "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 2e2d";

    /** A board at rest scanned at 200 Hz, with or without one square flickering every 20 scans. */
    @State(Scope.Thread)
    public static class Resting {
        @Param({"standard", "okisaki"})
        public String variant;
        @Param({"false", "true"})
        public boolean flicker;

        MoveInference inference;
        SensorSnapshot snapshot;
        int square;
        long time;
        long scans;

        @Setup(Level.Trial)
        public void setUp() {
            Variant v = Variant.byId(variant);
            Position start = Position.start(v);
            inference = new MoveInference(v, InferenceSettings.defaults(),
                    new GameView(1, start, List.of(), start, false, Game.Mode.CASUAL, Move.NONE));
            snapshot = SensorSnapshot.of(Position.start(v), false);
            square = v.square(5, 5);
            for (int i = 0; i < 200; i++) {
                next();
            }
        }

        void next() {
            if (flicker) {
                snapshot.reading(square, scans % 20 == 0 ? SensorSnapshot.OCCUPIED : SensorSnapshot.EMPTY);
            }
            snapshot.timeMillis(time);
            inference.process(snapshot);
            inference.takeObservations();
            time += 5;
            scans++;
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public void steadyStateSnapshot(Resting state) {
        state.next();
    }

    /**
     * A move made and settled one scan short of the settle timer; the measured snapshot triggers the judgement. One:
     * a capture with the komadai not yet updated. Two: a capture and the reply made before the board settled in
     * between, the slowest path (every first move is tried).
     */
    @State(Scope.Thread)
    public static class Deciding {
        @Param({"one", "two"})
        public String moves;

        MoveInference inference;
        SensorSnapshot snapshot;
        long time;
        final int[] made = new int[1];

        @Setup(Level.Invocation)
        public void setUp() {
            Variant v = Variant.STANDARD;
            Position p = Position.start(v);
            for (String usi : OPENING.split(" ")) {
                p.doMove(Usi.parseLegalMove(p, usi));
            }
            InferenceSettings settings = InferenceSettings.defaults();
            made[0] = 0;
            inference = new MoveInference(v, settings, new GameView(1, p, List.of(), p, false, Game.Mode.CASUAL, Move.NONE));
            snapshot = SensorSnapshot.of(p, false);
            time = 0;
            scan(settings.settleMillis() + 50);
            // 2c2d: the captured pawn is lifted first, then the capturing one; the komadai is late.
            snapshot.reading(Usi.parseSquare(v, "2d"), SensorSnapshot.EMPTY);
            scan(100);
            snapshot.reading(Usi.parseSquare(v, "2c"), SensorSnapshot.EMPTY);
            scan(100);
            snapshot.reading(Usi.parseSquare(v, "2d"), SensorSnapshot.OCCUPIED);
            if (moves.equals("two")) {
                // The komadai follows and Black replies 3i4h before the board settled in between.
                snapshot.komadai(Side.WHITE, Piece.PAWN, 1);
                scan(100);
                snapshot.reading(Usi.parseSquare(v, "3i"), SensorSnapshot.EMPTY);
                scan(60);
                snapshot.reading(Usi.parseSquare(v, "4h"), SensorSnapshot.OCCUPIED);
            }
            // Debounce, then wait until one scan before the settle timer runs out.
            scan(settings.settleMillis() + 5L * settings.debounceScans() - 5);
            if (made[0] != 0) {
                throw new IllegalStateException("Decided before the settle timer ran out");
            }
        }

        void scan(long millis) {
            for (long t = 0; t < millis; t += 5) {
                snapshot.timeMillis(time);
                inference.process(snapshot);
                count(inference.takeObservations());
                time += 5;
            }
        }

        void count(List<Observation> observations) {
            for (Observation o : observations) {
                if (o instanceof Observation.MoveShown) {
                    made[0]++;
                }
            }
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public int decision(Deciding state) {
        state.snapshot.timeMillis(state.time);
        state.inference.process(state.snapshot);
        state.count(state.inference.takeObservations());
        int expected = state.moves.equals("two") ? 2 : 1;
        if (state.made[0] != expected) {
            throw new IllegalStateException("Expected " + expected + " moves decided on this snapshot, got " + state.made[0]);
        }
        return state.made[0];
    }
}
