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
 * @param wrongPositionMillis   how long a board that matches nothing may stay so before correction is demanded
 *                              (and, in tournament mode, before an illegal move is recorded as a foul)
 * @param promotionWindowMillis without face sensing: how long after an optional promotion the lift-and-replace
 *                              gesture may still change the choice; 0 commits the default at once
 * @param promoteByDefault      without face sensing: the choice an optional promotion starts with
 */
public record InferenceSettings(boolean faceSensing, Game.Settings game, int debounceScans, long settleMillis,
        long wrongPositionMillis, long promotionWindowMillis, boolean promoteByDefault) {

    public InferenceSettings {
        if (debounceScans < 1 || settleMillis < 0 || wrongPositionMillis < settleMillis || promotionWindowMillis < 0) {
            throw new IllegalArgumentException("Invalid inference settings. Need debounceScans >= 1, settleMillis >= 0,"
                    + " wrongPositionMillis >= settleMillis and promotionWindowMillis >= 0.");
        }
    }

    /** Casual rules, no face sensing, 4-scan debounce, 250 ms settle, 2.5 s wrong position, 1.5 s promotion window. */
    public static InferenceSettings defaults() {
        return new InferenceSettings(false, Game.Settings.casual(), 4, 250, 2500, 1500, true);
    }

    public InferenceSettings withFaceSensing(boolean on) {
        return new InferenceSettings(on, game, debounceScans, settleMillis, wrongPositionMillis, promotionWindowMillis,
                promoteByDefault);
    }

    public InferenceSettings withGame(Game.Settings rules) {
        return new InferenceSettings(faceSensing, rules, debounceScans, settleMillis, wrongPositionMillis,
                promotionWindowMillis, promoteByDefault);
    }

    public InferenceSettings withPromotion(boolean byDefault, long windowMillis) {
        return new InferenceSettings(faceSensing, game, debounceScans, settleMillis, wrongPositionMillis, windowMillis,
                byDefault);
    }
}
