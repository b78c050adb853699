package org.shogibridge.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench-http}: the daemon's web server while an attacker holds half-sent requests open (issue 84). The real
 * daemon runs as a child process with the README's heap ({@code -XX:+UseSerialGC -Xmx96m}) on a simulated board.
 * This process holds {@code --half-open} connections that each sent {@code GET / HTTP/1.1} and one header and nothing
 * more, opening a new one whenever the server closes one; meanwhile {@code --clients} clients each send their share
 * of {@code --requests} normal requests (the page, its settings and the games index, over keep-alive connections),
 * spread over {@code --seconds}, and time each answer. Prints the percentiles, the half-open connections held, and the daemon's RSS.
 */
@Command(name = "bench-http", mixinStandardHelpOptions = true,
        description = {"Measure the daemon's web server while half-open connections are held against it.",
                "Starts the daemon as a child process; prints answer times in milliseconds and its memory."})
public final class BenchHttpCommand implements Callable<Integer> {
    private static final List<String> PATHS = List.of("/", "/config.json", "/games/index.json");
    private static final byte[] HALF_REQUEST = "GET / HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII);

    @Spec
    private CommandSpec spec;

    @Option(names = "--half-open", defaultValue = "1000", description = "Half-sent requests held open (default 1000).")
    private int halfOpen;

    @Option(names = "--requests", defaultValue = "10000", description = "Normal requests to time (default 10000).")
    private int requests;

    @Option(names = "--clients", defaultValue = "4", description = "Clients sending them at once (default 4).")
    private int clients;

    @Option(names = "--seconds", defaultValue = "30",
            description = "Spread the requests over this long (default 30): past the server's 10 s for a request, so it"
                    + " closes the half-open connections and the attacker opens them again.")
    private int seconds;

    @Option(names = "--jar", paramLabel = "FILE",
            description = "Run the daemon from this jar (to compare versions) instead of this jar's classes.")
    private Path jar;

    private final AtomicLong maxRssKb = new AtomicLong();

    @Override
    public Integer call() throws Exception {
        if (halfOpen < 0 || halfOpen > 10_000 || requests < 1 || clients < 1 || clients > 64 || seconds < 0) {
            throw new IllegalArgumentException("Bad option. --half-open 0-10000, --requests at least 1, --clients 1-64, --seconds 0 or more.");
        }
        PrintWriter out = spec.commandLine().getOut();
        Path dir = Files.createTempDirectory("bench-http-");
        int httpPort = BenchDaemonCommand.freePort();
        Process daemon = startDaemon(dir, httpPort);
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService work = Executors.newFixedThreadPool(clients + 2);
        try {
            HalfOpen attacker = new HalfOpen(httpPort, halfOpen);
            attacker.openAll();
            Future<?> holding = work.submit(() -> attacker.hold(running));
            Future<?> watching = work.submit(() -> {
                while (running.get()) {
                    maxRssKb.accumulateAndGet(rssKb(daemon.pid()), Math::max);
                    Thread.sleep(200);
                }
                return null;
            });
            long rssBefore = rssKb(daemon.pid());
            long[] latencies = new long[requests];
            AtomicInteger next = new AtomicInteger();
            AtomicInteger failed = new AtomicInteger();
            List<Future<?>> senders = new ArrayList<>();
            long start = System.nanoTime();
            for (int c = 0; c < clients; c++) {
                senders.add(work.submit(() -> send(httpPort, latencies, next, failed, start)));
            }
            for (Future<?> f : senders) {
                f.get();
            }
            double took = (System.nanoTime() - start) / 1e9;
            running.set(false);
            holding.get();
            watching.get();
            out.printf(Locale.ROOT, "bench-http: %d half-open connections held (at least %d at any check, %d reopened after the"
                    + " server closed them), %d requests by %d clients in %.1f s (%.0f/s), %d failed%n", halfOpen,
                    attacker.leastHeld, attacker.reopened, requests, clients, took, requests / took, failed.get());
            out.println(BenchDaemonCommand.summary("answer time", latencies));
            out.printf(Locale.ROOT, "daemon (java -XX:+UseSerialGC -Xmx96m): RSS %d MB before, at most %d MB during%n",
                    rssBefore / 1024, maxRssKb.get() / 1024);
            out.flush();
            attacker.close();
            return failed.get() == 0 ? 0 : 1;
        } finally {
            running.set(false);
            work.shutdownNow();
            daemon.destroy();
            daemon.waitFor(20, TimeUnit.SECONDS);
            BenchDaemonCommand.deleteTree(dir);
        }
    }

    /** One client: keep-alive requests in turn until all are sent, each timed from send to the whole answer. */
    private Void send(int port, long[] latencies, AtomicInteger next, AtomicInteger failed, long start) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        for (int i; (i = next.getAndIncrement()) < latencies.length; ) {
            long due = start + TimeUnit.SECONDS.toNanos(seconds) * i / latencies.length;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + PATHS.get(i % PATHS.size())))
                    .timeout(Duration.ofSeconds(30)).build();
            long t0 = System.nanoTime();
            try {
                HttpResponse<byte[]> answer = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                if (answer.statusCode() != 200) {
                    failed.incrementAndGet();
                }
            } catch (IOException e) {
                failed.incrementAndGet();
            }
            latencies[i] = System.nanoTime() - t0;
        }
        return null;
    }

    private Process startDaemon(Path dir, int httpPort) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-Xmx96m"));
        if (jar != null) {
            command.addAll(List.of("-jar", jar.toString()));
        } else {
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.shogibridge.device.cli.ShogiBridge"));
        }
        command.addAll(List.of("run", "--simulate", "--data-dir", dir.resolve("data").toString(),
                "--mqtt-port", String.valueOf(BenchDaemonCommand.freePort()), "--ws-port", String.valueOf(BenchDaemonCommand.freePort()),
                "--http-port", String.valueOf(httpPort)));
        Process daemon = new ProcessBuilder(command).redirectErrorStream(true).start();
        ChildReady.await(daemon, "daemon");
        return daemon;
    }

    /** The attacker: connections that sent half a request, reopened as soon as the server closes one. */
    private static final class HalfOpen implements AutoCloseable {
        private final InetSocketAddress server;
        private final int count;
        private final Selector selector;
        private final ByteBuffer sink = ByteBuffer.allocate(4096);
        private int open;
        volatile int leastHeld = Integer.MAX_VALUE;
        volatile int reopened;

        HalfOpen(int port, int count) throws IOException {
            this.server = new InetSocketAddress("127.0.0.1", port);
            this.count = count;
            this.selector = Selector.open();
        }

        void openAll() throws IOException {
            for (int i = 0; i < count; i++) {
                openOne();
            }
        }

        private void openOne() throws IOException {
            SocketChannel channel = SocketChannel.open(server);
            channel.write(ByteBuffer.wrap(HALF_REQUEST));
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            open++;
        }

        /** Reopen each connection the server closes until {@code running} is false. */
        Void hold(AtomicBoolean running) throws IOException {
            while (running.get()) {
                selector.select(100);
                for (SelectionKey key : selector.selectedKeys()) {
                    SocketChannel channel = (SocketChannel) key.channel();
                    sink.clear();
                    int n;
                    try {
                        n = channel.read(sink);
                    } catch (IOException e) {
                        n = -1;
                    }
                    if (n < 0) {
                        key.cancel();
                        channel.close();
                        open--;
                        reopened++;
                        openOne();
                    }
                }
                selector.selectedKeys().clear();
                leastHeld = Math.min(leastHeld, open);
            }
            return null;
        }

        @Override
        public void close() throws IOException {
            for (SelectionKey key : selector.keys()) {
                key.channel().close();
            }
            selector.close();
        }
    }

    private static long rssKb(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return 0;
    }
}
