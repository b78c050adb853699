package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogibridge.core.fixtures.SharedFixtures;
import org.shogibridge.core.fixtures.SharedFixtures.PerftRow;

/**
 * Every row of ../shared/fixtures/perft/*.tsv up to {@value #DEEP_NODES} leaves; the larger ones run in
 * {@code PerftDeepIT} during {@code mvn verify}. Skipped, with the reason, when the fixtures are absent.
 */
class PerftConformanceTest {
    static final long DEEP_NODES = 30_000_000L;

    static Stream<?> rows() throws IOException {
        return SharedFixtures.rowsOrSkipped(f -> SharedFixtures.perftRows(f).stream().filter(r -> r.nodes() <= DEEP_NODES));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void perftMatchesFixture(PerftRow row) {
        SharedFixtures.require();
        Position position = Position.fromSfen(Variant.byId(row.variant()), row.sfen());
        assertEquals(row.nodes(), new Perft().count(position, row.depth()), row.toString());
    }
}
