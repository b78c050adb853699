package org.shogibridge.lab.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EloEstimateTest {
    @Test
    void anEvenScoreIsZero() {
        // variance (6 x 0.25) / 8, standard error sqrt(0.1875 / 8) = 0.153, slope 400 / (ln 10 x 0.25) = 695
        assertEquals("score 3-3-2, elo 0 +/- 209", EloEstimate.of(3, 3, 2).line());
    }

    @Test
    void threeQuartersIsAbout191() {
        EloEstimate e = EloEstimate.of(15, 5, 0);
        assertEquals(191, Math.round(e.elo()));
        assertTrue(e.margin() > 100 && e.margin() < 250, "margin " + e.margin());
    }

    @Test
    void moreGamesNarrowTheMargin() {
        assertTrue(EloEstimate.of(60, 20, 0).margin() < EloEstimate.of(15, 5, 0).margin() / 1.9);
    }

    @Test
    void aSweepStillHasFiniteNumbers() {
        EloEstimate e = EloEstimate.of(0, 4, 0);
        assertEquals(-338, Math.round(e.elo()));  // computed as 0.5 out of 4
        assertTrue(e.margin() > 0 && Double.isFinite(e.margin()));
    }
}
