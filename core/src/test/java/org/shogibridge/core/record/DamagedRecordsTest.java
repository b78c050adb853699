package org.shogibridge.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.rules.Move;

/**
 * The regression corpus of damaged records ({@code records/damaged}): each is rejected with exactly the one-line
 * message {@code expected.tsv} gives (file, line, "Category. detail."), or read to exactly the moves, foul and
 * ending it gives.
 */
class DamagedRecordsTest {
    @TestFactory
    Stream<DynamicTest> everyDamagedRecordGivesItsExpectedResult() {
        String table = new String(TestRecords.bytes("damaged/expected.tsv"), StandardCharsets.UTF_8);
        return table.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).map(line -> {
            String[] f = line.split("\t");
            return DynamicTest.dynamicTest(f[0], () -> check(f[0], f[1], f[2]));
        });
    }

    private static void check(String name, String kind, String expected) {
        byte[] bytes = TestRecords.bytes("damaged/" + name);
        if (kind.equals("error")) {
            RecordFormatException e = assertThrows(RecordFormatException.class, () -> RecordFormat.read(name, bytes));
            assertEquals(expected, e.getMessage());
            return;
        }
        GameRecord r = RecordFormat.read(name, bytes);
        assertEquals(expected, summary(r));
    }

    /** Return "N moves, foul TEXT|no foul, ending E|none" for a record's main line. */
    static String summary(GameRecord r) {
        MoveLine main = r.mainLine();
        String foul = "no foul";
        if (main.foul() != null) {
            var p = r.positionAfterMainLine();
            int[] moves = main.moveArray();
            int previousTo = moves.length == 0 ? -1 : Move.to(moves[moves.length - 1]);
            foul = "foul " + JapaneseNotation.formatKif(p, main.foul().move(), previousTo);
        }
        return main.moves().size() + " moves, " + foul + ", ending " + (main.ending() == null ? "none" : main.ending());
    }
}
