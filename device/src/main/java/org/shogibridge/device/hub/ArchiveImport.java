package org.shogibridge.device.hub;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;

/**
 * {@code archive import DIR}: a club's old records into the archive. Every KIF, KI2, CSA and JKF file under the
 * folder is read (a file may hold several games); each game is kept as UTF-8 KIF under {@code imported/}, named by a
 * hash of its text (importing the same folder twice adds nothing), and indexed. A file that cannot be read is
 * reported with its line and left out; the others go on.
 */
public final class ArchiveImport {
    private static final Set<String> EXTENSIONS = Set.of("kif", "kifu", "ki2", "ki2u", "csa", "jkf");

    /** What an import did. */
    public record Summary(int files, int games, int refused) {
    }

    private ArchiveImport() {
    }

    public static Summary run(Path folder, Path dataDir, PrintWriter out) throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("Bad folder. " + folder + " is not a folder.");
        }
        List<Path> files;
        try (Stream<Path> all = Files.walk(folder)) {
            files = all.filter(Files::isRegularFile).filter(p -> EXTENSIONS.contains(extension(p))).sorted().toList();
        }
        Path imported = Files.createDirectories(dataDir.resolve("imported"));
        int games = 0;
        int refused = 0;
        try (GameIndex index = GameIndex.open(dataDir)) {
            for (Path file : files) {
                List<GameRecord> records;
                try {
                    records = RecordFormat.readAll(folder.relativize(file).toString(), Files.readAllBytes(file));
                } catch (IllegalArgumentException e) { // RecordFormatException names the file and the line
                    out.println("Refused " + e.getMessage());
                    refused++;
                    continue;
                }
                for (GameRecord record : records) {
                    byte[] kifu = RecordFormat.KIFU.encode(record);
                    Path kept = imported.resolve(hash(kifu) + ".kifu");
                    if (!Files.exists(kept)) {
                        Path tmp = kept.resolveSibling(kept.getFileName() + ".tmp");
                        Files.write(tmp, kifu);
                        Files.move(tmp, kept, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    }
                    index.add(kept);
                    games++;
                }
            }
        }
        out.println("Imported " + games + " game(s) from " + (files.size() - refused) + " file(s); " + refused
                + " file(s) refused.");
        out.flush();
        return new Summary(files.size(), games, refused);
    }

    private static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(java.util.Locale.ROOT);
    }

    private static String hash(byte[] bytes) {
        try {
            return "imported-" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
