package org.shogibridge.device.board.wired;

/**
 * Which square or komadai each position of a chain stands for, in chain order: the LEDs of a strip, or the sensors of
 * a shift-register chain. A chain starts at one corner and runs along the ranks, either every rank the same way or
 * back and forth (serpentine, the usual way to wire a strip), or down the files the same two ways; an LED chain goes on
 * to the LEDs of black's komadai and then white's. Targets are the core's: squares in SFEN order
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

    /** Return the layout of a chain over the squares from {@code first}, rank by rank, then one LED per komadai. */
    public static ChainLayout boardThenStands(int files, int ranks, Corner first, boolean serpentine) {
        return of(files, ranks, first, false, serpentine, 1);
    }

    /**
     * Return the layout of a chain over the squares from {@code first}, along the ranks (or down the files), then
     * {@code standLeds} positions for black's komadai and as many for white's.
     */
    public static ChainLayout of(int files, int ranks, Corner first, boolean alongFiles, boolean serpentine, int standLeds) {
        int squares = files * ranks;
        int[] target = new int[squares + 2 * standLeds];
        boolean far = first == Corner.FAR_LEFT || first == Corner.FAR_RIGHT;
        boolean left = first == Corner.FAR_LEFT || first == Corner.NEAR_LEFT;
        int lines = alongFiles ? files : ranks;
        int perLine = alongFiles ? ranks : files;
        int i = 0;
        for (int line = 0; line < lines; line++) {
            boolean reversed = serpentine && line % 2 == 1;
            for (int k = 0; k < perLine; k++) {
                int rank; // 0 = rank a
                int column; // 0 = the leftmost file as black sees it
                if (alongFiles) {
                    column = left ? line : files - 1 - line;
                    boolean down = reversed != far;
                    rank = down ? k : ranks - 1 - k;
                } else {
                    rank = far ? line : ranks - 1 - line;
                    boolean fromLeft = reversed != left;
                    column = fromLeft ? k : files - 1 - k;
                }
                target[i++] = rank * files + column;
            }
        }
        for (int side = 0; side < 2; side++) {
            for (int k = 0; k < standLeds; k++) {
                target[i++] = squares + side;
            }
        }
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
