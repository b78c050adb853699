package org.shogibridge.core.review;

/**
 * One move of a reviewed game.
 *
 * @param ply         1 for the first move
 * @param move        the move played
 * @param bestMove    the engine's choice in the position before it (0 if there was none)
 * @param bestLine    the engine's line from that position, its choice first
 * @param evaluation  the evaluation after the move, from sente's side, in centipawns (a mate counts as ±30,000)
 * @param mateAfter   after the move, plies to mate, positive when sente mates; 0 for none
 * @param lineAfter   the engine's line from the position after the move
 * @param loss        the win rate the move gave away, in points (0 to 100; 0 for the engine's own choice)
 * @param mark        the grade of the loss
 */
public record ReviewedMove(int ply, int move, int bestMove, int[] bestLine, int evaluation, int mateAfter, int[] lineAfter,
        double loss, MoveMark mark) {

    /** Return true if the move was the engine's own choice. */
    public boolean best() {
        return move == bestMove;
    }
}
