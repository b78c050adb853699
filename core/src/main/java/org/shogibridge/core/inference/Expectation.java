package org.shogibridge.core.inference;

import org.shogibridge.core.rules.Move;

/**
 * The game as it will be once the owner has applied the observations of the reader's last call. When the owner tells
 * its game ({@link MoveInference#follow}), a game that differs is one the board did not show: a command, a resumed
 * game, or an observation the owner did not apply as read. Until the owner tells it, nothing more is judged.
 */
final class Expectation {
    /** What the owner's new game means for the board. */
    enum Meaning {
        /** The game is as the board showed it. */
        AS_READ,
        /** The game changed in a way the board did not show: the board must follow it. */
        NOT_SHOWN,
        /** The game ended without a move (resigned, a flag, a declaration): nothing on the board is wrong any more. */
        ENDED_WITHOUT_MOVE,
        /** An engine's move to carry out was shown or withdrawn: the board is read as the new turn asks. */
        COMPUTER_MOVE_CHANGED
    }

    private long key;
    private int ply;
    private boolean newGame;
    private int computerMove;
    private boolean foul;
    private boolean awaiting;

    /** Expect the owner's first game to begin on the board as it is. */
    Expectation(GameView first) {
        expect(first);
        newGame = true;
    }

    /** Return what {@code next} means, coming after {@code before}; expect it from now on. */
    Meaning follow(GameView before, GameView next) {
        boolean isNewGame = next.game() != before.game();
        boolean asRead = next.key() == key && next.moves().size() == ply && (!isNewGame || newGame);
        boolean computerMoveChanged = next.computerMove() != computerMove;
        boolean endedWithoutMove = next.over() && !before.over() && !foul && next.moves().equals(before.moves());
        expect(next);
        if (!asRead) {
            return Meaning.NOT_SHOWN;
        }
        return endedWithoutMove ? Meaning.ENDED_WITHOUT_MOVE : computerMoveChanged ? Meaning.COMPUTER_MOVE_CHANGED : Meaning.AS_READ;
    }

    private void expect(GameView view) {
        key = view.key();
        ply = view.moves().size();
        newGame = false;
        computerMove = view.computerMove();
        foul = false;
        awaiting = false;
    }

    /** An observation changed the game to the reading's: a move, a takeback, a new game. */
    void changed(Reading r) {
        awaiting = true;
        key = r.position.key();
        ply = r.moves.size();
        computerMove = Move.NONE; // a move played, taken back or a new game: no engine's move waits any more
    }

    /** A start position was observed: the owner's next game is a new one. */
    void newGame() {
        newGame = true;
    }

    /** A foul was observed: the game ends, as read. */
    void foul() {
        foul = true;
        awaiting = true;
    }

    /** Whether the owner has yet to tell the game it made of this call's observations. */
    boolean awaiting() {
        return awaiting;
    }
}
