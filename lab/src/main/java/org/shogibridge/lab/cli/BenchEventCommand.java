package org.shogibridge.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.simulation.HumanSimulator;
import org.shogibridge.device.mqtt.MqttLink;
import org.shogibridge.device.state.StateJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench-event}: an event at scale, on loopback. Debian's Mosquitto (MQTT and WebSocket listeners), the hub as
 * its own process (the real {@code hub} command), N boards in this process (each a game session fed by simulated hands,
 * its payloads made by the daemon's {@code StateJson} and sent by the daemon's {@code MqttLink}, a random move every
 * 10-30 s), V viewers of the public feed over WebSocket, and P pollers of the hub's KIF feeds every 2 s. It measures
 * each state from the board's publish to each viewer's receipt (board, broker, hub, broker, viewer), the pollers'
 * latency and 304s, and the hub's and the broker's CPU and RSS, read from /proc.
 */
@Command(name = "bench-event", mixinStandardHelpOptions = true,
        description = {"Measure an event at scale: boards -> Mosquitto -> hub -> public feed -> WebSocket viewers, "
                + "and HTTP pollers of the hub's feeds.", "Prints percentiles in milliseconds, CPU and RSS."})
public final class BenchEventCommand implements Callable<Integer> {
    private static final String EVENT = "bench";
    private static final int MAX_PLIES_PER_GAME = 120;
    private static final long TICKS_PER_SECOND = 100; // Linux's USER_HZ, the unit of /proc/<pid>/stat's times

    @Spec
    private CommandSpec spec;

    @Option(names = "--boards", defaultValue = "200", description = "Boards publishing (default 200).")
    private int boards;

    @Option(names = "--viewers", defaultValue = "500", description = "WebSocket viewers of the public feed (default 500).")
    private int viewers;

    @Option(names = "--pollers", defaultValue = "200", description = "HTTP pollers of the hub's KIF feeds, every 2 s (default 200).")
    private int pollers;

    @Option(names = "--seconds", defaultValue = "120", description = "How long to measure, after a warm-up (default 120).")
    private int seconds;

    @Option(names = "--warm-up", defaultValue = "20", description = "Seconds before measuring (default 20).")
    private int warmUp;

    @Option(names = "--move-seconds", defaultValue = "10-30", description = "Each board's time per move, MIN-MAX (default 10-30).")
    private String moveSeconds;

    @Option(names = "--mosquitto", defaultValue = "/usr/sbin/mosquitto", description = "The broker's program.")
    private Path mosquittoBinary;

    @Option(names = "--tcp-nodelay", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Mosquitto's set_tcp_nodelay (default on, as docs/broadcast.md recommends; --no-tcp-nodelay: off).")
    private boolean noDelay;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the boards' moves (default 1).")
    private long seed;

    /** Publish-to-receipt of every state a viewer received while measuring, in nanoseconds. */
    private final Samples viewerLatency = new Samples();
    private final Samples pollLatency = new Samples();
    private final AtomicLong notModified = new AtomicLong();
    private final AtomicLong published = new AtomicLong();
    private volatile boolean measuring;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.shogibridge.device.mqtt"))
                .setLevel(ch.qos.logback.classic.Level.WARN); // not a line per board's connection
        String[] range = moveSeconds.split("-");
        long minMove = Long.parseLong(range[0]) * 1000;
        long maxMove = Long.parseLong(range[range.length - 1]) * 1000;
        Path dir = Files.createTempDirectory("bench-event-");
        int mqttPort = BenchDaemonCommand.freePort();
        int wsPort = BenchDaemonCommand.freePort();
        int httpPort = BenchDaemonCommand.freePort();
        Files.writeString(dir.resolve("mosquitto.conf"), "listener " + mqttPort + " 127.0.0.1\nallow_anonymous true\n"
                + "listener " + wsPort + " 127.0.0.1\nprotocol websockets\npersistence false\nmax_queued_messages 100000\n"
                + (noDelay ? "set_tcp_nodelay true\n" : ""));
        Process broker = new ProcessBuilder(mosquittoBinary.toString(), "-c", dir.resolve("mosquitto.conf").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("mosquitto.log").toFile()).start();
        Process hub = null;
        List<MqttClient> watching = new ArrayList<>();
        List<Board> playing = new ArrayList<>();
        ScheduledExecutorService polling = Executors.newScheduledThreadPool(2);
        try {
            awaitPort(mqttPort);
            awaitPort(wsPort);
            String tcp = "tcp://127.0.0.1:" + mqttPort;
            hub = startHub(tcp, httpPort, dir.resolve("hub"));
            watching.addAll(viewers("ws://127.0.0.1:" + wsPort + "/mqtt"));
            SplittableRandom random = new SplittableRandom(seed);
            long now = System.currentTimeMillis();
            for (int i = 1; i <= boards; i++) {
                playing.add(new Board("b" + i, tcp, random.split(), now + random.nextLong(minMove, maxMove + 1)));
            }
            connect(playing);
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            for (int i = 0; i < pollers; i++) {
                Poller poller = new Poller(http, "http://127.0.0.1:" + httpPort + "/event/b" + (i % boards + 1) + ".kifu");
                polling.scheduleAtFixedRate(poller::poll, 2000L * i / Math.max(1, pollers), 2000, TimeUnit.MILLISECONDS);
            }
            out.printf(Locale.ROOT, "bench-event: %d boards (a move every %s s each), %d WebSocket viewers of the public feed, "
                    + "%d HTTP pollers every 2 s; warm-up %d s, measured %d s%n", boards, moveSeconds, viewers, pollers, warmUp, seconds);
            out.flush();
            long start = System.currentTimeMillis();
            long measureFrom = start + warmUp * 1000L;
            long end = measureFrom + seconds * 1000L;
            long[] hubCpu = null;
            long[] brokerCpu = null;
            long[] ownCpu = null;
            long publishedBefore = 0;
            while ((now = System.currentTimeMillis()) < end) {
                if (!measuring && now >= measureFrom) {
                    hubCpu = cpuTicks(hub.pid());
                    brokerCpu = cpuTicks(broker.pid());
                    ownCpu = cpuTicks(ProcessHandle.current().pid());
                    publishedBefore = published.get();
                    measuring = true;
                }
                for (Board b : playing) {
                    b.step(now, minMove, maxMove);
                }
                Thread.sleep(5);
            }
            measuring = false;
            long[] hubCpuEnd = cpuTicks(hub.pid());
            long[] brokerCpuEnd = cpuTicks(broker.pid());
            long[] ownCpuEnd = cpuTicks(ProcessHandle.current().pid());
            Thread.sleep(1000); // the last messages arrive
            long states = published.get() - publishedBefore;
            // The hub republishes a board's newest state: states a board sends within one of its turns are one for viewers.
            out.printf(Locale.ROOT, "states published by the boards while measuring: %d (%.1f/s); public states received by "
                    + "viewers: %d (%.1f/s)%n", states, states / (double) seconds, viewerLatency.count(),
                    viewerLatency.count() / (double) seconds);
            out.println(BenchDaemonCommand.summary("board publish -> viewer receipt", viewerLatency.sorted()));
            out.println(BenchDaemonCommand.summary("hub HTTP poll", pollLatency.sorted()) + String.format(Locale.ROOT,
                    "; 304 Not Modified: %d of %d (%.0f%%)", notModified.get(), pollLatency.count(),
                    100.0 * notModified.get() / Math.max(1, pollLatency.count())));
            out.println(usage("hub (java -XX:+UseSerialGC -Xmx128m)", hubCpu, hubCpuEnd, hub.pid()));
            out.println(usage("mosquitto", brokerCpu, brokerCpuEnd, broker.pid()));
            out.println(usage("this process (the boards and the viewers)", ownCpu, ownCpuEnd, ProcessHandle.current().pid()));
            out.flush();
            return 0;
        } finally {
            polling.shutdownNow();
            for (Board b : playing) {
                b.link.close();
            }
            watching.parallelStream().forEach(v -> {
                try {
                    v.disconnectForcibly(100, 100); // not close(): Paho 1.2.5's receiver then dies of a NullPointerException
                } catch (Exception e) {
                    // closing anyway
                }
            });
            if (hub != null) {
                hub.destroy();
                hub.waitFor(10, TimeUnit.SECONDS);
            }
            broker.destroy();
            broker.waitFor(10, TimeUnit.SECONDS);
            BenchDaemonCommand.deleteTree(dir);
        }
    }

    /** One board: a session on simulated hands, publishing through the daemon's own link. */
    private final class Board {
        final String id;
        final GameSession session;
        final HumanSimulator hands;
        final MqttLink link;
        final SplittableRandom random;
        long nextMove;
        private final List<SessionEvent> events = new ArrayList<>();

        Board(String id, String broker, SplittableRandom random, long firstMove) throws Exception {
            this.id = id;
            this.random = random;
            this.nextMove = firstMove;
            InferenceSettings settings = InferenceSettings.defaults();
            session = new GameSession(new SessionSettings(Variant.STANDARD, settings, new TimeControl(900_000, 30_000, 0),
                    Player.human("先手" + id), Player.human("後手" + id)), () -> java.time.LocalDateTime.now()
                    .format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + id, events::add);
            hands = new HumanSimulator(Variant.STANDARD, settings, 0, random.nextLong(), 5, session::snapshot);
            hands.watch(session.leds());
            hands.setUp(Position.start(Variant.STANDARD));
            link = new MqttLink(broker, "bench-" + id, null, null, null, "shogi/v1/" + EVENT + "/" + id, false, (verb, payload) -> { });
            session.start(1, System.currentTimeMillis());
            publish();
        }

        void step(long now, long minMove, long maxMove) {
            if (now >= nextMove) {
                Position position = Position.fromSfen(session.state().sfen());
                int move = BenchDaemonCommand.quietMove(position, random, false);
                if (move == 0 || session.isOver() || session.state().plies() >= MAX_PLIES_PER_GAME) {
                    session.newGame(Position.start(Variant.STANDARD), now);
                    hands.setUp(Position.start(Variant.STANDARD));
                } else {
                    hands.play(position, move);
                }
                publish();
                nextMove = now + random.nextLong(minMove, maxMove + 1);
            }
            link.pump(now);
        }

        /** What the daemon's outlet publishes for each change: the state, and a moves message for a move. */
        private void publish() {
            for (SessionEvent e : events) {
                if (e.stateOrNull() != null) {
                    link.state(StateJson.state(e.stateOrNull(), EVENT, id, System.currentTimeMillis()));
                    published.incrementAndGet();
                    if (e instanceof SessionEvent.MovePlayed) {
                        link.move(StateJson.move(e, EVENT, id));
                    }
                }
            }
            events.clear();
        }
    }

    /** Connect every board's link at once (a link connects in its first pump, which would hold the others up). */
    private static void connect(List<Board> playing) throws InterruptedException {
        var pool = Executors.newFixedThreadPool(16);
        for (Board b : playing) {
            pool.execute(() -> {
                long deadline = System.currentTimeMillis() + 30_000;
                while (!b.link.connected() && System.currentTimeMillis() < deadline) {
                    b.link.pump(System.currentTimeMillis());
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }
        pool.shutdown();
        if (!pool.awaitTermination(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("Timeout. The boards did not connect to the broker in 60 s.");
        }
    }

    /** The viewers, connected 16 at a time. */
    private List<MqttClient> viewers(String url) throws Exception {
        var pool = Executors.newFixedThreadPool(16);
        try {
            List<java.util.concurrent.Future<MqttClient>> made = new ArrayList<>();
            for (int i = 0; i < viewers; i++) {
                int n = i;
                made.add(pool.submit(() -> viewer(url, n)));
            }
            List<MqttClient> all = new ArrayList<>();
            for (var f : made) {
                all.add(f.get());
            }
            return all;
        } finally {
            pool.shutdown();
        }
    }

    /** A viewer of the public feed: each state's age when it arrives, from its {@code time} (the board's publish). */
    private MqttClient viewer(String url, int i) throws Exception {
        MqttClient client = new MqttClient(url, "viewer-" + i, new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setKeepAliveInterval(60);
        client.connect(options);
        client.subscribe("shogi/v1/public/" + EVENT + "/+/state", 0, (topic, message) -> {
            long received = System.currentTimeMillis();
            if (measuring) {
                long sent = timeField(message.getPayload());
                if (sent > 0) {
                    viewerLatency.add((received - sent) * 1_000_000);
                }
            }
        });
        return client;
    }

    /** The {@code "time":} field of a state, read without parsing the whole message (500 viewers share this JVM). */
    static long timeField(byte[] json) {
        byte[] key = "\"time\":".getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int i = json.length - key.length; i >= 0; i--) {
            for (int k = 0; k < key.length; k++) {
                if (json[i + k] != key[k]) {
                    continue outer;
                }
            }
            long value = 0;
            for (int j = i + key.length; j < json.length && json[j] >= '0' && json[j] <= '9'; j++) {
                value = value * 10 + (json[j] - '0');
            }
            return value;
        }
        return -1;
    }

    /** A relay tool polling one board's KIF with the ETag it was given. */
    private final class Poller {
        private final HttpClient http;
        private final String url;
        private volatile String etag;

        Poller(HttpClient http, String url) {
            this.http = http;
            this.url = url;
        }

        void poll() {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
            if (etag != null) {
                request.header("If-None-Match", etag);
            }
            long sent = System.nanoTime();
            http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray()).thenAccept(response -> {
                if (measuring) {
                    pollLatency.add(System.nanoTime() - sent);
                    if (response.statusCode() == 304) {
                        notModified.incrementAndGet();
                    }
                }
                response.headers().firstValue("ETag").ifPresent(tag -> etag = tag);
            });
        }
    }

    /** The hub as its own JVM, as an organiser runs it, started from this jar's classes. */
    private static Process startHub(String broker, int httpPort, Path data) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process hub = new ProcessBuilder(java, "-XX:+UseSerialGC", "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                "org.shogibridge.device.cli.ShogiBridge", "hub", "--broker", broker, "--event", EVENT, "--http-port",
                String.valueOf(httpPort), "--data-dir", data.toString()).redirectErrorStream(true).start();
        ChildReady.await(hub, "hub");
        return hub;
    }

    /** User and system CPU time of a process so far, in ticks, and when it was read. */
    private static long[] cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return new long[] {Long.parseLong(fields[11]) + Long.parseLong(fields[12]), System.nanoTime()};
    }

    private static String usage(String what, long[] from, long[] to, long pid) throws IOException {
        double cpuSeconds = (to[0] - from[0]) / (double) TICKS_PER_SECOND;
        double wallSeconds = (to[1] - from[1]) / 1e9;
        String rss = "?";
        String peak = "?";
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                rss = line.replaceAll("\\D", "");
            } else if (line.startsWith("VmHWM:")) {
                peak = line.replaceAll("\\D", "");
            }
        }
        return String.format(Locale.ROOT, "%s: CPU %.1f%% of one core, RSS %d MB (peak %d MB)", what, 100 * cpuSeconds / wallSeconds,
                Long.parseLong(rss) / 1024, Long.parseLong(peak) / 1024);
    }

    private static void awaitPort(int port) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("Timeout. Nothing listens on port " + port + ".");
    }

    /** Samples added from many threads. */
    private static final class Samples {
        private long[] values = new long[1 << 16];
        private int count;

        synchronized void add(long value) {
            if (count == values.length) {
                values = java.util.Arrays.copyOf(values, count * 2);
            }
            values[count++] = value;
        }

        synchronized int count() {
            return count;
        }

        synchronized long[] sorted() {
            long[] out = java.util.Arrays.copyOf(values, count);
            java.util.Arrays.sort(out);
            return out;
        }
    }
}
