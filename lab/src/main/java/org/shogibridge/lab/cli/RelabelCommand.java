package org.shogibridge.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.UsiEngineException;
import org.shogibridge.lab.learning.SelfPlay;
import org.shogibridge.lab.learning.TeacherGames;
import org.shogibridge.lab.teach.SampleFiles;
import org.shogibridge.lab.teach.ShardDirectory;
import org.shogibridge.lab.teach.UsiTeacher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code relabel}: the samples of a {@code teach} run scored again by another teacher. The positions and the games'
 * results stay; only the score changes. A teacher whose evaluation is worth learning but whose games are slow to
 * make (gpsusi) can so label a large set of positions another teacher's games already reached.
 */
@Command(name = "relabel", mixinStandardHelpOptions = true,
        description = {"Score the samples of 'teach' shards again with another teacher (USI): each position keeps its "
                + "game's result and gets the new teacher's score.", "Shard SRC/shard-NNNNNN.tsv.gz becomes",
                "DIR/shard-NNNNNN.tsv.gz; a position the teacher calls a mate is dropped, as 'teach' would end the",
                "game there. A stopped run resumes where it left off. 'train DIR' reads the result."})
public final class RelabelCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private TeacherOptions teacher;

    @Option(names = "--variant", defaultValue = "standard", description = "standard, okisaki or minishogi.")
    private String variantId;

    @Option(names = "--threads", defaultValue = "1", description = "Teachers run at once (default 1).")
    private int threads;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Directory of the relabelled shards.")
    private Path out;

    @Parameters(paramLabel = "SRC", description = "A directory of 'teach' shards.")
    private Path source;

    @Override
    public Integer call() throws Exception {
        teacher.validate();
        if (threads < 1 || threads > 64) {
            throw new IllegalArgumentException("Bad option. --threads must be from 1 to 64.");
        }
        if (!Files.isDirectory(source)) {
            throw new IllegalArgumentException("Bad option. " + source + " is not a directory of 'teach' shards.");
        }
        List<Path> shards = SampleFiles.sampleFilesIn(source);
        for (Path file : shards) {
            if (ShardDirectory.numberOf(file) < 0) {
                throw new IllegalArgumentException("Bad option. " + file + " is not a 'teach' shard (shard-NNNNNN.tsv.gz).");
            }
        }
        Variant variant = Variant.byId(variantId);
        ShardDirectory directory = new ShardDirectory(out);
        ConcurrentLinkedQueue<Path> todo = new ConcurrentLinkedQueue<>();
        for (Path file : shards) {
            if (!directory.isDone(ShardDirectory.numberOf(file))) {
                todo.add(file);
            }
        }
        UsiClient.Config config = teacher.config(variant);
        PrintWriter console = spec.commandLine().getOut();
        console.printf(Locale.ROOT, "%s: %d of %d shards to relabel; teacher %s, %s%n", out, todo.size(), shards.size(),
                teacher.command, teacher.limit());
        console.flush();

        AtomicLong labels = new AtomicLong();
        AtomicLong kept = new AtomicLong();
        long begun = System.nanoTime();
        Callable<Void> worker = () -> {
            try (UsiTeacher judge = teacher.startTeacher(config)) {
                for (Path file; (file = todo.poll()) != null; ) {
                    Relabelled shard = relabel(judge, file);
                    int n = ShardDirectory.numberOf(file);
                    directory.write(n, String.format(Locale.ROOT,
                            "relabel: teacher %s (%s), %s, variant %s, from %s: %d of %d samples kept "
                                    + "(%d mates, %d teacher failures dropped)",
                            judge.name(), teacher.command, teacher.limit(), variant.id(), file, shard.samples.size(),
                            shard.asked, shard.mates, shard.failures), shard.samples);
                    long allLabels = labels.addAndGet(shard.asked);
                    long allKept = kept.addAndGet(shard.samples.size());
                    double hours = (System.nanoTime() - begun) / 3.6e12;
                    synchronized (console) {
                        console.printf(Locale.ROOT, "shard %d: %d of %d samples kept (%d mates, %d teacher failures "
                                        + "dropped); this run %d samples, %.0f labels per hour%n", n, shard.samples.size(),
                                shard.asked, shard.mates, shard.failures, allKept, allLabels / hours);
                        console.flush();
                    }
                }
            }
            return null;
        };
        Workers.runOn(threads, worker);
        return 0;
    }

    /** The samples of one shard as the teacher scored them, and what was dropped. */
    private record Relabelled(List<SelfPlay.Sample> samples, int asked, int mates, int failures) {
    }

    /** Score one shard's samples again; a teacher that fails on more than half of them stops the run. */
    private static Relabelled relabel(UsiTeacher judge, Path file) throws Exception {
        List<SelfPlay.Sample> read = new ArrayList<>();
        SampleFiles.read(file, read);
        judge.newGame();
        List<SelfPlay.Sample> samples = new ArrayList<>(read.size());
        int mates = 0;
        int failures = 0;
        for (SelfPlay.Sample s : read) {
            TeacherGames.Verdict verdict;
            try {
                verdict = judge.judge(Position.fromSfen(s.sfen()));
            } catch (UsiEngineException e) {
                // The teacher failed twice on this position (it was restarted each time): the sample alone is lost.
                failures++;
                continue;
            }
            if (verdict.mate()) {
                mates++;
            } else {
                samples.add(new SelfPlay.Sample(s.sfen(), verdict.score(), s.result()));
            }
        }
        if (failures * 2 > read.size()) {
            // A broken teacher would otherwise leave an empty shard that a resumed run takes as done.
            throw new IllegalArgumentException("Teacher. It failed on " + failures + " of the " + read.size()
                    + " positions of " + file + "; that shard was not written.");
        }
        return new Relabelled(samples, read.size(), mates, failures);
    }
}
