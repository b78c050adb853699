package org.shogibridge.core.record;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Damages a record file the ways files are damaged: a flipped bit, a byte replaced, a file cut short, a line lost,
 * a line written twice, a line of garbage inserted. Every mutant knows which lines of the original it touched, so
 * that {@link MutantOracle} can tell what the damaged file still states.
 */
final class RecordMutator {
    enum Kind { FLIP, BYTE, TRUNCATE, DELETE_LINE, DUPLICATE_LINE, GARBAGE }

    /**
     * A damaged copy of an original.
     *
     * @param firstDamagedLine the first line (1-based, of the original) the damage touches; for an inserted line,
     *                         the line it was inserted before
     * @param lastDamagedLine  the last line of the original it touches (a truncation: the last line)
     * @param cutAt            for a truncation, how many bytes were kept; else -1
     */
    record Mutant(Kind kind, byte[] bytes, int firstDamagedLine, int lastDamagedLine, int cutAt, String description) {
    }

    /** Statements that look like parts of records, so that inserted garbage is also plausible garbage. */
    private static final String[] PLAUSIBLE = {
        "▲７六歩", "△３四歩 ▲２六歩", "  1 ７六歩(77)", " 99 投了", "+7776FU", "-3334FU", "%TORYO", "%CHUDAN",
        "T12", "まで3手で先手の勝ち", "変化：3手", "手合割：香落ち", "先手：x", "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY",
        "PI82HI", "P+00FU", "'* comment", "*comment", "position startpos moves 7g7f", "{}", "\"move\":{}",
        "後手の持駒：なし", "|v香v桂v銀v金v玉v金v銀v桂v香|一", "先手番", "同　歩", "▲同　歩成", "%+ILLEGAL_ACTION",
        "反則手にて終局", "  3 反則勝ち", "N+sente", "$EVENT:x", "V2.2", "#KIF version=2.0 encoding=UTF-8",
    };

    private final Random random;

    RecordMutator(long seed) {
        this.random = new Random(seed);
    }

    /** Return a mutant of the original bytes of the given kind, or of a random kind for null. */
    Mutant mutate(byte[] original, Kind kind) {
        Kind k = kind != null ? kind : Kind.values()[random.nextInt(Kind.values().length)];
        int[] lineStarts = lineStarts(original);
        return switch (k) {
            case FLIP -> {
                int at = random.nextInt(original.length);
                byte[] b = original.clone();
                int bit = random.nextInt(8);
                // A lost line break joins the next line to this one: both are damaged.
                b[at] ^= (byte) (1 << bit);
                int line = lineOf(lineStarts, at);
                yield new Mutant(k, b, line, original[at] == '\n' ? line + 1 : line, -1, "bit " + bit + " of byte " + at);
            }
            case BYTE -> {
                int at = random.nextInt(original.length);
                byte[] b = original.clone();
                b[at] = (byte) random.nextInt(256);
                int line = lineOf(lineStarts, at);
                // A lost line break joins the next line to this one: both are damaged.
                yield new Mutant(k, b, line, original[at] == '\n' ? line + 1 : line, -1, "byte " + at + " := " + (b[at] & 0xff));
            }
            case TRUNCATE -> {
                int keep = random.nextInt(original.length);
                byte[] b = java.util.Arrays.copyOf(original, keep);
                yield new Mutant(k, b, lineOf(lineStarts, keep), lineStarts.length, keep, "cut at byte " + keep);
            }
            case DELETE_LINE, DUPLICATE_LINE -> {
                int line = 1 + random.nextInt(lineStarts.length);
                int start = lineStarts[line - 1];
                int end = line < lineStarts.length ? lineStarts[line] : original.length;
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(original, 0, end);
                if (k == Kind.DELETE_LINE) {
                    out.reset();
                    out.write(original, 0, start);
                } else {
                    out.write(original, start, end - start);
                }
                out.write(original, end, original.length - end);
                yield new Mutant(k, out.toByteArray(), line, line, -1, (k == Kind.DELETE_LINE ? "deleted" : "duplicated")
                        + " line " + line);
            }
            case GARBAGE -> {
                int line = 1 + random.nextInt(lineStarts.length);
                int start = lineStarts[line - 1];
                byte[] garbage = garbage();
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(original, 0, start);
                out.write(garbage, 0, garbage.length);
                out.write('\n');
                out.write(original, start, original.length - start);
                yield new Mutant(k, out.toByteArray(), line, line - 1, -1, "garbage before line " + line + ": "
                        + new String(garbage, StandardCharsets.ISO_8859_1).replaceAll("[^ -~]", "?"));
            }
        };
    }

    private byte[] garbage() {
        return switch (random.nextInt(3)) {
            case 0 -> {
                byte[] b = new byte[1 + random.nextInt(40)];
                random.nextBytes(b);
                for (int i = 0; i < b.length; i++) {
                    if (b[i] == '\n') {
                        b[i] = ' ';
                    }
                }
                yield b;
            }
            case 1 -> {
                StringBuilder sb = new StringBuilder();
                for (int i = 1 + random.nextInt(30); i > 0; i--) {
                    sb.append((char) (' ' + random.nextInt(95)));
                }
                yield sb.toString().getBytes(StandardCharsets.US_ASCII);
            }
            default -> PLAUSIBLE[random.nextInt(PLAUSIBLE.length)].getBytes(StandardCharsets.UTF_8);
        };
    }

    /** Return the offset where each line starts; a final line break does not start a line. */
    static int[] lineStarts(byte[] bytes) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < bytes.length - 1; i++) {
            if (bytes[i] == '\n') {
                starts.add(i + 1);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Return the 1-based line holding the byte at an offset. */
    static int lineOf(int[] lineStarts, int offset) {
        int line = 1;
        while (line < lineStarts.length && lineStarts[line] <= offset) {
            line++;
        }
        return line;
    }
}
