package org.shogibridge.device.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Side;

/** lishogi's Board API against the contract test server: a real HTTP server on loopback, streaming as lishogi does. */
class LishogiApiTest {
    private final List<Long> slept = new ArrayList<>();
    private long now = 1_000_000;

    private LishogiApi api(FakeLishogi site, String token) {
        return new LishogiApi(site.url(), token, HttpClient.newHttpClient(), () -> now, millis -> {
            slept.add(millis);
            now += millis;
        });
    }

    @Test
    void theAccountIsReadAndARefusedTokenIsTheServersOwnWords() throws Exception {
        try (FakeLishogi site = new FakeLishogi()) {
            LishogiApi.Reply me = api(site, FakeLishogi.TOKEN).account();
            assertTrue(me.ok());
            assertEquals("hanako", me.body().get("id").asText());
            LishogiApi.Reply refused = api(site, "wrong").account();
            assertEquals(401, refused.status());
            assertEquals("No such token", refused.error());
        }
    }

    @Test
    void aGameIsStartedOnTheEventStreamAndPlayedOnItsGameStream() throws Exception {
        try (FakeLishogi site = new FakeLishogi()) {
            LishogiApi api = api(site, FakeLishogi.TOKEN);
            try (NdjsonReader events = api.events()) {
                org.shogibridge.device.Await.until("a keep-alive line first", java.time.Duration.ofSeconds(60),
                        () -> site.keepAlivesSent() > 0);
                site.startGame("game0001", Side.WHITE);
                JsonNode start = events.next();
                assertEquals("gameStart", start.get("type").asText());
                assertEquals("game0001", start.get("game").get("id").asText());
            }
            try (NdjsonReader game = api.game("game0001")) {
                OnlineGame online = OnlineGame.of(game.next(), FakeLishogi.ACCOUNT, now);
                assertEquals(Side.WHITE, online.side());
                assertEquals("Taro", online.player(Side.BLACK).name());
                assertEquals(1720, online.player(Side.BLACK).rating());
                assertEquals(10_000, online.clockConfig().get("byoyomi").asLong());
                site.opponentPlays("7g7f");
                online.state(game.next(), now);
                assertEquals(new OnlineGame.Step.Show(List.of("7g7f")), online.next(List.of()));
                assertEquals(new OnlineGame.Step.Send(2, "3c3d"), online.next(List.of("7g7f", "3c3d")));
                assertTrue(api.move("game0001", "3c3d").ok());
                online.sent(2);
                assertEquals(new OnlineGame.Step.Wait(), online.next(List.of("7g7f", "3c3d")), "not sent twice");
                online.state(game.next(), now);
                assertEquals(List.of("7g7f", "3c3d"), online.moves());
                LishogiApi.Reply refused = api.move("game0001", "8c8d");
                assertEquals(400, refused.status());
                assertEquals("Not your turn, or game already over", refused.error());
                assertEquals(List.of("3c3d", "8c8d (refused)"), site.posted);
            }
        }
    }

    @Test
    void aDroppedGameStreamComesBackWithTheWholeGameAndNoMoveIsSentTwice() throws Exception {
        try (FakeLishogi site = new FakeLishogi()) {
            LishogiApi api = api(site, FakeLishogi.TOKEN);
            site.startGame("game0002", Side.BLACK);
            OnlineGame online;
            try (NdjsonReader game = api.game("game0002")) {
                online = OnlineGame.of(game.next(), FakeLishogi.ACCOUNT, now);
                assertEquals(new OnlineGame.Step.Send(1, "2g2f"), online.next(List.of("2g2f")));
                assertTrue(api.move("game0002", "2g2f").ok());
                online.sent(1);
                site.dropGameStreams();
                JsonNode line;
                while ((line = game.next()) != null) { // the state of our move may come before the end
                    online.state(line, now);
                }
            }
            site.opponentPlays("8c8d"); // while no stream is open
            try (NdjsonReader again = api.game("game0002")) {
                OnlineGame back = OnlineGame.of(again.next(), FakeLishogi.ACCOUNT, now);
                back.sent(1); // what the daemon remembers across the stream
                assertEquals(new OnlineGame.Step.Show(List.of("8c8d")), back.next(List.of("2g2f")));
                assertEquals(new OnlineGame.Step.Wait(), back.next(List.of("2g2f", "8c8d")));
            }
            assertEquals(List.of("2g2f"), site.posted, "the move reached the server once");
        }
    }

    @Test
    void a429IsHonouredWithTheWaitItAsksFor() throws Exception {
        try (FakeLishogi site = new FakeLishogi()) {
            LishogiApi api = api(site, FakeLishogi.TOKEN);
            site.rateLimitNext(7);
            assertEquals(429, api.account().status());
            assertEquals(List.of(), slept);
            assertTrue(api.account().ok());
            assertEquals(List.of(7_000L), slept, "no call before the wait has passed");
            site.rateLimitNext(-1);
            assertTrue(api.account().ok());
            assertEquals(1, slept.size());
            LishogiApi.StreamRefused refused = assertThrows(LishogiApi.StreamRefused.class, () -> api(site, "bad").events());
            assertEquals(401, refused.status());
            assertEquals("No such token", refused.getMessage());
        }
    }

    @Test
    void keepAlivesAreSkippedAndALineThatIsNotOneOfOursIsAnError() throws IOException {
        NdjsonReader reader = reader("\n\n{\"type\":\"gameState\"}\n\n{\"type\":\"chatLine\"}");
        assertEquals("gameState", reader.next().get("type").asText());
        assertEquals("chatLine", reader.next().get("type").asText());
        assertNull(reader.next());
        assertTrue(assertThrows(IOException.class, () -> reader("[1,2]\n").next()).getMessage().startsWith("Bad stream. test sent"));
        assertTrue(assertThrows(IOException.class, () -> reader("{oops\n").next()).getMessage().contains("not JSON"));
        String huge = "{\"x\":\"" + "a".repeat(NdjsonReader.MAX_LINE_BYTES) + "\"}\n";
        assertTrue(assertThrows(IOException.class, () -> reader(huge).next()).getMessage().contains("longer than"));
    }

    @Test
    void theServerDecidesWhatTheBoardDoes() {
        JsonNode full = json("{\"type\":\"gameFull\",\"id\":\"g\",\"variant\":{\"key\":\"standard\"},\"sente\":{\"id\":\"hanako\","
                + "\"name\":\"Hanako\"},\"gote\":{\"aiLevel\":3},\"initialFen\":\"startpos\",\"state\":{\"type\":\"gameState\","
                + "\"moves\":\"\",\"btime\":600000,\"wtime\":600000,\"byo\":10000,\"status\":\"started\"}}");
        OnlineGame game = OnlineGame.of(full, "Hanako", 0);
        assertEquals("lishogi AI level 3", game.player(Side.WHITE).name());
        assertEquals(new OnlineGame.Step.Wait(), game.next(List.of()), "our turn: the board waits for the player");
        assertEquals(new OnlineGame.Step.TakeBack(0), game.next(List.of("7g7f", "3c3d")), "two ahead: never ours");
        game.state(json("{\"moves\":\"7g7f 3c3d 2g2f\",\"btime\":590000,\"wtime\":595000,\"byo\":10000,\"status\":\"started\"}"), 1_000);
        assertEquals(new OnlineGame.Step.TakeBack(2), game.next(List.of("7g7f", "3c3d", "6g6f")), "a move the server has not");
        game.state(json("{\"moves\":\"7g7f\",\"status\":\"started\"}"), 2_000);
        assertEquals(new OnlineGame.Step.TakeBack(1), game.next(List.of("7g7f", "3c3d")), "a takeback the server accepted");
        assertEquals(585_000, new OnlineGame.Clocks(590_000, 595_000, 10_000, 0, 1_000).left(Side.BLACK, Side.BLACK, 6_000));
        assertEquals(595_000, new OnlineGame.Clocks(590_000, 595_000, 10_000, 0, 1_000).left(Side.WHITE, Side.BLACK, 6_000));
        game.state(json("{\"moves\":\"7g7f\",\"status\":\"resign\",\"winner\":\"sente\"}"), 3_000);
        assertTrue(game.over());
        assertEquals(Side.BLACK, game.winner());
        assertEquals(new OnlineGame.Step.TakeBack(1), game.next(List.of("7g7f", "3c3d")), "no move is sent once it is over");
        assertThrows(IllegalArgumentException.class, () -> OnlineGame.of(full, "someone-else", 0));
        assertFalse(OnlineGame.of(json(full.toString().replace("\"standard\"", "\"chushogi\"")), "hanako", 0).playable());
    }

    private static NdjsonReader reader(String text) {
        return new NdjsonReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "test");
    }

    private static JsonNode json(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
