package org.shogibridge.core.inference;

import java.util.List;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Violation;

/**
 * What {@link MoveInference} read on the board. The reader changes no game: the owner of the game (the session)
 * decides what each observation does to it, then tells the reader the game as it now is ({@link GameView}).
 *
 * <p>Moves are packed {@link org.shogibridge.core.rules.Move} ints. Every observation carries {@code atMillis}, the
 * time of the snapshot that decided it: for a move, the scan at which the board last changed before it settled (when
 * the player let go of the piece), not the later moment the settle timer ran out, so a clock fed from observations
 * charges the right player. Observations of one call come in order and each assumes the ones before it were applied:
 * two moves made before the board settled in between are two {@link MoveShown}s.
 */
public sealed interface Observation {

    /** Return the time of the snapshot that decided it (for a command, the time of the last snapshot). */
    long atMillis();

    /** The board shows a legal move of the side to move; {@code computer} if it carried out the engine's move. */
    record MoveShown(int move, String usi, boolean computer, long atMillis) implements Observation {
    }

    /**
     * The last move was superseded before the opponent replied: a sliding piece pushed further along its line, or
     * (with face sensing) the piece turned over. {@code replaced} is to be withdrawn; the new move follows as any
     * other ({@link MoveShown}, or {@link PromotionPending} first).
     */
    record MoveReplaced(int replaced, String replacedUsi, long atMillis) implements Observation {
    }

    /**
     * An optional promotion waits for the player's choice (no face sensing): {@code move} is the move with the current
     * choice, which the lift-and-replace gesture toggles until the window closes or the game goes on; it then comes
     * as a {@link MoveShown}.
     */
    record PromotionPending(int move, String usi, boolean promote, long atMillis) implements Observation {
    }

    /** The board was put back to the position before {@code move} (casual mode): take it back. */
    record MoveTakenBack(int move, String usi, long atMillis) implements Observation {
    }

    /**
     * A piece of the side to move was moved where the rules forbid, or (tournament mode) a move was taken back.
     * {@code foul} is true once the wrong-position time ran out in tournament mode: the offender loses.
     */
    record IllegalMove(PendingFoul details, boolean foul, long atMillis) implements Observation {
        public String description() {
            return details.description();
        }

        public Violation violation() {
            return details.violation();
        }
    }

    /** The board stays different from the game: what to change, also shown on the LEDs. */
    record CorrectionNeeded(Correction correction, long atMillis) implements Observation {
    }

    /** Several moves fit the board equally well (a capture whose target never lifted, komadai not updated): the LEDs show the candidates. */
    record MoveAmbiguous(List<String> candidates, long atMillis) implements Observation {
    }

    /** The board matches the game again after a correction, an illegal move or an ambiguity. */
    record BoardMatched(long atMillis) implements Observation {
    }

    /** A start position was set up on the board: a new game may begin. {@code handicap} is null for an even game. */
    record StartPosition(Position start, Handicap handicap, long atMillis) implements Observation {
    }

    /**
     * The level gesture of a board without buttons: before the first move, gote's king was stood on the middle rank,
     * on the file that counts the level from Sente's left (9筋 level 1 ... 1筋 level 9). The board is then guided back.
     */
    record LevelChosen(int level, long atMillis) implements Observation {
    }
}
