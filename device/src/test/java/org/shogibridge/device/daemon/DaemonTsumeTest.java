package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.tsume.TsumeProblem;
import org.shogibridge.core.tsume.TsumeSet;
import org.shogibridge.device.board.EmulatorFeed;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.SimulatedBoard;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.emulator.BoardEmulator;
import org.shogibridge.firmware.emulator.EmulatorTransport;
import org.shogibridge.firmware.emulator.FaultPlan;

/**
 * Issue 86's whole flow: tsume on a board over the board protocol. The simulated hands feed the board emulator and see
 * only the LEDs the daemon sent it (and hear the words, for which piece goes on a lit square): a problem is set up
 * from an empty board, solved, and the board says 正解; the next is set up from there by its differences, a wrong
 * attack is refuted on the LEDs and the board says 不正解; the board's progress is kept and served.
 */
class DaemonTsumeTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Pattern KOMADAI_STEP = Pattern.compile("先手の駒台の(.+)を(\\d+)枚にしてください。");

    @TempDir
    Path data;

    private MonotonicClock clock;
    private LedFrame shown;
    private SimulatedBoard hands;
    /** What the hands hold on each komadai, by side and type: White's stands for the box (the daemon does not read it). */
    private final int[][] komadai = new int[2][16];

    @Test
    void setUpFromAnEmptyBoardByTheLedsSolvedThenAWrongAttackRefuted() throws Exception {
        clock = new MonotonicClock();
        shown = new LedFrame(81);
        BoardEmulator emulator = new BoardEmulator(BoardGeometry.recommended(Variant.STANDARD, false), "test", false,
                FaultPlan.parse(null, 1), shown);
        hands = new SimulatedBoard(Variant.STANDARD, InferenceSettings.defaults(), 0, 3, clock);
        hands.watch(shown);
        TsumeProblem first = TsumeSet.builtIn().problems().get(0);
        TsumeProblem second = TsumeSet.builtIn().problems().get(1);
        try (EmulatorTransport.Tcp transport = new EmulatorTransport.Tcp(emulator, FaultPlan.parse(null, 1), clock::millis, 0)) {
            String address = transport.start().replace("tcp://", "");
            hands.start(new EmulatorFeed(emulator, clock));
            try (LocalDaemon local = new LocalDaemon(data, Map.of("type", "human"), Map.of("type", "engine", "level", 1),
                    Map.of("board.source", "tcp", "board.address", address, "voice.enabled", true, "voice.output", "none"))) {
                Subscriber mqtt = local.mqtt;
                Await.until("the emulated board synced", WAIT, () -> emulator.synced(clock.millis()));
                hands.setUp(new Position(Variant.STANDARD)).get(); // every piece in the box

                mqtt.command("tsume", "{\"problem\":\"" + first.id() + "\",\"id\":\"1\"}");
                JsonNode started = mqtt.await("cmd/tsume/result", j -> j.path("id").asText().equals("1"), WAIT).json();
                assertTrue(started.get("ok").asBoolean(), started.toString());
                setUpByTheLeds(mqtt, first);
                mqtt.await("voice", j -> j.get("text").asText().equals("並べ終わりました。どうぞ。"), WAIT);
                JsonNode end = solve(mqtt, first);
                assertEquals("black", end.get("result").get("winner").asText());
                assertEquals("checkmate", end.get("result").get("reason").asText());
                mqtt.await("voice", j -> j.get("text").asText().equals("正解です。"), WAIT);
                String record = Files.readString(data.resolve("games").resolve(end.get("game").asText() + ".kifu"),
                        StandardCharsets.UTF_8);
                assertTrue(record.contains("表題：詰将棋 " + first.id()), record);

                mqtt.command("tsume", "{\"problem\":\"" + second.id() + "\",\"id\":\"2\"}");
                mqtt.await("cmd/tsume/result", j -> j.path("id").asText().equals("2"), WAIT);
                JsonNode setUpState = mqtt.await("state", j -> second.id().equals(j.path("tsume").path("id").asText()), WAIT).json();
                assertTrue(setUpState.get("tsume").get("setUp").isTextual(), setUpState.toString());
                setUpByTheLeds(mqtt, second);
                String wrong = aQuietMove(second.position());
                JsonNode refuted = playAndAwaitEnd(mqtt, second, wrong);
                assertEquals("white", refuted.get("result").get("winner").asText());
                assertEquals("不正解", refuted.get("result").get("detail").asText());
                assertEquals(2, refuted.get("moves").size(), "the refutation is the defender's move: " + refuted);
                mqtt.await("voice", j -> j.get("text").asText().equals("不正解です。"), WAIT);
                awaitLit("the refutation, for the hands to carry out");

                JsonNode progress = new ObjectMapper().readTree(HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + local.daemon.httpPort() + "/tsume.json")).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString()).body());
                assertEquals(first.id(), progress.get("solved").get(0).asText(), progress.toString());
                assertEquals(1, progress.get("solved").size());
                assertEquals(1, progress.get("tries").get(second.id()).asInt());
                assertTrue(Files.readString(data.resolve("tsume.json")).contains(first.id()));
            }
        } finally {
            hands.close();
        }
    }

    /** A tsume in progress is a game like any other: it resumes after a restart, its defender still the mate solver. */
    @Test
    void aTsumeInProgressResumesAfterARestart() throws Exception {
        TsumeProblem problem = TsumeSet.builtIn().problems().get(0);
        Map<String, Object> human = Map.of("type", "human");
        Map<String, Object> extra = Map.of("board.follow-leds", true);
        String game;
        try (LocalDaemon local = new LocalDaemon(data, human, human, extra)) {
            Subscriber mqtt = local.mqtt;
            mqtt.command("tsume", "{\"problem\":\"" + problem.id() + "\"}");
            mqtt.await("state", j -> problem.id().equals(j.path("tsume").path("id").asText()), WAIT);
            mqtt.command("sim", "{\"action\":\"set-up\"}"); // the hands clear the board, then set the problem up
            JsonNode ready = mqtt.await("state", j -> problem.id().equals(j.path("tsume").path("id").asText())
                    && j.path("tsume").path("setUp").isNull(), WAIT).json();
            game = ready.get("game").asText();
            mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + problem.solution().get(0) + "\"}");
            mqtt.await("state", j -> j.get("moves").size() == 2, WAIT); // the defence, carried out by the hands
        }
        try (LocalDaemon local = new LocalDaemon(data, human, human, extra)) {
            Subscriber mqtt = local.mqtt;
            JsonNode resumed = mqtt.await("state", j -> j.get("game").asText().equals(game), WAIT).json();
            assertTrue(resumed.get("resumed").asBoolean(), resumed.toString());
            assertEquals(problem.solution().subList(0, 2), new ObjectMapper().convertValue(resumed.get("moves"), java.util.List.class));
            assertEquals(problem.id(), resumed.get("tsume").get("id").asText());
            assertTrue(resumed.get("tsume").get("setUp").isNull(), "the board showed it: no set-up again");
            assertEquals("tsume", resumed.get("players").get("white").get("type").asText());
            for (int ply = 2; ply < problem.plies(); ply += 2) {
                int plies = ply + 2;
                mqtt.command("sim", "{\"action\":\"play\",\"usi\":\"" + problem.solution().get(ply) + "\"}");
                mqtt.await("state", j -> j.get("moves").size() >= Math.min(plies, problem.plies()), WAIT);
            }
            JsonNode end = mqtt.await("state", j -> !j.get("result").isNull() && j.get("game").asText().equals(game), WAIT).json();
            assertEquals("black", end.get("result").get("winner").asText());
        }
        assertTrue(Files.readString(data.resolve("tsume.json")).contains("\"" + problem.id() + "\""));
    }

    /** Do what the LEDs ask until the state says the board is set up: only the LEDs say where, the words say what. */
    private void setUpByTheLeds(Subscriber mqtt, TsumeProblem problem) throws Exception {
        for (int step = 0; ; step++) {
            assertTrue(step < 60, "the set-up ends");
            JsonNode state = lastState(mqtt);
            JsonNode tsume = state.path("tsume");
            if (problem.id().equals(tsume.path("id").asText()) && tsume.path("setUp").isNull()) {
                fillTheBox(problem.position());
                return;
            }
            String words = tsume.path("setUp").asText();
            boolean acted = false;
            for (int sq = 0; sq < 81; sq++) {
                LedFrame.Colour c = shown.colour(sq);
                if (c == LedFrame.Colour.RED) {
                    hands.lift(sq).get();
                    acted = true;
                } else if (c == LedFrame.Colour.GREEN || c == LedFrame.Colour.YELLOW) {
                    hands.place(sq, SensorSnapshot.OCCUPIED).get();
                    acted = true;
                }
            }
            Matcher asked = KOMADAI_STEP.matcher(words);
            if (!acted && shown.komadaiColour(Side.BLACK) != LedFrame.Colour.OFF && asked.matches()) {
                int type = PieceNames.readJapanese(asked.group(1), 0) & 0xff;
                int want = Integer.parseInt(asked.group(2));
                hands.komadai(Side.BLACK, type, want - komadai[0][type]).get();
                komadai[0][type] = want;
            }
            long seq = state.get("seq").asLong();
            mqtt.await("state", j -> j.get("seq").asLong() > seq, WAIT); // the step done: the next is lit
        }
    }

    /** White's pieces in hand go in the box, here White's komadai of the hands (which the daemon does not read). */
    private void fillTheBox(Position p) throws Exception {
        for (int type = Piece.PAWN; type < Piece.KING; type++) {
            int want = p.handCount(Side.WHITE, type);
            if (want != komadai[1][type]) {
                hands.komadai(Side.WHITE, type, want - komadai[1][type]).get();
                komadai[1][type] = want;
            }
        }
    }

    /** The hands play a move; their komadai counts follow. */
    private void play(Position before, int move) throws Exception {
        int side = before.sideToMove().index();
        if (Move.isDrop(move)) {
            komadai[side][Piece.type(Move.piece(move))]--;
        } else if (before.pieceAt(Move.to(move)) != Piece.EMPTY) {
            komadai[side][Piece.unpromoted(Piece.type(before.pieceAt(Move.to(move))))]++;
        }
        hands.play(before, move).get();
    }

    /** Play the problem's solution; carry out each defence as the LEDs show it. Return the last state. */
    private JsonNode solve(Subscriber mqtt, TsumeProblem problem) throws Exception {
        JsonNode state = lastState(mqtt);
        for (int ply = 0; ply < problem.plies(); ply += 2) {
            state = playAndAwaitDefence(mqtt, state, problem.solution().get(ply), ply + 1);
        }
        return mqtt.await("state", j -> !j.get("result").isNull() && j.get("moves").size() == problem.plies()
                && problem.id().equals(j.path("tsume").path("id").asText()), WAIT).json();
    }

    private JsonNode playAndAwaitEnd(Subscriber mqtt, TsumeProblem problem, String move) throws Exception {
        play(Position.fromSfen(lastState(mqtt).get("sfen").asText()), Usi.parseLegalMove(problem.position(), move));
        return mqtt.await("state", j -> !j.get("result").isNull() && problem.id().equals(j.path("tsume").path("id").asText()),
                WAIT).json();
    }

    private JsonNode playAndAwaitDefence(Subscriber mqtt, JsonNode state, String usi, int plies) throws Exception {
        Position before = Position.fromSfen(state.get("sfen").asText());
        play(before, Usi.parseLegalMove(before, usi));
        String game = state.get("game").asText();
        JsonNode after = mqtt.await("state", j -> j.get("game").asText().equals(game) && j.get("moves").size() == plies
                && (!j.get("engineMove").isNull() || !j.get("result").isNull()), WAIT).json();
        if (!after.get("result").isNull()) {
            return after;
        }
        Position p = Position.fromSfen(after.get("sfen").asText());
        play(p, Usi.parseLegalMove(p, after.get("engineMove").asText())); // as the LEDs show it
        return mqtt.await("state", j -> j.get("game").asText().equals(game) && j.get("moves").size() == plies + 1, WAIT).json();
    }

    /** An attacking move that does not check: a tsume's attack must. */
    private static String aQuietMove(Position p) {
        MoveList legal = new MoveList();
        MoveGenerator.generateLegal(p, legal);
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (!Move.isDrop(m) && !p.givesCheck(m)) {
                return Usi.format(p.variant(), m);
            }
        }
        throw new IllegalStateException("Every move checks in " + p.toSfen());
    }

    private void awaitLit(String what) throws InterruptedException {
        Await.until("something lit: " + what, WAIT, () -> {
            for (int sq = 0; sq < 81; sq++) {
                if (shown.colour(sq) != LedFrame.Colour.OFF) {
                    return true;
                }
            }
            return false;
        });
    }

    private static JsonNode lastState(Subscriber mqtt) {
        var states = mqtt.on("state");
        return states.get(states.size() - 1).json();
    }
}
