package org.shogibridge.core.inference;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;

/**
 * An optional promotion waiting for the player's choice on a board without face sensing (docs/leds.md): the move
 * with the current choice, when its piece was put down, and the window in which lifting the piece from its
 * destination and putting it back toggles the choice. Each toggle opens the window again.
 */
final class PromotionWindow {
    /** What a change of the board means while the window is open. */
    enum Gesture { NONE, LIFTED, TOGGLED, GAME_GOES_ON }

    private final long windowMillis;
    private int move = Move.NONE;
    private long deadline;
    private long madeAt;
    private boolean lifted;

    PromotionWindow(long windowMillis) {
        this.windowMillis = windowMillis;
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
        deadline = now + windowMillis;
        lifted = false;
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
        return move != Move.NONE && !lifted && now >= deadline && !board.changing(Move.to(move));
    }

    /** A debounced square changed: compare the board with {@code before}, the position the move is played from. */
    Gesture follow(SettledBoard board, Position before, long now) {
        int to = Move.to(move);
        Position after = before.copy();
        after.doMove(move);
        board.computeDiff(after);
        int diffCount = board.diffCount();
        if (diffCount == 0 && lifted) {
            lifted = false;
            move = MoveMatcher.otherPromotion(move);
            deadline = now + windowMillis;
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
