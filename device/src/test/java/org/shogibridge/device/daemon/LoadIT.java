package org.shogibridge.device.daemon;

import org.shogibridge.device.ProductJar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;

/**
 * Issue 43: the real jar, as systemd runs it with a small heap, holds up while a game is played through it. Meanwhile
 * 1,000 slow HTTP clients send half a request and wait, 1,000 fast ones fetch pages, and a flood of every verb
 * (malformed, oversized, nested, unknown fields, and valid hints) arrives on the broker, and 600 requests with
 * 100,000-character URLs are refused (issue 84). The game must come out exact
 * in its record file, the process's memory stay bounded, and the web server answer again once the slow clients are
 * cut off.
 */
class LoadIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String PREFIX = "shogi/v1/local/board1";
    /** A quiet opening, legal move by move (no capture, no promotion). */
    private static final List<String> GAME = List.of("7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "3i4h", "3a3b",
            "5i6h", "8b4b", "6h7h", "5a6b", "5g5f", "6b7b", "4h5g", "7b8b", "9g9f", "9c9d", "6i5h", "7a7b");
    private static final int SLOW_CLIENTS = 1_000;
    private static final int FAST_CLIENTS = 1_000;
    private static final int LONG_URLS = 600;
    private static final long MAX_RSS_KB = 450 * 1024;
    /**
     * The least time the load lasts, the game's moves spread over it: {@code -Dload.seconds=300} is the long run of
     * docs/BENCHMARKS.md. CI's run (0) lasts as long as the game takes, about a minute.
     */
    private static final long LOAD_SECONDS = Long.getLong("load.seconds", 0);

    @TempDir
    Path dir;

    @Test
    void aGamePlaysThroughExactWhileTheWebAndTheBrokerAreFloodedAndMemoryStaysBounded() throws Exception {
        Path data = dir.resolve("data");
        Path log = dir.resolve("daemon.log");
        int mqttPort = Ports.free();
        int httpPort = Ports.free();
        Process daemon = new ProcessBuilder(ProductJar.command("-Xmx96m", "run", "--simulate", "--sente", "human", "--gote", "human",
                "--data-dir", data.toString(), "--mqtt-port", Integer.toString(mqttPort), "--ws-port", Integer.toString(Ports.free()),
                "--http-port", Integer.toString(httpPort))).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        AtomicBoolean loading = new AtomicBoolean(true);
        List<Socket> slow = new ArrayList<>();
        ExecutorService load = Executors.newFixedThreadPool(3);
        ScheduledExecutorService paced = Executors.newScheduledThreadPool(2); // the command flood and the RSS samples
        AtomicLong maxRss = new AtomicLong();
        try {
            Await.line(daemon, log, "Ready.", WAIT);
            String url = "tcp://127.0.0.1:" + mqttPort;
            try (Subscriber player = Subscriber.toListeningDaemon(url, PREFIX, null, null, WAIT);
                    Subscriber flood = new Subscriber(url, PREFIX, null, null)) {
                // The slow clients: half a request each, then nothing.
                for (int i = 0; i < SLOW_CLIENTS; i++) {
                    Socket s = new Socket("127.0.0.1", httpPort);
                    s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
                    slow.add(s);
                }
                // The fast clients, pages and made-up paths, four at a time.
                HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
                AtomicInteger fastAnswered = new AtomicInteger();
                AtomicInteger fastSent = new AtomicInteger();
                for (int t = 0; t < 3; t++) {
                    load.submit(() -> {
                        while (loading.get() && (LOAD_SECONDS > 0 || fastSent.get() < FAST_CLIENTS)) {
                            int n = fastSent.incrementAndGet();
                            String path = n % 3 == 0 ? "/config.json" : n % 3 == 1 ? "/" : "/no/such/" + "x".repeat(n % 500);
                            try {
                                http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + path))
                                        .timeout(Duration.ofSeconds(15)).build(), HttpResponse.BodyHandlers.discarding());
                                fastAnswered.incrementAndGet();
                            } catch (IOException | InterruptedException e) {
                                // waited behind the slow clients: counted as not answered
                            }
                        }
                        return null;
                    });
                }
                // Long junk URLs (issue 84, finding 2): 600 of 100,000 characters, 16 at a time, once filled the heap.
                AtomicInteger longRefused = new AtomicInteger();
                ExecutorService junk = Executors.newFixedThreadPool(16);
                for (int i = 0; i < LONG_URLS; i++) {
                    junk.submit(() -> {
                        if (longUrlRefused(httpPort)) {
                            longRefused.incrementAndGet();
                        }
                        return null;
                    });
                }
                junk.shutdown();
                // The command flood: every verb, bad in every way, and valid hints.
                List<String[]> bad = floodCommands();
                AtomicInteger floodSent = new AtomicInteger();
                paced.scheduleWithFixedDelay(() -> {
                    String[] c = bad.get(floodSent.getAndIncrement() % bad.size());
                    try {
                        flood.flood(c[0], c[1]);
                    } catch (Exception e) {
                        // a refused publish is the broker's answer
                    }
                }, 0, 2, TimeUnit.MILLISECONDS); // a pause between sends, as a flooding client keeps
                paced.scheduleAtFixedRate(() -> maxRss.accumulateAndGet(rssKb(daemon.pid()), Math::max), 0, 250, TimeUnit.MILLISECONDS);

                // The game, each move sent once.
                long loadStart = System.nanoTime();
                for (int ply = 1; ply <= GAME.size(); ply++) {
                    long due = loadStart + TimeUnit.SECONDS.toNanos(LOAD_SECONDS) * (ply - 1) / GAME.size();
                    long early = due - System.nanoTime();
                    if (early > 0) {
                        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(early)); // the moves' pace: an input of this test
                    }
                    String id = "move-" + ply;
                    // a move is never refused for load (issue 84: it was answered Busy. in the flood, and sent again)
                    player.command("sim", "{\"action\":\"play\",\"usi\":\"" + GAME.get(ply - 1) + "\",\"id\":\"" + id + "\"}");
                    JsonNode answer = player.await("cmd/sim/result", j -> j.path("id").asText().equals(id), WAIT).json();
                    assertTrue(answer.get("ok").asBoolean(), answer.toString());
                }
                String resign = "{\"side\":\"black\",\"id\":\"end\"}";
                while (true) {
                    player.command("resign", resign);
                    JsonNode answer = player.await("cmd/resign/result", j -> j.path("id").asText().equals("end"), WAIT).json();
                    if (answer.get("ok").asBoolean()) {
                        break;
                    }
                    player.forget("cmd/resign/result", "end"); // asked again once answered: the daemon paces it
                }
                JsonNode last = player.await("state", j -> j.get("result") != null && !j.get("result").isNull(), WAIT).json();
                // the flood goes on until every fast client has been (or two minutes: then fewer are counted below)
                Await.within(Duration.ofSeconds(120), () -> fastSent.get() >= FAST_CLIENTS);
                loading.set(false);
                load.shutdown();
                paced.shutdown();
                assertTrue(junk.awaitTermination(60, TimeUnit.SECONDS));
                assertTrue(load.awaitTermination(60, TimeUnit.SECONDS));
                assertTrue(paced.awaitTermination(60, TimeUnit.SECONDS));
                maxRss.accumulateAndGet(rssKb(daemon.pid()), Math::max);
                System.out.println("LoadIT: " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - loadStart) + " s, "
                        + floodSent.get() + " flood commands, " + fastAnswered.get() + " of " + fastSent.get()
                        + " fast requests answered, " + longRefused.get() + " of " + LONG_URLS + " long URLs refused with 414, "
                        + SLOW_CLIENTS + " slow clients, max RSS " + maxRss.get() / 1024 + " MB");

                // The record: every move, in order, and the end.
                String game = last.get("game").asText();
                Path kifu = data.resolve("games").resolve(game + ".kifu");
                awaitFile(kifu);
                GameRecord record = RecordFormat.read(kifu.toString(), Files.readAllBytes(kifu));
                List<String> moves = RecordMoves.usi(record);
                assertEquals(GAME, moves, "the record holds the game exactly");
                assertEquals(Ending.RESIGNATION, record.mainLine().ending());
                assertEquals(LONG_URLS, longRefused.get(), "every long URL is refused with 414");
                assertTrue(floodSent.get() > 1_000, "the flood ran: " + floodSent.get());
                assertTrue(fastSent.get() >= FAST_CLIENTS && fastAnswered.get() >= FAST_CLIENTS * 99 / 100,
                        fastAnswered.get() + " of " + fastSent.get() + " fast requests answered");
            }
            // The slow clients are cut off after 10 s; then the web server answers again at once.
            for (Socket s : slow) {
                s.close();
            }
            HttpResponse<String> config = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + httpPort + "/config.json")).timeout(Duration.ofSeconds(15)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, config.statusCode());
            assertTrue(maxRss.get() < MAX_RSS_KB, "RSS " + maxRss.get() / 1024 + " MB");
            assertTrue(daemon.isAlive(), "the daemon is still up");
        } finally {
            loading.set(false);
            load.shutdownNow();
            paced.shutdownNow();
            for (Socket s : slow) {
                s.close();
            }
            daemon.destroy();
            daemon.waitFor(30, TimeUnit.SECONDS);
        }
        String text = Files.readString(log);
        assertTrue(!text.contains("OutOfMemoryError") && !text.contains("snapshots were dropped"), text);
    }

    /** Every verb with a bad payload of each kind, and a valid hint. */
    private static List<String[]> floodCommands() {
        List<String[]> commands = new ArrayList<>();
        String nested = "{\"a\":".repeat(200) + "1" + "}".repeat(200);
        String oversized = "{\"id\":\"" + "x".repeat(5_000) + "\"}";
        for (String verb : CommandParser.VERBS.keySet()) {
            commands.add(new String[] {verb, "{"});
            commands.add(new String[] {verb, nested});
            commands.add(new String[] {verb, oversized});
            commands.add(new String[] {verb, "{\"no-such-field\":1}"});
            commands.add(new String[] {verb, "[1,2,3]"});
        }
        commands.add(new String[] {"no-such-verb", "{}"});
        commands.add(new String[] {"hint", "{}"});
        return commands;
    }

    /** Send a GET for a random 100,000-character path and return whether the answer was 414. */
    private static boolean longUrlRefused(int port) {
        StringBuilder path = new StringBuilder("GET /");
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        for (int i = 0; i < 100_000; i++) {
            path.append((char) ('a' + random.nextInt(26)));
        }
        path.append(" HTTP/1.1\r\nHost: x\r\n\r\n");
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(30_000);
            try {
                s.getOutputStream().write(path.toString().getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                // refused and closed before the whole line was sent: the answer is still there to read
            }
            byte[] answer = s.getInputStream().readNBytes(12);
            return new String(answer, StandardCharsets.US_ASCII).equals("HTTP/1.1 414");
        } catch (IOException e) {
            return false;
        }
    }

    /** The process's resident memory (kB), or 0 once it is gone. */
    private static long rssKb(long pid) {
        try {
            Matcher m = Pattern.compile("VmRSS:\\s+(\\d+)").matcher(Files.readString(Path.of("/proc/" + pid + "/status")));
            return m.find() ? Long.parseLong(m.group(1)) : 0;
        } catch (IOException gone) {
            return 0;
        }
    }

    private static void awaitFile(Path file) throws InterruptedException {
        Await.until(file + " written", Duration.ofSeconds(60), () -> Files.exists(file));
    }
}
