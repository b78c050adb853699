package org.shogibridge.core.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MinimalPairingTest {
    @Test
    void takesTheCheaperCrossingOverTheGreedyChoice() {
        // Greedy would give row 0 its cheapest column (0) and leave row 1 with cost 100.
        double[][] cost = {{1, 2}, {1, 100}};
        assertArrayEquals(new int[] {1, 0}, MinimalPairing.assign(cost));
    }

    @Test
    void leavesRowsOverWhenColumnsRunOut() {
        double[][] cost = {{5}, {1}, {3}};
        assertArrayEquals(new int[] {-1, 0, -1}, MinimalPairing.assign(cost));
    }

    @Test
    void matchesExhaustiveSearchOnRandomSquares() {
        Random random = new Random(3);
        for (int trial = 0; trial < 300; trial++) {
            int rows = 1 + random.nextInt(6);
            int cols = 1 + random.nextInt(6);
            double[][] cost = new double[rows][cols];
            for (double[] row : cost) {
                for (int c = 0; c < cols; c++) {
                    row[c] = random.nextInt(20);
                }
            }
            int[] answer = MinimalPairing.assign(cost);
            boolean[] used = new boolean[cols];
            double total = 0;
            int paired = 0;
            for (int r = 0; r < rows; r++) {
                if (answer[r] >= 0) {
                    assertEquals(false, used[answer[r]], "a column used twice");
                    used[answer[r]] = true;
                    total += cost[r][answer[r]];
                    paired++;
                }
            }
            assertEquals(Math.min(rows, cols), paired);
            assertEquals(best(cost, 0, new boolean[cols], Math.min(rows, cols)), total, 1e-9, "trial " + trial);
        }
    }

    /** The least total cost of pairing {@code needed} more rows from {@code row} on, by trying everything. */
    private static double best(double[][] cost, int row, boolean[] used, int needed) {
        if (needed == 0) {
            return 0;
        }
        if (cost.length - row < needed) {
            return Double.POSITIVE_INFINITY;
        }
        double best = best(cost, row + 1, used, needed); // leave this row over
        for (int c = 0; c < used.length; c++) {
            if (!used[c]) {
                used[c] = true;
                best = Math.min(best, cost[row][c] + best(cost, row + 1, used, needed - 1));
                used[c] = false;
            }
        }
        return best;
    }
}
