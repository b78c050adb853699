package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;

/**
 * Checks mate claims with nothing but the rules core: a plain exhaustive search over checks and every legal
 * defence, without tables or ordering, independent of the solver it judges.
 */
public final class MateVerifier {
    private MateVerifier() {
    }

    /** Return true if the attacker (to move) forces mate by checks within the plies given (odd). */
    public static boolean forcedMate(Position p, int plies) {
        if (plies < 1) {
            return false;
        }
        for (int move : legal(p)) {
            p.doMove(move);
            boolean mates = p.inCheck() && everyDefenceMated(p, plies - 1);
            p.undoMove(move);
            if (mates) {
                return true;
            }
        }
        return false;
    }

    private static boolean everyDefenceMated(Position p, int plies) {
        int[] defences = legal(p);
        if (defences.length == 0) {
            return true;
        }
        for (int move : defences) {
            p.doMove(move);
            boolean mated = forcedMate(p, plies - 1);
            p.undoMove(move);
            if (!mated) {
                return false;
            }
        }
        return true;
    }

    /**
     * Verify a mating line move by move: every move is legal, every attacker move checks, the line ends in
     * mate, and at each defender turn every legal defence (not only the one in the line) still loses within
     * the plies left.
     */
    public static void verifyLine(Position start, int[] line, String label) {
        Position p = start.copy();
        assertTrue(line.length % 2 == 1, label + ": a mating line has odd length, got " + line.length);
        for (int i = 0; i < line.length; i++) {
            int[] legal = legal(p);
            int move = line[i];
            assertTrue(contains(legal, move), label + ": move " + (i + 1) + " " + Usi.format(p.variant(), move)
                    + " is not legal in " + p.toSfen());
            if (i % 2 == 1) {
                int left = line.length - i - 1;
                for (int defence : legal) {
                    p.doMove(defence);
                    if (!forcedMate(p, left)) {
                        fail(label + ": after defence " + Usi.format(p.variant(), defence) + " at ply " + (i + 1)
                                + " there is no mate in " + left);
                    }
                    p.undoMove(defence);
                }
            }
            p.doMove(move);
            if (i % 2 == 0) {
                assertTrue(p.inCheck(), label + ": attacker move " + (i + 1) + " does not check");
            }
        }
        assertEquals(0, legal(p).length, label + ": the line does not end in mate: " + p.toSfen());
    }

    static int[] legal(Position p) {
        MoveList list = new MoveList();
        MoveGenerator.generateLegal(p, list);
        return list.toArray();
    }

    private static boolean contains(int[] moves, int move) {
        for (int m : moves) {
            if (m == move) {
                return true;
            }
        }
        return false;
    }
}
