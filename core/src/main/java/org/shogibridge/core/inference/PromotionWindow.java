package org.shogibridge.core.inference;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;

/**
 * An optional promotion waiting for the player's choice on a board without face sensing (docs/leds.md): the move
 * with the current choice, when its piece was put down, and the window in which lifting the piece from its
 * destination and putting it back toggles the choice. Each toggle opens the window again.
 *
 * <p>The window counts from when the board shows the choice (its destination blinking): a player answers what they
 * see. A board that acknowledges its LED frames (the board protocol's ACK) says when that is; on a busy Pi or a slow
 * link it can be seconds after the piece was put down. So on such a board a choice it has not shown cannot close by
 * time (the game going on still closes it), and a gesture completed before it was shown answers the light the player
 * saw before, an older choice: it changes nothing (issue 97: a player who declined, seeing the promoting colour still
 * blinking, declined again and got the promotion back). It is judged when the piece is put back, not when it is
 * lifted: an acknowledgement lost on a faulty link is sent again within a moment, while the piece is in the air,
 * and the player did see the choice; if it comes only later, the window gives the player time to make the gesture
 * again ({@link #UNSEEN_GESTURE_GRACE_MILLIS}).
 *
 * <p>The window runs on the time the board's reports cover, and only that: the inference's time is when each reading
 * was read, and a link that stalls (a starved Pi, lost frames) delivers what waited in it at once, all read late. A
 * step of that time longer than {@link #READ_GAP_MILLIS} is a gap in the readings, and the window does not count it
 * (issue 97: beside two CPU-bound loops, a report read a second late closed the window before the lift behind it, and
 * a declined 8h2b was recorded as 8h2b+). Readings handed on between a board's reports count only once its next
 * report comes ({@link SensorSnapshot#reportedMillis()}): until then the board may have stalled with the lift on its
 * way (issue 97: the simulated Mega stalled 400 ms as the player lifted the piece, the Pi handed on the last readings,
 * and the window ran out on them).
 */
final class PromotionWindow {
    /** What a change of the board means while the window is open. */
    enum Gesture { NONE, LIFTED, TOGGLED, GAME_GOES_ON }

    /**
     * How much longer the window stays open after a gesture that may not have been taken: put back before the board
     * showed the choice (an acknowledgement lost on a faulty link comes again only later), or made while the board was
     * away. The player sees the old colour still blinking; they have time to make the gesture again once it counts.
     */
    static final long UNSEEN_GESTURE_GRACE_MILLIS = 3_000;

    /**
     * The longest step of the board's read time the window counts: readings come every scan, and a held board's every
     * heartbeat at most (250 ms); a longer step is time no reading covered.
     */
    static final long READ_GAP_MILLIS = 500;

    private final long windowMillis;
    private boolean awaitShown;
    private int move = Move.NONE;
    private long openedAt;
    /** When the board showed the current choice, or -1 while it has not said so. */
    private long shownAt = -1;
    /** The LED frame's version that shows the current choice: an acknowledgement of an older one does not count. */
    private long choiceVersion = Long.MAX_VALUE;
    /** The latest LED frame version the board has shown. */
    private long shownVersion = -1;
    private long madeAt;
    private boolean lifted;
    /** A gesture was put back before the board showed the current choice. */
    private boolean unseenGesture;
    /** How much of the window has passed, counted over the readings since the choice was shown. */
    private long counted;
    /** The read time counted up to, or -1 before the choice is shown. */
    private long countedTo = -1;
    /** When the board last reported its readings: the window counts no further. */
    private long reportedTo = -1;

    PromotionWindow(long windowMillis) {
        this.windowMillis = windowMillis;
    }

    /** Whether the board says when its LEDs show a frame: if not, a choice counts as shown when it is made. */
    void awaitShown(boolean acknowledges) {
        awaitShown = acknowledges;
    }

    boolean isOpen() {
        return move != Move.NONE;
    }

    /** Return the move with the current choice, or {@link Move#NONE}. */
    int move() {
        return move;
    }

    /** Return when the piece was put down: the move's time, however long the choice took. */
    long madeAt() {
        return madeAt;
    }

    void open(int choice, long putDownAt, long now) {
        move = choice;
        madeAt = putDownAt;
        lifted = false;
        restart(now);
    }

    private void restart(long now) {
        unseenGesture = false;
        openedAt = now;
        shownAt = awaitShown ? -1 : now;
        choiceVersion = Long.MAX_VALUE;
        counted = 0;
        countedTo = -1;
    }

    /**
     * The board is back after going away (cable pulled, reset) with the choice open: what the player did meanwhile
     * was never read, and the board shows the choice again only once the Pi has sent it anew, so the whole window
     * counts again from then (it had run out unseen, and the choice closed the moment the board was back). A gesture
     * made while it was away was lost: the player sees the old colour blinking and makes it again, so the window has
     * the grace of a gesture not taken (issue 97: a decline lost in a starved Pi's outage was recorded promoted
     * before the player could look twice).
     */
    void showAgain(long now) {
        if (move != Move.NONE) {
            lifted = false;
            unseenGesture = true;
            openedAt = now;
            shownAt = awaitShown ? -1 : now; // the choice's frame is the same; its next acknowledgement counts
            counted = 0;
            countedTo = -1;
        }
    }

    /**
     * Frames from the board were lost while the choice was open (a gap in their numbers): a gesture made in that
     * moment was never read, and the player, seeing the old colour still blinking, makes it again. The window has the
     * grace of a gesture not taken (issue 97: the lift of a decline lost on a faulty link, recorded promoted).
     */
    void readingsLost() {
        if (move != Move.NONE) {
            unseenGesture = true;
        }
    }

    /** The current choice is in the LED frame of {@code version}, once the board shows it. */
    void showing(long version) {
        choiceVersion = version;
        if (move != Move.NONE && shownAt < 0 && shownVersion >= version) {
            shownAt = openedAt; // the frame did not change: the board already shows it
        }
    }

    /** The board shows the frame of {@code version} since {@code atMillis}. */
    void shown(long version, long atMillis) {
        shownVersion = Math.max(shownVersion, version);
        if (move != Move.NONE && shownAt < 0 && version >= choiceVersion) {
            shownAt = Math.max(atMillis, openedAt);
        }
    }

    /** The board reported readings at {@code millis} (a reading handed on between reports does not count). */
    void reported(long millis) {
        reportedTo = Math.max(reportedTo, millis);
    }

    /** Count the window's time up to the read time {@code now} as far as reported, leaving out a gap in the reports. */
    private void count(long readAt) {
        long now = Math.min(readAt, reportedTo);
        if (shownAt < 0 || now < shownAt) {
            return;
        }
        if (countedTo < 0) {
            countedTo = shownAt;
        }
        long step = now - countedTo;
        if (step > 0) {
            if (step <= READ_GAP_MILLIS) {
                counted += step;
            }
            countedTo = now;
        }
    }

    private long length() {
        return windowMillis + (unseenGesture ? UNSEEN_GESTURE_GRACE_MILLIS : 0);
    }

    /** Set the choice by command. */
    void choose(boolean promote) {
        if (Move.promotes(move) != promote) {
            move = MoveMatcher.otherPromotion(move);
        }
    }

    /**
     * Whether the window ran out with the piece on its square: the choice stands. A lift the debouncer is still
     * counting keeps it open: scans that were read late (a busy Pi) all carry the time they were read, so the
     * gesture's first scans may already be past the deadline.
     */
    boolean due(SettledBoard board, long now) {
        count(now);
        return move != Move.NONE && shownAt >= 0 && !lifted && counted >= length() && !board.changing(Move.to(move));
    }

    /** A debounced square changed: compare the board with {@code before}, the position the move is played from. */
    Gesture follow(SettledBoard board, Position before, long now) {
        int to = Move.to(move);
        Position after = before.copy();
        after.doMove(move);
        board.computeDiff(after);
        int diffCount = board.diffCount();
        if (diffCount == 0 && lifted && shownAt < 0) {
            lifted = false; // put back before the board showed the current choice: it answered an older light
            unseenGesture = true;
            return Gesture.NONE;
        } else if (diffCount == 0 && lifted) {
            lifted = false;
            move = MoveMatcher.otherPromotion(move);
            restart(now);
            return Gesture.TOGGLED;
        } else if (diffCount == 1 && board.diff(0) == to && board.isEmpty(to)) {
            lifted = true;
            return Gesture.LIFTED;
        } else if (diffCount != 0) {
            lifted = false;
            return Gesture.GAME_GOES_ON;
        }
        return Gesture.NONE;
    }

    /** Close the window; return the move as chosen. */
    int close() {
        int chosen = move;
        move = Move.NONE;
        lifted = false;
        return chosen;
    }
}
