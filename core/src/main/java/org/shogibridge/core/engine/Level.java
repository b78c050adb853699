package org.shogibridge.core.engine;

/**
 * A playing strength from 1 (beginner) to 10 (full strength).
 *
 * <p>Levels 1 to 7 read every move to a shallow depth and then choose like a person who judges by feel: the
 * better a move looks, the likelier it is chosen, with a {@code temperature} (in evaluation units) setting how
 * far from the best the choice strays. Their mistakes are plausible moves that miss something deeper, not random
 * ones. Levels 8 and 9 search normally but stop at a node count, kept low enough that the steps above level 7
 * stay even and level 10 stays above level 9 on a Pi too (an estimate from the speeds); level 10 uses all the
 * time the clock gives, so the last step is the largest. The {@code rating} is the strength measured in matches
 * of each level against the next (docs/ENGINE.md, "Levels, measured"; last with the eleventh generation's
 * weights, forty-sixth session), chained from level 1 = 500. A chain of self-play results stretches the scale, so
 * these are the engine's own ratings, not a human's.
 *
 * @param number      1..10
 * @param depth       the fixed depth levels 1-7 read every move to (0 for levels 8-10)
 * @param temperature how far the choice strays from the best move, 0 for always the best
 * @param nodes       node limit per move, 0 for none
 * @param rating      the measured strength on an Elo-like scale
 */
public record Level(int number, int depth, int temperature, long nodes, int rating) {
    private static final Level[] LEVELS = {
        new Level(1, 1, 180, 0, 500),
        new Level(2, 1, 110, 0, 852),
        new Level(3, 1, 40, 0, 1177),
        new Level(4, 2, 80, 0, 1456),
        new Level(5, 2, 45, 0, 1688),
        new Level(6, 3, 30, 0, 1968),
        new Level(7, 4, 8, 0, 2248),
        new Level(8, 0, 0, 20_000, 2759),
        new Level(9, 0, 0, 50_000, 3060),
        new Level(10, 0, 0, 0, 3891),
    };

    /** Return the level with a number from 1 to 10. */
    public static Level of(int number) {
        if (number < 1 || number > LEVELS.length) {
            throw new IllegalArgumentException("Level. " + number + " is not between 1 and 10.");
        }
        return LEVELS[number - 1];
    }

    /**
     * Return an unnumbered level that chooses by feel at a depth and temperature, for generating varied games
     * whose feel must not change when the numbered levels are re-spaced (number and rating 0).
     */
    public static Level byFeel(int depth, int temperature) {
        if (depth < 1 || temperature < 1) {
            throw new IllegalArgumentException("Level. A level by feel needs a depth and a temperature of 1 or more, not "
                    + depth + " and " + temperature + ".");
        }
        return new Level(0, depth, temperature, 0, 0);
    }

    /** Return the strongest level whose rating does not exceed the target (level 1 below its rating). */
    public static Level forRating(int rating) {
        Level chosen = LEVELS[0];
        for (Level level : LEVELS) {
            if (level.rating <= rating) {
                chosen = level;
            }
        }
        return chosen;
    }

    /** Return the maximum level. */
    public static Level maximum() {
        return LEVELS[LEVELS.length - 1];
    }

    /** Return true if this level chooses among shallowly read moves instead of searching normally. */
    public boolean choosesByFeel() {
        return depth > 0;
    }
}
