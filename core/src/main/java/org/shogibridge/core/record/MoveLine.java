package org.shogibridge.core.record;

import java.util.ArrayList;
import java.util.List;

/**
 * A sequence of moves from some position: the main line of a record or a variation. It may end with an
 * {@link Ending}, which has its own time and comments (a KIF terminal line such as {@code 投了}).
 */
public final class MoveLine {
    private final List<RecordedMove> moves = new ArrayList<>();
    private Ending ending;
    private long endingElapsedMillis = RecordedMove.UNKNOWN_TIME;
    private final List<String> endingComments = new ArrayList<>();

    /** Return the moves (mutable). */
    public List<RecordedMove> moves() {
        return moves;
    }

    /** Return the packed moves. */
    public int[] moveArray() {
        return moves.stream().mapToInt(RecordedMove::move).toArray();
    }

    /** Return how the line ends, or null when the record does not say. */
    public Ending ending() {
        return ending;
    }

    public MoveLine ending(Ending ending) {
        this.ending = ending;
        return this;
    }

    public long endingElapsedMillis() {
        return endingElapsedMillis;
    }

    public MoveLine endingElapsedMillis(long millis) {
        this.endingElapsedMillis = millis;
        return this;
    }

    /** Return the comments on the ending (mutable). */
    public List<String> endingComments() {
        return endingComments;
    }
}
