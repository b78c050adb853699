package org.shogibridge.core.rules;

/** A reusable, fixed-capacity list of packed moves; hot loops keep one per ply and never allocate. */
public final class MoveList {
    /** More than any legal position of the supported variants can have (about 600 in standard shogi). */
    public static final int CAPACITY = 2048;

    final int[] moves = new int[CAPACITY];
    int size;

    /** Return the number of moves. */
    public int size() {
        return size;
    }

    /** Return the move at an index. */
    public int get(int index) {
        return moves[index];
    }

    /** Empty the list. */
    public void clear() {
        size = 0;
    }

    void add(int move) {
        moves[size++] = move;
    }

    /**
     * Return the backing array; its first {@link #size()} entries are the moves. Searches reorder it in place
     * (move ordering) instead of copying.
     */
    public int[] backingArray() {
        return moves;
    }

    /** Keep only the first {@code size} moves (after filtering the backing array in place). */
    public void truncate(int size) {
        if (size < 0 || size > this.size) {
            throw new IllegalArgumentException("Move list. cannot truncate " + this.size + " moves to " + size + ".");
        }
        this.size = size;
    }

    /** Return a copy of the moves as an array. */
    public int[] toArray() {
        return java.util.Arrays.copyOf(moves, size);
    }
}
