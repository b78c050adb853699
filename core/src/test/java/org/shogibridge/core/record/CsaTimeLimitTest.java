package org.shogibridge.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.TimeControl;

/** The daemon's 持ち時間 becomes CSA 2.2's standard {@code $TIME_LIMIT:HH:MM+SS}, or is left out where it has no form. */
class CsaTimeLimitTest {

    @Test
    void theDaemonsTimeControlsInCsaForm() {
        assertEquals("00:10+30", CsaWriter.timeLimit(new TimeControl(600_000, 30_000, 0).describeJapanese()));
        assertEquals("01:30+60", CsaWriter.timeLimit(new TimeControl(5_400_000, 60_000, 0).describeJapanese()));
        assertEquals("00:00+30", CsaWriter.timeLimit(new TimeControl(0, 30_000, 0).describeJapanese()));
        assertEquals("5分", CsaWriter.timeLimit(new TimeControl(300_000, 0, 0).describeJapanese()), "as other records write it");
        assertNull(CsaWriter.timeLimit(new TimeControl(300_000, 10_000, 10_000).describeJapanese()), "CSA 2.2 has no increment");
        assertEquals("各10分", CsaWriter.timeLimit("各10分"), "another record's text is kept");
    }

    @Test
    void aRecordWithAClockWritesTheStandardLine() {
        GameRecord record = GameRecord.of(Position.start(Variant.STANDARD), List.of(), null, 0);
        record.headers().put("持ち時間", new TimeControl(600_000, 30_000, 0).describeJapanese());
        String csa = RecordFormat.CSA.write(record);
        assertTrue(csa.contains("$TIME_LIMIT:00:10+30\n"), csa);
        record.headers().put("持ち時間", new TimeControl(300_000, 10_000, 5_000).describeJapanese());
        assertFalse(RecordFormat.CSA.write(record).contains("$TIME_LIMIT"), "an increment has no CSA 2.2 form");
    }
}
