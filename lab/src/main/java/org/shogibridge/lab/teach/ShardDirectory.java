package org.shogibridge.lab.teach;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.shogibridge.lab.learning.SelfPlay;

/**
 * A directory of sample shards, {@code shard-000012.tsv.gz}, each the samples of a fixed block of games.
 *
 * <p>A shard is written to a {@code .part} file and renamed when whole, so a run that is stopped (or a machine
 * that loses power) leaves only whole shards; the next run finds which exist and makes the others. Shard n
 * always holds the same games (their seeds follow from n), so resuming never repeats a game.
 */
public final class ShardDirectory {
    private static final Pattern SHARD = Pattern.compile("shard-(\\d{6})\\.tsv\\.gz");
    private final Path dir;
    private final Set<Integer> done = new TreeSet<>();
    private int nextCandidate;

    /** Open a directory (made if missing), note its whole shards and delete the parts of unfinished ones. */
    public ShardDirectory(Path dir) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir);
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                int n = numberOf(f);
                if (n >= 0) {
                    done.add(n);
                } else if (name.startsWith("shard-") && name.endsWith(".part")) {
                    Files.delete(f);
                }
            }
        }
    }

    /** Return the number of whole shards found when the directory was opened. */
    public synchronized int doneCount() {
        return done.size();
    }

    /** Return whether shard n was whole when the directory was opened. */
    public synchronized boolean isDone(int n) {
        return done.contains(n);
    }

    /** Return the number of a shard file from its name, or -1 if the name is not a shard's. */
    public static int numberOf(Path file) {
        Matcher m = SHARD.matcher(file.getFileName().toString());
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** Claim the lowest shard number that is neither whole nor claimed. */
    public synchronized int claim() {
        while (done.contains(nextCandidate)) {
            nextCandidate++;
        }
        return nextCandidate++;
    }

    /** Write shard n whole: to a part file first, then renamed into place. */
    public void write(int n, String comment, List<SelfPlay.Sample> samples) throws IOException {
        Path file = file(n);
        Path part = dir.resolve(file.getFileName() + ".part");
        try (Writer out = new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(part), 1 << 16), StandardCharsets.UTF_8)) {
            SampleFiles.write(out, comment, samples);
        }
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Return the file of shard n. */
    private Path file(int n) {
        return dir.resolve(String.format(Locale.ROOT, "shard-%06d.tsv.gz", n));
    }
}
