package org.shogibridge.device;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /**
     * Wait until a child process's output file has the line {@code line} ("Ready."); fail at once with its output if it
     * stops first, or after {@code deadline}. Return the output.
     */
    public static String line(Process process, Path output, String line, Duration deadline) throws InterruptedException {
        return value("the line '" + line + "' in " + output, deadline, () -> {
            String text = read(output);
            if (text.lines().anyMatch(l -> l.equals(line))) {
                return text;
            }
            if (!process.isAlive()) {
                throw new AssertionError("The process stopped before '" + line + "':\n" + text);
            }
            return null;
        });
    }

    /** Wait until something listens on 127.0.0.1:{@code port}; fail at once if {@code process} stops first. */
    public static void listening(Process process, int port, Duration deadline) throws InterruptedException {
        until("a server on port " + port, deadline, () -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return true;
            } catch (IOException notYet) {
                if (!process.isAlive()) {
                    throw new AssertionError("The server for port " + port + " stopped (exit " + process.exitValue() + ").");
                }
                return false;
            }
        });
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
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
