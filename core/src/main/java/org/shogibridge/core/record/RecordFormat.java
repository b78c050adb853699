package org.shogibridge.core.record;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Locale;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The record formats, with their encodings and file extensions: KIF in Shift_JIS ({@code .kif}) or UTF-8
 * ({@code .kifu}), KI2 likewise ({@code .ki2}, {@code .ki2u}), CSA, JKF and a USI position line. Reading
 * decodes any of UTF-8 (with or without BOM), Shift_JIS and EUC-JP and finds the format from the content,
 * using the file name only when the content could be either.
 */
public enum RecordFormat {
    KIF("kif", RecordText.SHIFT_JIS),
    KIFU("kifu", StandardCharsets.UTF_8),
    KI2("ki2", RecordText.SHIFT_JIS),
    KI2U("ki2u", StandardCharsets.UTF_8),
    CSA("csa", StandardCharsets.UTF_8),
    JKF("jkf", StandardCharsets.UTF_8),
    USI("usi", StandardCharsets.UTF_8);

    private final String extension;
    private final Charset charset;

    RecordFormat(String extension, Charset charset) {
        this.extension = extension;
        this.charset = charset;
    }

    public String extension() {
        return extension;
    }

    /** Return the encoding this format is written in. */
    public Charset charset() {
        return charset;
    }

    /** Return the format named by a {@code --to} value or a file extension (kif, kifu, ki2, csa, jkf, usi...). */
    public static Optional<RecordFormat> byName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (RecordFormat f : values()) {
            if (f.extension.equals(n)) {
                return Optional.of(f);
            }
        }
        return switch (n) {
            case "json" -> Optional.of(JKF);
            case "sfen", "txt" -> Optional.of(USI);
            default -> Optional.empty();
        };
    }

    /** Return the format of a file from its name's extension, if it has a known one. */
    public static Optional<RecordFormat> ofFileName(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot < 0 ? Optional.empty() : byName(fileName.substring(dot + 1));
    }

    /** Return the family of a record text: KIF (which also reads KI2), CSA, JKF or USI. */
    public static RecordFormat detect(String fileName, String text) {
        String first = firstStatement(text);
        if (first.startsWith("{")) {
            return JKF;
        }
        if (first.startsWith("position ") || first.startsWith("startpos") || first.startsWith("sfen ")) {
            return USI;
        }
        if (CSA_LINE.matcher(first).matches()) {
            return CSA;
        }
        Optional<RecordFormat> byName = ofFileName(fileName);
        if (byName.isPresent()) {
            return byName.get().family();
        }
        if (BARE_SFEN.matcher(first).matches()) {
            return USI;
        }
        return KIF;
    }

    private static final Pattern CSA_LINE =
            Pattern.compile("^(V\\d.*|N[+-].*|\\$[A-Z_]+:.*|P[I1-9+-].*|[+-]\\d{4}[A-Z]{2}.*|%[A-Z_+-]+)$");
    private static final Pattern BARE_SFEN = Pattern.compile("^[lnsgkrbpqLNSGKRBPQ+1-9/]+ [bw] .*");

    /** Return the first line that is not blank nor a CSA or KIF comment, stripped (empty if none). */
    private static String firstStatement(String text) {
        for (int start = 0; start <= text.length(); ) {
            int end = RecordText.lineEnd(text, start);
            String line = text.substring(start, end).strip();
            if (!line.isEmpty() && !line.startsWith("'") && !line.startsWith("#")) {
                return line;
            }
            start = RecordText.nextLineStart(text, end);
        }
        return "";
    }

    /** KIF, KIFU, KI2 and KI2U are read by one reader. */
    private RecordFormat family() {
        return switch (this) {
            case KIFU, KI2, KI2U -> KIF;
            default -> this;
        };
    }

    /** The largest record file read, 10 MiB: a game with every variation and comment is far smaller. */
    public static final int MAX_BYTES = 10 << 20;

    /** Read a record from a file's bytes; {@code source} names it in error messages. */
    public static GameRecord read(String source, byte[] bytes) {
        if (bytes.length > MAX_BYTES) {
            throw new RecordFormatException(source, 0, "Record too large. It has " + bytes.length
                    + " bytes; a record may have at most " + MAX_BYTES);
        }
        String text = RecordText.decode(source, bytes);
        return readText(source, text, detect(source, text));
    }

    private static GameRecord readText(String source, String text, RecordFormat format) {
        return switch (format) {
            case CSA -> CsaReader.read(source, text);
            case JKF -> JkfReader.read(source, text);
            case USI -> UsiRecord.read(source, text);
            default -> KifReader.read(source, text);
        };
    }

    /**
     * Read every game of a file that holds several: KIF games each begin with their own {@code #KIF version=} line
     * (as the hub's {@code all.kifu} writes them, and as a KIF database export joins them), CSA games are separated
     * by a line holding only {@code /} (CSA standard 3.0). A file of one game gives a list of one. An error names the
     * game ({@code all.kifu (game 2)}) and its line within that game.
     */
    public static List<GameRecord> readAll(String source, byte[] bytes) {
        if (bytes.length > MAX_BYTES) {
            return List.of(read(source, bytes)); // refused there, with the usual message
        }
        String text = RecordText.decode(source, bytes);
        RecordFormat format = detect(source, text);
        List<String> games = new ArrayList<>();
        StringBuilder game = new StringBuilder();
        boolean gameHasContent = false; // more than comment lines ("# converted by nkf" before "#KIF version=")
        for (String line : text.split("\\r?\\n", -1)) {
            boolean kifStart = format.family() == KIF && line.startsWith("#KIF version=") && gameHasContent;
            boolean csaSeparator = format == CSA && line.strip().equals("/");
            if (kifStart || csaSeparator) {
                games.add(game.toString());
                game.setLength(0);
                gameHasContent = false;
                if (csaSeparator) {
                    continue;
                }
            }
            game.append(line).append('\n');
            gameHasContent |= !line.isBlank() && !line.startsWith("#");
        }
        if (!game.toString().isBlank()) {
            games.add(game.toString());
        }
        List<GameRecord> records = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            String name = games.size() == 1 ? source : source + " (game " + (i + 1) + ")";
            records.add(readText(name, games.get(i), format));
        }
        return records;
    }

    /** Return the record written in this format. */
    public String write(GameRecord record) {
        return switch (this) {
            case KIF -> KifWriter.kif(record, "Shift_JIS");
            case KIFU -> KifWriter.kif(record, "UTF-8");
            case KI2, KI2U -> KifWriter.ki2(record);
            case CSA -> CsaWriter.write(record);
            case JKF -> JkfWriter.write(record);
            case USI -> UsiRecord.write(record);
        };
    }

    /**
     * Return the record written in this format, encoded. A KIF or KI2 record with characters that Shift_JIS
     * lacks (a comment in another script, a wave dash) is written in UTF-8 instead, declared in its first line,
     * rather than lose them.
     */
    public byte[] encode(GameRecord record) {
        String text = write(record);
        if (charset.equals(RecordText.SHIFT_JIS) && !charset.newEncoder().canEncode(text)) {
            String utf8 = this == KIF ? KifWriter.kif(record, "UTF-8") : text;
            return utf8.getBytes(StandardCharsets.UTF_8);
        }
        return text.getBytes(charset);
    }
}
