package org.shogibridge.device.online;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.LongSupplier;

/**
 * lishogi's Board API, the calls a board makes (routes of lishogi's {@code conf/routes}: {@code /api/account},
 * {@code /api/stream/event}, {@code /api/board/game/stream/:id}, {@code /api/board/game/:id/move/:usi},
 * {@code /api/board/seek}, {@code /api/board/game/:id/<resign|abort|draw/yes|takeback/yes|chat>} and the challenge
 * routes), on the JDK's HTTP client. The token goes in the {@code Authorization} header and nowhere else: never in a
 * URL, a log line or an error. A 429 is honoured: no call is made until the wait it asks for (Retry-After, else a
 * minute, as lishogi asks of API clients) has passed.
 */
public final class LishogiApi {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long to wait after a 429 that gives no Retry-After. */
    static final long DEFAULT_RATE_LIMIT_MILLIS = 60_000;

    /** An answer: the HTTP status and the JSON body (an empty object when there is none). */
    public record Reply(int status, JsonNode body) {
        public boolean ok() {
            return status / 100 == 2;
        }

        /** lishogi's words for a refusal ({@code {"error":"..."}}), or the status. */
        public String error() {
            JsonNode error = body.get("error");
            return error != null ? error.asText() : "HTTP " + status;
        }
    }

    /** Waits, so that tests can run the rate limit on virtual time. */
    public interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    private final URI base;
    private final String token;
    private final HttpClient http;
    private final LongSupplier clock;
    private final Sleeper sleeper;
    private volatile long notBefore;

    public LishogiApi(URI base, String token) {
        this(base, token, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build(), System::currentTimeMillis,
                Thread::sleep);
    }

    LishogiApi(URI base, String token, HttpClient http, LongSupplier clock, Sleeper sleeper) {
        this.base = base;
        this.token = token;
        this.http = http;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    public URI base() {
        return base;
    }

    /** {@code GET /api/account}: who the token plays as ({@code id}, {@code username}). */
    public Reply account() throws IOException, InterruptedException {
        return send(request("/api/account").GET());
    }

    /** {@code GET /api/stream/event}: gameStart, gameFinish, challenge... one line each, until closed. */
    public NdjsonReader events() throws IOException, InterruptedException {
        return stream("/api/stream/event");
    }

    /** {@code GET /api/board/game/stream/:id}: gameFull first, then gameState, chatLine... */
    public NdjsonReader game(String gameId) throws IOException, InterruptedException {
        return stream("/api/board/game/stream/" + segment(gameId));
    }

    /** {@code POST /api/board/game/:id/move/:usi}; a 400 is the server refusing the move. */
    public Reply move(String gameId, String usi) throws IOException, InterruptedException {
        return post("/api/board/game/" + segment(gameId) + "/move/" + segment(usi), Map.of());
    }

    /** {@code POST /api/board/game/:id/<command>}: resign, abort, draw/yes, draw/no, takeback/yes, takeback/no. */
    public Reply command(String gameId, String command) throws IOException, InterruptedException {
        return post("/api/board/game/" + segment(gameId) + "/" + command, Map.of());
    }

    /** {@code POST /api/board/game/:id/chat}. */
    public Reply chat(String gameId, String room, String text) throws IOException, InterruptedException {
        return post("/api/board/game/" + segment(gameId) + "/chat", Map.of("room", room, "text", text));
    }

    /**
     * {@code POST /api/board/seek}: a seek in the lobby with these form fields (time, byoyomi, increment, rated,
     * variant). The site keeps a real-time seek while its request stays open, as lichess's Board API does: the answer
     * comes back at once with the status, and the seek lasts until {@link Seek#close()} (or until a game starts).
     */
    public Seek seek(Map<String, String> fields) throws IOException, InterruptedException {
        awaitRateLimit();
        HttpRequest request = request("/api/board/seek").timeout(Duration.ofDays(1))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form(fields)))
                .build();
        HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        noteRateLimit(response);
        if (response.statusCode() / 100 != 2) {
            return new Seek(refusal(response), null);
        }
        return new Seek(new Reply(response.statusCode(), JSON.createObjectNode()), response.body());
    }

    /** A seek posted: the site's answer, and the open request that keeps it (closed to withdraw it). */
    public record Seek(Reply reply, InputStream held) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            if (held != null) {
                held.close();
            }
        }
    }

    /** {@code POST /api/challenge/:id/accept}. */
    public Reply accept(String challengeId) throws IOException, InterruptedException {
        return post("/api/challenge/" + segment(challengeId) + "/accept", Map.of());
    }

    /** {@code POST /api/challenge/:id/decline} with a reason lishogi knows ({@code variant}, {@code timeControl}, ...). */
    public Reply decline(String challengeId, String reason) throws IOException, InterruptedException {
        return post("/api/challenge/" + segment(challengeId) + "/decline", Map.of("reason", reason));
    }

    // ---------------------------------------------------------------- HTTP

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + token)
                .header("Accept", "application/json").timeout(Duration.ofSeconds(30));
    }

    private Reply post(String path, Map<String, String> form) throws IOException, InterruptedException {
        return send(request(path).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(form))));
    }

    private static String form(Map<String, String> fields) {
        StringJoiner body = new StringJoiner("&");
        new java.util.TreeMap<>(fields).forEach((k, v) -> body.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return body.toString();
    }

    private Reply send(HttpRequest.Builder request) throws IOException, InterruptedException {
        awaitRateLimit();
        HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        noteRateLimit(response);
        return reply(response.statusCode(), response.body());
    }

    /** An answer from its status and body: the body's JSON, or lishogi's words for one that is not JSON. */
    private static Reply reply(int status, byte[] body) {
        JsonNode json;
        try {
            json = body.length == 0 ? JSON.createObjectNode() : JSON.readTree(body);
        } catch (IOException e) {
            json = JSON.createObjectNode().put("error", "HTTP " + status + " with a body that is not JSON");
        }
        return new Reply(status, json == null ? JSON.createObjectNode() : json);
    }

    /** The answer of a held request the site refused: its first bytes read, the request closed. */
    private static Reply refusal(HttpResponse<InputStream> response) throws IOException {
        try (InputStream body = response.body()) {
            return reply(response.statusCode(), body.readNBytes(4096));
        }
    }

    private NdjsonReader stream(String path) throws IOException, InterruptedException {
        awaitRateLimit();
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + token)
                .header("Accept", "application/x-ndjson").build(); // no timeout: a stream lasts the game
        HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        noteRateLimit(response);
        if (response.statusCode() != 200) {
            throw new StreamRefused(response.statusCode(), refusal(response).error());
        }
        return new NdjsonReader(new BufferedInputStream(response.body()), "lishogi " + path.replaceAll("/[^/]+$", "/…"));
    }

    /** A stream the server would not open: its status and its words. */
    public static final class StreamRefused extends IOException {
        private static final long serialVersionUID = 1L;
        private final int status;

        StreamRefused(int status, String said) {
            super(said);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    private void awaitRateLimit() throws InterruptedException {
        long wait = notBefore - clock.getAsLong();
        if (wait > 0) {
            sleeper.sleep(wait);
        }
    }

    private void noteRateLimit(HttpResponse<?> response) {
        if (response.statusCode() == 429) {
            long wait = response.headers().firstValue("Retry-After").map(v -> {
                try {
                    return Long.parseLong(v.strip()) * 1000;
                } catch (NumberFormatException e) {
                    return DEFAULT_RATE_LIMIT_MILLIS;
                }
            }).orElse(DEFAULT_RATE_LIMIT_MILLIS);
            notBefore = clock.getAsLong() + wait;
        }
    }

    private static String segment(String text) {
        if (!text.matches("[A-Za-z0-9*+_-]{1,40}")) {
            throw new IllegalArgumentException("Bad id. '" + text + "' cannot be part of a lishogi URL.");
        }
        return text;
    }
}
