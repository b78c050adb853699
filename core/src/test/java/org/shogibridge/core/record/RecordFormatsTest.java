package org.shogibridge.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

class RecordFormatsTest {
    static final String KIF = String.join("\n",
            "#KIF version=2.0 encoding=UTF-8",
            "開始日時：2026/11/22 10:00:00",
            "棋戦：クラブ例会",
            "手合割：平手",
            "先手：羽生",
            "後手：藤井",
            "*対局前のコメント",
            "手数----指手---------消費時間--",
            "   1 ７六歩(77)   ( 0:16/00:00:16)",
            "*角道を開ける",
            "   2 ３四歩(33)   ( 0:05/00:00:05)+",
            "   3 ２二角成(88) ( 0:03/00:00:19)",
            "   4 同　銀(31)   ( 1:02/00:01:07)",
            "   5 ４五角打     ( 0:10/00:00:29)",
            "   6 投了         ( 0:01/00:01:08)",
            "まで5手で先手の勝ち",
            "",
            "変化：2手",
            "   2 ８四歩(83)   ( 0:07/00:00:07)",
            "   3 中断         ( 0:00/00:00:16)",
            "");

    private static String usi(GameRecord r) {
        return UsiRecord.write(r).strip();
    }

    @Test
    void kifCarriesHeadersTimesCommentsVariationsAndEnding() {
        GameRecord r = KifReader.read("game.kifu", KIF);
        assertEquals("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e", usi(r));
        assertEquals("羽生", r.headers().get(GameRecord.BLACK));
        assertEquals("藤井", r.headers().get(GameRecord.WHITE));
        assertEquals("クラブ例会", r.headers().get("棋戦"));
        assertEquals(List.of("対局前のコメント"), r.comments());
        List<RecordedMove> moves = r.mainLine().moves();
        assertEquals(16_000, moves.get(0).elapsedMillis());
        assertEquals(62_000, moves.get(3).elapsedMillis());
        assertEquals(List.of("角道を開ける"), moves.get(0).comments());
        assertEquals(Ending.RESIGNATION, r.mainLine().ending());
        assertEquals(1_000, r.mainLine().endingElapsedMillis());
        MoveLine variation = moves.get(1).alternatives().get(0);
        assertEquals(1, variation.moves().size());
        assertEquals("8c8d", Usi.format(Variant.STANDARD, variation.moves().get(0).move()));
        assertEquals(Ending.INTERRUPTION, variation.ending());
    }

    @Test
    void kifIsWrittenTheWayKakinokiWritesIt() {
        String written = RecordFormat.KIFU.write(KifReader.read("game.kifu", KIF));
        assertTrue(written.contains("\n   1 ７六歩(77)   ( 0:16/00:00:16)\n"), written);
        assertTrue(written.contains("\n   2 ３四歩(33)   ( 0:05/00:00:05)+\n"), written);
        assertTrue(written.contains("\n   4 同　銀(31)   ( 1:02/00:01:07)\n"), written);
        assertTrue(written.contains("\n   5 ４五角打     ( 0:10/00:00:29)\n"), written);
        assertTrue(written.contains("\nまで5手で先手の勝ち\n\n変化：2手\n   2 ８四歩(83)"), written);
    }

    @Test
    void ki2WritesJapaneseNotationAndReadsItBack() {
        GameRecord r = KifReader.read("game.kifu", KIF);
        String ki2 = RecordFormat.KI2U.write(r);
        assertTrue(ki2.contains("▲７六歩\n*角道を開ける\n△３四歩\n"), ki2);
        assertTrue(ki2.contains("▲２二角成    △同　銀      ▲４五角\n"), ki2);
        assertTrue(ki2.contains("まで5手で先手の勝ち"), ki2);
        GameRecord back = KifReader.read("game.ki2", ki2);
        RecordAssertions.assertSameRecord(r, back, RecordFormat.KI2U, "KI2");
    }

    @Nested
    class Endings {
        @ParameterizedTest
        @EnumSource(Ending.class)
        void everyEndingSurvivesEveryFormat(Ending ending) {
            GameRecord r = KifReader.read("two-moves.kif", "   1 ７六歩(77)\n   2 ３四歩(33)\n");
            r.mainLine().ending(ending);
            for (RecordFormat format : RecordFormat.values()) {
                if (format == RecordFormat.USI) {
                    continue;
                }
                GameRecord back = RecordFormat.read("x." + format.extension(), format.encode(r));
                RecordAssertions.assertSameRecord(r, back, format, ending + " via " + format);
            }
        }

        @ParameterizedTest(name = "KIF {0}")
        @CsvSource({"投了, RESIGNATION", "中断, INTERRUPTION", "千日手, REPETITION", "詰み, CHECKMATE",
                "持将棋, IMPASSE", "切れ負け, TIME_UP", "反則勝ち, OPPONENT_ILLEGAL", "反則負け, ILLEGAL_MOVE",
                "入玉勝ち, ENTERING_KING_WIN", "封じ手, SEALED_MOVE", "Time-up, TIME_UP", "不詰, NO_CHECKMATE"})
        void kifTerminalWords(String word, Ending expected) {
            GameRecord r = KifReader.read("t.kif", "   1 ７六歩(77)\n   2 " + word + "\n");
            assertEquals(expected, r.mainLine().ending());
        }

        @ParameterizedTest(name = "CSA {0}")
        @CsvSource({"%TORYO, RESIGNATION", "%CHUDAN, INTERRUPTION", "%SENNICHITE, REPETITION", "%TSUMI, CHECKMATE",
                "%JISHOGI, IMPASSE", "%TIME_UP, TIME_UP", "%KACHI, ENTERING_KING_WIN", "%ILLEGAL_MOVE, ILLEGAL_MOVE",
                // After one move White is to move: a foul by White loses, a foul by Black wins for White.
                "%-ILLEGAL_ACTION, ILLEGAL_MOVE", "%+ILLEGAL_ACTION, OPPONENT_ILLEGAL", "%HIKIWAKE, DRAW",
                "%MAX_MOVES, MAX_MOVES", "%MATTA, TAKEBACK", "%FUZUMI, NO_CHECKMATE", "%ERROR, ERROR"})
        void csaSpecialMoves(String special, Ending expected) {
            GameRecord r = CsaReader.read("t.csa", "V2.2\nPI\n+\n+7776FU\n" + special + "\nT3\n");
            assertEquals(expected, r.mainLine().ending());
            assertEquals(3_000, r.mainLine().endingElapsedMillis());
        }

        @ParameterizedTest(name = "KI2 {0}")
        @CsvSource({"まで1手で先手の勝ち, RESIGNATION", "まで1手で中断, INTERRUPTION", "まで1手で千日手, REPETITION",
                "まで1手詰, CHECKMATE", "まで1手で詰み, CHECKMATE", "まで1手で持将棋, IMPASSE",
                "まで1手で時間切れにより先手の勝ち, TIME_UP", "まで1手で後手の反則負け, ILLEGAL_MOVE",
                "まで1手で後手の反則勝ち, OPPONENT_ILLEGAL", "まで1手で先手の反則負け, OPPONENT_ILLEGAL",
                "まで1手で後手の入玉勝ち, ENTERING_KING_WIN", "まで1手で封じ手, SEALED_MOVE"})
        void ki2Summaries(String summary, Ending expected) {
            GameRecord r = KifReader.read("t.ki2", "▲７六歩\n" + summary + "\n");
            assertEquals(expected, r.mainLine().ending());
        }
    }

    @Nested
    class Handicaps {
        @ParameterizedTest
        @EnumSource(Handicap.class)
        void handicapHeaderGivesTheStartAndIsWrittenBack(Handicap handicap) {
            String kif = "手合割：" + handicap.japaneseName() + "\n下手：A\n上手：B\n手数----指手--\n   1 ５二玉(51)\n";
            GameRecord r = KifReader.read("h.kif", kif);
            assertEquals(handicap.startPosition().toSfen(), r.startSfen());
            assertEquals(handicap, r.handicap().orElseThrow());
            assertEquals("A", r.headers().get(GameRecord.BLACK));
            assertEquals("B", r.headers().get(GameRecord.WHITE));
            String written = RecordFormat.KIFU.write(r);
            assertTrue(written.contains("手合割：" + handicap.japaneseName() + "\n"), written);
            assertTrue(written.contains("下手：A\n上手：B\n"), written);
            for (RecordFormat format : RecordFormat.values()) {
                GameRecord back = RecordFormat.read("x." + format.extension(), format.encode(r));
                RecordAssertions.assertSameRecord(r, back, format, handicap + " via " + format);
            }
        }

        /** Issue 82: a game's record with 手合割 among its headers (as the board's session makes it) names it once. */
        @ParameterizedTest
        @EnumSource(Handicap.class)
        void aHandicapHeaderIsWrittenOnceInKifAndNotInCsa(Handicap handicap) {
            GameRecord r = GameRecord.of(handicap.startPosition(), java.util.List.of(), null, 0);
            r.headers().put("手合割", handicap.japaneseName());
            r.headers().put("棋戦", "local");
            for (RecordFormat format : new RecordFormat[] {RecordFormat.KIF, RecordFormat.KIFU, RecordFormat.KI2U}) {
                String written = format.write(r);
                assertEquals(1, written.split("手合割：", -1).length - 1, format + ":\n" + written);
            }
            // A name ShogiHome does not know (三枚落ち, 五枚落ち, 左五枚落ち, 左七枚落ち, 右七枚落ち) comes with the diagram.
            boolean lessKnown = java.util.Set.of(Handicap.THREE_PIECES, Handicap.FIVE_PIECES, Handicap.LEFT_FIVE_PIECES,
                    Handicap.LEFT_SEVEN_PIECES, Handicap.RIGHT_SEVEN_PIECES).contains(handicap);
            assertEquals(lessKnown, RecordFormat.KIFU.write(r).contains("上手の持駒："), handicap.toString());
            String csa = RecordFormat.CSA.write(r);
            assertFalse(csa.contains("手合割"), "CSA V2.2 has no such key; its P lines give the start:\n" + csa);
            assertEquals(handicap, RecordFormat.read("x.csa", RecordFormat.CSA.encode(r)).handicap().orElseThrow());
        }

        @Test
        void unknownHandicapNameWithoutDiagramIsAnError() {
            RecordFormatException e = assertThrows(RecordFormatException.class,
                    () -> KifReader.read("h.kif", "手合割：九枚落ち\n   1 ５二玉(51)\n"));
            assertEquals("h.kif:2: Unknown 手合割. '九枚落ち' is not a standard handicap and the record has no board diagram",
                    e.getMessage());
        }
    }

    @Nested
    class Encodings {
        @ParameterizedTest
        @CsvSource({"UTF-8, false", "UTF-8, true", "windows-31j, false", "EUC-JP, false"})
        void anyEncodingAndLineEndReadsTheSame(String charset, boolean bom) throws Exception {
            GameRecord expected = KifReader.read("game.kifu", KIF);
            for (String lineEnd : new String[] {"\n", "\r\n"}) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                if (bom) {
                    bytes.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
                }
                bytes.write(KIF.replace("\n", lineEnd).getBytes(Charset.forName(charset)));
                GameRecord r = RecordFormat.read("game.kif", bytes.toByteArray());
                RecordAssertions.assertSameRecord(expected, r, RecordFormat.KIFU, charset + " " + bom);
            }
        }

        @Test
        void kifIsShiftJisAndKifuUtf8() {
            GameRecord r = KifReader.read("game.kifu", KIF);
            byte[] kif = RecordFormat.KIF.encode(r);
            assertEquals("Shift_JIS", RecordText.detect(kif));
            assertEquals("UTF-8", RecordText.detect(RecordFormat.KIFU.encode(r)));
            assertTrue(new String(kif, RecordText.SHIFT_JIS).startsWith("#KIF version=2.0 encoding=Shift_JIS\n"));
        }

        @Test
        void kifFallsBackToUtf8RatherThanLoseACharacter() {
            GameRecord r = KifReader.read("game.kifu", KIF);
            r.comments().add("森雞二九段 〜 🎌");
            byte[] kif = RecordFormat.KIF.encode(r);
            assertTrue(new String(kif, StandardCharsets.UTF_8).startsWith("#KIF version=2.0 encoding=UTF-8\n"));
            assertEquals(r.comments(), RecordFormat.read("game.kif", kif).comments());
        }
    }

    /** Files of several games: the hub's all.kifu (KIF after KIF) and CSA's "/" separator. */
    @Nested
    class SeveralGames {
        @Test
        void kifGamesEachWithTheirOwnFirstLineAreReadApart() {
            GameRecord first = RecordFormat.read("a.kifu", KIF.getBytes(StandardCharsets.UTF_8));
            GameRecord second = RecordFormat.read("b.csa", "PI\n+\n+2726FU\n-8384FU\n%TORYO\n".getBytes(StandardCharsets.UTF_8));
            second.headers().put(GameRecord.BLACK, "二人目");
            String all = RecordFormat.KIFU.write(first) + "\n" + RecordFormat.KIFU.write(second) + "\n" + RecordFormat.KIFU.write(first);
            List<GameRecord> games = RecordFormat.readAll("all.kifu", all.getBytes(StandardCharsets.UTF_8));
            assertEquals(3, games.size());
            assertEquals(usi(first), usi(games.get(0)));
            assertEquals(usi(second), usi(games.get(1)));
            assertEquals("二人目", games.get(1).headers().get(GameRecord.BLACK));
            assertEquals(Ending.RESIGNATION, games.get(1).mainLine().ending());
            assertEquals(usi(first), usi(games.get(2)));
        }

        @Test
        void csaGamesSeparatedBySlashAreReadApart() {
            String csa = "PI\n+\n+7776FU\n%TORYO\n/\nPI\n+\n+2726FU\n-3334FU\n%CHUDAN\n";
            List<GameRecord> games = RecordFormat.readAll("two.csa", csa.getBytes(StandardCharsets.UTF_8));
            assertEquals(List.of(1, 2), games.stream().map(g -> g.mainLine().moves().size()).toList());
        }

        @Test
        void aFileOfOneGameIsAListOfOneAndAnErrorNamesTheGame() {
            assertEquals(1, RecordFormat.readAll("a.kifu", KIF.getBytes(StandardCharsets.UTF_8)).size());
            assertEquals(1, RecordFormat.readAll("a.kifu", ("# converted by nkf\n" + KIF).getBytes(StandardCharsets.UTF_8)).size(),
                    "a comment before the #KIF line is not a game of its own");
            String broken = KIF + "\n" + KIF.replace("７六歩(77)", "７六歩(99)");
            RecordFormatException e = assertThrows(RecordFormatException.class,
                    () -> RecordFormat.readAll("all.kifu", broken.getBytes(StandardCharsets.UTF_8)));
            assertTrue(e.getMessage().contains("all.kifu (game 2)"), e.getMessage());
        }
    }

    @Nested
    class Errors {
        @Test
        void illegalMoveNamesFileLineAndRule() {
            RecordFormatException e = assertThrows(RecordFormatException.class,
                    () -> KifReader.read("bad.kif", "手数----指手--\n   1 ７六歩(77)\n   2 ７五歩(76)\n"));
            assertEquals("bad.kif:3: Illegal move. '７五歩(76)': wrong turn.", e.getMessage());
            RecordFormatException nifu = assertThrows(RecordFormatException.class,
                    () -> CsaReader.read("bad.csa", "PI\n+\n+7776FU\n-3334FU\n+0075FU\n"));
            assertTrue(nifu.getMessage().startsWith("bad.csa:5: Illegal move. '+0075FU': "), nifu.getMessage());
        }

        @Test
        void unreadableInputNamesWhere() {
            assertEquals("bad.kif:3: Unreadable line. 'これは指し手ではない'", assertThrows(RecordFormatException.class,
                    () -> KifReader.read("bad.kif", "手数----指手--\n   1 ７六歩(77)\nこれは指し手ではない\n")).getMessage());
            assertEquals("bad.csa:3: Unknown piece. 'XX'", assertThrows(RecordFormatException.class,
                    () -> CsaReader.read("bad.csa", "PI\n+\n+7776XX\n")).getMessage());
            assertEquals("bad.csa:4: Unknown special move. '%GIVEUP'", assertThrows(RecordFormatException.class,
                    () -> CsaReader.read("bad.csa", "PI\n+\n+7776FU\n%GIVEUP\n")).getMessage());
            assertTrue(assertThrows(RecordFormatException.class, () -> JkfReader.read("bad.jkf", "{\"moves\": [}"))
                    .getMessage().startsWith("bad.jkf:1: Invalid JSON."));
            assertEquals("bad.jkf:1: moves[1]: Illegal move. There is no FU on 76.", assertThrows(RecordFormatException.class,
                    () -> JkfReader.read("bad.jkf", "{\"moves\":[{},{\"move\":{\"from\":{\"x\":7,\"y\":6},"
                            + "\"to\":{\"x\":7,\"y\":5},\"piece\":\"FU\"}}]}")).getMessage());
            assertEquals("bad.usi:1: Illegal move. '7g7e' in lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1:"
                    + " impossible movement.", assertThrows(RecordFormatException.class,
                    () -> UsiRecord.read("bad.usi", "position startpos moves 7g7e")).getMessage());
        }
    }

    @Test
    void csaReadsV22FeaturesAndV3FractionalTimes() {
        String csa = String.join("\n", "'CSA encoding=UTF-8", "V3.0", "N+先手さん", "N-後手さん",
                "$EVENT:例会", "$START_TIME:2026/11/22 10:00:00", "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY",
                "P2 * -HI *  *  *  *  * -KA * ", "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU", "P4 *  *  *  *  *  *  *  *  * ",
                "P5 *  *  *  *  *  *  *  *  * ", "P6 *  *  *  *  *  *  *  *  * ", "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU",
                "P8 * +KA *  *  *  *  * +HI * ", "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY", "+",
                "+7776FU,T1.5,'* 評価値 30", "-3334FU", "T2", "+8822UM", "-3122GI", "%TORYO", "");
        GameRecord r = CsaReader.read("v3.csa", csa);
        assertEquals("position startpos moves 7g7f 3c3d 8h2b+ 3a2b", usi(r));
        assertEquals(1_500, r.mainLine().moves().get(0).elapsedMillis());
        assertEquals(List.of(" 評価値 30"), r.mainLine().moves().get(0).comments());
        assertEquals("例会", r.headers().get("棋戦"));
        assertEquals("先手さん", r.headers().get(GameRecord.BLACK));
        String written = CsaWriter.write(r);
        assertTrue(written.contains("\n$EVENT:例会\n"), written);
        assertTrue(written.contains("\n+7776FU\nT1.500\n'* 評価値 30\n-3334FU\nT2\n+8822UM\n"), written);
    }

    @Test
    void usiLines() {
        assertEquals("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e", usi(KifReader.read("g.kifu", KIF)));
        GameRecord handicap = KifReader.read("h.kif", "手合割：香落ち\n   1 ５二玉(51)\n");
        assertEquals("position sfen " + Handicap.LANCE.startPosition().toSfen() + " moves 5a5b", usi(handicap));
        assertEquals(handicap.startSfen(), UsiRecord.read("h.usi", usi(handicap)).startSfen());
    }

    /** Random games with variations in every variant survive every format (what each format carries). */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void randomGamesWithVariationsRoundTripInEveryVariant(Variant variant) {
        Random random = new Random(3 + variant.ordinal());
        for (int game = 0; game < 5; game++) {
            GameRecord r = new GameRecord(variant);
            r.headers().put("棋戦", "random " + game);
            RecordBuilder b = new RecordBuilder(r);
            RecordBuilder.Branch main = b.current();
            for (int ply = 1; ply <= 80 && playRandom(b, random, ply); ply++) {
                if (ply % 17 == 0) {
                    b.comment("comment at " + ply);
                }
            }
            int branchPly = Math.min(r.mainLine().moves().size(), 9);
            b.variation(main, branchPly);
            for (int i = 0; i < 6 && playRandom(b, random, i); i++) {
                continue;
            }
            b.end(Ending.INTERRUPTION, 2_000);
            b.select(main);
            b.end(Ending.RESIGNATION, RecordedMove.UNKNOWN_TIME);
            for (RecordFormat format : RecordFormat.values()) {
                GameRecord back = RecordFormat.read("x." + format.extension(), format.encode(r));
                RecordAssertions.assertSameRecord(r, back, format, variant + " game " + game + " via " + format);
            }
        }
    }

    private static boolean playRandom(RecordBuilder b, Random random, int seconds) {
        MoveList legal = new MoveList();
        Position p = b.position();
        MoveGenerator.generateLegal(p, legal);
        if (legal.size() == 0) {
            return false;
        }
        b.play(legal.get(random.nextInt(legal.size()))).elapsedMillis(seconds * 1000L);
        return true;
    }
}
