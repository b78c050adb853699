package org.shogibridge.core.record;

import java.util.ArrayList;
import java.util.List;

/**
 * A sequence of moves from some position: the main line of a record or a variation. It may end with an
 * {@link Ending}, which has its own time and comments (a KIF terminal line such as {@code 投了}).
 *
 * <p>A line that ends in a foul keeps the illegal move as {@link #foul}: it is not one of the moves (it was
 * never legal to play), and the ending is then {@link Ending#OPPONENT_ILLEGAL}, read from the side that would
 * move after it: the other side won by the foul.
 */
public final class MoveLine {
    private final List<RecordedMove> moves = new ArrayList<>();
    private RecordedMove foul;
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

    /** Return the illegal move that ended the line and lost the game, or null. */
    public RecordedMove foul() {
        return foul;
    }

    /** Set the losing illegal move; the ending becomes {@link Ending#OPPONENT_ILLEGAL}. */
    public MoveLine foul(RecordedMove foul) {
        this.foul = foul;
        this.ending = Ending.OPPONENT_ILLEGAL;
        return this;
    }

    /** Return the number of plies the line states: its moves, and the foul if it ended in one. */
    public int plies() {
        return moves.size() + (foul != null ? 1 : 0);
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
