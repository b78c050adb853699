package org.shogibridge.device.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;

/** The archive's index in SQLite: search, rebuilt from the record files when lost or damaged, and old records imported. */
class GameIndexTest {
    @TempDir
    Path data;

    /** A game as the hub keeps it: headers as EventFeeds writes them. */
    private Path keep(String event, String id, String sente, String gote, String csaMoves, String started) throws Exception {
        GameRecord record = RecordFormat.read("g.csa", ("PI\n+\n" + csaMoves).getBytes(StandardCharsets.UTF_8));
        record.headers().put(GameRecord.BLACK, sente);
        record.headers().put(GameRecord.WHITE, gote);
        record.headers().put("棋戦", "例会");
        record.headers().put("場所", "b1");
        record.headers().put("回戦", "2");
        record.headers().put("開始日時", started);
        Path games = Files.createDirectories(data.resolve("events").resolve(event).resolve("games"));
        Path file = games.resolve(id + ".kifu");
        Files.write(file, RecordFormat.KIFU.encode(record));
        return file;
    }

    private static List<String> ids(List<GameIndex.Entry> entries) {
        return entries.stream().map(GameIndex.Entry::id).toList();
    }

    @Test
    void gamesAreFoundByPlayerEventDateAndResult() throws Exception {
        keep("club-10", "20261001-100000-b1", "羽生善治", "藤井聡太", "+7776FU\n-3334FU\n%TORYO\n", "2026/10/01 10:00:00");
        keep("club-11", "20261105-100000-b1", "藤井聡太", "渡辺明", "+2726FU\n%TORYO\n", "2026/11/05 10:00:00");
        keep("club-11", "20261105-110000-b2", "佐藤", "羽生善治", "+7776FU\n%SENNICHITE\n", "2026/11/05 11:00:00");
        try (GameIndex index = GameIndex.open(data)) {
            assertEquals(List.of("20261105-110000-b2", "20261001-100000-b1"),
                    ids(index.search(new GameIndex.Query("羽生", null, null, null, null), 100)), "either side, in part, newest first");
            assertEquals(List.of("20261105-110000-b2", "20261105-100000-b1"),
                    ids(index.search(new GameIndex.Query(null, "club-11", null, null, null), 100)));
            assertEquals(3, index.search(new GameIndex.Query(null, "例会", null, null, null), 100).size(), "by the title, in part");
            assertEquals(List.of("20261001-100000-b1"),
                    ids(index.search(new GameIndex.Query(null, null, "2026-09-01", "2026-10-31", null), 100)));
            assertEquals(List.of("20261105-110000-b2"), ids(index.search(new GameIndex.Query(null, null, null, null, "½-½"), 100)));
            assertEquals(List.of(), ids(index.search(new GameIndex.Query("%", null, null, null, null), 100)), "no wildcard from a user");
            GameIndex.Entry first = index.get("20261001-100000-b1");
            assertEquals(new GameIndex.Entry("20261001-100000-b1", "club-10", "例会", 2, "b1", "羽生善治", "藤井聡太", "2026-10-01",
                    "0-1", "投了", 2, "▲７六歩 △３四歩", "events/club-10/games/20261001-100000-b1.kifu"), first);
        }
    }

    @Test
    void aLostOrDamagedIndexIsMadeAgainFromTheRecordFiles() throws Exception {
        keep("club", "20261105-100000-b1", "甲", "乙", "+2726FU\n%TORYO\n", "2026/11/05 10:00:00");
        keep("club", "20261105-100000-b2", "丙", "丁", "+7776FU\n%TORYO\n", "2026/11/05 10:00:00");
        try (GameIndex index = GameIndex.open(data)) {
            assertEquals(2, index.search(new GameIndex.Query(null, null, null, null, null), 100).size());
        }
        Files.delete(data.resolve(GameIndex.FILE));
        try (GameIndex index = GameIndex.open(data)) {
            assertEquals(2, index.search(new GameIndex.Query(null, null, null, null, null), 100).size(), "lost: made again");
        }
        byte[] bytes = Files.readAllBytes(data.resolve(GameIndex.FILE));
        for (int i = 100; i < bytes.length; i += 7) {
            bytes[i] ^= 0x5A;
        }
        Files.write(data.resolve(GameIndex.FILE), bytes);
        try (GameIndex index = GameIndex.open(data)) {
            assertEquals(2, index.search(new GameIndex.Query(null, null, null, null, null), 100).size(), "damaged: made again");
        }
        assertTrue(Files.exists(data.resolve(GameIndex.FILE + ".damaged")), "the damaged file is kept aside");
        keep("club", "20261105-120000-b3", "戊", "己", "+7776FU\n%TORYO\n", "2026/11/05 12:00:00");
        try (GameIndex index = GameIndex.open(data)) {
            assertEquals(List.of("20261105-120000-b3"), ids(index.search(new GameIndex.Query("戊", null, null, null, null), 100)),
                    "a file the index lacks is added when it is opened");
        }
    }

    @Test
    void anImportLoadsEveryGameOfEveryReadableFileAndNamesTheLineOfEachRefusedOne() throws Exception {
        Path old = Files.createDirectories(data.resolve("old/2019"));
        Files.writeString(old.resolve("two.csa"), "N+山田\nN-田中\nPI\n+\n+7776FU\n%TORYO\n/\nN+田中\nN-山田\nPI\n+\n+2726FU\n-8384FU\n%TORYO\n");
        Files.write(old.resolve("one.kif"), ("先手：鈴木\n後手：山田\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n")
                .getBytes(RecordFormat.KIF.charset()));
        Files.writeString(old.resolve("broken.kifu"), "先手：誰\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   3 ３四歩(33)\n");
        Files.writeString(old.resolve("notes.txt"), "not a record");
        StringWriter out = new StringWriter();
        ArchiveImport.Summary summary = ArchiveImport.run(data.resolve("old"), data, new PrintWriter(out));
        assertEquals(new ArchiveImport.Summary(3, 3, 1), summary);
        assertTrue(out.toString().contains("Refused 2019/broken.kifu:4: Wrong move number."), out.toString());
        assertTrue(out.toString().endsWith("Imported 3 game(s) from 2 file(s); 1 file(s) refused.\n"), out.toString());
        try (GameIndex index = GameIndex.open(data)) {
            List<GameIndex.Entry> yamada = index.search(new GameIndex.Query("山田", null, null, null, null), 100);
            assertEquals(3, yamada.size());
        }
        ArchiveImport.run(data.resolve("old"), data, new PrintWriter(new StringWriter()));
        try (GameIndex index = GameIndex.open(data)) {
            assertEquals(3, index.search(new GameIndex.Query(null, null, null, null, null), 100).size(), "imported twice: no copies");
        }
    }
}
