package org.shogibridge.lab.teach;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.shogibridge.lab.learning.SelfPlay;
import org.shogibridge.core.rules.Position;
import org.shogibridge.device.io.TextFiles;

/**
 * Training samples on disk: one line per position, {@code SFEN<TAB>score<TAB>result} (score and result both
 * for the side to move, the result 1, 0.5 or 0), lines starting with {@code #} being comments. A file whose
 * name ends in {@code .gz} is gzip-compressed, as {@code teach} writes its shards; a directory stands for the
 * sample files in it.
 */
public final class SampleFiles {
    private SampleFiles() {
    }

    /** Append the samples of a file, or of every {@code .tsv} and {@code .tsv.gz} file of a directory, to a list. */
    public static void read(Path path, List<SelfPlay.Sample> into) throws IOException {
        if (Files.isDirectory(path)) {
            for (Path file : sampleFilesIn(path)) {
                readFile(file, into);
            }
        } else {
            readFile(path, into);
        }
    }

    /** Return the sample files of a directory in name order (shards in the order they were made). */
    public static List<Path> sampleFilesIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> {
                String name = f.getFileName().toString();
                return name.endsWith(".tsv") || name.endsWith(".tsv.gz");
            }).sorted().toList();
        }
    }

    /** Write samples with comment lines first (each line of {@code comment} becomes a {@code #} line). */
    public static void write(Writer out, String comment, List<SelfPlay.Sample> samples) throws IOException {
        for (String line : comment.split("\n")) {
            out.write("# " + line + "\n");
        }
        for (SelfPlay.Sample s : samples) {
            out.write(format(s));
        }
    }

    /** Return one sample as its line, newline included. */
    public static String format(SelfPlay.Sample s) {
        return s.sfen() + '\t' + s.score() + '\t' + s.result() + '\n';
    }

    private static void readFile(Path file, List<SelfPlay.Sample> into) throws IOException {
        if (!file.getFileName().toString().endsWith(".gz")) {
            List<String> lines = TextFiles.readLines(file);
            for (int i = 0; i < lines.size(); i++) {
                parseLine(lines.get(i), file, i + 1, into);
            }
            return;
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16);
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            int number = 0;
            for (String line; (line = reader.readLine()) != null; ) {
                parseLine(line, file, ++number, into);
            }
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw new IllegalArgumentException("Bad training data. " + file + " is not a whole gzip file: "
                    + e.getMessage() + ".", e);
        }
    }

    /** Parse one line; a bad line is reported with its file and line number. */
    private static void parseLine(String line, Path file, int number, List<SelfPlay.Sample> into) {
        if (line.isBlank() || line.startsWith("#")) {
            return;
        }
        String[] columns = line.split("\t");
        try {
            if (columns.length != 3) {
                throw new IllegalArgumentException("expected 3 tab-separated columns, found " + columns.length);
            }
            Position.fromSfen(columns[0]);
            double result = switch (columns[2].strip()) {
                case "1", "1.0" -> 1;
                case "0.5" -> 0.5;
                case "0", "0.0" -> 0;
                default -> -1;
            };
            if (result < 0) {
                throw new IllegalArgumentException("the result must be 1, 0.5 or 0, not " + columns[2]);
            }
            into.add(new SelfPlay.Sample(columns[0], score(columns[1]), result));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Bad training data. " + file + ":" + number + ": " + e.getMessage(), e);
        }
    }

    private static int score(String text) {
        String t = text.strip();
        if (!t.matches("-?\\d{1,9}")) {
            throw new IllegalArgumentException("the score must be a whole number, not '" + TextFiles.abbreviated(t) + "'");
        }
        return Integer.parseInt(t);
    }

    /** Return every sample of the given files and directories. */
    public static List<SelfPlay.Sample> readAll(List<Path> paths) throws IOException {
        List<SelfPlay.Sample> samples = new ArrayList<>();
        for (Path path : paths) {
            read(path, samples);
        }
        return samples;
    }
}
