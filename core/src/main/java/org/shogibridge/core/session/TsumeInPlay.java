package org.shogibridge.core.session;

import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.inference.SetUpGuide;
import java.util.List;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.tsume.TsumeProblem;

/**
 * What a tsume adds to a game in the session: the set-up by the LEDs before the first move, and White's komadai
 * as a box. A tsume's defender holds every remaining piece (often more than twenty); they stay in the box beside the
 * board, so White's komadai is not read: the session counts it as the game has it, and as the defender's move
 * shown on the LEDs has it once the board's squares show that move (an interposition taken from the box, a captured
 * piece put away).
 */
final class TsumeInPlay {
    private final TsumeProblem problem;
    private final boolean faceSensing;
    private SetUpGuide setUp;
    private final SensorSnapshot boxed;
    /** The game's position and the one after the computer's move being shown, made once per change of either. */
    private Position position;
    private Position afterMove;
    private int madeAtPlies = -1;
    private int madeForLastMove;
    private int madeForComputerMove;

    /**
     * @param known the position the board shows (the last game's, when the board showed it), or null when not known;
     *              with {@code guided} false the board is taken to show the problem (a resumed game)
     */
    TsumeInPlay(TsumeProblem problem, Position known, InferenceSettings settings, boolean guided) {
        this.problem = problem;
        this.faceSensing = settings.faceSensing();
        Position start = problem.position();
        this.setUp = guided ? new SetUpGuide(start, known, faceSensing, settings.debounceScans()) : null;
        this.boxed = new SensorSnapshot(start.variant());
    }

    TsumeProblem problem() {
        return problem;
    }

    boolean settingUp() {
        return setUp != null;
    }

    /** Take one scan while setting up; return true if the set-up moved on. {@link #settingUp} is false once done. */
    boolean setUpRead(SensorSnapshot snapshot) {
        boolean moved = setUp.read(snapshot);
        if (setUp.done()) {
            setUp = null;
        }
        return moved;
    }

    LedFrame setUpLeds() {
        return setUp.leds();
    }

    TsumeState state() {
        if (setUp == null) {
            return new TsumeState(problem.id(), problem.plies(), null, null, List.of(), null);
        }
        SetUpGuide.Step step = setUp.step();
        Variant v = boxed.variant();
        List<String> squares = step.squares().stream().map(sq -> Usi.square(v, sq)).toList();
        String komadai = step.kind() == SetUpGuide.Kind.KOMADAI ? "black:" + Piece.letter(step.piece()) : null;
        return new TsumeState(problem.id(), problem.plies(), setUp.japanese(), setUp.english(), squares, komadai);
    }

    /**
     * The scan as the inference should read it: White's komadai counted as {@code position} has it, or as it is after
     * {@code computerMove} once every square shows that move. Reuses one snapshot: nothing is allocated per scan (the
     * position after the move is made once per move).
     */
    SensorSnapshot boxed(SensorSnapshot raw, Game game, int computerMove) {
        List<Integer> moves = game.moves();
        int lastMove = moves.isEmpty() ? Move.NONE : moves.get(moves.size() - 1);
        if (madeAtPlies != moves.size() || madeForLastMove != lastMove || madeForComputerMove != computerMove) {
            position = game.position();
            afterMove = null;
            if (computerMove != Move.NONE) {
                afterMove = position.copy();
                afterMove.doMove(computerMove);
            }
            madeAtPlies = moves.size();
            madeForLastMove = lastMove;
            madeForComputerMove = computerMove;
        }
        boxed.copyFrom(raw);
        Position counted = afterMove != null && squaresShow(raw, afterMove) ? afterMove : position;
        Variant v = counted.variant();
        for (int i = 0; i < v.handTypeCount(); i++) {
            int type = v.handType(i);
            boxed.komadai(Side.WHITE, type, counted.handCount(Side.WHITE, type));
        }
        return boxed;
    }

    private boolean squaresShow(SensorSnapshot raw, Position p) {
        for (int sq = 0; sq < p.variant().squares(); sq++) {
            if (raw.reading(sq) != SensorSnapshot.readingOf(p.pieceAt(sq), faceSensing)) {
                return false;
            }
        }
        return true;
    }
}
