package org.shogibridge.core.inference;

import java.util.List;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Violation;

/** What {@link MoveInference} tells the rest of the bridge. Moves are packed {@link org.shogibridge.core.rules.Move} ints. */
public sealed interface InferenceEvent {

    /** A move was played on the board and entered into the game; {@code computer} if it carried out the engine's move. */
    record MoveMade(int move, String usi, int ply, boolean computer) implements InferenceEvent {
    }

    /**
     * The last move was superseded before the opponent replied: a sliding piece pushed further along its line, or
     * (with face sensing) the piece turned over. {@code replaced} is withdrawn; the new move follows as any other ({@link MoveMade}, or {@link PromotionPending} first).
     */
    record MoveReplaced(int replaced, String replacedUsi) implements InferenceEvent {
    }

    /**
     * An optional promotion waits for the player's choice (no face sensing): {@code move} is the move with the current
     * choice, which the lift-and-replace gesture toggles until the window closes or the game goes on.
     */
    record PromotionPending(int move, String usi, boolean promote) implements InferenceEvent {
    }

    /** The board was put back to the position before {@code move}, which is taken back (casual mode). */
    record MoveTakenBack(int move, String usi) implements InferenceEvent {
    }

    /**
     * A piece of the side to move was moved where the rules forbid, or (tournament mode) a move was taken back.
     * {@code foul} is true once it is recorded as a lost game (tournament mode, after the wrong-position timer).
     */
    record IllegalMove(String description, Violation violation, boolean foul) implements InferenceEvent {
    }

    /** The board stays different from the game: what to change, also shown on the LEDs. */
    record CorrectionNeeded(Correction correction) implements InferenceEvent {
    }

    /** Several moves fit the board equally well (a capture whose target never lifted, komadai not updated): the LEDs show the candidates. */
    record MoveAmbiguous(List<String> candidates) implements InferenceEvent {
    }

    /** The board matches the game again after a correction, an illegal move or an ambiguity. */
    record BoardMatched() implements InferenceEvent {
    }

    /** A start position was set up on the board (or commanded): a new game begins. {@code handicap} is null for an even game. */
    record NewGame(Position start, Handicap handicap) implements InferenceEvent {
    }

    /** The game ended on the board (checkmate, sennichite, a recorded foul, ...). */
    record GameOver(GameResult result) implements InferenceEvent {
    }
}
