package org.shogibridge.device.usi;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A GUI's end of the pipes to a {@link UsiEngineServer} run in this process, as ShogiHome would drive the jar's
 * {@code usi}: for the lab's {@code bench-usi} and the USI tests. The engine's lines arrive whichever thread writes them.
 */
public final class InProcessUsi implements AutoCloseable {
    private final PrintWriter commands;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final Thread engine;

    public InProcessUsi() throws IOException {
        this(System::nanoTime);
    }

    /** An engine whose time is kept by {@code nanoClock} (nanoseconds, any origin): a test's, which it moves. */
    public InProcessUsi(LongSupplier nanoClock) throws IOException {
        PipedOutputStream toEngine = new PipedOutputStream();
        PipedInputStream engineIn = new PipedInputStream(toEngine, 1 << 16);
        commands = new PrintWriter(toEngine, true, StandardCharsets.UTF_8);
        OutputStream engineOut = new OutputStream() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();

            @Override
            public synchronized void write(int b) {
                if (b == '\n') {
                    answers.add(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                } else {
                    line.write(b);
                }
            }
        };
        UsiEngineServer server = new UsiEngineServer(new BufferedReader(new InputStreamReader(engineIn, StandardCharsets.UTF_8)),
                new PrintStream(engineOut, true, StandardCharsets.UTF_8), nanoClock);
        engine = new Thread(() -> {
            try {
                server.run();
            } catch (IOException e) {
                answers.add("info string error: " + e.getMessage());
            }
        }, "usi-in-process");
        engine.setDaemon(true);
        engine.start();
    }

    /** Send a command line, as a GUI writes it. */
    public void send(String line) {
        commands.println(line);
    }

    /**
     * Return every line up to and including the first that starts with {@code prefix}.
     *
     * @throws IllegalStateException "Timeout. ..." when none came within {@code millis}, with the lines that did
     */
    public List<String> until(String prefix, long millis) throws InterruptedException {
        List<String> lines = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (true) {
            String line = answers.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new IllegalStateException("Timeout. No '" + prefix + "' within " + millis + " ms; got " + lines + ".");
            }
            lines.add(line);
            if (line.startsWith(prefix)) {
                return lines;
            }
        }
    }

    /** Return the lines the engine sent that no {@link #until} has taken yet. */
    public List<String> unread() {
        return List.copyOf(answers);
    }

    /** Send {@code quit}; return true if the engine ended within {@code millis}. */
    public boolean quit(long millis) throws InterruptedException {
        send("quit");
        engine.join(millis);
        return !engine.isAlive();
    }

    @Override
    public void close() throws InterruptedException {
        quit(5_000);
    }
}
