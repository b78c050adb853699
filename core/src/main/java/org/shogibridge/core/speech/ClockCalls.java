package org.shogibridge.core.speech;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.session.TimeControl;

/**
 * What a Japanese game clock says aloud while a side thinks, as clocks and recorders read it: the main time's warnings
 * (「残り5分」, 「残り1分」), then in byoyomi the tens of seconds and the last nine seconds counted — with 30 s byoyomi
 * 「10秒」「20秒」「1」…「9」, with 60 s 「30秒」「40秒」「50秒」「1」…「9」.
 *
 * <p>Each call is due when the thinking side's time left (main time plus the byoyomi period) falls to its
 * {@link Call#leftMillis}: {@link #next} tells a scheduler on the session's clock which call comes next and so exactly
 * when. Pure: no timers, no threads.
 */
public final class ClockCalls {
    /** Main-time warnings, in minutes left. */
    private static final int[] WARNING_MINUTES = {5, 1};

    /**
     * One call.
     *
     * @param leftMillis the thinking side's time left (main plus byoyomi) at which it is due
     * @param text       what is said, as written (「20秒」)
     * @param reading    its kana reading (「にじゅうびょう」)
     * @param kind       {@code time} for a main-time warning, {@code byoyomi} for a byoyomi call
     */
    public record Call(long leftMillis, String text, String reading, String kind) {
    }

    private final List<Call> calls = new ArrayList<>();

    /** The calls of a time control in Japanese, from the first due to the last. */
    public ClockCalls(TimeControl control) {
        this(control, Language.JA);
    }

    /** The calls of a time control in a language, from the first due to the last. */
    public ClockCalls(TimeControl control, Language language) {
        boolean ja = language == Language.JA;
        long byoyomi = control.byoyomiMillis();
        for (int minutes : WARNING_MINUTES) {
            long main = minutes * 60_000L;
            if (control.mainMillis() > main) {
                String text = ja ? "残り" + minutes + "分" : EnglishReadings.minutesLeft(minutes);
                calls.add(new Call(main + byoyomi, text, ja ? Readings.of(text) : text, "time"));
            }
        }
        long seconds = byoyomi / 1000;
        if (byoyomi % 1000 == 0 && seconds >= 10) {
            for (long elapsed = Math.max(10, (seconds - 30 + 9) / 10 * 10); elapsed < seconds - 9; elapsed += 10) {
                String text = ja ? elapsed + "秒" : elapsed + " seconds";
                calls.add(new Call((seconds - elapsed) * 1000, text, ja ? Readings.of(text) : text, "byoyomi"));
            }
            for (int count = 1; count <= 9; count++) {
                String text = String.valueOf(count);
                calls.add(new Call((10 - count) * 1000L, text, ja ? Readings.number(count) : text, "byoyomi"));
            }
        }
    }

    /** Every call, the first due first. */
    public List<Call> all() {
        return List.copyOf(calls);
    }

    /** Return the next call once the thinking side has {@code leftMillis} left (a call due at exactly that is past), or null. */
    public Call next(long leftMillis) {
        for (Call call : calls) {
            if (call.leftMillis() < leftMillis) {
                return call;
            }
        }
        return null;
    }
}
