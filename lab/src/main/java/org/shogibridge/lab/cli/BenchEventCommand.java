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

    @Option(names = "--feed", defaultValue = "delta", description = "What viewers follow: delta (with whole states fetched"
            + " from the hub to catch up) or state (every whole state, as before deltas). Default delta.")
    private String feed;

    @Option(names = "--follow", defaultValue = "event", description = "Each viewer follows the whole event, or one board"
            + " (board: as an embed does, the boards shared out in turn). Default event.")
    private String follow;

    @Option(names = "--cluster", defaultValue = "0", description = "0: viewers on the club's Mosquitto; N: a RabbitMQ"
            + " cluster of N nodes, the club's Mosquitto bridging the public feed to it, viewers spread over the nodes.")
    private int cluster;

    @Option(names = "--viewer-script", defaultValue = "web-dashboard/scripts/bench-viewers.mjs",
            description = "The viewers' Node script (run from the clone's root: its mqtt comes from web-dashboard/node_modules).")
    private Path viewerScript;

    @Option(names = "--kill-node-at", defaultValue = "-1", description = "With --cluster: SIGKILL the last node this many"
            + " seconds into the measurement; its viewers go to another node and catch up by seq.")
    private int killNodeAt;

    private final Samples pollLatency = new Samples();
    private final AtomicLong notModified = new AtomicLong();
    private final AtomicLong published = new AtomicLong();
    private volatile boolean measuring;
    private HttpClient http;
    private String hubUrl;

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
        RabbitCluster rabbits = cluster > 0 ? RabbitCluster.start(dir.resolve("rabbitmq"), cluster) : null;
        String bridge = "";
        if (rabbits != null) { // the club's Mosquitto sends the public feed out to the cluster, and nothing comes back
            out.println("bench-event: RabbitMQ cluster of " + cluster + " nodes:\n" + rabbits.status().strip());
            bridge = "connection cluster\naddress 127.0.0.1:" + rabbits.nodes().get(0).mqttPort() + "\n"
                    + "topic shogi/v1/public/# out 1\nbridge_protocol_version mqttv311\ntry_private false\ncleansession true\n";
        }
        Files.writeString(dir.resolve("mosquitto.conf"), "listener " + mqttPort + " 127.0.0.1\nallow_anonymous true\n"
                + "listener " + wsPort + " 127.0.0.1\nprotocol websockets\npersistence false\nmax_queued_messages 100000\n"
                + (noDelay ? "set_tcp_nodelay true\n" : "") + bridge);
        Process broker = new ProcessBuilder(mosquittoBinary.toString(), "-c", dir.resolve("mosquitto.conf").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("mosquitto.log").toFile()).start();
        Process hub = null;
        Process watching = null;
        List<Board> playing = new ArrayList<>();
        ScheduledExecutorService polling = Executors.newScheduledThreadPool(2);
        try {
            awaitPort(mqttPort, 10);
            awaitPort(wsPort, 10);
            String tcp = "tcp://127.0.0.1:" + mqttPort;
            hub = startHub(tcp, httpPort, dir.resolve("hub"));
            http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            hubUrl = "http://127.0.0.1:" + httpPort;
            List<String> urls = rabbits == null ? List.of("ws://127.0.0.1:" + wsPort + "/mqtt")
                    : rabbits.nodes().stream().map(RabbitCluster.Node::wsUrl).toList();
            SplittableRandom random = new SplittableRandom(seed);
            long now = System.currentTimeMillis();
            for (int i = 1; i <= boards; i++) {
                playing.add(new Board("b" + i, tcp, random.split(), now + random.nextLong(minMove, maxMove + 1)));
            }
            connect(playing);
            for (int i = 0; i < pollers; i++) {
                Poller poller = new Poller(http, "http://127.0.0.1:" + httpPort + "/event/b" + (i % boards + 1) + ".kifu");
                polling.scheduleAtFixedRate(poller::poll, 2000L * i / Math.max(1, pollers), 2000, TimeUnit.MILLISECONDS);
            }
            out.printf(Locale.ROOT, "bench-event: %d boards (a move every %s s each), %d WebSocket viewers of the public feed "
                    + "(each following %s, by %s) on %s, %d HTTP pollers every 2 s; warm-up %d s, measured %d s%n", boards,
                    moveSeconds, viewers, follow.equals("board") ? "one board" : "the whole event", feed,
                    rabbits == null ? "Mosquitto" : "a RabbitMQ cluster of " + cluster, pollers, warmUp, seconds);
            out.flush();
            long start = System.currentTimeMillis();
            long measureFrom = start + warmUp * 1000L;
            long end = measureFrom + seconds * 1000L;
            watching = startViewers(urls, hubUrl, measureFrom, end, dir.resolve("viewers.log"));
            long[] hubCpu = null;
            long[] brokerCpu = null;
            long[] ownCpu = null;
            long[] viewersCpu = null;
            long publishedBefore = 0;
            long[][] rabbitCpu = new long[cluster][];
            while ((now = System.currentTimeMillis()) < end) {
                if (!watching.isAlive()) {
                    throw new IllegalStateException("The viewers failed: " + Files.readString(dir.resolve("viewers.log")));
                }
                if (!measuring && now >= measureFrom) {
                    hubCpu = cpuTicks(hub.pid());
                    brokerCpu = cpuTicks(broker.pid());
                    ownCpu = cpuTicks(ProcessHandle.current().pid());
                    viewersCpu = cpuTicks(watching.pid());
                    publishedBefore = published.get();
                    for (int i = 0; i < cluster; i++) {
                        rabbitCpu[i] = cpuTicks(rabbits.beam(rabbits.nodes().get(i)));
                    }
                    measuring = true;
                }
                for (Board b : playing) {
                    b.step(now, minMove, maxMove);
                }
                if (rabbits != null && killNodeAt >= 0 && measuring && now >= measureFrom + killNodeAt * 1000L
                        && rabbits.nodes().get(cluster - 1).process().isAlive()) {
                    rabbits.kill(rabbits.nodes().get(cluster - 1));
                    out.printf(Locale.ROOT, "bench-event: node %s killed (SIGKILL) %d s into the measurement%n",
                            rabbits.nodes().get(cluster - 1).name(), killNodeAt);
                    out.flush();
                }
                Thread.sleep(5);
            }
            measuring = false;
            long[] hubCpuEnd = cpuTicks(hub.pid());
            long[] brokerCpuEnd = cpuTicks(broker.pid());
            long[] ownCpuEnd = cpuTicks(ProcessHandle.current().pid());
            String viewersUsage = usage("the viewers (node, mqtt.js)", viewersCpu, cpuTicks(watching.pid()), watching.pid());
            Thread.sleep(1000); // the last messages arrive
            for (Board b : playing) {
                b.link.pump(System.currentTimeMillis());
            }
            // The viewers' line, once they have checked that each ends with every board's newest state.
            String line = new String(watching.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!watching.waitFor(60, TimeUnit.SECONDS) || line.isEmpty()) {
                throw new IllegalStateException("The viewers failed: " + Files.readString(dir.resolve("viewers.log")));
            }
            com.fasterxml.jackson.databind.JsonNode seen = new com.fasterxml.jackson.databind.ObjectMapper().readTree(line);
            long states = published.get() - publishedBefore;
            out.printf(Locale.ROOT, "states published by the boards while measuring: %d (%.1f/s); messages received by "
                    + "viewers: %d (%.1f/s)%n", states, states / (double) seconds, seen.get("received").asLong(),
                    seen.get("received").asLong() / (double) seconds);
            out.printf(Locale.ROOT, "board publish -> viewer receipt: p50=%s p90=%s p99=%s max=%s ms%n", seen.get("p50"),
                    seen.get("p90"), seen.get("p99"), seen.get("max"));
            out.printf(Locale.ROOT, "bytes to viewers: %.2f MB/s, %d per message; viewers' reconnections: %d, %d of %d viewers"
                    + " connected at the end%n", seen.get("bytes").asLong() / (double) seconds / 1e6,
                    seen.get("bytes").asLong() / Math.max(1, seen.get("received").asLong()), seen.get("reconnections").asLong(),
                    seen.get("connected").asLong(), viewers);
            if (feed.equals("delta")) {
                out.printf(Locale.ROOT, "deltas missed: %d; whole states fetched newer than the join's index (joins and"
                        + " catch-ups): %d; at the end %d of %d (viewer, board) pairs behind the board's newest public state%n",
                        seen.get("gaps").asLong(), seen.get("caughtUp").asLong(), seen.get("behind").asLong(),
                        seen.get("checked").asLong());
            }
            out.println(BenchDaemonCommand.summary("hub HTTP poll", pollLatency.sorted()) + String.format(Locale.ROOT,
                    "; 304 Not Modified: %d of %d (%.0f%%)", notModified.get(), pollLatency.count(),
                    100.0 * notModified.get() / Math.max(1, pollLatency.count())));
            out.println(usage("hub (java -XX:+UseSerialGC -Xmx128m)", hubCpu, hubCpuEnd, hub.pid()));
            out.println(usage("mosquitto", brokerCpu, brokerCpuEnd, broker.pid()));
            if (rabbits != null) {
                for (int i = 0; i < cluster; i++) {
                    RabbitCluster.Node node = rabbits.nodes().get(i);
                    if (node.process().isAlive()) {
                        out.println(usage("RabbitMQ " + node.name(), rabbitCpu[i], cpuTicks(rabbits.beam(node)), rabbits.beam(node)));
                    }
                }
            }
            out.println(viewersUsage);
            out.println(usage("this process (the boards)", ownCpu, ownCpuEnd, ProcessHandle.current().pid()));
            // The release check of a cluster (docs/BENCHMARKS.md): every viewer back and on every board's newest state.
            boolean whole = seen.get("behind").asLong() == 0 && seen.get("connected").asLong() == viewers;
            if (feed.equals("delta") && !whole) {
                out.println("bench-event: viewers left behind or disconnected at the end (exit 1).");
            }
            out.flush();
            return feed.equals("delta") && !whole ? 1 : 0;
        } finally {
            polling.shutdownNow();
            for (Board b : playing) {
                b.link.close();
            }
            if (watching != null) {
                watching.destroyForcibly();
            }
            if (hub != null) {
                hub.destroy();
                hub.waitFor(10, TimeUnit.SECONDS);
            }
            broker.destroy();
            broker.waitFor(10, TimeUnit.SECONDS);
            if (rabbits != null) {
                rabbits.close();
            }
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

    /**
     * The viewers: web-dashboard/scripts/bench-viewers.mjs, the page's own MQTT library in one Node process (3,000 Paho
     * clients in this JVM took more CPU than the broker they measured), told when to measure; it prints one JSON line.
     */
    private Process startViewers(List<String> urls, String hub, long from, long to, Path log) throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode config = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode()
                .put("viewers", viewers).put("boards", boards).put("follow", follow).put("feed", feed).put("hub", hub)
                .put("event", EVENT).put("from", from).put("to", to);
        urls.forEach(config.withArray("urls")::add);
        return new ProcessBuilder("node", viewerScript.toString(), config.toString()).redirectError(log.toFile()).start();
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

    static void awaitPort(int port, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
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
