package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogibridge.core.fixtures.SharedFixtures;
import org.shogibridge.core.fixtures.SharedFixtures.PerftRow;

/**
 * The deep perft rows of ../shared/fixtures (more than {@value PerftConformanceTest#DEEP_NODES} leaves,
 * up to 1.6 billion): run by failsafe in {@code mvn verify}, rows in parallel on the available cores.
 */
@Execution(ExecutionMode.CONCURRENT)
class PerftDeepIT {
    static Stream<?> rows() throws IOException {
        return SharedFixtures.rowsOrSkipped(f -> SharedFixtures.perftRows(f).stream()
                .filter(r -> r.nodes() > PerftConformanceTest.DEEP_NODES));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void deepPerftMatchesFixture(PerftRow row) {
        SharedFixtures.require();
        Position position = Position.fromSfen(Variant.byId(row.variant()), row.sfen());
        assertEquals(row.nodes(), new Perft().count(position, row.depth()), row.toString());
    }
}
