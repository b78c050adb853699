package org.shogibridge.core.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.session.ClockState;
import org.shogibridge.core.session.TimeControl;

/** The calls of a Japanese game clock, at the exact instants a thinking side reaches them. */
class ClockCallsTest {
    /** Follow one long think on the session's clock from {@code start} and list "second: text" for every call due. */
    private static List<String> callsWhileThinking(TimeControl control, ClockState start) {
        ClockCalls calls = new ClockCalls(control);
        List<String> heard = new ArrayList<>();
        long left = start.blackMillis() + start.byoyomiMillis();
        long elapsed = 0;
        for (ClockCalls.Call call = calls.next(left); call != null; call = calls.next(left)) {
            elapsed += left - call.leftMillis(); // the scheduler waits exactly this long
            ClockState now = start.advanced(elapsed);
            left = now.blackMillis() + now.byoyomiMillis();
            assertEquals(call.leftMillis(), left, "the clock agrees with the call's instant");
            heard.add(elapsed / 1000.0 + ": " + call.text());
        }
        return heard;
    }

    @Test
    void thirtySecondByoyomiCallsTenTwentyThenCountsToNine() {
        TimeControl control = new TimeControl(0, 30_000, 0);
        List<String> heard = callsWhileThinking(control, new ClockState(0, 0, 30_000, Side.BLACK, 0));
        assertEquals(List.of("10.0: 10秒", "20.0: 20秒", "21.0: 1", "22.0: 2", "23.0: 3", "24.0: 4", "25.0: 5", "26.0: 6",
                "27.0: 7", "28.0: 8", "29.0: 9"), heard);
        assertEquals("にじゅうびょう", new ClockCalls(control).all().get(1).reading());
        assertEquals("きゅう", new ClockCalls(control).all().get(10).reading());
    }

    @Test
    void sixtySecondByoyomiCallsThirtyFortyFifty() {
        List<String> heard = callsWhileThinking(new TimeControl(0, 60_000, 0), new ClockState(0, 0, 60_000, Side.BLACK, 0));
        assertEquals(List.of("30.0: 30秒", "40.0: 40秒", "50.0: 50秒", "51.0: 1", "52.0: 2", "53.0: 3", "54.0: 4", "55.0: 5",
                "56.0: 6", "57.0: 7", "58.0: 8", "59.0: 9"), heard);
    }

    @Test
    void mainTimeWarnsAtFiveMinutesAndOneThenByoyomiFollows() {
        // 10 minutes + 30 s byoyomi (10分+30秒), 6 minutes left when the think starts.
        List<String> heard = callsWhileThinking(new TimeControl(600_000, 30_000, 0), new ClockState(360_000, 0, 30_000, Side.BLACK, 0));
        assertEquals(List.of("60.0: 残り5分", "300.0: 残り1分", "370.0: 10秒", "380.0: 20秒", "381.0: 1"), heard.subList(0, 5));
        assertEquals("389.0: 9", heard.get(heard.size() - 1));
        assertEquals("のこり ごふん", new ClockCalls(new TimeControl(600_000, 30_000, 0)).all().get(0).reading());
    }

    @Test
    void aCallAlreadyPastIsNotMadeAndSuddenDeathHasOnlyWarnings() {
        ClockCalls calls = new ClockCalls(new TimeControl(180_000, 0, 0)); // 3 minutes, no byoyomi: 残り1分 only
        assertEquals(List.of("残り1分"), calls.all().stream().map(ClockCalls.Call::text).toList());
        assertNull(calls.next(60_000), "due at exactly 1 minute left: already said");
        assertNull(new ClockCalls(TimeControl.NONE).next(Long.MAX_VALUE));
    }
}
