package org.shogibridge.lab.learning;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.EvalParams;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.engine.Level;
import org.shogibridge.core.engine.Score;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.engine.SearchResult;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Side;

/**
 * Plays the engine against itself to make training positions for the evaluation.
 *
 * <p>The first plies of each game are chosen by feel at a low level, so that games differ; after that both
 * sides search a fixed number of nodes. Every quiet position after the opening (not in check, the best move
 * neither captures nor promotes) becomes a {@link Sample} with the search's score; when the game ends, each
 * sample learns how it ended. A game ends by the rules (mate, sennichite, declaration), when the score says
 * one side is overwhelmingly ahead, or at the ply limit as a draw.
 */
public final class SelfPlay {
    /** A score beyond which the game is decided. */
    private static final int DECIDED = 3000;
    /** How the first plies are chosen: the old level 6, kept when the levels were re-spaced, so that the
     * self-play data (and the tests trained on it) stay as they were. */
    private static final Level OPENING_FEEL = Level.byFeel(3, 15);

    /**
     * @param nodes       nodes searched per move
     * @param randomPlies plies chosen by feel (three plies, temperature 15) at the start of each game, and not
     *                    sampled
     * @param maxPlies    plies after which the game is drawn
     */
    public record Settings(long nodes, int randomPlies, int maxPlies) {
    }

    /** A training position: its SFEN, the search score and the result, both for the side to move. */
    public record Sample(String sfen, int score, double result) {
    }

    private final Settings settings;
    private final Engine engine;
    private final Engine opener;

    public SelfPlay(Settings settings, EvalWeights weights, long seed) {
        this.settings = settings;
        this.engine = new Engine(16, weights, EvalParams.DEFAULT, seed);
        this.engine.setLevel(Level.of(9));
        this.opener = new Engine(1, weights, EvalParams.DEFAULT, seed);
        this.opener.setLevel(OPENING_FEEL);
    }

    /** Play one game from the position and return its samples. */
    public List<Sample> playGame(Position start) {
        engine.newGame();
        Game game = new Game(start, Game.Settings.tournament());
        List<Sample> samples = new ArrayList<>();
        List<Side> movers = new ArrayList<>();
        Side winner = null;
        for (int ply = 0; !game.isOver() && ply < settings.maxPlies(); ply++) {
            Position p = game.position();
            boolean opening = ply < settings.randomPlies();
            SearchResult r = (opening ? opener : engine).think(p, SearchLimits.nodes(settings.nodes()), false, null);
            if (r.declareWin()) {
                game.declareImpasse();
                break;
            }
            if (r.bestMove() == Move.NONE) {
                break; // no legal move: the game has its result already
            }
            if (!opening && Math.abs(r.score()) >= DECIDED) {
                winner = r.score() > 0 ? p.sideToMove() : p.sideToMove().opponent();
                break;
            }
            int best = r.bestMove();
            if (!opening && !p.inCheck() && Move.captured(best) == 0 && !Move.promotes(best)
                    && !Score.isMate(r.score())) {
                samples.add(new Sample(Sfen.format(p), r.score(), 0));
                movers.add(p.sideToMove());
            }
            game.play(best);
        }
        return withResults(samples, movers, winner != null ? winner : winnerByRules(game));
    }

    /** Return the winner of a game the rules ended, or null for a draw or an unfinished game. */
    static Side winnerByRules(Game game) {
        if (game.result().isPresent()) {
            GameResult result = game.result().get();
            return result.isDraw() ? null : result.winner();
        }
        return null;
    }

    /** Return the samples with their results, each for the side that was to move (a null winner: a draw). */
    static List<Sample> withResults(List<Sample> samples, List<Side> movers, Side winner) {
        List<Sample> finished = new ArrayList<>(samples.size());
        for (int i = 0; i < samples.size(); i++) {
            Sample s = samples.get(i);
            double result = winner == null ? 0.5 : winner == movers.get(i) ? 1 : 0;
            finished.add(new Sample(s.sfen(), s.score(), result));
        }
        return finished;
    }
}
