package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.RecordedMove;

class ReviewCommandTest {
    @TempDir
    Path dir;

    @Test
    void aGameIsReviewedIntoItsCommentsAndTheReviewsJson() throws Exception {
        Path game = dir.resolve("hanging.usi");
        Files.writeString(game, "position startpos moves 7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 2e2d 2c2d 2h2d 3c2d\n");
        Path kifu = dir.resolve("hanging.kifu");
        Path json = dir.resolve("hanging.review.json");
        CliRun.Result run = PerftCommandTest.run("review", "--nodes", "20000", "--out", kifu.toString(), "--json",
                json.toString(), game.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().get(0).startsWith("悪手は"), run.out().toString());
        assertTrue(run.out().get(0).contains("9手目 ▲２四飛、最善は ▲"), run.out().get(0));
        assertTrue(run.lastLine().matches("Reviewed 10 moves in \\d+\\.\\d s \\(20000 nodes a position\\)\\."), run.lastLine());
        GameRecord reviewed = RecordFormat.read(kifu.toString(), Files.readAllBytes(kifu));
        for (RecordedMove move : reviewed.mainLine().moves()) {
            assertTrue(String.join("\n", move.comments()).contains("#エンジン=shogi-bridge"), move.comments().toString());
        }
        JsonNode review = new ObjectMapper().readTree(Files.readString(json));
        assertEquals("hanging", review.get("game").asText());
        assertEquals(10, review.get("moves").size());
        assertEquals(9, review.get("worst").get(0).asInt());
    }

    @Test
    void badOptionsAreOneClearLine() throws Exception {
        Path game = dir.resolve("g.usi");
        Files.writeString(game, "position startpos moves 7g7f\n");
        CliRun.assertOneClearLine(PerftCommandTest.run("review", "--nodes", "10", game.toString()),
                "Bad option. --nodes must be 1000 or more, not 10.");
        CliRun.assertOneClearLine(PerftCommandTest.run("review", "--out", dir.resolve("g.txt").toString(), game.toString()),
                "Bad option. --out must end in .kifu, .kif or .csa");
        Path empty = dir.resolve("empty.usi");
        Files.writeString(empty, "position startpos\n");
        CliRun.assertOneClearLine(PerftCommandTest.run("review", empty.toString()), "Nothing to review. ");
    }
}
