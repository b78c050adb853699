package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;

class MateSolverTest {
    private final MateSolver solver = new MateSolver();

    @ParameterizedTest(name = "{0} mates in {1}")
    @CsvSource({
        "4k4/9/4P4/9/9/9/9/9/4K4 b G 1, 1",
        "4k4/9/4G4/9/9/9/9/9/4K4 b S 1, 1",
        "7lk/9/7G1/9/9/9/9/9/4K4 b G 1, 1",
        "8k/9/9/9/9/9/9/9/4K4 b R2G 1, 5",
        "8k/9/9/9/9/9/9/9/4K4 b 2RG 1, 5",
        "7nk/7p1/9/9/9/9/9/9/4K4 b RBG 1, 7",
        "4k/5/4P/5/K4 b G 1, 1",
        "4k5/10/10/10/10/10/10/10/10/5K4 b QG 1, 3",
        "4K4/9/9/9/9/9/9/9/4k4 w G 1, 0",
    })
    void findsTheShortestMateAndItHoldsAgainstEveryDefence(String sfen, int plies) {
        Position position = Position.fromSfen(sfen);
        MateSolver.Result result = solver.solve(position, 5_000_000, 60_000);
        if (plies == 0) {
            assertEquals(MateSolver.Status.NO_MATE, result.status());
            return;
        }
        assertEquals(MateSolver.Status.MATE, result.status(), sfen);
        assertEquals(plies, result.moves().length, sfen);
        MateVerifier.verifyLine(position, result.moves(), sfen);
        assertFalse(MateVerifier.forcedMate(position.copy(), plies - 2), sfen + " has a shorter mate");
    }

    @Test
    void aSolveAllocatesAlmostNothingPerNode() {
        // A mate in 7 (2,767 nodes). The tables were maps of boxed keys: 149 bytes per node here.
        Position position = Position.fromSfen("7nk/7p1/9/9/9/9/9/9/4K4 b RBG 1");
        solver.solve(position, 200_000, 0); // warm up: per-ply arrays grow once, the JIT compiles
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        MateSolver.Result result = solver.solve(position, 200_000, 0);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(MateSolver.Status.MATE, result.status());
        assertTrue(result.nodes() > 1_000, "nodes " + result.nodes());
        // What remains is the mating line's own building (a few lists), not the search.
        assertTrue(allocated < 16 * result.nodes(), allocated + " bytes for " + result.nodes() + " nodes");
    }

    @Test
    void aPawnDropMateIsNotAMate() {
        // P*1b would mate, but mating by a pawn drop is illegal; nothing else mates.
        Position position = Position.fromSfen("7lk/9/7G1/9/9/9/9/9/4K4 b P 1");
        assertEquals(MateSolver.Status.NO_MATE, solver.solve(position, 1_000_000, 10_000).status());
        assertFalse(MateVerifier.forcedMate(position, 3));
    }

    @Test
    void aPositionWithoutChecksHasNoMate() {
        MateSolver.Result result = solver.solve(Position.fromSfen("6snk/7pl/9/9/9/9/9/9/4K4 b RBGS 1"), 1000, 1000);
        assertEquals(MateSolver.Status.NO_MATE, result.status());
        assertEquals(0, result.moves().length);
    }

    @Test
    void aBudgetTooSmallAnswersTimeoutNotAGuess() {
        MateSolver.Result result = solver.solve(Position.fromSfen("7nk/7p1/9/9/9/9/9/9/4K4 b RBG 1"), 50, 0);
        assertEquals(MateSolver.Status.TIMEOUT, result.status());
        assertEquals(0, result.moves().length);
    }

    @Test
    void theDefenderResistsAsLongAsPossible() {
        Position position = Position.fromSfen("8k/9/9/9/9/9/9/9/4K4 b R2G 1");
        MateSolver.Result result = solver.solve(position, 5_000_000, 60_000);
        // After the first check the defence in the line must be one that still needs the full 4 more plies.
        Position after = position.copy();
        after.doMove(result.moves()[0]);
        after.doMove(result.moves()[1]);
        assertFalse(MateVerifier.forcedMate(after.copy(), 1),
                "the line's defence " + Usi.format(after.variant(), result.moves()[1]) + " allows a mate in 1");
        assertTrue(MateVerifier.forcedMate(after, 3));
    }
}
