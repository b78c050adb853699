package org.shogibridge.core.tsume;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The built-in tsume, made by the project from positions of real games (the lab's {@code tsume-make}) and read from
 * {@code tsume.tsv} beside this class: one problem per line, {@code id, plies, sfen, solution, source} separated by
 * tabs, {@code #} starting a comment. Ordered by length, then number: the order a player is offered them in.
 */
public final class TsumeSet {
    private static final String RESOURCE = "tsume.tsv";
    private static TsumeSet builtIn;

    private final List<TsumeProblem> problems;

    public TsumeSet(List<TsumeProblem> problems) {
        this.problems = List.copyOf(problems);
    }

    /** Return the set shipped in the jar. */
    public static synchronized TsumeSet builtIn() {
        if (builtIn == null) {
            try (InputStream in = TsumeSet.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("No tsume set. " + RESOURCE + " is missing from the jar.");
                }
                builtIn = read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return builtIn;
    }

    /**
     * Read a set from the lines of its file.
     *
     * @throws IllegalArgumentException "Bad tsume set. line N: ..." for a line that is not a problem
     */
    public static TsumeSet read(List<String> lines) {
        List<TsumeProblem> problems = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            try {
                if (f.length != 5) {
                    throw new IllegalArgumentException("5 fields separated by tabs expected, " + f.length + " found");
                }
                problems.add(new TsumeProblem(f[0], Integer.parseInt(f[1]), f[2], Arrays.asList(f[3].split(" ")), f[4]));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Bad tsume set. line " + (i + 1) + ": " + e.getMessage() + ".", e);
            }
        }
        return new TsumeSet(problems);
    }

    /** Return the lines of the set's file (a header, then one problem per line). */
    public static List<String> lines(Collection<TsumeProblem> problems) {
        List<String> lines = new ArrayList<>();
        lines.add("# The built-in tsume: made by shogi-bridge's lab (tsume-make) from positions of real games, cut down to the"
                + " pieces each mate needs (docs/learning.md). Checked again by TsumeSetTest.");
        lines.add("# id\tplies\tsfen\tsolution\tsource");
        for (TsumeProblem p : problems) {
            lines.add(String.join("\t", p.id(), Integer.toString(p.plies()), p.sfen(), String.join(" ", p.solution()), p.source()));
        }
        return lines;
    }

    public List<TsumeProblem> problems() {
        return problems;
    }

    public Optional<TsumeProblem> byId(String id) {
        return problems.stream().filter(p -> p.id().equals(id)).findFirst();
    }

    /** Return the first problem not in {@code solved}, after {@code last} when given (a board's "next one"). */
    public Optional<TsumeProblem> next(Collection<String> solved, String last) {
        int from = 0;
        for (int i = 0; last != null && i < problems.size(); i++) {
            if (problems.get(i).id().equals(last)) {
                from = i + 1;
            }
        }
        for (int k = 0; k < problems.size(); k++) {
            TsumeProblem p = problems.get((from + k) % problems.size());
            if (!solved.contains(p.id())) {
                return Optional.of(p);
            }
        }
        return problems.isEmpty() ? Optional.empty() : Optional.of(problems.get(from % problems.size()));
    }
}
