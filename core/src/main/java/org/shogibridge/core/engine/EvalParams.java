package org.shogibridge.core.engine;

/**
 * Scales, in percent, of groups of the learned evaluation weights. They are exposed as USI options so that a
 * match can test a change (docs/ENGINE.md, "Tuning") without retraining; 100 everywhere is the learned set.
 *
 * @param material board values of the pieces, and with them the hand values
 * @param hand     hand values, on top of {@code material}
 * @param attack   places relative to the enemy king
 * @param defence  places relative to the own king
 * @param square   places on the board (the king's shelter among them)
 * @param tempo    having the move
 */
public record EvalParams(int material, int hand, int attack, int defence, int square, int tempo) {
    /** The learned weights unscaled. */
    public static final EvalParams DEFAULT = new EvalParams(100, 100, 100, 100, 100, 100);
}
