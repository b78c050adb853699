package org.shogibridge.device.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shogibridge.core.rules.Perft;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Counts the leaf nodes of the legal-move tree; the last line is always "Nodes searched: N". */
@Command(name = "perft", mixinStandardHelpOptions = true,
        description = "Count the leaf nodes of the legal-move tree to DEPTH (proves move generation exact).")
final class PerftCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--variant", defaultValue = "standard", paramLabel = "VARIANT",
            description = "standard, okisaki or minishogi (default: ${DEFAULT-VALUE}).")
    String variant;

    @Option(names = "--sfen", paramLabel = "SFEN", description = "Start from this position instead of the variant's start.")
    String sfen;

    @Option(names = "--divide", description = "Also print the count below each root move.")
    boolean divide;

    @Parameters(index = "0", paramLabel = "DEPTH", description = "Depth in plies.")
    int depth;

    @Override
    public Integer call() {
        Variant v = Variant.byId(variant);
        Position position = sfen == null ? Position.start(v) : Position.fromSfen(v, sfen);
        PrintWriter out = spec.commandLine().getOut();
        Perft perft = new Perft();
        long started = System.nanoTime();
        long nodes;
        if (divide && depth > 0) {
            Map<String, Long> counts = perft.divide(position, depth);
            counts.forEach((move, count) -> out.println(move + ": " + count));
            out.println();
            nodes = counts.values().stream().mapToLong(Long::longValue).sum();
        } else {
            nodes = perft.count(position, depth);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        spec.commandLine().getErr().printf("Time: %.3f s, %.1f million nodes per second%n", seconds,
                nodes / Math.max(seconds, 1e-9) / 1e6);
        spec.commandLine().getErr().flush();
        out.println("Nodes searched: " + nodes);
        out.flush();
        return 0;
    }
}
