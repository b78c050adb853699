package org.shogibridge.device.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.shogibridge.core.engine.EvalParams;
import org.shogibridge.core.engine.Evaluation;
import org.shogibridge.core.engine.SearchThreads;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.engine.SearchResult;
import org.shogibridge.core.engine.TranspositionTable;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.device.io.TextFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bench}: the search to a fixed depth on a set of positions, each with a cleared table. The node count
 * depends only on the engine (the same on a Pi as here), so it shows what a change to the search does to the
 * tree; the time gives the speed of the machine. With {@code --threads} the search runs lazy SMP: the node count
 * then varies from run to run, and the time to depth against one thread shows what the helpers gain.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Search a set of positions to a fixed depth and print nodes, time and speed.",
                "Without FILE: the start position and twelve middle games built in."})
public final class BenchCommand implements Callable<Integer> {
    private static final String BUILT_IN = "bench-positions.txt";

    @Spec
    private CommandSpec spec;

    @Option(names = "--depth", defaultValue = "9", description = "Depth of every search (default 9).")
    private int depth;

    @Option(names = "--hash", paramLabel = "MB", defaultValue = "64", description = "Hash table size (default 64).")
    private int hashMegabytes;

    @Option(names = "--threads", defaultValue = "1",
            description = "Search threads (default 1; node counts are reproducible only with 1).")
    private int threads;

    @Parameters(paramLabel = "FILE", arity = "0..1",
            description = "Positions, one SFEN a line; blank lines and lines starting with # are skipped.")
    private Path file;

    @Override
    public Integer call() throws IOException {
        if (depth < 1 || depth > 64) {
            throw new IllegalArgumentException("Bad option. --depth must be from 1 to 64, not " + depth + ".");
        }
        if (hashMegabytes < 1 || hashMegabytes > 4096) {
            throw new IllegalArgumentException("Bad option. --hash must be from 1 to 4096 MB, not " + hashMegabytes + ".");
        }
        if (threads < 1 || threads > 64) {
            throw new IllegalArgumentException("Bad option. --threads must be from 1 to 64, not " + threads + ".");
        }
        List<Position> positions = file == null ? read(builtInLines(), BUILT_IN)
                : read(TextFiles.readLines(file), file.toString());
        TranspositionTable table = new TranspositionTable(hashMegabytes);
        SearchThreads search = new SearchThreads(new Evaluation(EvalParams.DEFAULT), table);
        ExecutorService helpers = threads > 1 ? Executors.newFixedThreadPool(threads - 1) : null;
        try {
            search.setThreads(threads, helpers);
            run(positions, search, table);
        } finally {
            if (helpers != null) {
                helpers.shutdownNow();
            }
        }
        return 0;
    }

    private void run(List<Position> positions, SearchThreads search, TranspositionTable table) {
        PrintWriter out = spec.commandLine().getOut();
        long totalNodes = 0;
        long totalNanos = 0;
        for (int i = 0; i < positions.size(); i++) {
            Position p = positions.get(i);
            table.clear();
            search.clearHistory();
            long start = System.nanoTime();
            SearchResult r = search.search(p, SearchLimits.depth(depth), false, null);
            long nanos = System.nanoTime() - start;
            totalNodes += r.nodes();
            totalNanos += nanos;
            out.printf(Locale.ROOT, "%d/%d: bestmove %s, %d nodes, %d ms%n", i + 1, positions.size(),
                    r.bestMove() == 0 ? "resign" : Usi.format(p.variant(), r.bestMove()), r.nodes(), nanos / 1_000_000);
            out.flush();
        }
        out.printf(Locale.ROOT, "%d positions, depth %d%s: %d nodes, %d ms, %d nodes/s%n", positions.size(), depth,
                threads > 1 ? ", " + threads + " threads" : "", totalNodes, totalNanos / 1_000_000,
                totalNodes * 1_000_000_000L / Math.max(1, totalNanos));
        out.flush();
    }

    private static List<String> builtInLines() throws IOException {
        try (InputStream in = BenchCommand.class.getResourceAsStream(BUILT_IN)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** Read SFEN lines; a bad one is reported with its source and line number. */
    private static List<Position> read(List<String> lines, String source) {
        List<Position> positions = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                positions.add(Position.fromSfen(line.startsWith("sfen ") ? line.substring(5) : line));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Invalid position. " + source + " line " + (i + 1) + ": " + e.getMessage());
            }
        }
        if (positions.isEmpty()) {
            throw new IllegalArgumentException("Invalid positions file. " + source + " has no position.");
        }
        return positions;
    }
}
