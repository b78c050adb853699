package org.shogibridge.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.shogibridge.core.fixtures.SharedFixtures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Conformance: every record under {@code ../shared/fixtures/records} is read, checked move by move against the
 * rules core, and survives a round trip through every output format. The few fixtures that are broken on
 * purpose are rejected, with the line and the reason named.
 */
class RecordConformanceTest {
    /** Fixtures that must be rejected, with a fragment of the expected message (file:line: reason). */
    private static final Map<String, String> REJECTED = Map.of(
            // Two moves numbered 5 in one variation.
            "json-kifu-format/kif/fork-test.kif", "fork-test.kif:18: Wrong move number. 5 where 6 was expected",
            // A list of games, one a line (a ShogiHome book source): read as one record it would lose the rest.
            "shogihome/book/source/src05.sfen", "src05.sfen:2: Second game. A record file holds one position line",
            // A hand-made file whose 変化：1手 continues with a move numbered 3.
            "kif-parser/comment[handmade].kifu", "comment[handmade].kifu:14: Wrong move number. 3 where 1 was expected");

    @TestFactory
    Stream<DynamicTest> everyFixtureRecordIsReadAndRoundTrips() throws IOException {
        return SharedFixtures.testsOrSkipped(fixtures -> {
            Path records = fixtures.resolve("records");
            return SharedFixtures.recordFiles(records).stream().map(f -> {
                String name = records.relativize(f).toString().replace('\\', '/');
                return DynamicTest.dynamicTest(name, () -> check(name, Files.readAllBytes(f)));
            });
        });
    }

    private static void check(String name, byte[] bytes) {
        if (REJECTED.containsKey(name)) {
            RecordFormatException e = assertThrows(RecordFormatException.class, () -> RecordFormat.read(name, bytes));
            assertTrue(e.getMessage().contains(REJECTED.get(name)), e.getMessage());
            return;
        }
        GameRecord record = RecordFormat.read(name, bytes);
        for (RecordFormat format : RecordFormat.values()) {
            byte[] written = format.encode(record);
            GameRecord back = RecordFormat.read("round-trip." + format.extension(), written);
            RecordAssertions.assertSameRecord(record, back, format, name + " via " + format);
            // Writing again gives the same bytes: nothing drifts from one conversion to the next.
            assertEquals(RecordText.decode(written), RecordText.decode(format.encode(back)), name + " via " + format + " twice");
        }
    }
}
