package org.shogibridge.device;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waiting for something a test cannot be told of (a file appearing, a process's line, a socket closing): it looks
 * again every few milliseconds until it is there, or fails once a generous deadline has passed. It never decides
 * anything by how long a thing took; a busy machine only makes it look a few more times. Where an event can be
 * delivered (an MQTT message, a future), wait for that instead.
 */
public final class Await {
    private static final long LOOK_EVERY_MILLIS = 10;

    private Await() {
    }

    /** Wait until {@code done} holds; fail naming {@code what} after {@code deadline}. */
    public static void until(String what, Duration deadline, BooleanSupplier done) throws InterruptedException {
        value(what, deadline, () -> done.getAsBoolean() ? Boolean.TRUE : null);
    }

    /** Wait until {@code look} returns something (not null) and return it; fail naming {@code what} after {@code deadline}. */
    public static <T> T value(String what, Duration deadline, Supplier<T> look) throws InterruptedException {
        long giveUp = System.nanoTime() + deadline.toNanos();
        while (true) {
            T found = look.get();
            if (found != null) {
                return found;
            }
            if (System.nanoTime() - giveUp > 0) {
                throw new AssertionError("Not seen within " + deadline.toSeconds() + " s: " + what);
            }
            Thread.sleep(LOOK_EVERY_MILLIS);
        }
    }

    /** Whether {@code done} comes to hold within {@code deadline} (for a test that then says what it saw). */
    public static boolean within(Duration deadline, BooleanSupplier done) throws InterruptedException {
        try {
            until("", deadline, done);
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }
}
