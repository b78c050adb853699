package org.shogibridge.core.tsume;

import org.shogibridge.core.engine.MateSolver;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;

/**
 * The defender's side of a tsume being solved on the board. After each attacker move it answers with the defence that
 * holds out longest; when the attack fails (it does not check, or no mate is left within the problem's length) it
 * answers with the refutation: the defence after which the attacker is furthest from a mate.
 *
 * <p>Ties go to the problem's own solution, then to a move that is not a drop (an interposition that only delays the
 * mate is the last choice, as a composer's 無駄合 rule would have it), then to the first move generated.
 */
public final class TsumeDefender {
    /** A mate longer than any problem: there is none. */
    public static final int NO_MATE = Integer.MAX_VALUE;
    /** Nodes for one "mate within the moves left?": a 7-move problem's hardest position needs far fewer. */
    private static final long NODES = 2_000_000;

    private final MateSolver solver = new MateSolver();
    /** Looks that ran out of nodes (taken as "no mate"): a problem checked with any is not trusted. */
    private int timeouts;

    /**
     * The defender's answer.
     *
     * @param move    the defence, {@link Move#NONE} when the defender is mated
     * @param refutes true if the attack failed: this defence shows why (the problem is not solved)
     * @param mateIn  the shortest mate left for the attacker after the defence, {@link #NO_MATE} for none within the
     *                moves left
     */
    public record Reply(int move, boolean refutes, int mateIn) {
    }

    /**
     * Answer the attacker's last move.
     *
     * @param afterAttack the position after it, the defender to move
     * @param pliesLeft   the problem's plies not yet played (the defence included)
     * @param solutionMove the problem's own defence here, or {@link Move#NONE} off its line
     */
    public Reply reply(Position afterAttack, int pliesLeft, int solutionMove) {
        Position p = afterAttack.copy();
        MoveList defences = new MoveList();
        MoveGenerator.generateLegal(p, defences);
        if (defences.size() == 0) {
            return new Reply(Move.NONE, false, 0);
        }
        boolean checked = p.inCheck();
        int best = Move.NONE;
        int bestLength = -1;
        for (int i = 0; i < defences.size(); i++) {
            int move = defences.get(i);
            p.doMove(move);
            int length = mateLength(p, pliesLeft - 1);
            p.undoMove(move);
            if (length > bestLength || length == bestLength && preferred(move, best, solutionMove)) {
                best = move;
                bestLength = length;
            }
        }
        boolean refutes = !checked || bestLength > pliesLeft - 1;
        return new Reply(best, refutes, bestLength);
    }

    /**
     * Return the shortest mate by checks of the side to move of at most {@code maxPlies} plies, or {@link #NO_MATE}
     * when there is none that short.
     */
    public int mateLength(Position attackerToMove, int maxPlies) {
        if (attackerToMove.inCheck(attackerToMove.sideToMove().opponent())) {
            return NO_MATE; // not a position: the defender left in check
        }
        int length = solver.mateWithin(attackerToMove, maxPlies, NODES);
        if (length < 0) {
            timeouts++;
        }
        return length > 0 ? length : NO_MATE;
    }

    /** Return how many looks ran out of nodes so far. */
    public int timeouts() {
        return timeouts;
    }

    private static boolean preferred(int move, int best, int solutionMove) {
        if (best == solutionMove) {
            return false;
        }
        if (move == solutionMove) {
            return true;
        }
        return Move.isDrop(best) && !Move.isDrop(move);
    }
}
