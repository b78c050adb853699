package org.shogibridge.device.daemon;

import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.session.GameSetup;
import org.shogibridge.core.session.Player;
import org.shogibridge.device.board.BoardButton;

/**
 * A command from {@code cmd/<verb>}, read and checked by {@link CommandParser}: what is left to the board loop is only
 * what depends on the game at that moment.
 */
sealed interface RemoteCommand {

    /**
     * {@code new-game}: a new game from this start (the variant's, a handicap's or an SFEN's), played as the set-up
     * says, with the engine's analysis published or not (null keeps it as it is).
     */
    record NewGame(Position start, GameSetup setup, Boolean analysis) implements RemoteCommand {
        public NewGame {
            start = start.copy();
        }

        /** A new game from this start, played as the last one. */
        NewGame(Position start) {
            this(start, GameSetup.SAME, null);
        }
    }

    /** {@code clock}: an arbiter starts or pauses the clock, or sets a side's main time. */
    record Clock(Action action, Side side, long millis) implements RemoteCommand {
        enum Action { START, PAUSE, SET }
    }

    /** {@code result}: an arbiter declares the result, the winner (null for a draw) and how it ended. */
    record Result(Side winner, Termination termination) implements RemoteCommand {
    }

    /** {@code resign}: the side resigns; null for the side to move. */
    record Resign(Side side) implements RemoteCommand {
    }

    /** {@code takeback}: the last move is taken back. */
    /** Post a seek in the online site's lobby (online play). */
    record Seek() implements RemoteCommand {
    }

    /** Abort the online game before its second move. */
    record Abort() implements RemoteCommand {
    }

    record TakeBack() implements RemoteCommand {
    }

    /** {@code impasse}: the side to move declares an impasse (jishogi). */
    record Impasse() implements RemoteCommand {
    }

    /** {@code promote}: the answer to a pending promotion. */
    record Promote(boolean promote) implements RemoteCommand {
    }

    /** {@code level}: the built-in engine's level, for one side or (null) for every side it plays. */
    record Level(int level, Side only) implements RemoteCommand {
    }

    /** {@code players}: either side's player; null keeps that side's. */
    record Players(Player black, Player white) implements RemoteCommand {
    }

    /** {@code hint}: the engine's move for the side to move. */
    /** {@code tsume}: a problem of the built-in set (null: the board's next unsolved one), set up by the LEDs. */
    record Tsume(String problem) implements RemoteCommand {
    }

    /** The tutor on or off (docs/learning.md). */
    record Tutor(boolean on) implements RemoteCommand {
    }

    record Hint() implements RemoteCommand {
    }

    /** {@code sim play}: the simulated hands play a move (checked against the position when it is carried out). */
    record SimPlay(String usi) implements RemoteCommand {
    }

    /** {@code sim lift}: a piece is lifted from a square. */
    record SimLift(int square) implements RemoteCommand {
    }

    /** {@code sim place}: a piece is put on a square, read as this sensor value. */
    record SimPlace(int square, byte reading) implements RemoteCommand {
    }

    /** {@code sim take} ({@code change} -1) or {@code put} (+1): a piece of a type taken from or put on a komadai. */
    record SimKomadai(Side side, int type, int change) implements RemoteCommand {
    }

    /**
     * {@code sim set-up}: the simulated hands set the board to the game's position, whatever is on it (the arbiter's
     * 盤を合わせる, and every correction the board asks for at once).
     */
    record SimSetUp() implements RemoteCommand {
    }

    /** {@code sim press}: a button is pressed, and held for some time (the menu button's long press). */
    record SimPress(BoardButton button, long holdMillis) implements RemoteCommand {
    }
}
