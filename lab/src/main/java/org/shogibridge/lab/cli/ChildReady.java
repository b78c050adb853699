package org.shogibridge.lab.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A product process a benchmark started (the daemon, the hub): wait for its {@code Ready.} line, pass on its warnings. */
final class ChildReady {
    private ChildReady() {
    }

    /**
     * Read the process's output on a thread of its own, printing WARN, ERROR and exception lines to stderr after
     * {@code name}, and return once it has printed {@code Ready.}.
     *
     * @throws IllegalStateException "Timeout. ..." (the process is killed) if it is not ready within 60 s
     */
    static void await(Process process, String name) throws InterruptedException {
        CountDownLatch ready = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    if (line.equals("Ready.")) {
                        ready.countDown();
                    } else if (line.contains("WARN") || line.contains("ERROR") || line.contains("Exception")) {
                        System.err.println(name + ": " + line);
                    }
                }
            } catch (IOException e) {
                // the process has ended
            }
        }, name + "-output");
        reader.setDaemon(true);
        reader.start();
        if (!ready.await(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("Timeout. The " + name + " did not start within 60 s.");
        }
    }
}
