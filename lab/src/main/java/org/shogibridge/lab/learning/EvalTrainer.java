package org.shogibridge.lab.learning;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntConsumer;
import org.shogibridge.core.engine.EvalFeatures;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;

/**
 * Learns evaluation weights from positions with known outcomes, the way Texel and Bonanza-style shogi
 * engines do: the evaluation, turned into a winning chance by a logistic curve, should predict each
 * position's target, a blend of the game's result and the search's score.
 *
 * <p>The loss is the mean squared error between {@code sigmoid(eval / scale)} and the target, plus an L2 pull
 * of every weight towards where it started, so that features seen in few positions keep their starting
 * value instead of fitting noise. Adam descends on the whole set each epoch, or on batches of it in a shuffled
 * order (many smaller steps per pass: the fit gets as far in a tenth of the passes); the features of every
 * position are collected once, as {@link EvalFeatures} gives them to the search.
 */
public final class EvalTrainer {
    /**
     * @param scale      evaluation units per unit of the logistic curve's argument (how sure a lead is)
     * @param lambda     weight of the search score in the target (the rest is the game result)
     * @param pull       strength of the L2 pull towards the starting weights
     * @param rate       Adam's step size, in evaluation units
     * @param epochs     passes over the positions
     * @param earlyStop  keep the weights of the epoch that predicted the held-out positions best, instead of the
     *                   last epoch's (rare features otherwise go on fitting the noise of the few positions they
     *                   are seen in)
     * @param batch      positions per step, in an order shuffled each epoch (0: one step on all of them)
     */
    public record Settings(double scale, double lambda, double pull, double rate, int epochs, boolean earlyStop,
            int batch) {
        /** Settings for one step per epoch on all positions. */
        public Settings(double scale, double lambda, double pull, double rate, int epochs, boolean earlyStop) {
            this(scale, lambda, pull, rate, epochs, earlyStop, 0);
        }
    }

    /** How well a set of weights predicts a set of positions (mean squared error of the winning chance). */
    public record Fit(double trainingError, double heldOutError) {
    }

    private final int[] featureStart;
    private final int[] features; // index << 1 | (1 if White's)
    private final double[] targets; // Black's winning chance
    private final int trainingCount;
    private int chosenEpoch;

    /**
     * Collect the features of the samples; the last {@code heldOut} fraction is kept aside to measure fit. The
     * samples' scores become winning chances through the logistic curve with {@code scoreScale}: a teacher's
     * centipawns need their own scale, not the evaluation's.
     */
    public EvalTrainer(List<SelfPlay.Sample> samples, double lambda, double scoreScale, double heldOut) {
        int n = samples.size();
        featureStart = new int[n + 1];
        targets = new double[n];
        FeatureBuffer buffer = new FeatureBuffer(n * 96);
        EvalFeatures walk = new EvalFeatures();
        for (int i = 0; i < n; i++) {
            SelfPlay.Sample s = samples.get(i);
            Position p = Position.fromSfen(s.sfen());
            featureStart[i] = buffer.used;
            walk.collect(p, buffer);
            double forMover = lambda * sigmoid(s.score() / scoreScale) + (1 - lambda) * s.result();
            targets[i] = p.sideToMove() == Side.BLACK ? forMover : 1 - forMover;
        }
        featureStart[n] = buffer.used;
        features = Arrays.copyOf(buffer.codes, buffer.used);
        trainingCount = n - (int) Math.round(n * heldOut);
    }

    /** Return the fit of the weights to the training and the held-out positions. */
    public Fit fit(EvalWeights weights, double scale) {
        double[] w = toDouble(weights.values());
        return new Fit(error(w, scale, 0, trainingCount), error(w, scale, trainingCount, targets.length));
    }

    /** Return the weights learned from the starting set. */
    public EvalWeights train(EvalWeights start, Settings settings, IntConsumer epochDone) {
        double[] initial = toDouble(start.values());
        double[] w = initial.clone();
        double[] gradient = new double[w.length];
        double[] m = new double[w.length];
        double[] v = new double[w.length];
        double beta1 = 0.9;
        double beta2 = 0.999;
        double scale = settings.scale();
        boolean earlyStop = settings.earlyStop() && trainingCount < targets.length;
        double[] best = earlyStop ? w.clone() : null;
        double bestError = earlyStop ? error(w, scale, trainingCount, targets.length) : Double.MAX_VALUE;
        chosenEpoch = 0;
        int batch = settings.batch() > 0 ? Math.min(settings.batch(), trainingCount) : trainingCount;
        int[] order = new int[trainingCount];
        for (int i = 0; i < trainingCount; i++) {
            order[i] = i;
        }
        Random shuffler = new Random(1); // fixed: the same data and settings learn the same weights
        long steps = 0;
        for (int epoch = 1; epoch <= settings.epochs(); epoch++) {
            if (batch < trainingCount) {
                shuffle(order, shuffler);
            }
            for (int first = 0; first < trainingCount; first += batch) {
                int last = Math.min(first + batch, trainingCount);
                Arrays.fill(gradient, 0);
                for (int j = first; j < last; j++) {
                    int i = order[j];
                    double p = sigmoid(evaluate(w, i) / scale);
                    double g = 2 * (p - targets[i]) * p * (1 - p) / scale / (last - first);
                    for (int f = featureStart[i]; f < featureStart[i + 1]; f++) {
                        int code = features[f];
                        gradient[code >>> 1] += (code & 1) == 0 ? g : -g;
                    }
                }
                steps++;
                double correction1 = 1 - Math.pow(beta1, steps);
                double correction2 = 1 - Math.pow(beta2, steps);
                for (int k = 0; k < w.length; k++) {
                    double gk = gradient[k] + settings.pull() * (w[k] - initial[k]);
                    m[k] = beta1 * m[k] + (1 - beta1) * gk;
                    v[k] = beta2 * v[k] + (1 - beta2) * gk * gk;
                    double step = m[k] / correction1 / (Math.sqrt(v[k] / correction2) + 1e-12);
                    w[k] -= settings.rate() * step;
                }
            }
            if (earlyStop) {
                double heldOutError = error(w, scale, trainingCount, targets.length);
                if (heldOutError < bestError) {
                    bestError = heldOutError;
                    System.arraycopy(w, 0, best, 0, w.length);
                    chosenEpoch = epoch;
                }
            }
            epochDone.accept(epoch);
        }
        if (earlyStop) {
            w = best;
        } else {
            chosenEpoch = settings.epochs();
        }
        int[] rounded = new int[w.length];
        for (int k = 0; k < w.length; k++) {
            rounded[k] = (int) Math.round(w[k]);
        }
        return EvalWeights.of(rounded);
    }

    /** Return the epoch whose weights the last {@link #train} returned (0: none beat the starting weights). */
    public int chosenEpoch() {
        return chosenEpoch;
    }

    /** Return the scale that makes the starting weights predict the game results best (Texel's K). */
    public static double bestScale(List<SelfPlay.Sample> samples, EvalWeights weights) {
        EvalTrainer resultsOnly = new EvalTrainer(samples, 0, 1, 0);
        double[] w = toDouble(weights.values());
        return bestOnGrid(scale -> resultsOnly.error(w, scale, 0, resultsOnly.targets.length));
    }

    /** Return the scale with which the samples' own scores best predict their results (the teacher's K). */
    public static double bestScoreScale(List<SelfPlay.Sample> samples) {
        return bestOnGrid(scale -> {
            double sum = 0;
            for (SelfPlay.Sample s : samples) {
                double d = sigmoid(s.score() / scale) - s.result();
                sum += d * d;
            }
            return sum;
        });
    }

    /** Return the scale from 100 to 3000 (steps of 5 %) with the least error. */
    private static double bestOnGrid(java.util.function.DoubleUnaryOperator errorAt) {
        double best = 0;
        double bestError = Double.MAX_VALUE;
        for (double scale = 100; scale <= 3000; scale *= 1.05) {
            double e = errorAt.applyAsDouble(scale);
            if (e < bestError) {
                bestError = e;
                best = scale;
            }
        }
        return best;
    }

    private double error(double[] w, double scale, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            double d = sigmoid(evaluate(w, i) / scale) - targets[i];
            sum += d * d;
        }
        return to > from ? sum / (to - from) : 0;
    }

    private double evaluate(double[] w, int sample) {
        double e = 0;
        for (int f = featureStart[sample]; f < featureStart[sample + 1]; f++) {
            int code = features[f];
            e += (code & 1) == 0 ? w[code >>> 1] : -w[code >>> 1];
        }
        return e;
    }

    /** Collects feature codes (index << 1 | 1 if White's) into a growing array. */
    private static final class FeatureBuffer implements EvalFeatures.Sink {
        int[] codes;
        int used;

        FeatureBuffer(int capacity) {
            codes = new int[Math.max(capacity, 64)];
        }

        @Override
        public void add(int index, int sign) {
            if (used == codes.length) {
                codes = Arrays.copyOf(codes, used * 2);
            }
            codes[used++] = index << 1 | (sign < 0 ? 1 : 0);
        }
    }

    private static void shuffle(int[] values, Random random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    private static double[] toDouble(int[] values) {
        double[] d = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            d[i] = values[i];
        }
        return d;
    }
}
