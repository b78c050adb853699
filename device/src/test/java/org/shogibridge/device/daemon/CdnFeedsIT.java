package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.hub.Hub;
import org.shogibridge.device.hub.HubSettings;

/**
 * Issue 88: the hub's relay feeds behind a CDN. Debian's nginx as a caching proxy in front of a hub of three boards
 * that play on (a move a second somewhere) while 10,000 polls of the round index, each board's KIF, the event's KIF
 * and the boards' versioned public states go to nginx. nginx answers them all, and, because the feeds say how long
 * they may be kept ({@code Cache-Control: public, max-age=1}; a versioned URL for ever), the hub sees at most one
 * request per URL per second, and each version once. What the CDN serves is what the hub serves.
 */
class CdnFeedsIT {
    private static final Duration WAIT = LocalDaemon.WAIT;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path NGINX = Path.of("/usr/sbin/nginx");
    private static final List<String> OPENING = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b",
            "2e2d", "2c2d", "2h2d", "8e8f", "8g8f", "8b8f", "2d3d", "2b8h+", "7i8h", "P*2h");
    private static final int POLLS = 10_000;

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @Test
    void tenThousandPollsThroughNginxReachTheHubAtMostOncePerUrlPerSecond() throws Exception {
        assertTrue(Files.isExecutable(NGINX), "install Debian's nginx (apt-get install nginx)");
        try (Mosquitto club = new Mosquitto(Files.createDirectories(dir.resolve("club")))) {
            HubSettings settings = HubSettings.of(null, Map.of("broker", club.url(), "event", "cdn", "http-port", Ports.free(),
                    "http-host", "127.0.0.1", "data-dir", dir.resolve("hub").toString(), "title", "県大会"));
            List<AutoCloseable> open = new ArrayList<>();
            try (Hub hub = new Hub(settings)) {
                hub.start();
                assertTrue(hub.awaitConnected(WAIT.toMillis()));
                Map<String, Subscriber> boards = new HashMap<>();
                for (String id : List.of("b1", "b2", "b3")) {
                    Daemon daemon = new Daemon(new ConfigLoader().load(null, Map.of("data-dir", dir.resolve(id).toString(),
                            "event", "cdn", "board-id", id, "broker.url", club.url(), "http.port", Ports.free(),
                            "players.sente", Map.of("type", "human", "name", "先手" + id),
                            "players.gote", Map.of("type", "human", "name", "後手" + id))));
                    open.add(daemon);
                    daemon.start();
                    Subscriber board = Subscriber.toListeningDaemon(club.url(), "shogi/v1/cdn/" + id, null, null, WAIT);
                    open.add(board);
                    boards.put(id, board);
                }
                try (Nginx nginx = new Nginx(dir.resolve("nginx"), hub.httpPort())) {
                    poll(nginx, boards, "http://127.0.0.1:" + hub.httpPort());
                }
            } finally {
                for (AutoCloseable c : open) {
                    c.close();
                }
            }
        }
    }

    private void poll(Nginx nginx, Map<String, Subscriber> boards, String origin) throws Exception {
        String cdn = "http://127.0.0.1:" + nginx.port;
        sim(boards.get("b1"), OPENING.get(0)); // a first public state to point at
        awaitIndexState(cdn);
        AtomicBoolean playing = new AtomicBoolean(true);
        ScheduledExecutorService boardsPlay = Executors.newSingleThreadScheduledExecutor();
        AtomicReference<Exception> playFailed = new AtomicReference<>();
        int[] ply = {1, 0, 0};
        int[] turn = {0};
        List<String> ids = List.of("b1", "b2", "b3");
        boardsPlay.scheduleAtFixedRate(() -> { // the boards take turns, a move a second in all
            int b = turn[0]++ % 3;
            if (playing.get() && turn[0] <= 40 && ply[b] < OPENING.size()) {
                try {
                    sim(boards.get(ids.get(b)), OPENING.get(ply[b]++));
                } catch (Exception e) {
                    playFailed.set(e);
                }
            }
        }, 1, 1, TimeUnit.SECONDS);
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger next = new AtomicInteger();
        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        List<String> fixed = List.of("/event/index.json", "/event/b1.kifu", "/event/b2.kifu", "/event/b3.kifu", "/event/all.kifu",
                "/event/b1.csa");
        long start = System.nanoTime();
        // 500 polls a second in all, each at its moment, so that the boards play on through them (30,000 a minute)
        ScheduledExecutorService viewers = Executors.newScheduledThreadPool(8);
        List<Future<?>> pollers = new ArrayList<>();
        for (int n = 0; n < POLLS; n++) {
            int i = n;
            pollers.add(viewers.schedule(() -> {
                String path = fixed.get(i % fixed.size());
                if (i % 10 == 9) { // a viewer joining: the newest state the index names
                    JsonNode index = JSON.readTree(get(cdn + "/event/index.json").body());
                    path = index.get("boards").get(i % 3).path("state").asText("/event/index.json");
                }
                HttpResponse<String> reply = get(cdn + path);
                statuses.merge(reply.statusCode(), 1, Integer::sum);
                answered.incrementAndGet();
                return null;
            }, i * (1_000_000_000L / 500), TimeUnit.NANOSECONDS));
        }
        for (Future<?> f : pollers) {
            f.get(5, TimeUnit.MINUTES);
        }
        viewers.shutdown();
        double seconds = (System.nanoTime() - start) / 1e9;
        playing.set(false);
        boardsPlay.shutdown();
        assertTrue(boardsPlay.awaitTermination(2, TimeUnit.MINUTES));
        assertEquals(null, playFailed.get(), "every move the boards made was answered");
        System.out.printf("CdnFeedsIT: %,d polls (and their joins' index reads) through nginx in %.1f s: %,.0f a minute; %s%n",
                answered.get(), seconds, answered.get() / seconds * 60, statuses);
        assertEquals(POLLS, answered.get());
        assertEquals(Map.of(200, POLLS), statuses, "every poll answered");

        // What reached the hub: per URL, at most one request a second (plus one); each version of a state once.
        Map<String, List<Double>> upstream = nginx.upstreamRequests(POLLS + POLLS / 10);
        int versions = 0;
        for (Map.Entry<String, List<Double>> e : upstream.entrySet()) {
            List<Double> times = e.getValue();
            if (e.getKey().contains("/state/")) {
                assertEquals(1, times.size(), "a state version is fetched from the hub once: " + e);
                versions++;
            } else {
                double span = times.get(times.size() - 1) - times.get(0);
                assertTrue(times.size() <= span + 2, e.getKey() + ": " + times.size() + " requests to the hub in " + span + " s");
            }
        }
        assertTrue(versions >= 3, "viewers joined at several versions: " + upstream.keySet());
        long toHub = upstream.values().stream().mapToLong(List::size).sum();
        System.out.printf("CdnFeedsIT: the hub answered %d of them (%d URLs, %d state versions)%n", toHub, upstream.size(), versions);

        // The CDN serves what the hub serves once its second has passed (the request after that fetches it anew behind
        // the stale copy it is answered with: proxy_cache_use_stale updating).
        for (String path : fixed) {
            String fresh = get(origin + path).body();
            Await.until(path + " at the CDN is the hub's", WAIT, () -> body(cdn + path).equals(fresh));
        }
        HttpResponse<String> kifu = get(origin + "/event/b2.kifu");
        assertEquals("public, max-age=1", kifu.headers().firstValue("Cache-Control").orElse(""));
        JsonNode index = JSON.readTree(get(origin + "/event/index.json").body());
        String version = index.get("boards").get(1).get("version").asText();
        HttpResponse<String> pinned = get(origin + "/event/b2.kifu?v=" + version);
        assertEquals(kifu.body(), pinned.body());
        assertEquals("public, max-age=31536000, immutable", pinned.headers().firstValue("Cache-Control").orElse(""));
        HttpResponse<String> old = get(origin + "/event/b2.kifu?v=0123");
        assertEquals(302, old.statusCode());
        assertEquals("/event/b2.kifu?v=" + version, old.headers().firstValue("Location").orElse(""));
    }

    private String body(String url) {
        try {
            return get(url).body();
        } catch (Exception e) {
            return "";
        }
    }

    private void awaitIndexState(String cdn) throws Exception {
        Await.until("the index names a public state", WAIT, () -> {
            try {
                return JSON.readTree(body(cdn + "/event/index.json")).path("boards").path(0).has("state");
            } catch (java.io.IOException e) {
                return false;
            }
        });
    }

    private static void sim(Subscriber board, String usi) throws Exception {
        String id = "m" + System.nanoTime();
        board.command("sim", "{\"action\":\"play\",\"usi\":\"" + usi + "\",\"id\":\"" + id + "\"}");
        assertTrue(board.await("cmd/sim/result", j -> j.path("id").asText().equals(id), WAIT).json().get("ok").asBoolean());
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Debian's nginx as a CDN's edge: a caching reverse proxy that keeps what the origin says it may. */
    private static final class Nginx implements AutoCloseable {
        final int port;
        private final Path dir;
        private final Process process;

        Nginx(Path dir, int hubPort) throws Exception {
            this.dir = Files.createDirectories(dir);
            Files.createDirectories(dir.resolve("cache"));
            Files.createDirectories(dir.resolve("temp"));
            port = Ports.free();
            String root = System.getProperty("user.name").equals("root") ? "user root;\n" : "";
            String conf = root + "worker_processes 1;\ndaemon off;\npid " + dir.resolve("nginx.pid") + ";\n"
                    + "error_log " + dir.resolve("error.log") + " warn;\nevents { worker_connections 1024; }\n"
                    + "http {\n"
                    + "  log_format upstream '$msec $upstream_cache_status $upstream_status $request_uri';\n"
                    + "  access_log " + dir.resolve("access.log") + " upstream;\n"
                    + "  log_subrequest on;\n" // the background updates are subrequests: each is a request to the hub
                    + "  client_body_temp_path " + dir.resolve("temp") + ";\n  proxy_temp_path " + dir.resolve("temp") + ";\n"
                    + "  fastcgi_temp_path " + dir.resolve("temp") + ";\n  uwsgi_temp_path " + dir.resolve("temp") + ";\n"
                    + "  scgi_temp_path " + dir.resolve("temp") + ";\n"
                    + "  proxy_cache_path " + dir.resolve("cache") + " levels=1:2 keys_zone=feeds:10m max_size=100m inactive=10m;\n"
                    + "  server {\n    listen 127.0.0.1:" + port + ";\n"
                    + "    location / {\n      proxy_pass http://127.0.0.1:" + hubPort + ";\n"
                    + "      proxy_cache feeds;\n      proxy_cache_lock on;\n      proxy_cache_use_stale updating;\n"
                    + "      proxy_cache_background_update on;\n      proxy_cache_revalidate on;\n"
                    + "      add_header X-Cache $upstream_cache_status;\n    }\n  }\n}\n";
            Path file = dir.resolve("nginx.conf");
            Files.writeString(file, conf);
            process = new ProcessBuilder(NGINX.toString(), "-p", dir.toString(), "-c", file.toString()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("nginx.out").toFile()).start();
            Await.listening(process, port, java.time.Duration.ofSeconds(60));
        }

        private String log() {
            try {
                return Files.readString(dir.resolve("nginx.out")) + Files.readString(dir.resolve("error.log"));
            } catch (java.io.IOException e) {
                return e.toString();
            }
        }

        private static List<String> lines(Path file) {
            try {
                return Files.readAllLines(file);
            } catch (java.io.IOException e) {
                return List.of();
            }
        }

        /** Per URL, the times (s) at which nginx asked the hub; {@code atLeast} requests were made through it. */
        Map<String, List<Double>> upstreamRequests(int atLeast) throws Exception {
            // nginx logs each request as it ends, perhaps a moment after its answer: wait for the polls' lines
            Path log = dir.resolve("access.log");
            Await.until(atLeast + " requests in nginx's log", Duration.ofSeconds(60), () -> lines(log).size() >= atLeast);
            Map<String, List<Double>> byUrl = new HashMap<>();
            for (String line : lines(log)) {
                String[] f = line.split(" ");
                if (f.length == 4 && !f[2].equals("-")) {
                    byUrl.computeIfAbsent(f[3], k -> new ArrayList<>()).add(Double.parseDouble(f[0]));
                }
            }
            byUrl.values().forEach(l -> l.sort(Double::compare));
            return byUrl;
        }

        @Override
        public void close() throws Exception {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
