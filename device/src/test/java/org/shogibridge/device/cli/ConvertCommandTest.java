package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.RecordText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The convert subcommand on real records (Shift_JIS KIF from Kifu for Windows, a CSA V2.2 sample). */
class ConvertCommandTest {
    @TempDir
    Path dir;

    private Path resource(String name) throws IOException {
        return TestRecords.copy(dir, name);
    }

    @Test
    void kifToUsiLine() throws IOException {
        CliRun.Result run = PerftCommandTest.run("convert", "--to", "usi", resource("jt201409130101.kif").toString());
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(1, run.out().size());
        String line = run.out().get(0);
        assertTrue(line.startsWith("position startpos moves 2g2f 8c8d 7g7f 8d8e "), line);
        assertEquals(107, line.split(" moves ")[1].split(" ").length);
    }

    @Test
    void csaToKifFileIsShiftJisAndReadsBackTheSameGame() throws IOException {
        Path csa = resource("v22.csa");
        Path kif = dir.resolve("out.kif");
        CliRun.Result run = PerftCommandTest.run("convert", csa.toString(), kif.toString());
        assertEquals(0, run.exitCode(), run.err());
        byte[] bytes = Files.readAllBytes(kif);
        assertEquals("Shift_JIS", RecordText.detect(bytes));
        GameRecord original = RecordFormat.read("v22.csa", Files.readAllBytes(csa));
        GameRecord converted = RecordFormat.read("out.kif", bytes);
        assertEquals(List.of("position startpos moves 2g2f 3c3d"), List.of(
                RecordFormat.USI.write(converted).strip()));
        assertEquals(original.headers(), converted.headers());
        assertEquals("13th World Computer Shogi Championship", converted.headers().get("棋戦"));
        String text = RecordText.decode(bytes);
        assertTrue(text.contains("   1 ２六歩(27)   ( 0:12/00:00:12)\n"), text);
        assertTrue(text.contains("   3 中断\n"), text);
    }

    @Test
    void everyFormatToStandardOutput() throws IOException {
        Path kif = resource("jt201409130101.kif");
        assertTrue(PerftCommandTest.run("convert", "--to", "csa", kif.toString()).out().contains("%TORYO"));
        String jkf = String.join("\n", PerftCommandTest.run("convert", "--to", "jkf", kif.toString()).out());
        assertTrue(jkf.contains("\"special\" : \"TORYO\""), jkf);
        List<String> kifu = PerftCommandTest.run("convert", kif.toString()).out();
        assertEquals("#KIF version=2.0 encoding=UTF-8", kifu.get(0), "standard output is UTF-8 and says so");
        assertTrue(kifu.contains("まで107手で先手の勝ち"), String.join("\n", kifu));
    }

    @Test
    void notations() throws IOException {
        Path kif = resource("jt201409130101.kif");
        List<String> japanese = PerftCommandTest.run("convert", "--notation", "japanese", kif.toString()).out();
        assertEquals("1 ▲２六歩", japanese.get(0));
        assertEquals("2 △８四歩", japanese.get(1));
        assertEquals("投了", japanese.get(japanese.size() - 1));
        List<String> hodges = PerftCommandTest.run("convert", "--notation", "hodges", kif.toString()).out();
        assertEquals(List.of("1. P-2f", "2. P-8d", "3. P-7f"), hodges.subList(0, 3));
        List<String> hosking = PerftCommandTest.run("convert", "--notation", "hosking", kif.toString()).out();
        assertEquals(List.of("1. P-26", "2. P-84", "3. P-76"), hosking.subList(0, 3));
    }

    @Test
    void badRecordNamesFileLineAndReason() throws IOException {
        Path bad = dir.resolve("bad.kif");
        Files.writeString(bad, "手数----指手--\n   1 ７六歩(77)\n   2 ７五歩(76)\n");
        CliRun.Result run = PerftCommandTest.run("convert", "--to", "usi", bad.toString());
        assertEquals(2, run.exitCode());
        assertEquals(bad + ":3: Illegal move. '７五歩(76)': wrong turn.", run.err().strip());
        CliRun.Result unknown = PerftCommandTest.run("convert", "--to", "pgn", bad.toString());
        assertEquals(2, unknown.exitCode());
        CliRun.Result missing = PerftCommandTest.run("convert", dir.resolve("none.kif").toString());
        assertEquals(2, missing.exitCode());
        assertEquals("File not found. " + dir.resolve("none.kif") + " does not exist (or its folder does not).",
                missing.err().strip());
    }
}
