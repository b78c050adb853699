package org.shogibridge.device.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.EvalParams;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.review.GameReviewer;
import org.shogibridge.core.review.ReviewComments;
import org.shogibridge.core.review.ReviewSummary;
import org.shogibridge.core.review.ReviewedMove;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.speech.Language;
import org.shogibridge.device.state.ReviewJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code review}: a game reviewed as the daemon reviews each finished game, written as a KIF with the comments. */
@Command(name = "review", mixinStandardHelpOptions = true,
        description = {"Review a game record with the built-in engine, as the daemon does after every game, and write it "
                + "with the evaluations, best lines and marks as move comments (a CSA file in the floodgate form).",
                "Prints the summary and 'Reviewed N moves in S s (NODES nodes a position).'"})
public final class ReviewCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "RECORD", description = "The game: KIF, KI2, CSA, USI or SFEN file.")
    private Path input;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the reviewed game here (KIF or CSA by its extension).")
    private Path out;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the review as the daemon publishes it on review (docs/mqtt.md).")
    private Path json;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "50000",
            description = "Node budget per position (default 50000, the daemon's review.nodes).")
    private long nodes;

    @Option(names = "--english", description = "Print the summary in English.")
    private boolean english;

    @Override
    public Integer call() throws IOException {
        if (nodes < 1_000) {
            throw new IllegalArgumentException("Bad option. --nodes must be 1000 or more, not " + nodes + ".");
        }
        RecordFormat outFormat = out == null ? null : RecordFormat.ofFileName(out.getFileName().toString())
                .filter(f -> f == RecordFormat.KIFU || f == RecordFormat.KIF || f == RecordFormat.CSA)
                .orElseThrow(() -> new IllegalArgumentException("Bad option. --out must end in .kifu, .kif or .csa, not " + out + "."));
        GameRecord record = RecordFiles.read(input);
        int[] moves = record.mainLine().moveArray();
        if (moves.length == 0) {
            throw new IllegalArgumentException("Nothing to review. " + input + " has no moves.");
        }
        if (json != null && json.getParent() != null && !Files.isDirectory(json.getParent())) {
            throw new IllegalArgumentException("No such directory. " + json.getParent() + " (for --json).");
        }
        long began = System.nanoTime();
        GameReviewer reviewer = new GameReviewer(new Engine(16, EvalWeights.builtIn(record.startPosition().variant()),
                EvalParams.DEFAULT, 1), nodes);
        List<ReviewedMove> review = reviewer.review(record.startPosition(), moves);
        double seconds = (System.nanoTime() - began) / 1e9;
        ReviewSummary summary = ReviewSummary.of(record.startPosition(), review, EnumSet.allOf(Side.class));
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println(summary.text(english ? Language.EN : Language.JA));
        stdout.printf(Locale.ROOT, "Reviewed %d moves in %.1f s (%d nodes a position).%n", moves.length, seconds, nodes);
        if (json != null) {
            String name = input.getFileName().toString();
            String game = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
            Files.writeString(json, ReviewJson.of(game, record.startPosition(), review, summary, ReviewComments.BUILT_IN_ENGINE,
                    nodes) + "\n");
        }
        if (out != null) {
            if (outFormat == RecordFormat.CSA) {
                ReviewComments.writeFloodgate(record, review);
            } else {
                ReviewComments.write(record, review, ReviewComments.BUILT_IN_ENGINE);
            }
            Files.write(out, outFormat.encode(record));
        }
        stdout.flush();
        return 0;
    }
}
