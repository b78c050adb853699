package org.shogibridge.core.inference;

import java.util.List;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;

/**
 * The game as its owner keeps it, told to the {@link MoveInference} after every change: what the board is read
 * against. Immutable; the positions are copies.
 *
 * @param game         the owner's number for the game: a new number is a new game
 * @param start        the game's start position
 * @param moves        the moves played, in order
 * @param position     the current position
 * @param over         whether the game has ended
 * @param mode         casual (the board may take moves back) or tournament (an illegal move loses)
 * @param computerMove the engine's move the board must carry out, or {@link Move#NONE}
 */
public record GameView(long game, Position start, List<Integer> moves, Position position, boolean over, Game.Mode mode,
        int computerMove) {

    public GameView {
        start = start.copy();
        moves = List.copyOf(moves);
        position = position.copy();
    }

    /** The view of a game in progress, as a {@link Game} holds it. */
    public static GameView of(long number, Game game, int computerMove) {
        return new GameView(number, game.startPosition(), game.moves(), game.position(), game.isOver(),
                game.settings().mode(), computerMove);
    }

    /** Check the game is of the board's variant. */
    public void requireVariant(Variant variant) {
        if (start.variant() != variant) {
            throw new IllegalArgumentException("Wrong variant. The board is " + variant + ", the position " + start.variant() + ".");
        }
    }

    /** Return a fresh copy of the current position, to work on. */
    @Override
    public Position position() {
        return position.copy();
    }

    /** Return a fresh copy of the start position. */
    @Override
    public Position start() {
        return start.copy();
    }

    /** Return the current position's key, without a copy. */
    public long key() {
        return position.key();
    }

    /** Return the start position's key, without a copy. */
    public long startKey() {
        return start.key();
    }

    /** Return the last move, or {@link Move#NONE} before the first. */
    public int lastMove() {
        return moves.isEmpty() ? Move.NONE : moves.get(moves.size() - 1);
    }

    /** Return the position the board must be brought back to: the game's, with the engine's move carried out if one is expected. */
    public Position boardTarget() {
        Position target = position.copy();
        if (computerMove != Move.NONE && !over) {
            target.doMove(computerMove);
        }
        return target;
    }
}
