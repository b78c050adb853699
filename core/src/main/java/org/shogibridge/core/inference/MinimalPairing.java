package org.shogibridge.core.inference;

import java.util.Arrays;

/**
 * The assignment of rows to columns with the least total cost (the Hungarian method, O(n²m)). Correction
 * uses it to pair each piece that must leave a square with a square that must be filled, so that the player's
 * hand travels the shortest total distance.
 */
final class MinimalPairing {
    private MinimalPairing() {
    }

    /**
     * Return, for each row, the column assigned to it, or -1 when there are more rows than columns and the row is
     * left over. Every column is used at most once and the sum of the chosen costs is minimal.
     */
    static int[] assign(double[][] cost) {
        int rows = cost.length;
        int cols = rows == 0 ? 0 : cost[0].length;
        int[] answer = new int[rows];
        Arrays.fill(answer, -1);
        if (rows == 0 || cols == 0) {
            return answer;
        }
        if (rows > cols) {
            // Solve the transposed problem, which needs rows <= columns.
            double[][] t = new double[cols][rows];
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    t[c][r] = cost[r][c];
                }
            }
            int[] byColumn = assign(t);
            for (int c = 0; c < cols; c++) {
                answer[byColumn[c]] = c;
            }
            return answer;
        }
        // Potentials u (rows) and v (columns); owner[j] is the row holding column j, 1-based with 0 for none.
        double[] u = new double[rows + 1];
        double[] v = new double[cols + 1];
        int[] owner = new int[cols + 1];
        int[] way = new int[cols + 1];
        for (int i = 1; i <= rows; i++) {
            owner[0] = i;
            int j0 = 0;
            double[] minSlack = new double[cols + 1];
            Arrays.fill(minSlack, Double.POSITIVE_INFINITY);
            boolean[] used = new boolean[cols + 1];
            do {
                used[j0] = true;
                int i0 = owner[j0];
                double delta = Double.POSITIVE_INFINITY;
                int j1 = 0;
                for (int j = 1; j <= cols; j++) {
                    if (!used[j]) {
                        double slack = cost[i0 - 1][j - 1] - u[i0] - v[j];
                        if (slack < minSlack[j]) {
                            minSlack[j] = slack;
                            way[j] = j0;
                        }
                        if (minSlack[j] < delta) {
                            delta = minSlack[j];
                            j1 = j;
                        }
                    }
                }
                for (int j = 0; j <= cols; j++) {
                    if (used[j]) {
                        u[owner[j]] += delta;
                        v[j] -= delta;
                    } else {
                        minSlack[j] -= delta;
                    }
                }
                j0 = j1;
            } while (owner[j0] != 0);
            // Flip the augmenting path back to the root.
            do {
                int j1 = way[j0];
                owner[j0] = owner[j1];
                j0 = j1;
            } while (j0 != 0);
        }
        for (int j = 1; j <= cols; j++) {
            if (owner[j] != 0) {
                answer[owner[j] - 1] = j - 1;
            }
        }
        return answer;
    }
}
