package org.shogibridge.device.online;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/**
 * A contract test server for lishogi's Board API: a real HTTP server on loopback that answers the routes of lishogi's
 * {@code conf/routes} with the JSON shapes of its {@code BotJsonView}, and streams NDJSON as lishogi does (chunked,
 * a keep-alive blank line every second, lines sometimes split across chunks). One game at a time; the test plays
 * the opponent, drops streams, and asks for a 429.
 */
final class FakeLishogi implements AutoCloseable {
    static final String TOKEN = "lip_board_token";
    static final String ACCOUNT = "hanako";
    static final String NO_SCOPE_TOKEN = "lip_read_only_token";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    /** Every move the board posted, in order, accepted or not: "usi" or "usi (refused)". */
    final List<String> posted = new CopyOnWriteArrayList<>();
    /** Every command posted (resign, draw/yes...). */
    final List<String> commands = new CopyOnWriteArrayList<>();
    /** Every seek posted (its form), and how many were withdrawn by the client. */
    final List<String> seeks = new CopyOnWriteArrayList<>();
    final java.util.concurrent.atomic.AtomicInteger withdrawn = new java.util.concurrent.atomic.AtomicInteger();
    /** Keep-alive lines sent on the streams. */
    private final java.util.concurrent.atomic.AtomicInteger keepAlives = new java.util.concurrent.atomic.AtomicInteger();
    private final List<BlockingQueue<String>> eventStreams = new CopyOnWriteArrayList<>();
    private final List<BlockingQueue<String>> gameStreams = new CopyOnWriteArrayList<>();
    private final List<String> moves = new ArrayList<>();
    private String gameId = "abcd1234";
    private Side accountSide = Side.BLACK;
    private String status = "started";
    private String winner;
    private volatile int rateLimitSeconds = -1;
    private volatile boolean refuseNextMove;
    /** Challenges answered: "id accept" or "id decline reason=...". */
    final List<String> challenges = new CopyOnWriteArrayList<>();
    private long senteMillis = 600_000;
    private long goteMillis = 600_000;

    FakeLishogi() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The next move posted is refused (400), as the site refuses a move it finds late or wrong. */
    void refuseNextMove() {
        refuseNextMove = true;
    }

    /** The clocks the next states give. */
    synchronized void clocks(long sente, long gote) {
        senteMillis = sente;
        goteMillis = gote;
    }

    /** Someone challenges the account to a game of this variant (on the event streams). */
    void challenge(String id, String variant) {
        push(eventStreams, "{\"type\":\"challenge\",\"challenge\":{\"id\":\"" + id + "\",\"status\":\"created\","
                + "\"challenger\":{\"id\":\"taro\",\"name\":\"Taro\"},\"variant\":{\"key\":\"" + variant + "\"}}}");
    }

    /** The next request is answered 429 with this Retry-After. */
    void rateLimitNext(int seconds) {
        rateLimitSeconds = seconds;
    }

    /** A new game, the account playing {@code side}; announced on the event streams. */
    synchronized void startGame(String id, Side side) {
        gameId = id;
        accountSide = side;
        moves.clear();
        status = "started";
        winner = null;
        push(eventStreams, JSON.createObjectNode().put("type", "gameStart").set("game", JSON.createObjectNode().put("id", id)).toString());
    }

    /** The opponent plays a move (it must be legal and the opponent's turn). */
    synchronized void opponentPlays(String usi) {
        if (toMove() == accountSide) {
            throw new IllegalStateException("not the opponent's turn");
        }
        play(usi);
    }

    /**
     * The opponent moves and the game ends in the same {@code gameState}, as when a flag falls right after the
     * opponent's move (or a stream comes back after the end): the board has not shown the move yet.
     */
    synchronized void opponentPlaysAndEnds(String usi, String status, String winner) {
        if (toMove() == accountSide) {
            throw new IllegalStateException("not the opponent's turn");
        }
        this.status = status;
        this.winner = winner;
        play(usi);
    }

    /** The game ends, as the server says it (status, winner). */
    synchronized void end(String status, String winner) {
        this.status = status;
        this.winner = winner;
        push(gameStreams, gameState().toString());
    }

    /** Close every open game stream, as a dropped connection does; the client must come back. */
    void dropGameStreams() {
        for (BlockingQueue<String> q : gameStreams) {
            q.add("\u0000close");
        }
    }

    synchronized List<String> moves() {
        return List.copyOf(moves);
    }

    private Side toMove() {
        return moves.size() % 2 == 0 ? Side.BLACK : Side.WHITE;
    }

    private void play(String usi) {
        Position p = Position.start(Variant.STANDARD);
        for (String m : moves) {
            p.doMove(Usi.parseLegalMove(p, m));
        }
        Usi.parseLegalMove(p, usi); // throws if illegal
        moves.add(usi);
        push(gameStreams, gameState().toString());
    }

    private ObjectNode gameState() {
        ObjectNode s = JSON.createObjectNode().put("type", "gameState").put("moves", String.join(" ", moves))
                .put("btime", senteMillis).put("wtime", goteMillis).put("binc", 0).put("winc", 0).put("byo", 10_000)
                .put("sdraw", false).put("gdraw", false).put("status", status);
        if (winner != null) {
            s.put("winner", winner);
        }
        return s;
    }

    private synchronized ObjectNode gameFull() {
        ObjectNode full = JSON.createObjectNode().put("type", "gameFull").put("id", gameId);
        full.putObject("variant").put("key", "standard").put("name", "Standard");
        full.putObject("clock").put("initial", 600_000).put("increment", 0).put("byoyomi", 10_000).put("periods", 1);
        full.put("speed", "rapid").put("rated", false).put("createdAt", 1_795_000_000_000L);
        ObjectNode us = JSON.createObjectNode().put("id", ACCOUNT).put("name", "Hanako").put("rating", 1500);
        ObjectNode them = JSON.createObjectNode().put("id", "taro").put("name", "Taro").put("title", "BOT").put("rating", 1720);
        full.set("sente", accountSide == Side.BLACK ? us : them);
        full.set("gote", accountSide == Side.BLACK ? them : us);
        full.put("initialFen", "startpos");
        full.set("state", gameState());
        return full;
    }

    private static void push(List<BlockingQueue<String>> streams, String line) {
        for (BlockingQueue<String> q : streams) {
            q.add(line);
        }
    }

    // ---------------------------------------------------------------- HTTP

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (rateLimitSeconds >= 0) {
                exchange.getResponseHeaders().set("Retry-After", Integer.toString(rateLimitSeconds));
                rateLimitSeconds = -1;
                reply(exchange, 429, "{\"error\":\"Too many requests. Try again later.\"}");
                return;
            }
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            String path = exchange.getRequestURI().getPath();
            if (("Bearer " + NO_SCOPE_TOKEN).equals(auth)) { // a token made without board:play: the account only
                if (path.equals("/api/account")) {
                    reply(exchange, 200, "{\"id\":\"" + ACCOUNT + "\",\"username\":\"Hanako\"}");
                } else {
                    reply(exchange, 403, "{\"error\":\"Missing scope: board:play\"}");
                }
                return;
            }
            if (!("Bearer " + TOKEN).equals(auth)) {
                reply(exchange, 401, "{\"error\":\"No such token\"}");
                return;
            }
            String method = exchange.getRequestMethod();
            if (method.equals("GET") && path.equals("/api/account")) {
                reply(exchange, 200, "{\"id\":\"" + ACCOUNT + "\",\"username\":\"Hanako\"}");
            } else if (method.equals("GET") && path.equals("/api/stream/event")) {
                stream(exchange, eventStreams, null);
            } else if (method.equals("GET") && path.equals("/api/board/game/stream/" + gameId)) {
                stream(exchange, gameStreams, gameFull().toString());
            } else if (method.equals("POST") && path.startsWith("/api/board/game/" + gameId + "/move/")) {
                move(exchange, path.substring(path.lastIndexOf('/') + 1));
            } else if (method.equals("POST") && path.matches("/api/challenge/\\w+/(accept|decline)")) {
                String[] parts = path.split("/");
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                challenges.add(parts[3] + " " + parts[4] + (body.isEmpty() ? "" : " " + body));
                reply(exchange, 200, "{\"ok\":true}");
            } else if (method.equals("POST") && path.equals("/api/board/seek")) {
                seek(exchange);
            } else if (method.equals("POST") && path.startsWith("/api/board/game/" + gameId + "/")) {
                String command = path.substring(("/api/board/game/" + gameId + "/").length());
                commands.add(command);
                reply(exchange, 200, "{\"ok\":true}");
                if (command.equals("resign")) {
                    end("resign", accountSide == Side.BLACK ? "gote" : "sente");
                }
            } else {
                reply(exchange, 404, "{\"error\":\"Not found\"}");
            }
        }
    }

    private void move(HttpExchange exchange, String usi) throws IOException {
        synchronized (this) {
            boolean ours = toMove() == accountSide && status.equals("started");
            try {
                if (refuseNextMove) {
                    refuseNextMove = false;
                    throw new IllegalArgumentException("Not your turn, or game already over");
                }
                if (!ours) {
                    throw new IllegalArgumentException("Not your turn, or game already over");
                }
                play(usi);
                posted.add(usi);
            } catch (IllegalArgumentException e) {
                posted.add(usi + " (refused)");
                reply(exchange, 400, "{\"error\":\"" + (ours ? "Invalid move" : e.getMessage()) + "\"}");
                return;
            }
        }
        reply(exchange, 200, "{\"ok\":true}");
    }

    /** A seek, held open as lishogi holds a real-time one, until the client withdraws it or a game starts. */
    private void seek(HttpExchange exchange) throws IOException {
        seeks.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        try {
            while (true) {
                Thread.sleep(500);
                out.write('\n');
                out.flush();
            }
        } catch (InterruptedException | IOException e) {
            withdrawn.incrementAndGet(); // the client closed it
        }
    }

    /** Return how many keep-alive lines the streams have sent. */
    int keepAlivesSent() {
        return keepAlives.get();
    }

    /** An NDJSON stream: the first line, then each pushed line, a blank keep-alive each second, split lines now and then. */
    private void stream(HttpExchange exchange, List<BlockingQueue<String>> streams, String first) throws IOException {
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        exchange.getResponseHeaders().set("Content-Type", "application/x-ndjson");
        exchange.sendResponseHeaders(200, 0); // chunked
        OutputStream out = exchange.getResponseBody();
        streams.add(queue);
        try {
            if (first != null) {
                writeSplit(out, first);
            }
            while (true) {
                String line = queue.poll(1, TimeUnit.SECONDS);
                if (line == null) {
                    out.write('\n'); // keep-alive
                    out.flush();
                    keepAlives.incrementAndGet();
                } else if (line.equals("\u0000close")) {
                    return;
                } else {
                    writeSplit(out, line);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client went away
        } finally {
            streams.remove(queue);
        }
    }

    /** A line in two chunks with a pause between, as a slow network delivers it. */
    private static void writeSplit(OutputStream out, String line) throws IOException, InterruptedException {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        int half = bytes.length / 2;
        out.write(bytes, 0, half);
        out.flush();
        Thread.sleep(20);
        out.write(bytes, half, bytes.length - half);
        out.flush();
    }

    private static void reply(HttpExchange exchange, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
