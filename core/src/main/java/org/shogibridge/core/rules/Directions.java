package org.shogibridge.core.rules;

/** Board directions and jumps, as column and row steps (kept apart from {@link Variant} so enum set-up can use them). */
final class Directions {
    /** Column and row steps of the eight directions: N, NE, E, SE, S, SW, W, NW (north = towards rank a). */
    static final int[] COLUMN = {0, 1, 1, 1, 0, -1, -1, -1};
    static final int[] ROW = {-1, -1, 0, 1, 1, 1, 0, -1};

    /** Black's shogi knight: two forward, one sideways. */
    static final int[][] SHOGI_KNIGHT_JUMPS = {{-1, -2}, {1, -2}};
    /** The Okisaki knight jumps as in chess. */
    static final int[][] CHESS_KNIGHT_JUMPS = {{-1, -2}, {1, -2}, {-2, -1}, {2, -1}, {-2, 1}, {2, 1}, {-1, 2}, {1, 2}};

    private Directions() {
    }
}
