package org.shogibridge.core.tsume;

import java.util.List;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;

/**
 * One mate problem of the built-in set: Black (the attacker, without a king) to move and mate by checks in exactly
 * {@code plies} moves; White holds every piece that is neither on the board nor in Black's hand (the usual 玉方持駒
 * 残り全部).
 *
 * @param id       the problem's name in the set, as {@code 3-01} (length, number)
 * @param plies    the length of the solution: 3, 5 or 7
 * @param sfen     the position
 * @param solution the solution's moves in USI, attacker and defender alternating (the defender's longest defences)
 * @param source   the real game the position was taken from, and its ply
 */
public record TsumeProblem(String id, int plies, String sfen, List<String> solution, String source) {
    public TsumeProblem {
        solution = List.copyOf(solution);
        if (plies % 2 == 0 || plies < 1 || solution.size() != plies) {
            throw new IllegalArgumentException("Bad tsume. " + id + ": " + plies + " plies with a solution of "
                    + solution.size() + " moves.");
        }
    }

    /** Return the position to solve (a new copy each time). */
    public Position position() {
        return Position.fromSfen(sfen);
    }

    /** The title a player reads and hears: 3手詰 (3-01). */
    public String japaneseTitle() {
        return plies + "手詰";
    }

    public String englishTitle() {
        return "mate in " + plies;
    }

    /** Return true if the problem is set as tsume are: Black to move, no Black king. */
    boolean attackerWithoutKing() {
        Position p = position();
        return p.sideToMove() == Side.BLACK && p.kingSquare(Side.BLACK) < 0 && p.kingSquare(Side.WHITE) >= 0;
    }
}
