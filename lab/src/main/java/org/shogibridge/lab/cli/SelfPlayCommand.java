package org.shogibridge.lab.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.device.usi.WeightsFile;
import org.shogibridge.lab.learning.SelfPlay;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.lab.teach.SampleFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code selfplay}: games of the engine against itself, written as training positions for {@code train}. */
@Command(name = "selfplay", mixinStandardHelpOptions = true,
        description = {"Play the engine against itself and append training positions to a file.",
                "One line per quiet position, 'SFEN<TAB>score<TAB>result' (score in evaluation units and result",
                "1, 0.5 or 0, both for the side to move). Games run in parallel, one per thread."})
public final class SelfPlayCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--games", defaultValue = "100", description = "Games to play (default 100).")
    private int games;

    @Option(names = "--nodes", defaultValue = "10000", description = "Nodes searched per move (default 10000).")
    private long nodes;

    @Option(names = "--random-plies", defaultValue = "10",
            description = "Plies chosen by feel at the start of each game, after the opening (default 10).")
    private int randomPlies;

    @Mixin
    private GameSourceOptions source;

    @Option(names = "--weights", paramLabel = "FILE", description = "Evaluation weights to play with (default built in).")
    private Path weightsFile;

    @Option(names = "--threads", defaultValue = "1", description = "Games played at once (default 1).")
    private int threads;

    @Option(names = "--seed", defaultValue = "1", description = "Random seed; game i uses seed + i (default 1).")
    private long seed;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "File the positions are appended to.")
    private Path out;

    @Override
    public Integer call() throws Exception {
        if (games < 1 || nodes < 1 || threads < 1 || threads > 256 || source.maxPlies < 1 || randomPlies < 0) {
            throw new IllegalArgumentException("Bad option. --games, --nodes and --max-plies must be 1 or more, "
                    + "--threads from 1 to 256 and --random-plies 0 or more.");
        }
        Variant variant = source.variant();
        List<GameRecord> openings = source.openings();
        EvalWeights weights = WeightsFile.read(weightsFile, variant);
        SelfPlay.Settings settings = new SelfPlay.Settings(nodes, randomPlies, source.maxPlies);
        PrintWriter progress = spec.commandLine().getOut();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger samples = new AtomicInteger();
        try (BufferedWriter writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            Callable<Void> worker = () -> {
                for (int game; (game = next.getAndIncrement()) < games; ) {
                    SelfPlay selfPlay = new SelfPlay(settings, weights, seed + game);
                    GameRecord opening = openings.get(game % openings.size());
                    Position start = opening.positionAfterMainLine();
                    List<SelfPlay.Sample> played = selfPlay.playGame(start);
                    StringBuilder text = new StringBuilder();
                    for (SelfPlay.Sample s : played) {
                        text.append(SampleFiles.format(s));
                    }
                    synchronized (writer) {
                        writer.write(text.toString());
                        writer.flush();
                        int total = samples.addAndGet(played.size());
                        progress.printf(Locale.ROOT, "game %d/%d: %d positions, %d in all%n", game + 1, games,
                                played.size(), total);
                        progress.flush();
                    }
                }
                return null;
            };
            Workers.runOn(threads, worker);
        }
        return 0;
    }
}
