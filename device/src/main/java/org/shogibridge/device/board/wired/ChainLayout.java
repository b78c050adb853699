package org.shogibridge.device.board.wired;

/**
 * Which square or komadai each position of a chain stands for, in chain order: the LEDs of a strip, or the sensors of
 * a shift-register chain. A chain starts at one corner and runs along the ranks, either every rank the same way or
 * back and forth (serpentine, the usual way to wire a strip), and an LED chain goes on to one LED for black's komadai
 * and one for white's. Targets are the core's: squares in SFEN order
 * (0 = 9a on a 9x9 board), then {@code squares} for black's komadai and {@code squares + 1} for white's.
 */
public final class ChainLayout {

    /** The corner of the chain's first position, named by its square as black sees the board (9a is black's far left). */
    public enum Corner {
        FAR_LEFT, FAR_RIGHT, NEAR_LEFT, NEAR_RIGHT;

        /** Return the corner of a square name: "9a" far left, "1a" far right, "9i" near left, "1i" near right (9x9). */
        public static Corner of(String square, int files, int ranks) {
            String far = "a";
            String near = String.valueOf((char) ('a' + ranks - 1));
            String left = String.valueOf(files);
            if (square.equals(left + far)) {
                return FAR_LEFT;
            } else if (square.equals("1" + far)) {
                return FAR_RIGHT;
            } else if (square.equals(left + near)) {
                return NEAR_LEFT;
            } else if (square.equals("1" + near)) {
                return NEAR_RIGHT;
            }
            return null;
        }
    }

    private final int[] target;
    private final int squares;

    private ChainLayout(int[] target, int squares) {
        this.target = target;
        this.squares = squares;
    }

    /** Return the layout of a chain over the squares from {@code first}, rank by rank, then the two komadai. */
    public static ChainLayout boardThenStands(int files, int ranks, Corner first, boolean serpentine) {
        int squares = files * ranks;
        int[] target = new int[squares + 2];
        boolean far = first == Corner.FAR_LEFT || first == Corner.FAR_RIGHT;
        boolean left = first == Corner.FAR_LEFT || first == Corner.NEAR_LEFT;
        int i = 0;
        for (int row = 0; row < ranks; row++) {
            int rank = far ? row : ranks - 1 - row; // 0 = rank a
            boolean fromLeft = serpentine && row % 2 == 1 ? !left : left;
            for (int column = 0; column < files; column++) {
                int sfenColumn = fromLeft ? column : files - 1 - column; // 0 = the leftmost file as black sees it
                target[i++] = rank * files + sfenColumn;
            }
        }
        target[i++] = squares;
        target[i] = squares + 1;
        return new ChainLayout(target, squares);
    }

    /** Return how many LEDs the chain has. */
    public int leds() {
        return target.length;
    }

    public int squares() {
        return squares;
    }

    /** Return what the LED at this chain position lights: a square, or squares / squares + 1 for a komadai. */
    public int target(int position) {
        return target[position];
    }
}
