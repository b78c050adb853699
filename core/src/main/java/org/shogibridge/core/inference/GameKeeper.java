package org.shogibridge.core.inference;

import java.util.function.Function;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Violation;

/**
 * The owner of the game a {@link MoveInference} reads the board against. The inference keeps no game of its own: it
 * reads {@link #game()} and reports every change the board (or a command) makes through these calls, synchronously,
 * so that the owner's game is always the one the next judgement compares with, and the owner sees the game it is
 * leaving before a new one replaces it. In the daemon the owner is the {@code GameSession}; standing alone (a replay,
 * a test) it is a {@link StandaloneGame}.
 */
public interface GameKeeper {

    /** Return the game in progress; the inference only reads it. */
    Game game();

    /**
     * Play a move the board showed for {@code mover}: a legal move, or in tournament mode an illegal one recorded as a
     * foul (the game then ends). Return null if it was played, or the rule it breaks.
     *
     * @param computer  the move carried out the engine's move shown on the LEDs
     * @param atMillis  when its piece was put down
     */
    Violation play(Side mover, int move, boolean computer, long atMillis);

    /**
     * Withdraw the last move: the board was put back (or a takeback was commanded), or, {@code replaced}, the move was
     * only a pause in a slide that went further. A result it produced is cleared.
     */
    void withdrawLastMove(boolean replaced, long atMillis);

    /** End the game without a move (resignation, time, a declaration, a foul that is not a move); return the result. */
    GameResult end(Function<Game, GameResult> ending, long atMillis);

    /** A start position was set up on the board or commanded: the game in progress is left, and a new one begins. */
    void begin(Position start, Handicap handicap, long atMillis);
}
