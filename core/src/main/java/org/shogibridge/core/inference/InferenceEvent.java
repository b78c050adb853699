package org.shogibridge.core.inference;

import java.util.List;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Violation;

/**
 * What {@link MoveInference} tells the rest of the bridge. Moves are packed {@link org.shogibridge.core.rules.Move}
 * ints. Every event carries {@code atMillis}, the time of the snapshot that decided it: for a move, the scan at which
 * the board last changed before it settled (when the player let go of the piece), not the later moment the settle
 * timer ran out, so a clock fed from events charges the right player.
 */
public sealed interface InferenceEvent {

    /** Return the time of the snapshot that decided the event (for a command, the time of the last snapshot). */
    long atMillis();

    /** A move was played on the board and entered into the game; {@code computer} if it carried out the engine's move. */
    record MoveMade(int move, String usi, int ply, boolean computer, long atMillis) implements InferenceEvent {
    }

    /**
     * The last move was superseded before the opponent replied: a sliding piece pushed further along its line, or
     * (with face sensing) the piece turned over. {@code replaced} is withdrawn; the new move follows as any other
     * ({@link MoveMade}, or {@link PromotionPending} first).
     */
    record MoveReplaced(int replaced, String replacedUsi, long atMillis) implements InferenceEvent {
    }

    /**
     * An optional promotion waits for the player's choice (no face sensing): {@code move} is the move with the current
     * choice, which the lift-and-replace gesture toggles until the window closes or the game goes on.
     */
    record PromotionPending(int move, String usi, boolean promote, long atMillis) implements InferenceEvent {
    }

    /** {@code move} was taken back: the board was put back to the position before it (casual mode), or by command. */
    record MoveTakenBack(int move, String usi, long atMillis) implements InferenceEvent {
    }

    /**
     * A piece of the side to move was moved where the rules forbid, or (tournament mode) a move was taken back.
     * {@code foul} is true once it is recorded as a lost game (tournament mode, after the wrong-position timer).
     */
    record IllegalMove(PendingFoul details, boolean foul, long atMillis) implements InferenceEvent {
        public String description() {
            return details.description();
        }

        public Violation violation() {
            return details.violation();
        }
    }

    /** The board stays different from the game: what to change, also shown on the LEDs. */
    record CorrectionNeeded(Correction correction, long atMillis) implements InferenceEvent {
    }

    /** Several moves fit the board equally well (a capture whose target never lifted, komadai not updated): the LEDs show the candidates. */
    record MoveAmbiguous(List<String> candidates, long atMillis) implements InferenceEvent {
    }

    /** The board matches the game again after a correction, an illegal move or an ambiguity. */
    record BoardMatched(long atMillis) implements InferenceEvent {
    }

    /** A start position was set up on the board (or commanded): a new game begins. {@code handicap} is null for an even game. */
    record NewGame(Position start, Handicap handicap, long atMillis) implements InferenceEvent {
    }

    /**
     * The level gesture of a board without buttons: before the first move, gote's king was stood on the middle rank,
     * on the file that counts the level from Sente's left (9筋 level 1 ... 1筋 level 9). The board is then guided back.
     */
    record LevelChosen(int level, long atMillis) implements InferenceEvent {
    }

    /** The game ended: on the board (checkmate, sennichite, a recorded foul, ...) or by command (resignation, time). */
    record GameOver(GameResult result, long atMillis) implements InferenceEvent {
    }
}
