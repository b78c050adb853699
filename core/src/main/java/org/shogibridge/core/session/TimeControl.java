package org.shogibridge.core.session;

/**
 * A time control: main time, then byoyomi (a fixed time per move once the main time is spent), and an increment
 * added after each move (Fischer). All zero means no clock.
 *
 * @param mainMillis      each side's main time
 * @param byoyomiMillis   time per move after the main time is spent, 0 for none (sudden death)
 * @param incrementMillis time added to the mover's main time after each move
 */
public record TimeControl(long mainMillis, long byoyomiMillis, long incrementMillis) {
    /** No clock: nobody loses on time. */
    public static final TimeControl NONE = new TimeControl(0, 0, 0);

    public TimeControl {
        if (mainMillis < 0 || byoyomiMillis < 0 || incrementMillis < 0) {
            throw new IllegalArgumentException("Invalid time control. Times must not be negative.");
        }
    }

    /** Return true if there is no clock. */
    public boolean unlimited() {
        return mainMillis == 0 && byoyomiMillis == 0 && incrementMillis == 0;
    }

    /** Return the Japanese description a KIF record's 持ち時間 header uses, for example {@code 10分+秒読み30秒}. */
    public String describeJapanese() {
        if (unlimited()) {
            return "なし";
        }
        StringBuilder text = new StringBuilder();
        text.append(mainMillis % 60_000 == 0 ? mainMillis / 60_000 + "分" : mainMillis / 1000 + "秒");
        if (byoyomiMillis > 0) {
            text.append("+秒読み").append(byoyomiMillis / 1000).append("秒");
        }
        if (incrementMillis > 0) {
            text.append("+加算").append(incrementMillis / 1000).append("秒");
        }
        return text.toString();
    }
}
