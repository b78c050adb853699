package org.shogibridge.core.session;

import java.util.List;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Position;

/**
 * An unfinished game as the journal kept it, enough to resume it after a crash or power cut.
 *
 * @param gameId     the game's id
 * @param seq        the last state sequence number published
 * @param start      the start position
 * @param moves      the moves played
 * @param moveMillis the time each move took
 * @param clock      the clocks as last saved
 * @param black      Black's player
 * @param white      White's player
 * @param timeControl the game's time control, or null for the board's (a journal written before games had their own)
 * @param mode       the game's rules, casual or tournament, or null for the board's
 */
public record SavedGame(String gameId, long seq, Position start, List<Integer> moves, List<Long> moveMillis,
        ClockState clock, Player black, Player white, TimeControl timeControl, Game.Mode mode) {
    /** A saved game played with the board's own time control and rules. */
    public SavedGame(String gameId, long seq, Position start, List<Integer> moves, List<Long> moveMillis,
            ClockState clock, Player black, Player white) {
        this(gameId, seq, start, moves, moveMillis, clock, black, white, null, null);
    }

    public SavedGame {
        moves = List.copyOf(moves);
        moveMillis = List.copyOf(moveMillis);
        if (moveMillis.size() != moves.size()) {
            throw new IllegalArgumentException("Invalid saved game. " + moves.size() + " moves but " + moveMillis.size() + " times.");
        }
    }
}
