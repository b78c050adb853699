package org.shogibridge.core.inference;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;

/**
 * One judgement's copy of the owner's game, moved on by the judgement's own observations (a slide pushed further,
 * two quick moves, a takeback) so that each is judged on the game the ones before it make. Dropped when the
 * judgement ends: the owner's game changes only as the owner applies the observations.
 */
final class Reading {
    Position position;
    final List<Integer> moves;
    /** The engine's move the board must carry out, or {@link Move#NONE}. */
    int computerMove;

    Reading(GameView view) {
        position = view.position();
        moves = new ArrayList<>(view.moves());
        computerMove = view.over() ? Move.NONE : view.computerMove();
    }

    int lastMove() {
        return moves.isEmpty() ? Move.NONE : moves.get(moves.size() - 1);
    }

    void play(int move) {
        position.doMove(move);
        moves.add(move);
        computerMove = Move.NONE;
    }

    void withdrawLast() {
        position.undoMove(moves.remove(moves.size() - 1));
        computerMove = Move.NONE;
    }

    void begin(Position start) {
        position = start.copy();
        moves.clear();
        computerMove = Move.NONE;
    }

    /** The position the board must be brought back to: the game's, with the engine's move carried out if one is expected. */
    Position target() {
        Position target = position.copy();
        if (computerMove != Move.NONE) {
            target.doMove(computerMove);
        }
        return target;
    }
}
