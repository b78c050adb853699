package org.shogibridge.lab.learning;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.EvalParams;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.engine.Level;
import org.shogibridge.core.engine.SearchLimits;
import org.shogibridge.core.engine.SearchResult;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;

/**
 * Games played by a strong teacher engine against itself, from varied starts, to label training positions
 * with the teacher's score and the game's result.
 *
 * <p>Each game starts from an opening, then plays a few plies chosen by feel at a low level of our own
 * engine, so that no two games are alike. From there the teacher plays both sides; now and then, early in the
 * game, one of its moves is replaced by a move our engine chooses by feel, which leads the game into positions
 * the teacher alone would never reach (as YaneuraOu's position generator does with random moves). Every
 * position the teacher judged becomes a sample if it is quiet (not in check; the teacher's move neither
 * captures nor promotes) and not a mate: the static evaluation is only ever asked about quiet positions.
 *
 * <p>A game ends by the rules, when the teacher resigns, declares or sees a mate, when its score has stayed
 * past {@link Settings#decided} for four plies in a row, or as a draw at the ply limit.
 */
public final class TeacherGames {
    /** Plies in a row that a decided score must last before the game is adjudicated. */
    private static final int DECIDED_PLIES = 4;

    /** A teacher engine: judges a position by its move and score. */
    public interface Teacher {
        /** Return the teacher's move and score for the side to move; throws if the teacher failed. */
        Verdict judge(Position position) throws Exception;
    }

    /**
     * A teacher's answer.
     *
     * @param move  the move in USI, or "resign" or "win"
     * @param score the score for the side to move: centipawns, or for a mate the signed plies to it
     * @param mate  true if {@code score} counts plies to a mate
     */
    public record Verdict(String move, int score, boolean mate) {
    }

    /**
     * @param openingPlies   plies chosen by our engine by feel after the opening, and not sampled
     * @param feelLevel      the level (1-7) of those plies and of the replaced moves
     * @param replaceRate    the chance that a teacher move is replaced, during the first {@code replaceUntil} plies
     * @param replaceUntil   the ply after which the teacher's moves are always played
     * @param maxPlies       plies after which the game is a draw
     * @param decided        a teacher score (centipawns) past which the game is adjudicated
     */
    public record Settings(int openingPlies, int feelLevel, double replaceRate, int replaceUntil, int maxPlies,
                           int decided) {
        public static Settings defaults() {
            return new Settings(8, 5, 0.05, 60, 320, 3000);
        }
    }

    /**
     * One game's labels.
     *
     * @param samples samples kept (score in the teacher's centipawns, result for the side to move)
     * @param judged  positions the teacher judged (kept or not)
     * @param plies   plies the game lasted
     */
    public record Played(List<SelfPlay.Sample> samples, int judged, int plies) {
    }

    private final Settings settings;
    private final Engine byFeel;
    private final Random random;

    public TeacherGames(Settings settings, EvalWeights weights, long seed) {
        this.settings = settings;
        this.byFeel = new Engine(1, weights, EvalParams.DEFAULT, seed);
        this.byFeel.setLevel(Level.of(settings.feelLevel()));
        this.random = new Random(seed);
    }

    /** Play one game from the position with the teacher; a teacher failure or illegal move ends it by throwing. */
    public Played play(Position start, Teacher teacher) throws Exception {
        byFeel.newGame();
        Game game = new Game(start, Game.Settings.tournament());
        for (int ply = 0; ply < settings.openingPlies() && !game.isOver(); ply++) {
            int move = chooseByFeel(game.position());
            if (move == Move.NONE) {
                break;
            }
            game.play(move);
        }
        List<SelfPlay.Sample> samples = new ArrayList<>();
        List<Side> movers = new ArrayList<>();
        Side winner = null;
        int judged = 0;
        int decidedFor = 0;
        int plies = game.moves().size();
        for (int ply = 0; !game.isOver() && plies < settings.maxPlies(); ply++, plies++) {
            Position p = game.position();
            Verdict verdict = teacher.judge(p);
            judged++;
            if (verdict.move().equals("resign")) {
                winner = p.sideToMove().opponent();
                break;
            }
            if (verdict.move().equals("win")) {
                game.declareImpasse();
                break;
            }
            int move = Usi.parseLegalMove(p, verdict.move());
            if (verdict.mate()) {
                winner = verdict.score() > 0 ? p.sideToMove() : p.sideToMove().opponent();
                break;
            }
            // Scores are for the mover, so a decided game shows the same sign every other ply.
            decidedFor = Math.abs(verdict.score()) >= settings.decided() ? decidedFor + 1 : 0;
            if (decidedFor >= DECIDED_PLIES) {
                winner = verdict.score() > 0 ? p.sideToMove() : p.sideToMove().opponent();
                break;
            }
            if (!p.inCheck() && Move.captured(move) == 0 && !Move.promotes(move)) {
                samples.add(new SelfPlay.Sample(Sfen.format(p), verdict.score(), 0));
                movers.add(p.sideToMove());
            }
            if (ply < settings.replaceUntil() && random.nextDouble() < settings.replaceRate()) {
                int other = chooseByFeel(p);
                move = other == Move.NONE ? move : other;
            }
            game.play(move);
        }
        List<SelfPlay.Sample> finished =
                SelfPlay.withResults(samples, movers, winner != null ? winner : SelfPlay.winnerByRules(game));
        return new Played(finished, judged, plies);
    }

    private int chooseByFeel(Position p) {
        SearchResult r = byFeel.think(p, SearchLimits.depth(64), false, null);
        return r.declareWin() ? Move.NONE : r.bestMove();
    }
}
