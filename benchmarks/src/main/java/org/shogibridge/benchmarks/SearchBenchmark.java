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
import org.shogibridge.core.engine.EvalParams;
import org.shogibridge.core.engine.Evaluation;
import org.shogibridge.core.engine.MateSolver;
import org.shogibridge.core.engine.Search;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.engine.SearchResult;
import org.shogibridge.core.engine.TranspositionTable;
import org.shogibridge.core.rules.Position;

/**
 * Engine speed, single thread: a fixed-depth search from three positions (start, a middle game with pieces
 * in hand, an Okisaki start), timed whole with a cleared table so every run does the same work; and the mate
 * solver on a mate in 7. Nodes per second = nodes / time; the nodes are printed once per trial.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
public class SearchBenchmark {
    @Param({"start:9", "middlegame:7", "okisaki:7"})
    public String run;

    private Position position;
    private int depth;
    private TranspositionTable table;
    private Search search;
    /** One solver for every run, as the engine keeps one: its tables are made once, not per solve. */
    private final MateSolver solver = new MateSolver();

    @Setup(Level.Trial)
    public void setUp() {
        String[] parts = run.split(":");
        position = Position.fromSfen(switch (parts[0]) {
            case "start" -> "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
            case "middlegame" -> "ln1g3nl/1r2gk3/p1sppsbpp/2p2pp2/1p5P1/2PP1PP2/PPS1P1N1P/2GK1S1R1/LN1G4L b B 35";
            default -> "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1";
        });
        depth = Integer.parseInt(parts[1]);
        table = new TranspositionTable(64);
        search = new Search(new Evaluation(EvalParams.DEFAULT), table);
    }

    @Setup(Level.Iteration)
    public void clear() {
        table.clear();
        search.clearHistory();
    }

    @Benchmark
    public SearchResult search() {
        SearchResult r = search.search(position, SearchLimits.depth(depth), false, null);
        if (r.depth() != depth) {
            throw new IllegalStateException("search stopped at depth " + r.depth());
        }
        System.out.print(" [" + r.nodes() + " nodes] ");
        return r;
    }

    /** The solver on a mate in 7 (rook, bishop and gold in hand against a king in the corner). */
    @Benchmark
    public MateSolver.Result mateInSeven() {
        MateSolver.Result r = solver.solve(Position.fromSfen("7nk/7p1/9/9/9/9/9/9/4K4 b RBG 1"), 0, 0);
        if (r.moves().length != 7) {
            throw new IllegalStateException("expected a mate in 7, got " + r.status() + " " + r.moves().length);
        }
        return r;
    }
}
