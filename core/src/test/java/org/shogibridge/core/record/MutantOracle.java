package org.shogibridge.core.record;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Judges how a reader treats a damaged record. A mutant must be either rejected with a one-line message that
 * names the file and the line and reads "Category. detail." with no Java text in it, or read as a game that keeps
 * every statement the damage did not touch:
 *
 * <ul>
 *   <li>the moves stated before the damage are all there, unchanged, and so is the start position;</li>
 *   <li>a file cut short reads as a prefix of the original game (never a changed last move), at least as long as
 *       the lines it kept in full state, with no result or the original one;</li>
 *   <li>damage that touches no move keeps every move; only damage after the last move may change the result;</li>
 *   <li>damage to lines with moves loses at most the moves on those lines (what it changes there, a flipped
 *       digit making another legal move, no format can detect).</li>
 * </ul>
 *
 * Which moves an original states on which lines is found by reading its plain prefixes (whole lines), which
 * every reader must accept; for JKF, from the lines each element of the main line spans.
 */
final class MutantOracle {
    enum Outcome {
        REJECTED, READ_SAME, READ_WITHIN_DAMAGE,
        // Failures:
        CRASH, JAVA_TEXT, BAD_MESSAGE, WRONG_ACCEPTANCE;

        boolean failed() {
            return ordinal() >= CRASH.ordinal();
        }
    }

    record Verdict(Outcome outcome, String detail) {
    }

    private static final Pattern JAVA_TEXT = Pattern.compile(
            "Exception|java\\.|For input string|Input length|\\bnull\\b|out of bounds|begin \\d+, end|"
                    + "index \\d+|Index \\d+|NaN|Infinity");
    /** {@code source:line: } then an optional JKF path, then "Category. detail". */
    private static final Pattern MESSAGE =
            Pattern.compile("^(?<source>.+?):(?<line>\\d+): ([a-z]+(\\[\\d+\\]|\\.[a-z]+)*: )?[A-Z][^.\\n]{1,40}\\. .+$");
    /** Whole-file problems that name no line. */
    private static final Pattern FILE_MESSAGE =
            Pattern.compile("^(?<source>.+?): (Empty record|Record too large)\\. .+$");

    /** An original record and what it states line by line. */
    static final class Original {
        final String name;
        final byte[] bytes;
        final GameRecord record;
        private final boolean jkf;
        private final int lines;
        /** Main-line moves stated in full by the first N lines, by N (memo). */
        private final Map<Integer, Integer> movesThrough = new HashMap<>();
        /** For JKF: the first and last line of each main-line move element. */
        private int[][] jkfMoves;
        private int lastMoveLine = -1;

        Original(String name, byte[] bytes) {
            this.name = name;
            this.bytes = bytes;
            this.record = RecordFormat.read(name, bytes);
            this.jkf = RecordFormat.detect(name, RecordText.decode(name, bytes)) == RecordFormat.JKF;
            this.lines = RecordMutator.lineStarts(bytes).length;
        }

        int moves() {
            return record.mainLine().moves().size();
        }

        /** Return how many main-line moves the first {@code n} lines state in full. */
        int movesThrough(int n) {
            if (n <= 0) {
                return 0;
            }
            if (n >= lines) {
                return moves();
            }
            if (jkf) {
                int count = 0;
                while (count < jkfMoves().length && jkfMoves()[count][1] <= n) {
                    count++;
                }
                return count;
            }
            Integer known = movesThrough.get(n);
            if (known == null) {
                known = readPrefix(n);
                movesThrough.put(n, known);
            }
            return known;
        }

        /** Return how many main-line moves are stated, wholly or in part, on lines {@code first} to {@code last}. */
        int movesOn(int first, int last) {
            if (!jkf) {
                return movesThrough(last) - movesThrough(first - 1);
            }
            int count = 0;
            for (int[] range : jkfMoves()) {
                if (range[0] <= last && range[1] >= first) {
                    count++;
                }
            }
            return count;
        }

        private int readPrefix(int n) {
            int[] starts = RecordMutator.lineStarts(bytes);
            byte[] prefix = Arrays.copyOf(bytes, starts[n]);
            try {
                return RecordFormat.read(name, prefix).mainLine().moves().size();
            } catch (RecordFormatException e) {
                // A prefix that ends inside a diagram or between a foul and its statement: no more moves than before.
                return movesThrough(n - 1);
            }
        }

        /** Return the line that states the last main-line move (0 without moves). */
        int lastMoveLine() {
            if (lastMoveLine < 0) {
                int low = 0;
                int high = lines;
                while (low < high) {
                    int mid = (low + high) >>> 1;
                    if (movesThrough(mid) >= moves()) {
                        high = mid;
                    } else {
                        low = mid + 1;
                    }
                }
                lastMoveLine = low;
            }
            return lastMoveLine;
        }

        private int[][] jkfMoves() {
            if (jkfMoves == null) {
                List<int[]> ranges = new ArrayList<>();
                try (JsonParser p = new ObjectMapper().getFactory().createParser(RecordText.decode(name, bytes))) {
                    int depth = 0;
                    boolean inMoves = false;
                    boolean hasMove = false;
                    int start = 0;
                    for (JsonToken t; (t = p.nextToken()) != null; ) {
                        if (t == JsonToken.FIELD_NAME && depth == 1) {
                            inMoves = p.currentName().equals("moves");
                        } else if (t == JsonToken.FIELD_NAME && depth == 3 && inMoves && p.currentName().equals("move")) {
                            hasMove = true;
                        }
                        if (t.isStructStart()) {
                            depth++;
                            if (depth == 3) {
                                start = p.currentTokenLocation().getLineNr();
                                hasMove = false;
                            }
                        } else if (t.isStructEnd()) {
                            depth--;
                            if (depth == 2 && inMoves && hasMove) {
                                ranges.add(new int[] {start, p.currentLocation().getLineNr()});
                            }
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                // The last element with a move may be a foul, which is not one of the moves.
                jkfMoves = ranges.stream().limit(moves()).toArray(int[][]::new);
            }
            return jkfMoves;
        }
    }

    private MutantOracle() {
    }

    static Verdict judge(Original original, RecordMutator.Mutant mutant) {
        GameRecord read;
        try {
            read = RecordFormat.read(original.name, mutant.bytes());
        } catch (RecordFormatException e) {
            return judgeMessage(original.name, e.getMessage());
        } catch (Throwable t) {
            return new Verdict(Outcome.CRASH, t.toString());
        }
        return judgeGame(original, mutant, read);
    }

    static Verdict judgeMessage(String source, String message) {
        if (message == null || message.contains("\n")) {
            return new Verdict(Outcome.BAD_MESSAGE, "not one line: " + message);
        }
        // What a message quotes from the input ('...') may hold anything; Java text is looked for in the rest.
        if (JAVA_TEXT.matcher(message.replaceAll("'.*'", "''")).find()) {
            return new Verdict(Outcome.JAVA_TEXT, message);
        }
        var m = MESSAGE.matcher(message);
        var f = FILE_MESSAGE.matcher(message);
        boolean lined = m.matches() && Integer.parseInt(m.group("line")) > 0 && m.group("source").equals(source);
        boolean whole = f.matches() && f.group("source").equals(source);
        return lined || whole ? new Verdict(Outcome.REJECTED, message) : new Verdict(Outcome.BAD_MESSAGE, message);
    }

    private static Verdict judgeGame(Original o, RecordMutator.Mutant mutant, GameRecord read) {
        List<RecordedMove> expected = o.record.mainLine().moves();
        List<RecordedMove> actual = read.mainLine().moves();
        int before = o.movesThrough(mutant.firstDamagedLine() - 1);
        if (before > 0 && !read.startSfen().equals(o.record.startSfen())) {
            return wrong("the start changed although the damage is after move " + before);
        }
        if (actual.size() < before) {
            return wrong("read " + actual.size() + " moves, but " + before + " are stated before the damage");
        }
        for (int i = 0; i < before; i++) {
            if (actual.get(i).move() != expected.get(i).move()) {
                return wrong("move " + (i + 1) + " changed, before the damage");
            }
        }
        boolean sameMoves = expected.size() == actual.size() && isPrefix(actual, expected);
        boolean sameResult = sameFoul(o.record.mainLine(), read.mainLine())
                && o.record.mainLine().ending() == read.mainLine().ending();
        if (sameMoves && sameResult && read.startSfen().equals(o.record.startSfen())) {
            return new Verdict(Outcome.READ_SAME, "");
        }
        if (mutant.kind() == RecordMutator.Kind.TRUNCATE) {
            boolean wholeLines = mutant.cutAt() == 0 || o.bytes[mutant.cutAt() - 1] == '\n' || o.bytes[mutant.cutAt() - 1] == '\r';
            if (!read.startSfen().equals(o.record.startSfen()) && !(actual.isEmpty() && wholeLines)) {
                // Cut at a line boundary before its 手合割, a KIF is a complete record of an even game.
                return wrong("a cut file read with another start position");
            }
            if (!isPrefix(actual, expected)) {
                return wrong("a cut file read as a different game, not a prefix");
            }
            int full = o.movesThrough(mutant.firstDamagedLine() - 1);
            if (actual.size() < full) {
                return wrong("a cut file lost moves its whole lines state");
            }
            if ((read.mainLine().ending() != null || read.mainLine().foul() != null)
                    && !(actual.size() == expected.size() && sameResult)) {
                return wrong("a cut file has a result the original does not have");
            }
            return new Verdict(Outcome.READ_WITHIN_DAMAGE, actual.size() + " of " + expected.size() + " moves");
        }
        int damaged = o.movesOn(mutant.firstDamagedLine(), mutant.lastDamagedLine());
        boolean afterMoves = mutant.firstDamagedLine() > o.lastMoveLine();
        if (mutant.kind() == RecordMutator.Kind.GARBAGE) {
            if (actual.size() < expected.size() || !afterMoves && !sameMoves) {
                return wrong("an inserted line lost or changed moves");
            }
        } else if (damaged == 0) {
            if (!sameMoves) {
                return wrong("damage to no move changed the moves");
            }
            if (!afterMoves && !sameResult) {
                return wrong("damage before the last move changed the result");
            }
        } else if (actual.size() < expected.size() - damaged) {
            return wrong("read " + actual.size() + " moves: damage to " + damaged + " of " + expected.size()
                    + " lost more");
        }
        return new Verdict(Outcome.READ_WITHIN_DAMAGE, actual.size() + " of " + expected.size() + " moves");
    }

    /** Return whether the moves of {@code a} are the first moves of {@code b}. */
    private static boolean isPrefix(List<RecordedMove> a, List<RecordedMove> b) {
        if (a.size() > b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).move() != b.get(i).move()) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameFoul(MoveLine a, MoveLine b) {
        return Objects.equals(a.foul() == null ? null : a.foul().move(), b.foul() == null ? null : b.foul().move());
    }

    private static Verdict wrong(String why) {
        return new Verdict(Outcome.WRONG_ACCEPTANCE, why);
    }
}
