package org.shogibridge.device.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.daemon.Daemon;
import org.shogibridge.device.mqtt.FreshSubscription;

/**
 * Issue 45: a whole game on lishogi played on the board. The real daemon on the simulated board, its hands playing
 * the person's moves and carrying out the opponent's from the LEDs; the contract server plays the opponent, drops the
 * game stream and answers a 429. The board's moves reach the server exactly once and in order, and the record
 * matches the server's moves.
 */
class OnlineDaemonTest {
    @TempDir
    Path dir;

    private Map<String, Object> config(FakeLishogi site, String token) throws IOException {
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, token + "\n");
        return new HashMap<>(Map.of("data-dir", dir.resolve("data").toString(), "board-id", "b1", "broker.mqtt-port", free(),
                "broker.ws-port", free(), "http.port", free(), "board.follow-leds", true, "online.service", "lishogi",
                "online.url", site.url().toString(), "online.token-file", tokenFile.toString()));
    }

    @Test
    void aGameOnLishogiIsPlayedOnTheBoardAcrossADroppedStreamAndA429() throws Exception {
        try (FakeLishogi site = new FakeLishogi()) {
            RunSettings settings = new ConfigLoader().load(null, config(site, FakeLishogi.TOKEN));
            AtomicReference<GameState> latest = new AtomicReference<>();
            try (Daemon daemon = new Daemon(settings)) {
                java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
                daemon.probe().observe(e -> {
                    seen.add(e.getClass().getSimpleName() + (e.stateOrNull() == null ? "" : " " + e.stateOrNull().moves() + " "
                            + e.stateOrNull().status().kind() + " " + e.stateOrNull().status().detail()));
                    if (e.stateOrNull() != null) {
                        latest.set(e.stateOrNull());
                    }
                });
                daemon.start();
                JsonNode seek = command(settings, "seek", "{\"id\":\"s\"}"); // a seek in the lobby, met by a game
                assertTrue(seek.get("ok").asBoolean(), seek.toString());
                assertEquals(List.of("byoyomi=30&increment=0&rated=false&time=10&variant=standard"), site.seeks);
                site.startGame("game0001", Side.BLACK);
                await(() -> site.withdrawn.get() == 1, "the seek's request was closed once the game began");
                await(() -> latest.get() != null && latest.get().white().kind() == Player.Kind.ONLINE, "the online game began");
                assertEquals("Taro", latest.get().white().name());
                assertEquals("Hanako", latest.get().black().name());
                // A move the site refuses becomes a correction: the board takes it back, and the player plays it again
                site.refuseNextMove();
                daemon.probe().simulatePlay("7g7f").get(30, TimeUnit.SECONDS);
                await(() -> site.posted.size() == 1 && latest.get().moves().isEmpty(), "the refused move was taken back");
                assertEquals(List.of("7g7f (refused)"), site.posted);
                site.posted.clear();
                site.clocks(543_210, 598_000); // the server's clocks are the board's
                String[] ours = {"7g7f", "2g2f", "6g6f"};
                String[] theirs = {"3c3d", "8c8d", "4c4d"};
                for (int i = 0; i < ours.length; i++) {
                    if (i == 2) {
                        site.rateLimitNext(1); // the move is answered 429 first, and sent again after the wait
                    }
                    daemon.probe().simulatePlay(ours[i]).get(30, TimeUnit.SECONDS);
                    int sent = 2 * i + 1;
                    await(() -> site.moves().size() == sent, "move " + sent + " reached the server; the board: " + String.join("\n", seen));
                    if (i == 1) {
                        site.dropGameStreams(); // the daemon reads the game again, from its whole state
                    }
                    site.opponentPlays(theirs[i]);
                    int shown = 2 * i + 2;
                    await(() -> latest.get().moves().size() == shown, "the opponent's move " + shown + " was carried out");
                }
                assertEquals(List.of("7g7f", "3c3d", "2g2f", "8c8d", "6g6f", "4c4d"), site.moves());
                long black = latest.get().clock().blackMillis();
                assertTrue(black <= 543_210 && black > 500_000, "sente's clock as the server gave it: " + black);
                // Challenges: a variant the board plays is accepted, another declined with the reason
                site.challenge("chal0001", "minishogi");
                site.challenge("chal0002", "chushogi");
                await(() -> site.challenges.size() == 2, "both challenges were answered");
                assertTrue(site.challenges.contains("chal0002 decline reason=variant"), site.challenges.toString());
                assertTrue(site.challenges.contains("chal0001 decline reason=later"), "one game at a time: " + site.challenges);
                assertEquals(List.of(ours), site.posted, "each move of the board reached the server once, in order");
                assertEquals(latest.get().moves(), site.moves());
                // The player resigns from the page: the command goes to the site, whose end the board records
                JsonNode resigned = command(settings, "resign", "{\"id\":\"r\"}");
                assertTrue(resigned.get("ok").asBoolean(), resigned.toString());
                assertEquals(List.of("resign"), site.commands);
                await(() -> latest.get().result() != null, "the server's end was recorded");
                assertEquals(Side.WHITE, latest.get().result().winner());
                site.challenge("chal0003", "standard"); // the game is over: a challenge the board can play is accepted
                await(() -> site.challenges.contains("chal0003 accept"), "the challenge was accepted: " + site.challenges);
            }
            Path games = dir.resolve("data").resolve("games");
            Path kifu;
            try (Stream<Path> files = Files.list(games)) {
                kifu = files.filter(p -> p.toString().endsWith(".kifu")).findFirst().orElseThrow();
            }
            GameRecord record = RecordFormat.read(kifu.getFileName().toString(), Files.readAllBytes(kifu));
            assertEquals(6, record.mainLine().moves().size());
            assertEquals(Ending.RESIGNATION, record.mainLine().ending());
            assertEquals("127.0.0.1", record.headers().get("場所"));
            assertTrue(record.headers().get("棋戦").endsWith("/game0001"), record.headers().toString());
            assertTrue(record.headers().get("備考").contains("BOT Taro (1720)"), record.headers().toString());
        }
    }

    /**
     * Issue 84, finding 7: the opponent moved and the game ended in one {@code gameState} (our flag fell right after
     * their move). The record lacked that move and named the wrong winner ("まで23手で先手の勝ち", "%TORYO", "declared
     * by the arbiter"). The site's moves and result are the truth: the record holds every move it played, and its end.
     */
    @Test
    void aGameThatEndsOnTheSiteWithAMoveTheBoardHasNotShownIsRecordedAsTheSiteSaysIt() throws Exception {
        try (FakeLishogi site = new FakeLishogi()) {
            RunSettings settings = new ConfigLoader().load(null, config(site, FakeLishogi.TOKEN));
            AtomicReference<GameState> latest = new AtomicReference<>();
            try (Daemon daemon = new Daemon(settings)) {
                daemon.probe().observe(e -> {
                    if (e.stateOrNull() != null) {
                        latest.set(e.stateOrNull());
                    }
                });
                daemon.start();
                assertTrue(command(settings, "seek", "{\"id\":\"s\"}").get("ok").asBoolean());
                site.startGame("game0002", Side.BLACK);
                await(() -> latest.get() != null && latest.get().white().kind() == Player.Kind.ONLINE, "the online game began");
                daemon.probe().simulatePlay("7g7f").get(30, TimeUnit.SECONDS);
                await(() -> site.moves().size() == 1, "our move reached the server");
                site.opponentPlaysAndEnds("3c3d", "outoftime", "gote"); // their move, then our flag, in one message
                await(() -> latest.get().result() != null, "the server's end was recorded");
                assertEquals(List.of("7g7f", "3c3d"), latest.get().moves(), "every move the site played");
                assertEquals(Side.WHITE, latest.get().result().winner(), "the site's winner");
            }
            Path games = dir.resolve("data").resolve("games");
            Path kifu;
            try (Stream<Path> files = Files.list(games)) {
                kifu = files.filter(p -> p.toString().endsWith(".kifu")).findFirst().orElseThrow();
            }
            GameRecord record = RecordFormat.read(kifu.getFileName().toString(), Files.readAllBytes(kifu));
            assertEquals(2, record.mainLine().moves().size());
            assertEquals(Ending.TIME_UP, record.mainLine().ending());
            String text = Files.readString(kifu);
            assertTrue(text.contains("まで2手で時間切れにより後手の勝ち"), text);
            assertTrue(!text.contains("arbiter"), text);
            Path csa = kifu.resolveSibling(kifu.getFileName().toString().replace(".kifu", ".csa"));
            String csaText = Files.readString(csa);
            assertTrue(csaText.contains("-3334FU") && csaText.contains("%TIME_UP") && !csaText.contains("%TORYO"), csaText);
        }
    }

    @Test
    void aRefusedTokenOrOneWithoutTheBoardsScopeStopsTheDaemonBeforeItStartsWithTheSitesWords() throws Exception {
        try (FakeLishogi site = new FakeLishogi()) {
            RunSettings settings = new ConfigLoader().load(null, config(site, "lip_wrong_token"));
            try (Daemon daemon = new Daemon(settings)) {
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, daemon::start);
                assertEquals("Online play refused. lishogi says No such token (a token with the scope board:play: docs/online.md).",
                        refused.getMessage());
            }
            RunSettings noScope = new ConfigLoader().load(null, config(site, FakeLishogi.NO_SCOPE_TOKEN));
            try (Daemon daemon = new Daemon(noScope)) {
                assertEquals("Online play refused. lishogi says Missing scope: board:play (a token with the scope board:play: "
                        + "docs/online.md).", assertThrows(IllegalArgumentException.class, daemon::start).getMessage());
            }
        }
    }

    /** Publish a command on the daemon's embedded broker (anonymous on loopback: an arbiter) and return its answer. */
    private static JsonNode command(RunSettings settings, String verb, String json) throws Exception {
        String prefix = settings.topicPrefix();
        MqttClient client = new MqttClient("tcp://127.0.0.1:" + settings.config().broker().mqttPort(), "online-test", new MemoryPersistence());
        try {
            java.util.concurrent.CompletableFuture<JsonNode> answer = new java.util.concurrent.CompletableFuture<>();
            // FreshSubscription: Moquette may drop a connection whose SUBSCRIBE overtakes its CONNACK
            FreshSubscription.connectAndSubscribe(client, new org.eclipse.paho.client.mqttv3.MqttConnectOptions(),
                    prefix + "/cmd/" + verb + "/result", 1, (t, m) -> answer.complete(new ObjectMapper().readTree(m.getPayload())));
            client.publish(prefix + "/cmd/" + verb, new MqttMessage(json.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            return answer.get(30, TimeUnit.SECONDS);
        } finally {
            client.disconnectForcibly(100, 100);
            client.close();
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        org.shogibridge.device.Await.until(what, java.time.Duration.ofSeconds(60), condition);
    }

    private static int free() throws IOException {
        return org.shogibridge.device.daemon.Ports.free(); // never the same port twice in a run
    }
}
