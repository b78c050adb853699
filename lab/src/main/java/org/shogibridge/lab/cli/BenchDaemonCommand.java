package org.shogibridge.lab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.daemon.Daemon;
import org.shogibridge.device.journal.Journal;
import org.shogibridge.device.mqtt.FreshSubscription;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench-daemon}: the daemon's own latency, measured the way a viewer sees it. The real daemon runs in this
 * process on a simulated board (human against human) with its broker, and a subscriber on loopback times each move
 * from the moment the board loop decided it (the settling snapshot, so the settle timer is excluded) to the arrival
 * of its {@code state}: journal with {@code fsync}, outlet, MQTT and broker in between. Then it times the journal's
 * append-and-fsync alone for the same moves, in the same data directory (pass one on the disk to be measured).
 * With {@code --press} each move is instead made by hand and confirmed by the clock button, and the time from the
 * press (as the board reports it) to the board loop's move is measured too.
 */
@Command(name = "bench-daemon", mixinStandardHelpOptions = true,
        description = {"Measure the live daemon: settled move to 'state' at a subscriber, and the journal's cost per move.",
                "Plays random quiet moves through the simulated hands; prints percentiles in milliseconds."})
public final class BenchDaemonCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_PLIES_PER_GAME = 120;

    @Spec
    private CommandSpec spec;
    private long[] baseline = new long[0];
    private org.shogibridge.device.daemon.BoardLoopCounts loopCounts;

    @Option(names = "--moves", defaultValue = "200", description = "How many moves to time (default 200).")
    private int moves;

    @Option(names = "--broker", paramLabel = "URL", defaultValue = "embedded",
            description = "embedded (default) or tcp://HOST:PORT of a running broker.")
    private String broker;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where the journal goes (default: a new temporary directory, removed afterwards).")
    private Path dataDir;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the random moves (default 1).")
    private long seed;

    @Option(names = "--press", description = "Confirm each move with the clock button and time the press to the move.")
    private boolean press;

    @Option(names = "--put-down", description = "Make each move by hand (lift, put down) and time the put-down to the move,"
            + " the settle included.")
    private boolean putDown;

    /** With --press: each press's time, by the seq of the move it made; with --put-down, the piece's put-down. */
    private final Map<Long, Long> pressedAt = new ConcurrentHashMap<>();

    @Override
    public Integer call() throws Exception {
        if (moves < 1 || moves > 100_000) {
            throw new IllegalArgumentException("Bad option. --moves must be from 1 to 100000, not " + moves + ".");
        }
        if (press && putDown) {
            throw new IllegalArgumentException("Bad option. --press and --put-down time different things; give one.");
        }
        Path data = dataDir != null ? dataDir : Files.createTempDirectory("shogi-bridge-bench");
        PrintWriter out = spec.commandLine().getOut();
        try {
            List<SessionEvent.MovePlayed> played = new ArrayList<>();
            Map<Long, Long> decided = new ConcurrentHashMap<>();
            long[] latencies = measureLatency(data, played, decided);
            if (press || putDown) {
                out.println(summary((press ? "press" : "piece put down") + " to move on the board loop", pressedAt.entrySet().stream()
                        .filter(e -> decided.containsKey(e.getKey())).mapToLong(e -> decided.get(e.getKey()) - e.getValue()).toArray()));
            }
            out.println(summary((press ? "move at the press" : "settled move") + " to state at a subscriber", latencies));
            out.println(summary("the broker alone, publisher to subscriber (for scale)", baseline));
            out.println(summary("journal append with fsync, per move", measureJournal(data, played)));
            var c = loopCounts;
            out.println(String.format(Locale.ROOT, "board loop: %,d scans, %,d passed on (%.1f%%), %,d changes, %,d dropped;"
                    + " %.1f µs of loop work per snapshot passed", c.scans(), c.passed(),
                    c.scans() == 0 ? 0 : 100.0 * c.passed() / c.scans(), c.changes(), c.dropped(), c.microsPerSnapshot()));
            out.flush();
        } finally {
            if (dataDir == null) {
                deleteTree(data);
            }
        }
        return 0;
    }

    /**
     * The same path without the daemon: a second client publishes a payload the size of a state (QoS 1) to the
     * subscriber, at a move's pace, so the daemon's own share of the latency shows.
     */
    private long[] measureBroker(String url, String[] account, MqttClient viewer, String topic, int payloadBytes) throws Exception {
        long[] samples = new long[Math.min(moves, 300)];
        long[] sentAt = new long[1];
        java.util.concurrent.Semaphore arrival = new java.util.concurrent.Semaphore(0);
        long[] latency = new long[1];
        viewer.subscribe(topic, 0, (t, message) -> {
            latency[0] = System.nanoTime() - sentAt[0];
            arrival.release();
        });
        byte[] payload = new byte[payloadBytes];
        Arrays.fill(payload, (byte) 'x');
        try (MqttClient publisher = new MqttClient(url, "bench-publisher-" + System.nanoTime(), new MemoryPersistence())) {
            MqttConnectOptions options = new MqttConnectOptions();
            if (account != null) { // the embedded broker lets only the board write its topics: publish as the board
                options.setUserName(account[0]);
                options.setPassword(account[1].toCharArray());
            }
            publisher.connect(options);
            for (int i = 0; i < samples.length; i++) {
                Thread.sleep(50);
                sentAt[0] = System.nanoTime();
                publisher.getTopic(topic).publish(payload, 1, false);
                if (!arrival.tryAcquire(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("Benchmark stuck. The broker did not deliver message " + i + ".");
                }
                samples[i] = latency[0];
            }
            publisher.disconnect();
        }
        return samples;
    }

    private static int stateSize(Map<Long, GameState> states) {
        GameState last = states.get(latestSeq(states));
        return last == null ? 1000 : org.shogibridge.device.state.StateJson.state(last, "bench", "b1", 0).length();
    }

    private long[] measureLatency(Path data, List<SessionEvent.MovePlayed> played, Map<Long, Long> decided) throws Exception {
        int mqttPort = freePort();
        Map<String, Object> overrides = new LinkedHashMap<>();
        overrides.put("data-dir", data.toString());
        overrides.put("event", "bench");
        overrides.put("board-id", "b1");
        overrides.put("broker.url", broker);
        overrides.put("broker.mqtt-port", mqttPort);
        overrides.put("broker.ws-port", freePort());
        overrides.put("http.port", freePort());
        overrides.put("players.sente", Map.of("type", "human"));
        overrides.put("players.gote", Map.of("type", "human"));
        RunSettings settings = new ConfigLoader().load(null, overrides);
        String url = broker.equals("embedded") ? "tcp://127.0.0.1:" + mqttPort : broker;

        Map<Long, Long> arrived = new ConcurrentHashMap<>();
        Map<Long, GameState> states = new ConcurrentHashMap<>();
        try (Daemon daemon = new Daemon(settings)) {
            daemon.probe().observe(event -> {
                if (event instanceof SessionEvent.MovePlayed move) {
                    decided.put(move.state().seq(), System.nanoTime());
                    synchronized (played) {
                        played.add(move);
                    }
                }
                GameState state = event.stateOrNull();
                if (state != null) {
                    states.put(state.seq(), state);
                }
            });
            daemon.start();
            MqttClient viewer = new MqttClient(url, "bench-viewer-" + System.nanoTime(), new MemoryPersistence());
            MqttConnectOptions options = new MqttConnectOptions();
            options.setCleanSession(true);
            FreshSubscription.connectAndSubscribe(viewer, options, settings.topicPrefix() + "/state", 0, (topic, message) -> {
                long now = System.nanoTime();
                long seq = JSON.readTree(message.getPayload()).get("seq").asLong();
                arrived.putIfAbsent(seq, now);
            });
            SplittableRandom random = new SplittableRandom(seed);
            int timed = 0;
            while (timed < moves) {
                long seqBefore = latestSeq(states);
                GameState state = states.get(seqBefore);
                int move = state == null || state.result() != null || state.plies() >= MAX_PLIES_PER_GAME
                        ? 0 : quietMove(state.position(), random, press || putDown);
                if (move == 0) {
                    viewer.publish(settings.topicPrefix() + "/cmd/new-game", "{}".getBytes(StandardCharsets.UTF_8), 1, false);
                    awaitNewerState(states, seqBefore, s -> s.moves().isEmpty() && s.result() == null);
                    continue;
                }
                int ply = state.plies() + 1;
                String usi = Usi.format(state.position().variant(), move);
                long pressed = 0;
                if (press) {
                    daemon.probe().simulateByHand(usi).get(10, TimeUnit.SECONDS);
                    // The hand goes to the clock once the sensors have the piece: 30 ms of scans read (the debounce),
                    // which on a busy machine may be longer than 30 ms of wall time.
                    daemon.probe().awaitBoardRead(30, 10_000);
                    pressed = System.nanoTime();
                    daemon.probe().pressClock(state.position().sideToMove());
                } else if (putDown) {
                    daemon.probe().simulateByHand(usi).get(10, TimeUnit.SECONDS);
                    pressed = System.nanoTime(); // the piece is down: the board settles and judges from here
                } else {
                    daemon.probe().simulatePlay(usi).get(10, TimeUnit.SECONDS);
                }
                long seq = awaitNewerState(states, seqBefore, s -> s.plies() == ply);
                if (press || putDown) {
                    pressedAt.put(seq, pressed);
                }
                awaitArrival(arrived, seq);
                timed++;
            }
            loopCounts = daemon.probe().boardLoopCounts();
            baseline = measureBroker(url, daemon.probe().boardAccount(), viewer, settings.topicPrefix() + "/bench-baseline", stateSize(states));
            viewer.disconnect();
            viewer.close();
        }
        long[] latencies = decided.entrySet().stream().filter(e -> arrived.containsKey(e.getKey()))
                .mapToLong(e -> arrived.get(e.getKey()) - e.getValue()).toArray();
        return latencies;
    }

    /**
     * A random legal move that cannot promote (so no promotion choice is involved), or 0 if there is none; by hand
     * ({@code byHand}), also neither a capture nor a drop: one lift and one put-down.
     */
    static int quietMove(Position position, SplittableRandom random, boolean byHand) {
        MoveList list = new MoveList();
        MoveGenerator.generateLegal(position, list);
        int[] quiet = new int[list.size()];
        int count = 0;
        for (int i = 0; i < list.size(); i++) {
            int m = list.get(i);
            boolean promotable = !Move.isDrop(m) && hasPromotingTwin(list, m);
            boolean oneLift = !Move.isDrop(m) && Move.captured(m) == 0;
            if (!promotable && !Move.promotes(m) && (oneLift || !byHand)) {
                quiet[count++] = m;
            }
        }
        return count == 0 ? 0 : quiet[random.nextInt(count)];
    }

    private static boolean hasPromotingTwin(MoveList list, int move) {
        for (int i = 0; i < list.size(); i++) {
            int m = list.get(i);
            if (Move.promotes(m) && !Move.isDrop(m) && Move.from(m) == Move.from(move) && Move.to(m) == Move.to(move)) {
                return true;
            }
        }
        return false;
    }

    private static long latestSeq(Map<Long, GameState> states) {
        return states.keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
    }

    private static long awaitNewerState(Map<Long, GameState> states, long after,
                                        java.util.function.Predicate<GameState> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            for (Map.Entry<Long, GameState> e : states.entrySet()) {
                if (e.getKey() > after && wanted.test(e.getValue())) {
                    return e.getKey();
                }
            }
            Thread.sleep(2);
        }
        throw new IllegalStateException("Benchmark stuck. The daemon did not make the expected change after state " + after + ".");
    }

    private static void awaitArrival(Map<Long, Long> arrived, long seq) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!arrived.containsKey(seq)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Benchmark stuck. State " + seq + " never reached the subscriber.");
            }
            Thread.sleep(1);
        }
    }

    /** Append the moves to a journal of their own, one fsync each, as the outlet does. */
    private static long[] measureJournal(Path data, List<SessionEvent.MovePlayed> played) throws IOException {
        Path file = data.resolve("bench-journal.jsonl");
        long[] costs = new long[played.size()];
        try (Journal journal = Journal.open(file)) {
            for (int i = 0; i < costs.length; i++) {
                long t0 = System.nanoTime();
                journal.append(played.get(i));
                costs[i] = System.nanoTime() - t0;
            }
        }
        Files.deleteIfExists(file);
        return costs;
    }

    static String summary(String what, long[] nanos) {
        if (nanos.length == 0) {
            return what + ": no samples";
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "%s: n=%d p50=%.2f p90=%.2f p99=%.2f max=%.2f ms", what, sorted.length,
                millis(percentile(sorted, 50)), millis(percentile(sorted, 90)), millis(percentile(sorted, 99)),
                millis(sorted[sorted.length - 1]));
    }

    /** The nearest-rank percentile of sorted samples. */
    static long percentile(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
