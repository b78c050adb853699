package org.shogibridge.core.inference;

import java.util.function.Function;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Violation;

/** The game of a {@link MoveInference} that stands alone (a replay, a benchmark, a test): it only applies the changes. */
public final class StandaloneGame implements GameKeeper {
    private final Game.Settings settings;
    private Game game;

    /** A game from a start position under the given rules. */
    public StandaloneGame(Position start, Game.Settings settings) {
        this.settings = settings;
        this.game = new Game(start, settings);
    }

    /** Replace the game without the board (a test's restart); tell the inference with {@code gameReplaced}. */
    public void replace(Game replacement) {
        game = replacement;
    }

    @Override
    public Game game() {
        return game;
    }

    @Override
    public Violation play(Side mover, int move, boolean computer, long atMillis) {
        return game.play(mover, move);
    }

    @Override
    public void withdrawLastMove(boolean replaced, long atMillis) {
        game.withdrawLastMove();
    }

    @Override
    public GameResult end(Function<Game, GameResult> ending, long atMillis) {
        return ending.apply(game);
    }

    @Override
    public void begin(Position start, Handicap handicap, long atMillis) {
        game = new Game(start, settings);
    }
}
