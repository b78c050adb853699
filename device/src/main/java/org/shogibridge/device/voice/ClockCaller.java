package org.shogibridge.device.voice;

import java.util.function.Consumer;
import org.shogibridge.core.session.ClockState;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.speech.Announcer.Utterance;
import org.shogibridge.core.speech.ClockCalls;
import org.shogibridge.core.speech.Language;
import org.shogibridge.device.threads.Timers;

/**
 * Speaks the clock's calls (残り5分, 10秒, 20秒, 1…9) at their instants while a side thinks. Told of every change on
 * the board loop, it keeps one timer for the next call of the side whose clock runs; the timer's task comes back to
 * the board loop and speaks only if no change came in between (a move, a takeback, a pause), so a call is never made
 * for a clock that has stopped.
 */
public final class ClockCaller {
    private final Timers timers;
    private final Consumer<Runnable> onBoardLoop;
    private final Voice voice;
    private final Language language;
    private ClockCalls calls;
    private TimeControl control;
    private Timers.Timer pending;
    private long generation;

    /**
     * @param timers      where the timer waits
     * @param onBoardLoop runs a task on the board loop
     * @param voice       what publishes and speaks a call
     */
    public ClockCaller(Timers timers, Consumer<Runnable> onBoardLoop, Voice voice, Language language) {
        this.language = language;
        this.timers = timers;
        this.onBoardLoop = onBoardLoop;
        this.voice = voice;
    }

    /** The game changed (board loop, as the change is made): plan the next call of the clock that runs, if any. */
    public void changed(GameState state) {
        generation++;
        if (pending != null) {
            pending.cancel();
            pending = null;
        }
        ClockState clock = state.clock();
        if (clock == null || clock.running() == null || state.result() != null || state.timeControl().unlimited()) {
            return;
        }
        if (!state.timeControl().equals(control)) {
            control = state.timeControl();
            calls = new ClockCalls(control, language);
        }
        plan(state, clock.millis(clock.running()) + clock.byoyomiMillis());
    }

    /** Wait for the first call below {@code leftThen}, the thinking side's time left now; say it, then plan the next. */
    private void plan(GameState state, long leftThen) {
        ClockCalls.Call next = calls.next(leftThen);
        if (next == null) {
            return;
        }
        long planned = generation;
        long delay = leftThen - next.leftMillis();
        pending = timers.schedule(() -> onBoardLoop.accept(() -> {
            if (generation == planned) {
                voice.say(new Utterance(next.kind(), next.text(), next.reading()), state.seq(), state.gameId(),
                        System.currentTimeMillis());
                plan(state, next.leftMillis());
            }
        }), delay);
    }
}
