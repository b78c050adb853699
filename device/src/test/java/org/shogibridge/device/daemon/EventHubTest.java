package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
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
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.hub.Hub;
import org.shogibridge.device.hub.HubSettings;

/**
 * Issue 44, done when: three daemons on the simulated board and a hub on one real Mosquitto, real records played
 * through {@code cmd/sim}, a move taken back; the round index, each board's KIF read back, the event's games in one
 * KIF, 304 on an unchanged poll, and the delayed public feed seen through a second Mosquitto bridged from the first.
 */
class EventHubTest {
    private static final Duration WAIT = LocalDaemon.WAIT;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] BOARDS = {"b1", "b2", "b3"};
    private static final String[] RECORDS = {"jt201409130101.kif", "ai-an-vs-kifuwarabe-20210503.kifu", "v22.csa"};
    private static final int[] PLIES = {9, 8, 6};
    private static final int DELAY_MOVES = 2;
    private static final int DELAY_SECONDS = 1;

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void threeBoardsReachTheIndexTheFeedsAndTheDelayedPublicFeedThroughABridge() throws Exception {
        try (Mosquitto cloud = new Mosquitto(Files.createDirectories(dir.resolve("cloud")))) {
            int clubPort = Ports.free();
            String bridge = "listener " + clubPort + " 127.0.0.1\nallow_anonymous true\npersistence false\n"
                    + "connection cloud\naddress 127.0.0.1:" + cloud.port() + "\ntopic shogi/v1/public/# out 1\n";
            try (Mosquitto club = new Mosquitto(Files.createDirectories(dir.resolve("club")), clubPort, bridge)) {
                play(club, cloud);
            }
        }
    }

    private void play(Mosquitto club, Mosquitto cloud) throws Exception {
        List<List<String>> moves = new ArrayList<>();
        List<GameRecord> records = new ArrayList<>();
        for (String name : RECORDS) {
            GameRecord record = RecordFormat.read(name, getClass().getResourceAsStream("/records/" + name).readAllBytes());
            records.add(record);
            List<String> line = new ArrayList<>(usi(record));
            while (line.size() < 9) { // a record shorter than the test's game (v22.csa has two moves) goes on legally
                line.add(anotherMove(record, line, ""));
            }
            moves.add(line);
        }
        HubSettings settings = HubSettings.of(null, Map.of("broker", club.url(), "event", "club", "http-port", Ports.free(),
                "http-host", "127.0.0.1", "data-dir", dir.resolve("hub").toString(), "delay-moves", DELAY_MOVES,
                "delay-seconds", DELAY_SECONDS, "title", "クラブ例会"));
        List<AutoCloseable> open = new ArrayList<>();
        try (Hub hub = new Hub(settings);
                Subscriber room = new Subscriber(club.url(), "shogi/v1/club");
                Subscriber outside = new Subscriber(cloud.url(), "shogi/v1/public/club")) {
            hub.start();
            assertTrue(hub.awaitConnected(WAIT.toMillis()));
            Map<String, Subscriber> boards = new HashMap<>();
            for (int i = 0; i < BOARDS.length; i++) {
                Map<String, Object> keys = new HashMap<>(Map.of("data-dir", dir.resolve(BOARDS[i]).toString(), "event", "club",
                        "board-id", BOARDS[i], "broker.url", club.url(), "http.port", Ports.free(),
                        "players.sente", Map.of("type", "human", "name", records.get(i).headers().getOrDefault(GameRecord.BLACK, "先手")),
                        "players.gote", Map.of("type", "human", "name", records.get(i).headers().getOrDefault(GameRecord.WHITE, "後手"))));
                if (i == 2) {
                    keys.put("round", 2); // the board's own round, from its configuration
                    keys.put("players.sente", Map.of("type", "human")); // no names: the pairing's will stand
                    keys.put("players.gote", Map.of("type", "human"));
                }
                Daemon daemon = new Daemon(new ConfigLoader().load(null, keys));
                open.add(daemon);
                daemon.start();
                Subscriber board = Subscriber.toListeningDaemon(club.url(), "shogi/v1/club/" + BOARDS[i], null, null, WAIT);
                open.add(board);
                boards.put(BOARDS[i], board);
            }
            for (int ply = 0; ply < 9; ply++) { // the boards take turns, as in a room
                for (int i = 0; i < BOARDS.length; i++) {
                    if (ply < PLIES[i]) {
                        sim(boards.get(BOARDS[i]), moves.get(i).get(ply), BOARDS[i] + "-" + ply);
                    }
                }
            }
            Subscriber b2 = boards.get("b2");
            b2.command("takeback", "{\"id\":\"back\"}");
            assertTrue(b2.await("cmd/takeback/result", j -> j.path("id").asText().equals("back"), WAIT).json().get("ok").asBoolean());
            // another eighth move, and two more so that the delay shows it: the main line is rewritten, not branched
            List<String> b2Line = new ArrayList<>(moves.get(1).subList(0, PLIES[1] - 1));
            for (int extra = 0; extra < 3; extra++) {
                String next = anotherMove(records.get(1), b2Line, extra == 0 ? moves.get(1).get(PLIES[1] - 1) : "");
                sim(b2, next, "b2-other-" + extra);
                b2Line.add(next);
            }
            Subscriber b1 = boards.get("b1");
            b1.command("resign", "{\"side\":\"white\",\"id\":\"r\"}");
            assertTrue(b1.await("cmd/resign/result", j -> j.path("id").asText().equals("r"), WAIT).json().get("ok").asBoolean());
            room.await("b1/state", j -> j.path("result").isObject(), WAIT);
            // Everything shown that the delay allows, once its seconds have passed: b1 is over (all of it), the others
            // held back by the delay's moves.
            String base = "http://127.0.0.1:" + hub.httpPort() + "/event/";
            int[] shown = {PLIES[0], PLIES[1] + 2 - DELAY_MOVES, PLIES[2] - DELAY_MOVES};
            JsonNode index = awaitJson(base + "index.json", j -> j.path("boards").size() == 3
                    && j.get("boards").get(0).path("result").asText().equals("1-0")
                    && java.util.stream.IntStream.range(0, 3).allMatch(i -> j.get("boards").get(i).path("moves").asInt() == shown[i]));
            assertEquals("club", index.get("event").asText());
            assertEquals("クラブ例会", index.get("title").asText());
            JsonNode list = index.get("boards");
            assertEquals(3, list.size(), index.toString());
            List<List<String>> lines = List.of(moves.get(0), b2Line, moves.get(2));
            for (int i = 0; i < 3; i++) {
                JsonNode entry = list.get(i);
                assertEquals(BOARDS[i], entry.get("board").asText());
                assertEquals(i + 1, entry.get("number").asInt());
                assertEquals(i == 2 ? 2 : 1, entry.get("round").asInt(), "the hub's round, or the board's own");
                assertEquals(i == 2 ? "先手" : records.get(i).headers().getOrDefault(GameRecord.BLACK, "先手"),
                        entry.get("sente").get("name").asText());
                assertEquals(i == 0 ? "1-0" : "*", entry.get("result").asText());
                assertEquals(shown[i], entry.get("moves").asInt(), entry.toString());
                assertEquals("online", entry.get("status").asText());
                assertEquals("/event/" + BOARDS[i] + ".kifu", entry.get("kif").asText());

                HttpResponse<byte[]> kifu = get(base + BOARDS[i] + ".kifu");
                GameRecord back = RecordFormat.read(BOARDS[i] + ".kifu", kifu.body());
                List<String> expected = lines.get(i).subList(0, shown[i]);
                assertEquals(expected, usi(back), "board " + BOARDS[i] + "'s KIF, as the delay shows it");
                assertEquals(i == 0 ? Ending.RESIGNATION : null, back.mainLine().ending());
                assertEquals("クラブ例会", back.headers().get("棋戦"));
                assertEquals(i == 2 ? "2" : "1", back.headers().get("回戦"));
                assertTrue(back.mainLine().moves().stream().allMatch(m -> m.elapsedMillis() >= 0), "per-move times");
                assertEquals(usi(back), usi(RecordFormat.read("x.kif", get(base + BOARDS[i] + ".kif").body())), "Shift_JIS KIF");
                assertEquals(usi(back), usi(RecordFormat.read("x.csa", get(base + BOARDS[i] + ".csa").body())));
                assertEquals(usi(back), usi(RecordFormat.read("x.jkf", get(base + BOARDS[i] + ".jkf").body())));
            }
            List<GameRecord> all = RecordFormat.readAll("all.kifu", get(base + "all.kifu").body());
            assertEquals(3, all.size(), "one game per board");
            assertEquals(moves.get(0).subList(0, PLIES[0]), usi(all.get(0)), "the finished game first");
            ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(get(base + "games.zip").body()));
            int files = 0;
            while (zip.getNextEntry() != null) {
                files++;
            }
            assertEquals(3, files);

            // The arbiter names b3's players for its round; the index and the KIF follow
            try (Subscriber arbiter = new Subscriber(club.url(), "shogi/v1/club/_hub")) {
                arbiter.command("pairing", "{\"round\":2,\"board\":\"b3\",\"sente\":\"先手さん\",\"gote\":\"後手さん\",\"id\":\"p\"}");
                assertTrue(arbiter.await("cmd/pairing/result", j -> j.path("id").asText().equals("p"), WAIT).json().get("ok").asBoolean());
            }
            JsonNode renamed = JSON.readTree(get(base + "index.json").body()).get("boards").get(2);
            assertEquals("先手さん", renamed.get("sente").get("name").asText(), "the pairing names a board that has no names");
            assertEquals("後手さん", RecordFormat.read("b3.kifu", get(base + "b3.kifu").body()).headers().get(GameRecord.WHITE));
            assertEquals(records.get(0).headers().get(GameRecord.BLACK),
                    JSON.readTree(get(base + "index.json").body()).get("boards").get(0).get("sente").get("name").asText(),
                    "a board's own names stand");

            // A poller that has the index gets 304 until something changes
            HttpResponse<byte[]> first = get(base + "index.json");
            String etag = first.headers().firstValue("ETag").orElseThrow();
            assertTrue(first.headers().firstValue("Last-Modified").isPresent());
            assertEquals("*", first.headers().firstValue("Access-Control-Allow-Origin").orElse(""));
            HttpResponse<byte[]> again = http.send(HttpRequest.newBuilder(URI.create(base + "index.json")).header("If-None-Match", etag).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(304, again.statusCode());
            assertEquals(0, again.body().length);

            // The public feed, through the bridge: never a position younger than the delay, no command topic
            JsonNode b3 = outside.await("b3/state", j -> j.path("moves").size() == PLIES[2] - DELAY_MOVES, WAIT).json();
            assertTrue(b3.path("result").isNull());
            outside.await("b1/state", j -> j.path("result").isObject(), WAIT);
            assertTrue(outside.on("b2/state").stream().allMatch(m -> m.json().path("moves").size() <= PLIES[1] + 2 - DELAY_MOVES));
            for (String board : BOARDS) {
                for (Subscriber.Message m : outside.on(board + "/state")) {
                    int plies = m.json().path("moves").size();
                    if (plies > 0) {
                        long firstSeen = room.on(board + "/state").stream().filter(s -> s.json().path("moves").size() >= plies)
                                .mapToLong(Subscriber.Message::receivedMillis).min().orElseThrow();
                        assertTrue(m.receivedMillis() - firstSeen >= DELAY_SECONDS * 1000L - 100,
                                board + " ply " + plies + " shown " + (m.receivedMillis() - firstSeen) + " ms after it was played");
                    }
                }
                boolean ended = room.on(board + "/state").stream().anyMatch(s -> s.json().path("result").isObject());
                for (Subscriber.Message m : outside.on(board + "/state")) {
                    if (!ended) {
                        assertTrue(m.json().path("result").isNull());
                    }
                }
            }
            assertTrue(outside.on("b1/moves").size() >= 1);
            // Every game ends; the archive finds each by a player's name
            for (String board : List.of("b2", "b3")) {
                boards.get(board).command("resign", "{\"id\":\"end\"}");
                assertTrue(boards.get(board).await("cmd/resign/result", j -> j.path("id").asText().equals("end"), WAIT).json()
                        .get("ok").asBoolean());
            }
            for (int i = 0; i < 3; i++) {
                String game = room.await(BOARDS[i] + "/state", j -> j.path("result").isObject(), WAIT).json().get("game").asText();
                String name = i == 2 ? "先手さん" : records.get(i).headers().getOrDefault(GameRecord.BLACK, "先手");
                String search = "http://127.0.0.1:" + hub.httpPort() + "/archive/search.json?player="
                        + java.net.URLEncoder.encode(name.substring(0, Math.min(3, name.length())), java.nio.charset.StandardCharsets.UTF_8);
                JsonNode found = awaitJson(search, j -> j.get("games").size() > 0);
                assertEquals(game, found.get("games").get(0).get("id").asText(), name);
                assertEquals("club", found.get("games").get(0).get("event").asText());
                assertEquals(BOARDS[i], found.get("games").get(0).get("board").asText());
                GameRecord archived = RecordFormat.read("a.kifu", get("http://127.0.0.1:" + hub.httpPort() + "/archive/game/" + game + ".kifu").body());
                assertEquals(Ending.RESIGNATION, archived.mainLine().ending());
            }
            // Each board reviews its game (two people) and sends the review: the archive serves it beside the game
            for (int i = 0; i < 3; i++) {
                String game = room.await(BOARDS[i] + "/state", j -> j.path("result").isObject(), WAIT).json().get("game").asText();
                JsonNode review = awaitServed("http://127.0.0.1:" + hub.httpPort() + "/archive/game/" + game + ".review.json");
                assertEquals(game, review.path("game").asText());
                assertEquals(room.await(BOARDS[i] + "/state", j -> j.path("result").isObject(), WAIT).json().get("moves").size(),
                        review.get("moves").size(), BOARDS[i]);
            }
            assertTrue(outside.topics().stream().allMatch(t -> t.matches("b[123]/(status|state|delta|moves|analysis)")),
                    "the public feed carries no command topic: " + outside.topics());
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) {
                open.get(i).close();
            }
        }
    }

    private static void sim(Subscriber board, String usi, String id) throws Exception {
        board.command("sim", "{\"action\":\"play\",\"usi\":\"" + usi + "\",\"id\":\"" + id + "\"}");
        JsonNode answer = board.await("cmd/sim/result", j -> j.path("id").asText().equals(id), WAIT).json();
        assertTrue(answer.get("ok").asBoolean(), answer.toString());
    }

    /** A legal move after these moves of the record's start other than {@code not} (a takeback's new move). */
    private static String anotherMove(GameRecord record, List<String> line, String not) {
        Position position = record.startPosition();
        for (String usi : line) {
            position.doMove(Usi.parseLegalMove(position, usi));
        }
        MoveList legal = new MoveList();
        MoveGenerator.generateLegal(position, legal);
        for (int i = 0; i < legal.size(); i++) {
            String usi = Usi.format(position.variant(), legal.get(i));
            if (!usi.equals(not)) {
                return usi;
            }
        }
        throw new AssertionError("no other legal move");
    }

    private static List<String> usi(GameRecord record) {
        String line = UsiRecord.write(record).strip();
        return line.contains(" moves ") ? List.of(line.replaceFirst("^.*? moves ", "").split(" ")) : List.of();
    }

    /** Poll a JSON URL until it satisfies the test (the hub keeps a game when it hears its end). */
    private JsonNode awaitJson(String url, java.util.function.Predicate<JsonNode> test) throws Exception {
        JsonNode[] last = new JsonNode[1];
        Await.within(WAIT, () -> test.test(last[0] = readJson(url))); // if not, the caller's assertion says what it lacks
        return last[0];
    }

    private JsonNode readJson(String url) {
        try {
            return JSON.readTree(get(url).body());
        } catch (Exception e) {
            throw new IllegalStateException(url + ": " + e, e);
        }
    }

    /** The JSON at a URL once it is served (404 until then), within the wait. */
    private JsonNode awaitServed(String url) throws Exception {
        byte[] body = Await.value(url + " served", WAIT, () -> {
            try {
                HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray());
                return response.statusCode() == 200 ? response.body() : null;
            } catch (java.io.IOException e) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        });
        return JSON.readTree(body);
    }

    private HttpResponse<byte[]> get(String url) throws Exception {
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, response.statusCode(), url);
        return response;
    }
}
