package org.shogibridge.core.engine;

/**
 * The tunable scales of the evaluation, in percent of the base tables (tempo and shelter in score units).
 * They are exposed as USI options so that matches can tune them (docs/ENGINE.md, "Tuning").
 *
 * @param material scale of all piece values
 * @param hand     value of a piece in hand, in percent of its board value
 * @param attack   scale of the bonus for pieces near the enemy king
 * @param defence  scale of the bonus for pieces near their own king
 * @param shelter  bonus for a king on its back ranks and off the centre
 * @param tempo    bonus for having the move
 */
public record EvalParams(int material, int hand, int attack, int defence, int shelter, int tempo) {
    /** The defaults, as chosen by the tuning matches. */
    public static final EvalParams DEFAULT = new EvalParams(100, 110, 100, 100, 40, 20);
}
