package org.shogibridge.core.engine;

import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;

/**
 * The static evaluation: a weighted sum of the {@link EvalFeatures} of a position (material, hand pieces,
 * squares, and places relative to both kings), with learned {@link EvalWeights}.
 *
 * <p>Scores are from the side to move's point of view, in units where a pawn on the board is about 90 (the
 * scale of YaneuraOu's material table, where the learning started). {@link EvalParams} scale groups of
 * weights, so that matches can test a change without retraining. One instance serves one search thread, and
 * evaluating allocates nothing.
 */
public final class Evaluation {
    /** The cache's size, and how its entries pack a score into their lowest bits. */
    private static final int CACHE_BITS = 16;
    private static final int SCORE_BITS = 20;
    private static final long SCORE_MASK = (1L << SCORE_BITS) - 1;
    private static final int SCORE_OFFSET = 1 << (SCORE_BITS - 1);

    /** The scaled weights: never written after construction, so threads may share them. */
    private final int[] weights;
    private final Summer summer = new Summer();
    private final EvalFeatures features = new EvalFeatures();
    /**
     * Recent evaluations by position key. Iterative deepening and transpositions reach the same leaves again and
     * again, and collecting the features is a third of the search's time. Each entry packs the key's upper
     * bits (checked on a probe; the lower ones pick the slot) with the score, in one long, and every thread has
     * its own cache, so an entry is never torn.
     */
    private final long[] cache = new long[1 << CACHE_BITS];

    public Evaluation(EvalParams params) {
        this(EvalWeights.builtIn(), params);
    }

    public Evaluation(EvalWeights learned, EvalParams params) {
        weights = new int[EvalFeatures.SIZE];
        for (int i = 0; i < weights.length; i++) {
            weights[i] = learned.get(i) * scaleOf(i, params) / 100;
        }
    }

    private Evaluation(int[] weights) {
        this.weights = weights;
    }

    /** Return an evaluation with the same weights and scratch space of its own, for another search thread. */
    public Evaluation forAnotherThread() {
        return new Evaluation(weights);
    }

    private static int scaleOf(int index, EvalParams params) {
        if (index >= EvalFeatures.KING_FILE) {
            return index < EvalFeatures.KING_FILE_ENEMY ? params.defence() : params.attack();
        }
        if (index >= EvalFeatures.THREAT) {
            return params.material(); // what a threatened piece may cost is material
        }
        if (index >= EvalFeatures.ZONE) {
            return kingSafetyScaleOf(index, params);
        }
        if (index < EvalFeatures.HAND) {
            return params.material();
        } else if (index < EvalFeatures.OWN_KING) {
            return params.material() * params.hand() / 100;
        } else if (index < EvalFeatures.ENEMY_KING) {
            return params.defence();
        } else if (index < EvalFeatures.SQUARE) {
            return params.attack();
        } else if (index < EvalFeatures.TEMPO) {
            return params.square();
        }
        return params.tempo();
    }

    /**
     * The king-safety groups: the own king's zone as defence, drop threats and the danger table as attack, reach as
     * square, pairs as hand.
     */
    private static int kingSafetyScaleOf(int index, EvalParams params) {
        if (index >= EvalFeatures.KING_DANGER) {
            return params.attack();
        } else if (index < EvalFeatures.HAND_DANGER) {
            return params.defence();
        } else if (index < EvalFeatures.MOBILITY) {
            return params.attack();
        } else if (index < EvalFeatures.HAND_PAIR) {
            return params.square();
        }
        return params.material() * params.hand() / 100;
    }

    /** Return the board value of a piece type (what capturing it wins, before where it stands). */
    public int value(int type) {
        return weights[EvalFeatures.MATERIAL + type];
    }

    /**
     * Return what taking a piece of each type is worth, by type: its value on the board and that of the first
     * such piece in the taker's hand, since in shogi a captured piece changes sides. For exchange estimates.
     */
    public int[] exchangeValues() {
        int[] values = new int[Piece.TYPES];
        for (int type = 1; type < Piece.TYPES; type++) {
            if (type != Piece.KING) {
                values[type] = value(type) + weights[EvalFeatures.HAND
                        + Piece.unpromoted(type) * (EvalFeatures.MAX_IN_HAND + 1) + 1];
            }
        }
        return values;
    }

    /** Return the evaluation for the side to move. */
    public int evaluate(Position p) {
        final long key = p.key();
        final int slot = (int) key & (cache.length - 1);
        final long held = cache[slot];
        if (held != 0 && ((held ^ key) & ~SCORE_MASK) == 0) {
            return (int) (held & SCORE_MASK) - SCORE_OFFSET;
        }
        final int score = evaluateAfresh(p);
        if (score > -SCORE_OFFSET && score < SCORE_OFFSET) { // always, but for a weights file of absurd values
            cache[slot] = key & ~SCORE_MASK | (score + SCORE_OFFSET) & SCORE_MASK;
        }
        return score;
    }

    /** Return the evaluation for the side to move, collected from the position without the cache. */
    int evaluateAfresh(Position p) {
        summer.sum = 0;
        features.collect(p, summer);
        return p.sideToMove() == Side.BLACK ? summer.sum : -summer.sum;
    }

    /** Adds up the weights of the features, from Black's point of view. */
    private final class Summer implements EvalFeatures.Sink {
        int sum;

        @Override
        public void add(int index, int sign) {
            sum += sign * weights[index];
        }
    }
}
