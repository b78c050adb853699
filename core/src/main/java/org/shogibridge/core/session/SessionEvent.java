package org.shogibridge.core.session;

import java.util.List;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;

/**
 * What a {@link GameSession} tells the daemon. Every event but {@link EngineTurn} is a change of the game: it carries
 * the new {@link GameState}, whose {@code seq} grows by one per change, and is journaled before it is published.
 */
public sealed interface SessionEvent {

    /** A new game began (the previous one, if unfinished, ended first with its own {@link GameEnded}). */
    record GameStarted(GameState state, String handicap) implements SessionEvent {
    }

    /** A move was played: {@code ply} is its number, from 1. */
    record MovePlayed(GameState state, int ply, String usi, String japanese, long elapsedMillis, boolean computer)
            implements SessionEvent {
    }

    /** The last move was taken back (by the board, by command, or superseded by a slide pushed further). */
    record MoveUndone(GameState state, String usi) implements SessionEvent {
    }

    /** The board status, the expected engine move, the players or the resumed flag changed. */
    record StatusChanged(GameState state) implements SessionEvent {
    }

    /** The game ended; {@code record} is the finished game with players, times and ending. */
    record GameEnded(GameState state, GameRecord record) implements SessionEvent {
    }

    /**
     * A computer is to move: ask it, and answer with {@link GameSession#engineMoved(EngineTurn, String, long)}. Not a
     * change of the game: nothing to journal. The clocks and the game's time control tell it how long it may think.
     * {@code turn} tells this question from every other one, so an answer to an earlier game or to a move taken back
     * (the same ply) is never taken for this one. With {@code tutor}, the person's last move is checked first, and a
     * move the tutor warns of is told with {@link GameSession#tutorWarns} before the answer.
     */
    record EngineTurn(Side side, Player player, int ply, Position start, List<Integer> moves, ClockState clock,
            TimeControl timeControl, long turn, boolean tutor)
            implements SessionEvent {
    }

    /** Return the state after the change, or null for {@link EngineTurn}. */
    default GameState stateOrNull() {
        if (this instanceof GameStarted e) {
            return e.state();
        } else if (this instanceof MovePlayed e) {
            return e.state();
        } else if (this instanceof MoveUndone e) {
            return e.state();
        } else if (this instanceof StatusChanged e) {
            return e.state();
        } else if (this instanceof GameEnded e) {
            return e.state();
        }
        return null;
    }
}
