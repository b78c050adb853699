package org.shogibridge.core.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Variant;

/**
 * The weights of the evaluation, one per {@link EvalFeatures} index, in units where a pawn on the board is
 * about 90.
 *
 * <p>The built-in set was learned from self-play (docs/ENGINE.md, "How the evaluation was trained") starting
 * from {@link #handMade()}, the evaluation the engine had before. Sets are stored as text: comment lines
 * starting with {@code #}, a line {@code weights N}, then the N integers, whitespace separated.
 */
public final class EvalWeights {
    /** The resource holding the built-in weights. */
    public static final String RESOURCE = "eval-weights.txt";
    /**
     * The resource of a variant's own built-in weights, where it has one ({@code %s}: the variant's id). Minishogi
     * has: its board of five ranks counts ranks from a different back rank, so the square weights of one game
     * would be wrong for the other. Okisaki has too: learned from 10x10 positions, with its queen.
     */
    public static final String VARIANT_RESOURCE = "eval-weights-%s.txt";

    private static final int[] BASE_VALUE = {
        0, 90, 315, 405, 495, 855, 990, 540, 0, // -, P, L, N, S, B, R, G, K (YaneuraOu's material values)
        540, 540, 540, 540, 945, 1395, // +P, +L, +N, +S, +B (horse), +R (dragon)
        // The Okisaki queen moves as rook plus bishop (990 + 855). As in chess the pair on one piece is worth a
        // little more than the two apart (Q 9 vs R + B 8.25), but unlike them the queen never promotes.
        2000,
    };
    private static final int[] ATTACK_WEIGHT = {0, 20, 40, 60, 90, 50, 50, 100, 0, 100, 100, 100, 100, 60, 60, 60};
    private static final int[] DEFENCE_WEIGHT = {0, 30, 20, 20, 80, 20, 20, 100, 0, 40, 40, 40, 40, 40, 30, 30};
    private static final int[] ATTACK_BY_DISTANCE = {0, 60, 40, 22, 10, 4, 0, 0, 0, 0, 0};
    private static final int[] DEFENCE_BY_DISTANCE = {0, 50, 30, 12, 4, 0, 0, 0, 0, 0, 0};

    private static volatile EvalWeights builtIn;
    private static final Map<Variant, EvalWeights> BUILT_IN_BY_VARIANT = new ConcurrentHashMap<>();

    private final int[] values;

    private EvalWeights(int[] values) {
        this.values = values;
    }

    /** Return a set holding a copy of these values (length {@link EvalFeatures#SIZE}). */
    public static EvalWeights of(int[] values) {
        if (values.length != EvalFeatures.SIZE) {
            throw new IllegalArgumentException(
                    "Evaluation weights. Expected " + EvalFeatures.SIZE + " values, got " + values.length + ".");
        }
        return new EvalWeights(values.clone());
    }

    /** Return a copy of the values. */
    public int[] values() {
        return values.clone();
    }

    int get(int index) {
        return values[index];
    }

    /** Return the built-in weights (the learned set shipped in the jar, else {@link #handMade()}). */
    public static EvalWeights builtIn() {
        EvalWeights w = builtIn;
        if (w == null) {
            w = resource(RESOURCE);
            builtIn = w == null ? handMade() : w;
        }
        return builtIn;
    }

    /** Return the built-in weights for a variant: its own set if the jar has one, else {@link #builtIn()}. */
    public static EvalWeights builtIn(Variant variant) {
        return BUILT_IN_BY_VARIANT.computeIfAbsent(variant, v -> {
            EvalWeights own = resource(String.format(Locale.ROOT, VARIANT_RESOURCE, v.id()));
            return own == null ? builtIn() : own;
        });
    }

    /** Read a set shipped in the jar, or return null if there is none of that name. */
    private static EvalWeights resource(String name) {
        try (InputStream in = EvalWeights.class.getResourceAsStream(name)) {
            return in == null ? null : read(new InputStreamReader(in, StandardCharsets.US_ASCII), name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The hand-made evaluation the learning started from: YaneuraOu's material values, hand pieces at 110 %,
     * bonuses by king distance for attackers and defenders, and a king shelter on the back ranks.
     */
    public static EvalWeights handMade() {
        int[] w = new int[EvalFeatures.SIZE];
        int max = EvalFeatures.maxOffset();
        for (int type = 0; type < Piece.TYPES; type++) {
            w[EvalFeatures.MATERIAL + type] = BASE_VALUE[type];
            for (int count = 1; count <= EvalFeatures.MAX_IN_HAND; count++) {
                w[EvalFeatures.handIndex(type, count)] = count * BASE_VALUE[type] * 110 / 100;
            }
            for (int ahead = -max; ahead <= max; ahead++) {
                for (int aside = 0; aside <= max; aside++) {
                    int distance = Math.max(Math.abs(ahead), aside);
                    w[EvalFeatures.relativeIndex(EvalFeatures.OWN_KING, type, ahead, aside)] =
                            DEFENCE_BY_DISTANCE[distance] * DEFENCE_WEIGHT[type] / 100;
                    w[EvalFeatures.relativeIndex(EvalFeatures.ENEMY_KING, type, ahead, aside)] =
                            ATTACK_BY_DISTANCE[distance] * ATTACK_WEIGHT[type] / 100;
                }
            }
        }
        for (int forward = 0; forward < EvalFeatures.squareRanks(); forward++) {
            for (int edge = 0; edge < EvalFeatures.squareFiles(); edge++) {
                int fromCentre = Math.min(EvalFeatures.squareFiles() - 1 - edge, 3);
                w[EvalFeatures.squareIndex(Piece.KING, forward, edge)] =
                        40 * (Math.max(0, 3 - forward) * 2 + fromCentre) / 10;
            }
        }
        w[EvalFeatures.TEMPO] = 20;
        return new EvalWeights(w);
    }

    /** Read a set written by {@link #write}; errors name the source and line. */
    public static EvalWeights read(Reader reader, String source) throws IOException {
        BufferedReader in = new BufferedReader(reader);
        int[] w = null;
        int filled = 0;
        int lineNumber = 0;
        for (String line; (line = in.readLine()) != null; ) {
            lineNumber++;
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            String[] words = text.split("\\s+");
            if (w == null) {
                int size = words[0].equals("weights") && words.length == 2 ? layoutSize(words[1]) : -1;
                if (size < 0) {
                    throw new IOException(source + ":" + lineNumber + ": expected 'weights " + EvalFeatures.SIZE
                            + "', found '" + text + "'.");
                }
                // A set of an older layout is a prefix of this one: the weights it lacks start at zero.
                w = new int[size];
                continue;
            }
            for (String word : words) {
                if (filled == w.length) {
                    throw new IOException(source + ":" + lineNumber + ": more than " + w.length + " weights.");
                }
                try {
                    w[filled++] = Integer.parseInt(word);
                } catch (NumberFormatException e) {
                    throw new IOException(source + ":" + lineNumber + ": '" + word + "' is not an integer.");
                }
            }
        }
        if (w == null || filled != w.length) {
            throw new IOException(source + ":" + lineNumber + ": expected " + (w == null ? EvalFeatures.SIZE : w.length)
                    + " weights, found " + filled + ".");
        }
        return new EvalWeights(Arrays.copyOf(w, EvalFeatures.SIZE));
    }

    /** Return the number of weights a file declares, if it is this layout's or an older one's, else -1. */
    private static int layoutSize(String declared) {
        try {
            int size = Integer.parseInt(declared);
            return EvalFeatures.isLayoutSize(size) ? size : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Write the set as text, with a comment line saying where it came from. */
    public void write(Writer out, String comment) throws IOException {
        out.write("# shogi-bridge evaluation weights (layout: org.shogibridge.core.engine.EvalFeatures)\n");
        for (String line : comment.split("\n")) {
            out.write("# " + line + "\n");
        }
        out.write("weights " + values.length + "\n");
        for (int i = 0; i < values.length; i++) {
            out.write(Integer.toString(values[i]));
            out.write(i % 20 == 19 || i == values.length - 1 ? "\n" : " ");
        }
    }
}
