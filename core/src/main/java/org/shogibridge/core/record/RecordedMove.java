package org.shogibridge.core.record;

import java.util.ArrayList;
import java.util.List;

/**
 * One move of a record: the move (a packed {@link org.shogibridge.core.rules.Move}), the time it took, its
 * comments, and the alternatives to it (variations that replace this move).
 */
public final class RecordedMove {
    /** The elapsed time when the record gives none. */
    public static final long UNKNOWN_TIME = -1;
    /** The longest time a record may give one move: 100 days (a correspondence game), in milliseconds. */
    public static final long MAX_ELAPSED_MILLIS = 100L * 24 * 3600 * 1000;

    private final int move;
    private long elapsedMillis = UNKNOWN_TIME;
    private final List<String> comments = new ArrayList<>();
    private final List<MoveLine> alternatives = new ArrayList<>();

    public RecordedMove(int move) {
        this.move = move;
    }

    public int move() {
        return move;
    }

    /** Return the thinking time of the move in milliseconds, or {@link #UNKNOWN_TIME}. */
    public long elapsedMillis() {
        return elapsedMillis;
    }

    /** Return a time read from a record, or throw naming the text if it is not a time a move can take. */
    static long checkedElapsed(long millis, String text) {
        if (millis < 0 || millis > MAX_ELAPSED_MILLIS) {
            throw new IllegalArgumentException("Bad time. '" + text + "' is out of range (0 to 100 days)");
        }
        return millis;
    }

    public RecordedMove elapsedMillis(long millis) {
        this.elapsedMillis = millis;
        return this;
    }

    /** Return the comment lines that follow the move (mutable). */
    public List<String> comments() {
        return comments;
    }

    /** Return the lines that replace this move, in the order the record gives them (mutable). */
    public List<MoveLine> alternatives() {
        return alternatives;
    }
}
