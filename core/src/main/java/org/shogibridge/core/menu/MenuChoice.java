package org.shogibridge.core.menu;

import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Side;

/** What a player chose in the {@link BoardMenu}, for the device layer to carry out. */
public sealed interface MenuChoice {

    /**
     * A new game against the built-in engine.
     *
     * @param human    the side the person plays (the engine plays the other, and moves first when the person is gote)
     * @param level    the engine's level, 1-10
     * @param handicap the handicap, or null for an even game
     */
    record NewGame(Side human, int level, Handicap handicap) implements MenuChoice {
    }

    /** The engine's level, from now on (the game in progress too). */
    record Level(int level) implements MenuChoice {
    }

    /** Show the engine's move for the side to move. */
    record Hint() implements MenuChoice {
    }

    /** Take back the last move (and the computer's before it). */
    record TakeBack() implements MenuChoice {
    }

    /** The person resigns. */
    record Resign() implements MenuChoice {
    }

    /** Voice on or off. */
    record Voice(boolean on) implements MenuChoice {
    }

    /** Say the last game's review and show its next mistake (each time the entry is chosen, the next one). */
    record Review() implements MenuChoice {
    }

    /** The board's next unsolved tsume of the built-in set, set up by the LEDs. */
    record Tsume() implements MenuChoice {
    }

    /** The tutor on or off. */
    record Tutor(boolean on) implements MenuChoice {
    }
}
