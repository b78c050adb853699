package org.shogibridge.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

/** Compares two records on what a format carries. */
final class RecordAssertions {
    private RecordAssertions() {
    }

    /** Return what a format keeps of a record when it is written and read back. */
    static boolean carriesTimes(RecordFormat f) {
        return f != RecordFormat.KI2 && f != RecordFormat.KI2U && f != RecordFormat.USI;
    }

    static boolean carriesVariations(RecordFormat f) {
        return f != RecordFormat.CSA && f != RecordFormat.USI;
    }

    static void assertSameRecord(GameRecord expected, GameRecord actual, RecordFormat via, String where) {
        assertEquals(expected.startSfen(), actual.startSfen(), where + ": start");
        boolean usi = via == RecordFormat.USI;
        if (!usi) {
            assertEquals(expected.headers(), actual.headers(), where + ": headers");
            assertEquals(expected.comments(), actual.comments(), where + ": comments before the first move");
        }
        assertSameLine(expected.mainLine(), actual.mainLine(), via, where + ": main line");
    }

    private static void assertSameLine(MoveLine expected, MoveLine actual, RecordFormat via, String where) {
        List<RecordedMove> e = expected.moves();
        List<RecordedMove> a = actual.moves();
        assertEquals(e.size(), a.size(), where + ": number of moves");
        boolean usi = via == RecordFormat.USI;
        for (int i = 0; i < e.size(); i++) {
            String at = where + " move " + (i + 1);
            assertEquals(e.get(i).move(), a.get(i).move(), at);
            if (usi) {
                continue;
            }
            assertEquals(e.get(i).comments(), a.get(i).comments(), at + " comments");
            if (carriesTimes(via)) {
                assertEquals(seconds(e.get(i).elapsedMillis()), seconds(a.get(i).elapsedMillis()), at + " time");
            }
            if (carriesVariations(via)) {
                assertEquals(e.get(i).alternatives().size(), a.get(i).alternatives().size(), at + " variations");
                for (int j = 0; j < e.get(i).alternatives().size(); j++) {
                    assertSameLine(e.get(i).alternatives().get(j), a.get(i).alternatives().get(j), via,
                            at + " variation " + (j + 1));
                }
            }
        }
        if (usi) {
            // A USI line carries the legal moves only: no foul, no ending.
            return;
        }
        assertEquals(expected.foul() == null, actual.foul() == null, where + ": foul");
        if (expected.foul() != null) {
            assertEquals(expected.foul().move(), actual.foul().move(), where + ": foul move");
            assertEquals(expected.foul().comments(), actual.foul().comments(), where + ": foul comments");
        }
        assertEquals(expectedEnding(expected.ending(), via), actual.ending(), where + ": ending");
        if (expected.ending() != null) {
            assertEquals(expected.endingComments(), actual.endingComments(), where + ": ending comments");
            if (carriesTimes(via)) {
                assertEquals(seconds(expected.endingElapsedMillis()), seconds(actual.endingElapsedMillis()),
                        where + ": ending time");
            }
        }
    }

    private static Ending expectedEnding(Ending ending, RecordFormat via) {
        boolean sealedMoveKept = via != RecordFormat.CSA && via != RecordFormat.JKF;
        return ending == Ending.SEALED_MOVE && !sealedMoveKept ? Ending.INTERRUPTION : ending;
    }

    private static long seconds(long millis) {
        return millis < 0 ? millis : millis / 1000;
    }
}
