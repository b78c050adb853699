package org.shogibridge.device.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;

/**
 * The games directory: every finished game as KIF (UTF-8, {@code .kifu}) and CSA, named by its game id, written to
 * disk ({@code fsync}) before the journal forgets the game, and its review once it has one ({@code .review.json}).
 * A write that fails (a full disk) leaves no partial file.
 */
public final class GameArchive {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,100}");
    private static final String REVIEW = ".review.json";
    private static final String PENDING = ".review.pending";
    private final Path directory;

    public GameArchive(Path directory) throws IOException {
        this.directory = directory;
        Files.createDirectories(directory);
    }

    public Path directory() {
        return directory;
    }

    /** Whether a game id can name a file here (letters, digits, {@code _ . -}; what the daemon's ids are made of). */
    public static boolean validId(String gameId) {
        return ID.matcher(gameId).matches();
    }

    /** Write a finished game in both formats. */
    public void save(String gameId, GameRecord record) throws IOException {
        save(gameId, RecordFormat.KIFU.encode(record), RecordFormat.CSA.encode(record));
    }

    /** Write a finished game's files as encoded before (kept in the journal until they are written). */
    public void save(String gameId, byte[] kifu, byte[] csa) throws IOException {
        if (!ID.matcher(gameId).matches()) {
            throw new IOException("Bad game id. '" + gameId + "' cannot name a file.");
        }
        write(directory.resolve(gameId + ".kifu"), kifu);
        write(directory.resolve(gameId + ".csa"), csa);
    }

    /**
     * Note that a game's review has begun ({@code <id>.review.pending}), so that a daemon stopped before it was done
     * reviews the game at its next start.
     */
    public void reviewBegun(String gameId) throws IOException {
        if (!ID.matcher(gameId).matches()) {
            throw new IOException("Bad game id. '" + gameId + "' cannot name a file.");
        }
        write(directory.resolve(gameId + PENDING), new byte[0]);
    }

    /** Return the ids of the games whose review was begun and not written, oldest first. */
    public List<String> pendingReviews() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(PENDING))
                    .map(n -> n.substring(0, n.length() - PENDING.length())).filter(id -> ID.matcher(id).matches()).sorted().toList();
        }
    }

    /** Write a game's review beside its record ({@code <id>.review.json}), as its record files are written. */
    public void saveReview(String gameId, String json) throws IOException {
        if (!ID.matcher(gameId).matches()) {
            throw new IOException("Bad game id. '" + gameId + "' cannot name a file.");
        }
        write(directory.resolve(gameId + REVIEW), json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Files.deleteIfExists(directory.resolve(gameId + PENDING));
    }

    /** Return the review of a game, or null if it has none (not reviewed yet) or the id is bad. */
    public Path review(String gameId) {
        if (!ID.matcher(gameId).matches()) {
            return null;
        }
        Path file = directory.resolve(gameId + REVIEW);
        return Files.isRegularFile(file) ? file : null;
    }

    /** Return the ids of the recorded games, newest first (ids begin with the date and time). */
    public List<String> ids() throws IOException {
        List<String> ids = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".kifu"))
                    .map(n -> n.substring(0, n.length() - ".kifu".length())).sorted((a, b) -> b.compareTo(a)).forEach(ids::add);
        }
        return ids;
    }

    /** Return the file of a game in a format ({@code kifu} or {@code csa}), or null if there is none or the id is bad. */
    public Path file(String gameId, String extension) {
        if (!ID.matcher(gameId).matches() || !(extension.equals("kifu") || extension.equals("csa"))) {
            return null;
        }
        Path file = directory.resolve(gameId + "." + extension);
        return Files.isRegularFile(file) ? file : null;
    }

    private static void write(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(tmp); // the game stays in the journal; no half file is left to look like a record
            throw e;
        }
    }
}
