package org.shogibridge.core.inference;

import org.shogibridge.core.rules.Game;

/**
 * How {@link MoveInference} reads the board. The defaults suit a 200 Hz scan; see docs/leds.md for what the
 * timers mean to the player.
 *
 * @param faceSensing           the squares report which face is up, so promotions are read from the board
 * @param game                  the rules: casual mode allows takebacks, tournament mode records fouls
 * @param debounceScans         consecutive scans a new reading must hold before it counts
 * @param settleMillis          how long the debounced board must stay still before it is judged
 * @param clearMoveSettleMillis how long instead when it shows one whole legal move, squares and komadai (with face
 *                              sensing, one no turn of the piece could change): docs/leds.md
 * @param wrongPositionMillis   how long a board that matches nothing may stay so before correction is demanded
 *                              (and, in tournament mode, before an illegal move is recorded as a foul)
 * @param promotionWindowMillis without face sensing: how long after an optional promotion the lift-and-replace
 *                              gesture may still change the choice; 0 commits the default at once
 * @param promoteByDefault      without face sensing: the choice an optional promotion starts with
 */
public record InferenceSettings(boolean faceSensing, Game.Settings game, int debounceScans, long settleMillis,
        long clearMoveSettleMillis, long wrongPositionMillis, long promotionWindowMillis, boolean promoteByDefault) {

    /**
     * The settle time of a clear move: shorter than a slide's touch of a square on its way (10-50 ms) and a hand's
     * hesitation, so a clear move is judged about 100 ms after the piece is put down instead of 250.
     */
    public static final long CLEAR_MOVE_SETTLE_MILLIS = 100;

    public InferenceSettings {
        if (debounceScans < 1 || settleMillis < 0 || clearMoveSettleMillis < 0 || clearMoveSettleMillis > settleMillis
                || wrongPositionMillis < settleMillis || promotionWindowMillis < 0) {
            throw new IllegalArgumentException("Invalid inference settings. Need debounceScans >= 1, settleMillis >= 0,"
                    + " 0 <= clearMoveSettleMillis <= settleMillis, wrongPositionMillis >= settleMillis and"
                    + " promotionWindowMillis >= 0.");
        }
    }

    /**
     * Casual rules, no face sensing, 4-scan debounce, 250 ms settle (100 ms for a clear move), 2.5 s wrong position,
     * 1.5 s promotion window.
     */
    public static InferenceSettings defaults() {
        return new InferenceSettings(false, Game.Settings.casual(), 4, 250, CLEAR_MOVE_SETTLE_MILLIS, 2500, 1500, true);
    }

    /** The settle time of a clear move with this settle time: {@link #CLEAR_MOVE_SETTLE_MILLIS}, or less. */
    public static long clearMoveSettle(long settleMillis) {
        return Math.min(CLEAR_MOVE_SETTLE_MILLIS, settleMillis);
    }

    public InferenceSettings withFaceSensing(boolean on) {
        return new InferenceSettings(on, game, debounceScans, settleMillis, clearMoveSettleMillis, wrongPositionMillis,
                promotionWindowMillis, promoteByDefault);
    }

    public InferenceSettings withGame(Game.Settings rules) {
        return new InferenceSettings(faceSensing, rules, debounceScans, settleMillis, clearMoveSettleMillis,
                wrongPositionMillis, promotionWindowMillis, promoteByDefault);
    }

    public InferenceSettings withPromotion(boolean byDefault, long windowMillis) {
        return new InferenceSettings(faceSensing, game, debounceScans, settleMillis, clearMoveSettleMillis,
                wrongPositionMillis, windowMillis, byDefault);
    }

    /** The same, every move judged after the full settle time (the reading before clear moves were judged sooner). */
    public InferenceSettings withoutClearMoves() {
        return new InferenceSettings(faceSensing, game, debounceScans, settleMillis, settleMillis, wrongPositionMillis,
                promotionWindowMillis, promoteByDefault);
    }
}
