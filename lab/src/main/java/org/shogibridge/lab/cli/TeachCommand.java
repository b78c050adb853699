package org.shogibridge.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.lab.learning.SelfPlay;
import org.shogibridge.lab.learning.TeacherGames;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.lab.match.MatchRunner;
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
        description = {"Label training positions with a teacher engine (USI): it plays itself from openings varied",
                "by our engine, and every quiet position is written with the teacher's score (centipawns) and",
                "the game's result, for the side to move. Games are written in shards of --games-per-shard to",
                "DIR/shard-NNNNNN.tsv.gz; a stopped run resumes where it left off. 'train DIR' reads them."})
public final class TeachCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--teacher", required = true, paramLabel = "COMMAND",
            description = "The teacher's command line, e.g. /usr/games/fairy-stockfish.")
    private String teacherCommand;

    @Option(names = "--teacher-option", paramLabel = "NAME=VALUE",
            description = "A USI option for the teacher (repeatable), e.g. UCI_Variant=minishogi.")
    private Map<String, String> teacherOptions = new LinkedHashMap<>();

    @Option(names = "--nodes", defaultValue = "20000", description = "Teacher nodes per position (default 20000).")
    private long nodes;

    @Option(names = "--depth", defaultValue = "0", description = "Teacher depth per position instead of nodes.")
    private int depth;

    @Option(names = "--byoyomi", paramLabel = "MS", defaultValue = "0",
            description = {"A clock per position instead of nodes: 'go btime 0 wtime 0 byoyomi MS', for a teacher",
                    "that takes nothing else (gpsusi, with --teacher-option LimitDepth=4 to keep it short)."})
    private long byoyomi;

    @Option(names = "--teacher-timeout", paramLabel = "MS", defaultValue = "10000",
            description = "How long the teacher may take per position before it is restarted (default 10000).")
    private long timeoutMillis;

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
        if (nodes < 1 || depth < 0 || byoyomi < 0 || (depth > 0 && byoyomi > 0) || timeoutMillis < 1 || openingPlies < 0
                || !(replaceRate >= 0 && replaceRate <= 1)
                || source.maxPlies < 1 || gamesPerShard < 1 || shards < 0 || threads < 1 || threads > 64) {
            throw new IllegalArgumentException("Bad option. --nodes, --teacher-timeout, --max-plies and --games-per-shard "
                    + "must be 1 or more, --depth, --byoyomi, --opening-plies and --shards 0 or more (--depth and "
                    + "--byoyomi not both), --replace-rate from 0 to 1 and --threads from 1 to 64.");
        }
        Variant variant = source.variant();
        List<GameRecord> openings = source.openings();
        // gpsusi dies on "go nodes" and "go depth": it takes a clock only, and its LimitDepth option bounds the search.
        String limit = depth > 0 ? "depth " + depth
                : byoyomi > 0 ? "btime 0 wtime 0 byoyomi " + byoyomi
                : "nodes " + nodes;
        UsiClient.Config config = new UsiClient.Config(UsiClient.splitCommand(teacherCommand),
                withVariant(teacherOptions, variant), Duration.ofSeconds(30), Duration.ofMillis(timeoutMillis));
        TeacherGames.Settings defaults = TeacherGames.Settings.defaults();
        TeacherGames.Settings settings = new TeacherGames.Settings(openingPlies, defaults.feelLevel(), replaceRate,
                defaults.replaceUntil(), source.maxPlies, defaults.decided());
        EvalWeights weights = WeightsFile.read(null, variant);
        ShardDirectory directory = new ShardDirectory(out);
        PrintWriter console = spec.commandLine().getOut();
        console.printf(Locale.ROOT, "%s: %d whole shards found; teacher %s, %s%n", out, directory.doneCount(),
                teacherCommand, limit);
        console.flush();

        AtomicInteger started = new AtomicInteger();
        AtomicLong labels = new AtomicLong();
        AtomicLong kept = new AtomicLong();
        long begun = System.nanoTime();
        Callable<Void> worker = () -> {
            try (UsiTeacher teacher = new UsiTeacher(startedClient(config), limit)) {
                while (shards == 0 || started.getAndIncrement() < shards) {
                    int shard = directory.claim();
                    List<SelfPlay.Sample> samples = new ArrayList<>();
                    int judged = 0;
                    int abandoned = 0;
                    for (int g = 0; g < gamesPerShard; g++) {
                        long game = (long) shard * gamesPerShard + g;
                        GameRecord opening = openings.get((int) (game % openings.size()));
                        try {
                            teacher.newGame();
                            TeacherGames.Played played = new TeacherGames(settings, weights, seed + game)
                                    .play(opening.positionAfterMainLine(), teacher);
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
                            teacher.name(), teacherCommand, limit, variant.id(), (long) shard * gamesPerShard,
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

    /**
     * Return the options with UCI_Variant set for the variant if the teacher declares that option and it was not
     * given: Fairy-Stockfish plays chess unless told. It goes in the options so that a restart keeps it.
     */
    private Map<String, String> withVariant(Map<String, String> given, Variant variant) throws Exception {
        Map<String, String> options = new LinkedHashMap<>(given);
        if (!options.containsKey("UCI_Variant")) {
            UsiClient.Config probe = UsiClient.Config.of(UsiClient.splitCommand(teacherCommand), given);
            try (UsiClient client = startedClient(probe)) {
                if (client.optionNames().contains("UCI_Variant")) {
                    options.put("UCI_Variant", MatchRunner.usiVariantName(variant));
                } else if (variant != Variant.STANDARD) {
                    throw new IllegalArgumentException("Teacher. '" + client.name() + "' has no UCI_Variant option, so it "
                            + "cannot judge " + variant.id() + " positions.");
                }
            }
        }
        return options;
    }

    private static UsiClient startedClient(UsiClient.Config config) throws Exception {
        UsiClient client = new UsiClient(config);
        client.start();
        return client;
    }
}
