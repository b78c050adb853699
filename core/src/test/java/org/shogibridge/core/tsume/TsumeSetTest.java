package org.shogibridge.core.tsume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogibridge.core.engine.MateVerifier;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;

/**
 * Issue 86: the whole built-in tsume set checked again, each problem by {@link TsumeCheck} (one solution, every
 * defence answered, no piece the mate does not need) and its solution by the plain exhaustive search of the engine's
 * tests, which shares nothing with the solver: the line mates against every defence, and nothing shorter mates.
 */
class TsumeSetTest {
    static Stream<TsumeProblem> problems() {
        return TsumeSet.builtIn().problems().stream();
    }

    @Test
    void theSetHasProblemsOfThreeFiveAndSevenMovesWithUniqueIds() {
        Map<Integer, Long> byLength = TsumeSet.builtIn().problems().stream()
                .collect(Collectors.groupingBy(TsumeProblem::plies, Collectors.counting()));
        assertEquals(List.of(3, 5, 7), byLength.keySet().stream().sorted().toList());
        byLength.values().forEach(n -> assertTrue(n >= 5, "at least five of each length: " + byLength));
        assertEquals(TsumeSet.builtIn().problems().size(),
                TsumeSet.builtIn().problems().stream().map(TsumeProblem::id).distinct().count());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("problems")
    void passesEveryCheck(TsumeProblem problem) {
        assertEquals(List.of(), new TsumeCheck().faults(problem), problem.id() + " " + problem.sfen());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("problems")
    void itsSolutionMatesAgainstEveryDefenceAndNothingShorterDoes(TsumeProblem problem) {
        Position start = problem.position();
        int[] line = new int[problem.plies()];
        Position p = start.copy();
        for (int i = 0; i < line.length; i++) {
            line[i] = Usi.parseLegalMove(p, problem.solution().get(i));
            p.doMove(line[i]);
        }
        MateVerifier.verifyLine(start, line, problem.id());
        assertFalse(MateVerifier.forcedMate(start.copy(), problem.plies() - 2), problem.id() + ": a shorter mate");
    }

    @Test
    void aProblemWithASecondSolutionOrAnIdlePieceIsRefused() {
        TsumeProblem first = TsumeSet.builtIn().problems().get(0);
        // one more gold in Black's hand: a piece the problem does not need (and often a second solution)
        TsumeProblem spoiled = new TsumeProblem(first.id(), first.plies(), withGoldInHand(first.sfen()), first.solution(), "test");
        List<String> faults = new TsumeCheck().faults(spoiled);
        assertTrue(faults.contains("Black's G in hand is not needed"), faults.toString());
    }

    /** The same problem with one more gold in Black's hand, taken from White's. */
    private static String withGoldInHand(String sfen) {
        String[] f = sfen.split(" ");
        String hand = f[2];
        StringBuilder black = new StringBuilder();
        StringBuilder white = new StringBuilder();
        int i = 0;
        int golds = 1;
        while (i < hand.length()) {
            int j = i;
            while (Character.isDigit(hand.charAt(j))) {
                j++;
            }
            int n = j == i ? 1 : Integer.parseInt(hand.substring(i, j));
            char c = hand.charAt(j);
            if (c == 'G') {
                golds += n;
            } else if (c == 'g') {
                if (n > 1) {
                    white.append(n - 1 == 1 ? "" : Integer.toString(n - 1)).append('g');
                }
            } else if (Character.isUpperCase(c)) {
                black.append(hand, i, j + 1);
            } else {
                white.append(hand, i, j + 1);
            }
            i = j + 1;
        }
        return f[0] + " " + f[1] + " " + (golds == 1 ? "" : golds) + "G" + black + white + " " + f[3];
    }
}
