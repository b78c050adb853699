package org.shogibridge.firmware.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * How the emulator reaches the Pi: a TCP server (one connection at a time, as a Wi-Fi board), or a pseudo-terminal made
 * by Debian's {@code socat} with a symbolic link per connection ({@code shogi-board-1}, then {@code shogi-board-2} after
 * a disconnect: a USB board that comes back under a new device name). A {@code disconnect} fault drops the link every
 * so often; the Pi must notice, find the board again and resume.
 */
public abstract class EmulatorTransport implements AutoCloseable {
    protected final EmulatedFirmware emulator;
    protected final LongSupplier clock;
    private final long disconnectMillis;
    protected volatile boolean running = true;
    private Thread thread;

    protected EmulatorTransport(EmulatedFirmware emulator, FaultPlan faults, LongSupplier clock) {
        this.emulator = emulator;
        this.clock = clock;
        this.disconnectMillis = Math.round(faults.disconnectSeconds() * 1000);
    }

    /** Start serving on a thread of its own; return what the Pi should open (printed for the user). */
    public String start() throws IOException {
        String where = prepare();
        thread = new Thread(this::serve, "emulator-link");
        thread.setDaemon(true);
        thread.start();
        return where;
    }

    protected abstract String prepare() throws IOException;

    /** One connection: its streams, and how to end it. */
    protected interface Connection extends AutoCloseable {
        InputStream in();

        OutputStream out();

        @Override
        void close();
    }

    /** Wait for (or make) the next connection; null when closing. */
    protected abstract Connection next() throws IOException;

    private void serve() {
        byte[] buffer = new byte[1024];
        while (running) {
            try (Connection c = next()) {
                if (c == null) {
                    return;
                }
                OutputStream out = c.out();
                emulator.connected((bytes, length) -> {
                    out.write(bytes, 0, length);
                    out.flush();
                });
                long until = disconnectMillis > 0 ? clock.getAsLong() + disconnectMillis : Long.MAX_VALUE;
                Thread reader = new Thread(() -> {
                    try {
                        InputStream in = c.in();
                        int n;
                        while ((n = in.read(buffer)) > 0) {
                            emulator.received(buffer, n, clock.getAsLong());
                        }
                    } catch (IOException e) {
                        // the connection ended
                    }
                    emulator.disconnected();
                }, "emulator-reader");
                reader.setDaemon(true);
                reader.start();
                while (running && reader.isAlive() && clock.getAsLong() < until) {
                    reader.join(50);
                }
                emulator.disconnected();
            } catch (IOException e) {
                pause();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** The emulator as a TCP server on loopback (or all interfaces), one Pi at a time. */
    public static final class Tcp extends EmulatorTransport {
        private final int port;
        private ServerSocket server;

        public Tcp(EmulatedFirmware emulator, FaultPlan faults, LongSupplier clock, int port) {
            super(emulator, faults, clock);
            this.port = port;
        }

        @Override
        protected String prepare() throws IOException {
            server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
            return "tcp://127.0.0.1:" + server.getLocalPort();
        }

        public int port() {
            return server.getLocalPort();
        }

        @Override
        protected Connection next() throws IOException {
            Socket s = server.accept();
            s.setTcpNoDelay(true);
            return new Connection() {
                @Override
                public InputStream in() {
                    try {
                        return s.getInputStream();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }

                @Override
                public OutputStream out() {
                    try {
                        return s.getOutputStream();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }

                @Override
                public void close() {
                    try {
                        s.close();
                    } catch (IOException e) {
                        // closing anyway
                    }
                }
            };
        }

        @Override
        public void close() {
            super.close();
            try {
                if (server != null) {
                    server.close();
                }
            } catch (IOException e) {
                // closing anyway
            }
        }
    }

    /** The emulator behind a pseudo-terminal from {@code socat}; each connection gets a new device name. */
    public static final class Pty extends EmulatorTransport {
        private final Path directory;
        private int number;
        private volatile Process socat;

        public Pty(EmulatedFirmware emulator, FaultPlan faults, LongSupplier clock, Path directory) {
            super(emulator, faults, clock);
            this.directory = directory;
        }

        /** Return the device name of connection n (1, 2, ...). */
        public Path link(int n) {
            return directory.resolve("shogi-board-" + n);
        }

        @Override
        protected String prepare() throws IOException {
            Files.createDirectories(directory);
            return directory.resolve("shogi-board-*").toString();
        }

        @Override
        protected Connection next() throws IOException {
            Path link = link(++number);
            Files.deleteIfExists(link);
            Process p = new ProcessBuilder("socat", "PTY,link=" + link + ",raw,echo=0,mode=666", "STDIO")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            socat = p;
            for (int i = 0; i < 100 && !Files.exists(link); i++) {
                pause();
                if (!p.isAlive()) {
                    throw new IOException("socat stopped: is Debian's socat installed?");
                }
            }
            return new Connection() {
                @Override
                public InputStream in() {
                    return p.getInputStream();
                }

                @Override
                public OutputStream out() {
                    return p.getOutputStream();
                }

                @Override
                public void close() {
                    p.destroy();
                    try {
                        p.waitFor(2, TimeUnit.SECONDS);
                        Files.deleteIfExists(link);
                    } catch (InterruptedException | IOException e) {
                        // gone anyway
                    }
                }
            };
        }

        @Override
        public void close() {
            super.close();
            Process p = socat;
            if (p != null) {
                p.destroy();
            }
        }
    }
}
