package org.shogibridge.lab.match;

import java.util.Locale;

/**
 * The Elo difference a match result suggests, with a 95 % margin from the spread of the game results.
 *
 * <p>A sweep (all won or all lost) has no finite estimate; it is computed as if half a game had gone the
 * other way (for the estimate and its spread alike), so the line always carries finite numbers.
 */
public record EloEstimate(int wins, int losses, int draws, double elo, double margin) {

    /** Return the estimate for a first engine's wins, losses and draws. */
    public static EloEstimate of(int wins, int losses, int draws) {
        int n = wins + losses + draws;
        if (n == 0) {
            return new EloEstimate(0, 0, 0, 0, 0);
        }
        double score = (wins + draws / 2.0) / n;
        double bounded = Math.min(1 - 0.5 / n, Math.max(0.5 / n, score));
        double variance = (wins * Math.pow(1 - bounded, 2) + losses * Math.pow(bounded, 2)
                + draws * Math.pow(0.5 - bounded, 2)) / n;
        double standardError = Math.sqrt(variance / n);
        double slope = 400 / (Math.log(10) * bounded * (1 - bounded));
        return new EloEstimate(wins, losses, draws, elo(bounded), 1.96 * standardError * slope);
    }

    private static double elo(double score) {
        return -400 * Math.log10(1 / score - 1);
    }

    /** Return the closing line of a match: {@code score W-L-D, elo E +/- M}. */
    public String line() {
        return String.format(Locale.ROOT, "score %d-%d-%d, elo %d +/- %d", wins, losses, draws, Math.round(elo),
                Math.round(margin));
    }
}
