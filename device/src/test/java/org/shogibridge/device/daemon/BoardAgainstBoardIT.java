package org.shogibridge.device.daemon;

import org.shogibridge.device.ProductJar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.SocketFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.device.mqtt.MqttLink;

/**
 * Board against board (issue 87, docs/remote-play.md): two daemons of the real jar, each on a simulated board whose
 * hands carry out the other person's moves shown on the LEDs, play a held-out real game (the 76th Meijin-sen, game 3,
 * to its sealed move) through one Mosquitto with TLS, an account per board and the ACL of docs/remote-play.md, read
 * from the page. Kyoto hosts (sente), Osaka is the guest.
 */
@Execution(ExecutionMode.CONCURRENT) // each test has its own broker, ports and directories: both run at once
class BoardAgainstBoardIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String EVENT = "match-2026-12";

    @TempDir
    Path dir;
    private final List<Process> processes = new ArrayList<>();
    private int tlsPort;
    private String url;
    private SocketFactory tls;
    private Mosquitto mosquitto;

    @AfterEach
    void stop() throws Exception {
        for (Process p : processes) {
            p.destroyForcibly().waitFor();
        }
        if (mosquitto != null) {
            mosquitto.close();
        }
    }

    private static List<String> meijinsen() throws Exception {
        Path file = Path.of(BoardAgainstBoardIT.class.getResource("/records/meijinsen_20180508_M7_10034.kif").toURI());
        return RecordMoves.usi(RecordFormat.read(file.getFileName().toString(), Files.readAllBytes(file)));
    }

    /** The shared broker of docs/remote-play.md with this test's ports, certificates and paths; accounts for both boards. */
    private void startBroker() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/openssl")), "openssl is not installed; skipped.");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mosquitto_passwd")), "mosquitto_passwd is not installed; skipped.");
        String doc = Files.readString(Path.of("..", "docs", "remote-play.md"));
        List<String> blocks = TestCertificates.codeBlocks(doc.substring(doc.indexOf("### The shared broker")));
        tlsPort = Ports.free();
        String etc = dir.toString();
        String configuration = blocks.get(0).replace("/etc/mosquitto", etc)
                .replace("listener 8883", "listener " + tlsPort + " 127.0.0.1") + "persistence false\n";
        Files.writeString(dir.resolve("acl"), blocks.get(1));
        TestCertificates.make(dir);
        TestCertificates.run(dir, "/usr/bin/mosquitto_passwd", "-b", "-c", etc + "/passwd", "kyoto1", "kyoto-secret");
        TestCertificates.run(dir, "/usr/bin/mosquitto_passwd", "-b", etc + "/passwd", "osaka1", "osaka-secret");
        TestCertificates.run(dir, "/usr/bin/mosquitto_passwd", "-b", etc + "/passwd", "arbiter", "arbiter-secret");
        TestCertificates.run(dir, "/usr/bin/mosquitto_passwd", "-b", etc + "/passwd", "viewer", "viewer-secret");
        TestCertificates.readableByTheBroker(dir);
        url = "ssl://127.0.0.1:" + tlsPort;
        tls = MqttLink.sslContext(dir.resolve("ca.pem")).getSocketFactory();
        mosquitto = new Mosquitto(dir, tlsPort, configuration);
    }

    /** One board's daemon, the real jar, configured as docs/remote-play.md shows. */
    private final class Board {
        final String id;
        final Path data;
        final Path config;
        final Subscriber arbiter;
        Process process;
        int runs;

        Board(String id, String players) throws Exception {
            this.id = id;
            this.data = dir.resolve(id);
            Files.createDirectories(data);
            this.config = data.resolve("board.yaml");
            Files.writeString(config, "event: " + EVENT + "\nboard-id: " + id + "\ndata-dir: " + data.resolve("data") + "\n"
                    + "broker: {url: 'ssl://127.0.0.1:" + tlsPort + "', ca-file: '" + dir.resolve("ca.pem") + "', username: " + id
                    + ", password: " + id.replace("1", "") + "-secret}\n"
                    + "http: {port: " + Ports.free() + "}\n"
                    + "board: {source: simulated, follow-leds: true, noise: 0.0}\n"
                    + "clock: {main-seconds: 1800, byoyomi-seconds: 60}\n"
                    + "players:\n" + players, StandardCharsets.UTF_8);
            this.arbiter = new Subscriber(url, "shogi/v1/" + EVENT + "/" + id, "arbiter", "arbiter-secret", tls);
        }

        void start() throws Exception {
            Path log = data.resolve("daemon-" + (++runs) + ".log");
            process = new ProcessBuilder(ProductJar.command("-Xmx256m", "run", "--config", config.toString()))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            processes.add(process);
            Await.line(process, log, "Ready.", WAIT);
        }

        void kill() throws InterruptedException {
            process.destroyForcibly().waitFor(); // SIGKILL
        }

        JsonNode newestState() {
            JsonNode newest = null;
            for (Subscriber.Message m : arbiter.on("state")) {
                if (newest == null || m.json().get("seq").asLong() >= newest.get("seq").asLong()) {
                    newest = m.json();
                }
            }
            return newest;
        }

        /** The newest state with {@code plies} moves. */
        JsonNode awaitMoves(int plies) throws InterruptedException {
            return arbiter.await("state", s -> s.get("moves").size() == plies && s.get("engineMove").isNull(), WAIT).json();
        }

        void awaitRecord(String gameId) throws InterruptedException {
            Path kifu = data.resolve("data").resolve("games").resolve(gameId + ".kifu");
            Await.until("the record " + kifu, WAIT, () -> Files.isRegularFile(kifu));
        }

        List<String> record(String gameId) throws Exception {
            Path kifu = data.resolve("data").resolve("games").resolve(gameId + ".kifu");
            GameRecord record = RecordFormat.read(kifu.getFileName().toString(), Files.readAllBytes(kifu));
            return RecordMoves.usi(record);
        }

        String recordText(String gameId) throws IOException {
            return Files.readString(data.resolve("data").resolve("games").resolve(gameId + ".kifu"));
        }
    }

    private static String log(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log)";
        }
    }

    @Test
    void aRealGameIsPlayedBoardAgainstBoardAndBothRecordsHoldIt() throws Exception {
        List<String> game = meijinsen();
        assertEquals(52, game.size());
        startBroker();
        Board kyoto = new Board("kyoto1", "  sente: {type: human, name: 羽生}\n  gote: {type: board, board: osaka1, name: 佐藤}\n");
        Board osaka = new Board("osaka1", "  sente: {type: board, board: kyoto1}\n  gote: {type: human, name: 佐藤}\n");
        kyoto.start();
        osaka.start();
        JsonNode first = osaka.arbiter.await("state", s -> s.get("game").asText().endsWith("-kyoto1-osaka1"), WAIT).json();
        String hostGame = kyoto.awaitMoves(0).get("game").asText();
        assertEquals(hostGame + "-osaka1", first.get("game").asText(), "the guest's game is the host's");
        assertEquals("佐藤", first.get("players").get("white").get("name").asText());
        assertEquals("board", first.get("players").get("black").get("type").asText());
        assertEquals(EVENT + "/kyoto1", first.get("players").get("black").get("board").asText());

        try (Subscriber forger = new Subscriber(url, "shogi/v1/" + EVENT + "/kyoto1", "osaka1", "osaka-secret", tls)) {
            for (int ply = 0; ply < game.size(); ply++) {
                Board mover = ply % 2 == 0 ? kyoto : osaka;
                mover.arbiter.command("sim", "{\"action\":\"play\",\"usi\":\"" + game.get(ply) + "\"}");
                JsonNode host = kyoto.awaitMoves(ply + 1);
                JsonNode guest = osaka.awaitMoves(ply + 1);
                assertEquals(game.subList(0, ply + 1), strings(host.get("moves")));
                assertEquals(game.subList(0, ply + 1), strings(guest.get("moves")));
                if (ply == 20) {
                    // The guest's account may not write under the host's topics: a forged resignation and a forged
                    // refusal of its own next move are dropped by the ACL, and the game goes on.
                    forger.command("resign", "{}");
                    forger.publishRetained("remote/refused", "{\"game\":\"" + hostGame + "\",\"ply\":21,\"usi\":\""
                            + game.get(21) + "\",\"reason\":\"Forged.\",\"japanese\":\"偽\"}");
                }
            }
        }
        // The sealed move: the arbiter starts a new game on the host; both boards file the game as unfinished.
        kyoto.arbiter.command("new-game", "{}");
        osaka.arbiter.await("state", s -> !s.get("game").asText().startsWith(hostGame) && s.get("game").asText().endsWith("-osaka1"), WAIT);
        kyoto.awaitRecord(hostGame);
        osaka.awaitRecord(hostGame + "-osaka1");
        assertEquals(game, kyoto.record(hostGame), "the host's record");
        assertEquals(game, osaka.record(hostGame + "-osaka1"), "the guest's record");
        for (String text : List.of(kyoto.recordText(hostGame), osaka.recordText(hostGame + "-osaka1"))) {
            assertTrue(text.contains("先手：羽生") && text.contains("後手：佐藤"), text);
            assertTrue(text.contains("まで52手で中断"), text);
            assertTrue(text.contains("場所：kyoto1 対 osaka1"), text);
        }
        assertTrue(osaka.arbiter.on("moves").stream().noneMatch(m -> m.json().has("undo")), "no move was taken back on the guest");
        assertTrue(kyoto.arbiter.on("moves").stream().noneMatch(m -> m.json().has("undo")), "nor on the host");
    }

    /**
     * The same game through a SIGKILL of each daemon and a 12 s broker outage: the guest killed as the host moves, the
     * host killed as the guest's move is on its way, the broker stopped for 12 s (six pings, past a stale answer's 5 s)
     * while the host's person moves. No move is lost or made twice (no move ever taken back on either board, both
     * records the game), and after the link returns the guest shows the host's standing clock.
     */
    @Test
    void killsAndABrokerOutageLoseNoMoveAndTheClocksAgreeAfter() throws Exception {
        List<String> game = meijinsen().subList(0, 26);
        startBroker();
        Board kyoto = new Board("kyoto1", "  sente: {type: human, name: 羽生}\n  gote: {type: board, board: osaka1, name: 佐藤}\n");
        Board osaka = new Board("osaka1", "  sente: {type: board, board: kyoto1}\n  gote: {type: human, name: 佐藤}\n");
        kyoto.start();
        osaka.start();
        osaka.arbiter.await("state", s -> s.get("game").asText().endsWith("-kyoto1-osaka1"), WAIT);
        String hostGame = kyoto.awaitMoves(0).get("game").asText();
        for (int ply = 0; ply < game.size(); ply++) {
            Board mover = ply % 2 == 0 ? kyoto : osaka;
            mover.arbiter.command("sim", "{\"action\":\"play\",\"usi\":\"" + game.get(ply) + "\"}");
            if (ply == 6) {
                kyoto.awaitMoves(ply + 1);
                osaka.kill(); // the host's move reaches a guest that is not there
                osaka.start();
            } else if (ply == 13) {
                osaka.awaitMoves(ply + 1); // on the guest's disk, its proposal on its way
                kyoto.kill();
                kyoto.start();
            } else if (ply == 18) {
                kyoto.awaitMoves(ply + 1);
                mosquitto.stop(); // before the guest hears of the move
                Thread.sleep(12_000); // the outage's length: an input of this test, not a wait for something
                mosquitto.start();
            }
            assertEquals(game.subList(0, ply + 1), strings(kyoto.awaitMoves(ply + 1).get("moves")), "the host at move " + (ply + 1));
            assertEquals(game.subList(0, ply + 1), strings(osaka.awaitMoves(ply + 1).get("moves")), "the guest at move " + (ply + 1));
            if (ply == 19) {
                // The side not to move: its clock stands, so the guest comes to show the host's figure to GuestSeat's
                // tolerance (300 ms) once it has asked for the host's clocks, however late the answers came. When the
                // pings come and the running side's figure, less the measured delay, are RemoteSeatsTest's on the
                // test's clock; compared here they would measure how busy the machine was.
                String[] seen = {""};
                boolean agreed = Await.within(WAIT, () -> {
                    JsonNode host = kyoto.newestState();
                    JsonNode guest = osaka.newestState();
                    String standing = host.get("clock").path("running").asText().equals("black") ? "white" : "black";
                    long difference = Math.abs(host.get("clock").get(standing).asLong() - guest.get("clock").get(standing).asLong());
                    seen[0] = standing + "'s clock: the host's " + host.get("clock") + ", the guest's " + guest.get("clock");
                    return difference <= 300;
                });
                assertTrue(agreed, seen[0]);
            }
        }
        kyoto.arbiter.command("new-game", "{}");
        kyoto.awaitRecord(hostGame);
        osaka.awaitRecord(hostGame + "-osaka1");
        assertEquals(game, kyoto.record(hostGame), "the host's record");
        assertEquals(game, osaka.record(hostGame + "-osaka1"), "the guest's record");
        assertTrue(osaka.arbiter.on("moves").stream().noneMatch(m -> m.json().has("undo")), "no move was taken back on the guest");
        assertTrue(kyoto.arbiter.on("moves").stream().noneMatch(m -> m.json().has("undo")), "nor on the host");
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
