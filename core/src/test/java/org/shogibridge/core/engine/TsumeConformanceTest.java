package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogibridge.core.fixtures.SharedFixtures;
import org.shogibridge.core.rules.Position;

/**
 * Every mate problem of {@code ../shared/fixtures/tsume/tsume.tsv}: the solver finds a mate of exactly the
 * listed shortest length (an exhaustive search confirms none is shorter), its line holds against every
 * defence, and rows marked "none" get "no mate". Skipped, and said so, without the shared fixtures.
 */
class TsumeConformanceTest {
    record Problem(String sfen, String matePlies, String where) {
        @Override
        public String toString() {
            return where + " (" + matePlies + ")";
        }
    }

    static Stream<?> problems() throws IOException {
        return SharedFixtures.rowsOrSkipped(TsumeConformanceTest::problems);
    }

    private static Stream<Problem> problems(Path fixtures) throws IOException {
        List<String> lines = Files.readAllLines(fixtures.resolve("tsume/tsume.tsv"), StandardCharsets.UTF_8);
        List<Problem> problems = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] fields = lines.get(i).split("\t");
            if (fields.length >= 2) {
                problems.add(new Problem(fields[0], fields[1], "tsume.tsv line " + (i + 1)));
            }
        }
        return problems.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("problems")
    void solvesAtTheShortestLength(Problem problem) {
        SharedFixtures.require();
        Position position = Position.fromSfen(problem.sfen());
        MateSolver.Result result = new MateSolver().solve(position, 20_000_000, 120_000);
        if (problem.matePlies().equals("none")) {
            assertEquals(MateSolver.Status.NO_MATE, result.status(), problem.where());
            return;
        }
        int expected = Integer.parseInt(problem.matePlies());
        assertEquals(MateSolver.Status.MATE, result.status(), problem.where());
        assertEquals(expected, result.moves().length, problem.where() + ": mate length");
        MateVerifier.verifyLine(position, result.moves(), problem.where());
        assertFalse(MateVerifier.forcedMate(position.copy(), expected - 2),
                problem.where() + ": an exhaustive search finds a mate shorter than " + expected);
    }
}
