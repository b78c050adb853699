package org.shogibridge.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.lab.learning.SelfPlay;
import org.shogibridge.lab.learning.TeacherGames;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.lab.teach.ShardDirectory;
import org.shogibridge.lab.teach.UsiTeacher;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.WeightsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code teach}: a teacher engine plays itself from varied starts and labels every quiet position with its
 * score and the game's result, into resumable shards for {@code train}.
 */
@Command(name = "teach", mixinStandardHelpOptions = true,
        description = {"Label training positions with a teacher engine (USI).",
                "It plays itself from openings varied by our engine, and every quiet position is written with the teacher's score (centipawns) and",
                "the game's result, for the side to move. Games are written in shards of --games-per-shard to",
                "DIR/shard-NNNNNN.tsv.gz; a stopped run resumes where it left off. 'train DIR' reads them."})
public final class TeachCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private TeacherOptions teacher;

    @Mixin
    private GameSourceOptions source;

    @Option(names = "--opening-plies", defaultValue = "8",
            description = "Plies our engine chooses by feel after the opening (default 8).")
    private int openingPlies;

    @Option(names = "--replace-rate", defaultValue = "0.05",
            description = "Chance that a teacher move in the first 60 plies is replaced by ours (default 0.05).")
    private double replaceRate;

    @Option(names = "--games-per-shard", defaultValue = "20", description = "Games in a shard (default 20).")
    private int gamesPerShard;

    @Option(names = "--shards", defaultValue = "0", description = "Shards to make in this run; 0 until stopped (default).")
    private int shards;

    @Option(names = "--threads", defaultValue = "1", description = "Teachers run at once (default 1).")
    private int threads;

    @Option(names = "--seed", defaultValue = "1", description = "Random seed; game g of shard n uses seed + n * games-per-shard + g.")
    private long seed;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Directory of the shards.")
    private Path out;

    @Override
    public Integer call() throws Exception {
        teacher.validate();
        if (openingPlies < 0 || !(replaceRate >= 0 && replaceRate <= 1)
                || source.maxPlies < 1 || gamesPerShard < 1 || shards < 0 || threads < 1 || threads > 64) {
            throw new IllegalArgumentException("Bad option. --max-plies and --games-per-shard must be 1 or more, "
                    + "--opening-plies and --shards 0 or more, --replace-rate from 0 to 1 and --threads from 1 to 64.");
        }
        Variant variant = source.variant();
        List<GameRecord> openings = source.openings();
        UsiClient.Config config = teacher.config(variant);
        TeacherGames.Settings defaults = TeacherGames.Settings.defaults();
        TeacherGames.Settings settings = new TeacherGames.Settings(openingPlies, defaults.feelLevel(), replaceRate,
                defaults.replaceUntil(), source.maxPlies, defaults.decided());
        EvalWeights weights = WeightsFile.read(null, variant);
        ShardDirectory directory = new ShardDirectory(out);
        PrintWriter console = spec.commandLine().getOut();
        console.printf(Locale.ROOT, "%s: %d whole shards found; teacher %s, %s%n", out, directory.doneCount(),
                teacher.command, teacher.limit());
        console.flush();

        AtomicInteger started = new AtomicInteger();
        AtomicLong labels = new AtomicLong();
        AtomicLong kept = new AtomicLong();
        long begun = System.nanoTime();
        Callable<Void> worker = () -> {
            try (UsiTeacher judge = teacher.startTeacher(config)) {
                while (shards == 0 || started.getAndIncrement() < shards) {
                    int shard = directory.claim();
                    List<SelfPlay.Sample> samples = new ArrayList<>();
                    int judged = 0;
                    int abandoned = 0;
                    for (int g = 0; g < gamesPerShard; g++) {
                        long game = (long) shard * gamesPerShard + g;
                        GameRecord opening = openings.get((int) (game % openings.size()));
                        try {
                            judge.newGame();
                            TeacherGames.Played played = new TeacherGames(settings, weights, seed + game)
                                    .play(opening.positionAfterMainLine(), judge);
                            samples.addAll(played.samples());
                            judged += played.judged();
                        } catch (Exception e) {
                            // A teacher that failed twice on one position, or gave an illegal move: drop the game.
                            abandoned++;
                            synchronized (console) {
                                console.printf(Locale.ROOT, "game %d (%s) abandoned: %s%n", game, variant.id(), e.getMessage());
                                console.flush();
                            }
                        }
                    }
                    directory.write(shard, String.format(Locale.ROOT,
                            "teach: teacher %s (%s), %s, variant %s, games %d-%d, seed %d, %d positions judged",
                            judge.name(), teacher.command, teacher.limit(), variant.id(), (long) shard * gamesPerShard,
                            (long) shard * gamesPerShard + gamesPerShard - 1, seed, judged), samples);
                    long allLabels = labels.addAndGet(judged);
                    long allKept = kept.addAndGet(samples.size());
                    double hours = (System.nanoTime() - begun) / 3.6e12;
                    synchronized (console) {
                        console.printf(Locale.ROOT, "shard %d: %d games (%d abandoned), %d samples of %d positions; "
                                        + "this run %d samples, %.0f labels per hour%n", shard, gamesPerShard, abandoned,
                                samples.size(), judged, allKept, allLabels / hours);
                        console.flush();
                    }
                }
            }
            return null;
        };
        Workers.runOn(threads, worker);
        return 0;
    }
}
