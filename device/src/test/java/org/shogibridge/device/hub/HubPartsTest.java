package org.shogibridge.device.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/** The hub's parts on their own: what it keeps of each board, the delay, the pairings and the settings. */
class HubPartsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    @TempDir
    Path dir;

    /** A state message as a daemon publishes it (the fields the hub reads). */
    static ObjectNode state(String game, long seq, List<String> moves, String winner, String reason) {
        ObjectNode s = JSON.createObjectNode().put("seq", seq).put("game", game).put("variant", "standard").put("startSfen", START);
        ArrayNode usi = s.putArray("moves");
        ArrayNode japanese = s.putArray("movesJapanese");
        ArrayNode millis = s.putArray("moveMillis");
        Position p = Position.fromSfen(Variant.STANDARD, START);
        for (String m : moves) {
            usi.add(m);
            japanese.add("手" + m);
            millis.add(1000);
            p.doMove(Usi.parseLegalMove(p, m));
        }
        s.put("sfen", p.toSfen());
        s.putObject("clock").put("black", moves.size()).put("white", 0).put("byoyomi", 0).putNull("running").put("moveMillis", 0)
                .putObject("timeControl").put("mainMillis", 0).put("byoyomiMillis", 0).put("incrementMillis", 0);
        s.putObject("players").set("black", JSON.createObjectNode().put("name", "Sente").put("type", "human"));
        ((ObjectNode) s.get("players")).set("white", JSON.createObjectNode().put("name", "藤井").put("type", "human"));
        if (reason == null) {
            s.putNull("result");
        } else {
            s.putObject("result").put("winner", winner).put("reason", reason).put("detail", "");
        }
        return s;
    }

    private final List<EventBoards.Board> finished = new ArrayList<>();
    private final List<Map<String, Integer>> numbered = new ArrayList<>();

    private EventBoards boards(Map<String, Integer> numbers) {
        return new EventBoards(numbers, 1, numbered::add, finished::add);
    }

    @Test
    void aBoardKeepsTheNewestStateOfItsGameAndTheTimeEachMoveWasFirstSeen() {
        EventBoards boards = boards(Map.of());
        boards.state("b1", state("g1", 2, List.of("7g7f", "3c3d"), null, null), 1_000);
        boards.state("b1", state("g1", 1, List.of("7g7f"), null, null), 2_000); // a retained copy, older: ignored
        assertEquals(2, boards.get("b1").moves());
        boards.state("b1", state("g1", 3, List.of("7g7f", "3c3d", "2g2f"), null, null), 3_000);
        assertEquals(List.of(1_000L, 1_000L, 3_000L), boards.get("b1").seenMillis());
        boards.state("b1", state("g1", 4, List.of("7g7f", "3c3d"), null, null), 4_000); // a takeback
        boards.state("b1", state("g1", 5, List.of("7g7f", "3c3d", "6g6f"), null, null), 5_000);
        assertEquals(List.of(1_000L, 1_000L, 5_000L), boards.get("b1").seenMillis(), "the new third move is new");
        boards.state("b1", state("g2", 1, List.of(), null, null), 6_000); // a new game, seq from 1 again
        assertEquals("g2", boards.get("b1").gameId());
        assertEquals(List.of(), boards.get("b1").seenMillis());
        assertEquals(1, boards.get("b1").round(), "the hub's round");
        boards.round(2);
        assertEquals(1, boards.get("b1").round(), "a game keeps the round it began in");
        boards.state("b1", state("g3", 1, List.of(), null, null), 7_000);
        assertEquals(2, boards.get("b1").round());
        boards.state("b1", state("g4", 1, List.of(), null, null).put("round", 5), 8_000);
        assertEquals(5, boards.get("b1").round(), "the board's own round key wins");
    }

    @Test
    void aBoardKeepsItsNumberAndAFinishedGameIsReportedOnce() {
        EventBoards boards = boards(Map.of("b7", 1));
        boards.state("b2", state("g1", 1, List.of(), null, null), 0);
        boards.state("b7", state("g2", 1, List.of(), null, null), 0);
        boards.state("hall", state("g3", 1, List.of(), null, null), 0);
        boards.state("x1", state("g4", 1, List.of(), null, null), 0);
        assertEquals(1, boards.get("b7").number(), "numbered before, in an earlier run of the hub");
        assertEquals(2, boards.get("b2").number(), "the number its id ends with");
        assertEquals(3, boards.get("hall").number(), "no number in its id: the next");
        assertEquals(4, boards.get("x1").number(), "1 is taken: the next");
        assertEquals(Map.of("b7", 1, "b2", 2, "hall", 3, "x1", 4), numbered.get(numbered.size() - 1));
        boards.state("b2", state("g1", 2, List.of("7g7f"), "white", "resignation"), 10);
        boards.state("b2", state("g1", 3, List.of("7g7f"), "white", "resignation"), 20);
        assertEquals(1, finished.size());
        assertEquals(10, boards.get("b2").endSeenMillis());
        boards.status("b2", true, 30);
        assertTrue(boards.get("b2").online());
        assertEquals(List.of("b7", "b2", "hall", "x1"), boards.boards().stream().map(EventBoards.Board::id).toList());
    }

    @Test
    void theDelayHoldsBackMovesAndTheEndUntilTheirTimeHasCome() {
        EventBoards boards = boards(Map.of());
        boards.state("b1", state("g1", 1, List.of("7g7f", "3c3d"), null, null), 1_000);
        boards.state("b1", state("g1", 2, List.of("7g7f", "3c3d", "2g2f", "4c4d"), null, null), 5_000);
        EventBoards.Board b = boards.get("b1");
        Delay moves = new Delay(1, 0);
        assertEquals(new Delay.Visible(3, false), moves.visible(b, 5_000));
        Delay seconds = new Delay(0, 2_000);
        assertEquals(new Delay.Visible(2, false), seconds.visible(b, 6_999), "the last two are younger than 2 s");
        assertEquals(new Delay.Visible(4, false), seconds.visible(b, 7_000));
        JsonNode shown = Delay.state(b, new Delay.Visible(2, false));
        assertEquals(List.of("7g7f", "3c3d"), texts(shown.get("moves")));
        assertEquals("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", shown.get("sfen").asText());
        assertEquals("3c3d", shown.get("lastMove").asText());
        assertEquals(2, shown.get("clock").get("black").asInt(), "the clocks as they were at that move");
        assertEquals(b.state(), Delay.state(b, new Delay.Visible(4, false)), "nothing held back: the state itself");

        boards.state("b1", state("g1", 3, List.of("7g7f", "3c3d", "2g2f", "4c4d"), "black", "resignation"), 8_000);
        b = boards.get("b1");
        assertEquals(new Delay.Visible(4, true), moves.visible(b, 8_000), "a game over shows its held-back moves");
        Delay both = new Delay(1, 2_000);
        assertEquals(new Delay.Visible(4, false), both.visible(b, 9_000), "the end is younger than 2 s");
        assertTrue(Delay.state(b, both.visible(b, 9_000)).get("result").isNull());
        assertEquals(new Delay.Visible(4, true), both.visible(b, 10_000));
        assertThrows(IllegalArgumentException.class, () -> new Delay(-1, 0));
    }

    @Test
    void pairingsAreReadWithTheirHeaderAndABadLineIsNamed() throws Exception {
        Path csv = dir.resolve("pairings.csv");
        Files.writeString(csv, "\uFEFFround,board,sente,gote\n1,b1,羽生,藤井\n2,b1,藤井,羽生\n", StandardCharsets.UTF_8);
        Pairings pairings = Pairings.read(csv);
        assertEquals("藤井", pairings.of(2, "b1").sente());
        assertNull(pairings.of(3, "b1"));
        Files.writeString(csv, "1,b1,羽生,藤井\n1,b1,a,b\n");
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> Pairings.read(csv));
        assertEquals("Bad pairing file. " + csv + " line 2: board b1 is paired twice in round 1.", twice.getMessage());
        Files.writeString(csv, "1,b1,羽生\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Pairings.read(csv)).getMessage().contains("line 1"));
    }

    @Test
    void settingsComeFromTheFileWithOptionsOverItAndABadOneIsOneLine() throws Exception {
        Path yaml = dir.resolve("hub.yaml");
        Files.writeString(yaml, "event: club-2026-11\ndelay-moves: 2\ntitle: 十一月例会\n");
        Map<String, Object> options = new HashMap<>();
        options.put("delay-moves", 3);
        HubSettings s = HubSettings.of(yaml, options);
        assertEquals("club-2026-11", s.event());
        assertEquals(3, s.delayMoves());
        assertEquals("十一月例会", s.title());
        assertEquals("shogi/v1/public/club-2026-11", s.publicPrefix());
        assertEquals(s.broker(), s.publicBroker());
        Files.writeString(yaml, "evnt: x\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HubSettings.of(yaml, Map.of())).getMessage()
                .startsWith("Bad hub configuration. " + yaml + ": unknown key 'evnt'"));
        assertEquals("Bad hub setting. delay-seconds 'soon' must be a whole number from 0 to 86400.",
                assertThrows(IllegalArgumentException.class, () -> HubSettings.of(null, Map.of("delay-seconds", "soon"))).getMessage());
        assertFalse(HubSettings.of(null, Map.of()).eventPrefix().isEmpty());
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void theArbitersEditsAreCarriedOutAndABadOneIsAnsweredInWords() {
        List<Object> done = new ArrayList<>();
        HubCommands commands = new HubCommands(new HubCommands.Edits() {
            @Override
            public void round(int round) {
                done.add(round);
            }

            @Override
            public void pairing(Pairings.Pairing pairing) {
                done.add(pairing);
            }
        });
        assertEquals("{\"ok\":true,\"id\":\"r\"}", commands.handle("round", "{\"round\":3,\"id\":\"r\"}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("{\"ok\":true}", commands.handle("pairing",
                "{\"round\":3,\"board\":\"b2\",\"sente\":\" 羽生 \",\"gote\":\"藤井\"}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of(3, new Pairings.Pairing(3, "b2", "羽生", "藤井")), done);
        assertEquals("{\"ok\":false,\"error\":\"Bad command. 'round' must be a whole number from 1 to 1000.\",\"id\":1}",
                commands.handle("round", "{\"round\":0,\"id\":1}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(commands.handle("pairing", "{\"round\":1,\"board\":\"b1\",\"sente\":\"a,b\",\"gote\":\"c\"}"
                .getBytes(StandardCharsets.UTF_8)).contains("without a comma"));
        assertEquals("{\"ok\":false,\"error\":\"Unknown command. The hub knows round and pairing, not 'resign'.\"}",
                commands.handle("resign", new byte[0]));
        assertEquals("{\"ok\":false,\"error\":\"Bad command. The payload is not JSON.\"}",
                commands.handle("round", "{round".getBytes(StandardCharsets.UTF_8)));
        assertEquals(2, done.size(), "nothing refused was carried out");
    }

    @Test
    void editedPairingsAreWrittenAndReadBack() throws Exception {
        Pairings pairings = Pairings.empty();
        pairings.put(new Pairings.Pairing(2, "b1", "羽生", "藤井"));
        pairings.put(new Pairings.Pairing(1, "b2", "佐藤", "渡辺"));
        long version = pairings.version();
        pairings.put(new Pairings.Pairing(1, "b2", "佐藤", "豊島"));
        assertTrue(pairings.version() > version, "an edit makes the names' feeds again");
        Path file = dir.resolve("pairings.csv");
        pairings.write(file);
        assertEquals("round,board,sente,gote\n1,b2,佐藤,豊島\n2,b1,羽生,藤井\n", Files.readString(file));
        assertEquals("豊島", Pairings.read(file).of(1, "b2").gote());
    }

    @Test
    void aTeamMatchIsReadFromItsPairingsScoredByTeamAndKeptThroughAnEditOfTheNames() throws Exception {
        Path csv = dir.resolve("match.csv");
        Files.writeString(csv, "round,board,sente,gote,sente-team,gote-team\n1,kyoto1,羽生,佐藤,京都,大阪\n"
                + "1,kyoto2,谷川,森内,京都,大阪\n1,osaka3,丸山,郷田,大阪,京都\n1,b9,A,B\n");
        Pairings pairings = Pairings.read(csv);
        assertEquals("大阪", pairings.of(1, "kyoto1").goteTeam());
        assertFalse(pairings.of(1, "b9").teams());
        pairings.put(new Pairings.Pairing(1, "kyoto1", "羽生善治", "佐藤天彦"));
        assertEquals("京都", pairings.of(1, "kyoto1").senteTeam(), "an edit of the names keeps the teams");
        pairings.write(csv);
        assertEquals("大阪", Pairings.read(csv).of(1, "osaka3").senteTeam());

        com.fasterxml.jackson.databind.node.ArrayNode match = new com.fasterxml.jackson.databind.ObjectMapper().createArrayNode();
        TeamMatch.score(match, List.of(new TeamMatch.Game(pairings.of(1, "kyoto1"), "1-0"),
                new TeamMatch.Game(pairings.of(1, "kyoto2"), "0-1"), new TeamMatch.Game(pairings.of(1, "osaka3"), "0-1"),
                new TeamMatch.Game(pairings.of(1, "b9"), "1-0"), new TeamMatch.Game(null, "1-0")));
        assertEquals("[{\"teams\":[\"京都\",\"大阪\"],\"wins\":[2,1],\"draws\":0,\"games\":3,\"finished\":3}]", match.toString(),
                "京都 won on kyoto1 (sente) and osaka3 (gote), 大阪 on kyoto2 (gote); b9 is no team game");
        assertTrue(TeamMatch.isGuestCopy("20261204-101500-kyoto1-osaka1", List.of("20261204-101500-kyoto1", "20261204-101500-kyoto1-osaka1")));
        assertFalse(TeamMatch.isGuestCopy("20261204-101500-kyoto1", List.of("20261204-101500-kyoto1", "20261204-101500-kyoto1-osaka1")));
    }

    @Test
    void aFinishedGameStaysOutOfTheArchiveFeedsUntilItsEndIsShown() throws Exception {
        EventBoards boards = boards(Map.of());
        boards.state("b1", state("20261126-100000-b1", 5, List.of("7g7f"), "black", "resignation"), 10_000);
        long[] now = {12_000};
        EventFeeds feeds = new EventFeeds("club", "例会", boards, new EventGames(dir.resolve("games")), Pairings.empty(),
                new Delay(0, 5_000), () -> now[0], new PublicSnapshots());
        assertTrue(feeds.heldBack("20261126-100000-b1"));
        assertEquals("*", JSON.readTree(feeds.index().bytes()).get("boards").get(0).get("result").asText());
        now[0] = 15_000;
        assertFalse(feeds.heldBack("20261126-100000-b1"));
        assertEquals("1-0", JSON.readTree(feeds.index().bytes()).get("boards").get(0).get("result").asText());
        assertFalse(feeds.heldBack("another-game"));
    }

    @Test
    void anEventHoldsAtMostSoManyBoardsSoAFloodOfMadeUpOnesCannotGrowIt() {
        EventBoards boards = boards(Map.of());
        for (int i = 0; i < EventBoards.MAX_BOARDS; i++) {
            assertTrue(boards.accepts("x" + i));
            boards.state("x" + i, state("g" + i, 1, List.of(), null, null), 0);
        }
        assertFalse(boards.accepts("one-more"));
        assertTrue(boards.accepts("x5"), "a board already heard is always heard");
    }
}
