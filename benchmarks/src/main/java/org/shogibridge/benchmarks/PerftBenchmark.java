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
import org.shogibridge.core.rules.Perft;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;

/**
 * Perft speed, single thread: the time of one whole perft, so the score is seconds per run. Standard
 * perft(5) from the start position is 19,861,490 leaf nodes; the target is under one second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
public class PerftBenchmark {
    /** variant:depth, with the expected count checked on every run so a wrong generator cannot look fast. */
    @Param({"standard:5", "okisaki:4", "minishogi:6"})
    public String run;

    private Position position;
    private int depth;
    private long expected;
    private final Perft perft = new Perft();

    @Setup(Level.Trial)
    public void setUp() {
        String[] parts = run.split(":");
        Variant variant = Variant.byId(parts[0]);
        position = Position.start(variant);
        depth = Integer.parseInt(parts[1]);
        expected = switch (run) {
            case "standard:5" -> 19_861_490L;
            case "okisaki:4" -> 1_697_913L;
            case "minishogi:6" -> 8_276_188L;
            default -> -1;
        };
    }

    @Benchmark
    public long perft() {
        long nodes = perft.count(position, depth);
        if (expected >= 0 && nodes != expected) {
            throw new IllegalStateException("perft " + run + " gave " + nodes + ", expected " + expected);
        }
        return nodes;
    }
}
