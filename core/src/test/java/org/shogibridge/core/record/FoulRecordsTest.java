package org.shogibridge.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A game lost by an illegal move is recorded: the legal moves, then the illegal move kept as the foul that lost
 * it, as Kifu for Windows and ShogiGUI show it. It is read only when the record says the game ended by it, and
 * written back in every format that can carry it.
 */
class FoulRecordsTest {
    /** An 81Dojo game: Black's 27th move ４五桂 leaves the king in check, and the record says White won by it. */
    private static final String GAME = "foul-017.kif";

    @Test
    void aStatedFoulIsReadAsTheLosingMove() {
        GameRecord r = TestRecords.read(GAME);
        assertEquals("26 moves, foul ４五桂(37), ending OPPONENT_ILLEGAL", DamagedRecordsTest.summary(r));
        assertEquals(27, r.mainLine().plies());
        assertEquals(java.util.List.of("王手放置の反則"), r.mainLine().endingComments());
    }

    @ParameterizedTest
    @EnumSource(value = RecordFormat.class, names = {"KIF", "KIFU", "KI2", "KI2U", "CSA", "JKF"})
    void theFoulSurvivesEveryFormatThatCanCarryIt(RecordFormat format) {
        GameRecord r = TestRecords.read(GAME);
        GameRecord back = RecordFormat.read("back." + format.extension(), format.encode(r));
        assertEquals(DamagedRecordsTest.summary(r), DamagedRecordsTest.summary(back));
    }

    @Test
    void eachFormatWritesTheFoulTheWayItsToolsDo() {
        GameRecord r = TestRecords.read(GAME);
        String kif = RecordFormat.KIFU.write(r);
        assertTrue(kif.contains("  27 ４五桂(37)   ( 0:10/00:01:00)\n*王手放置の反則\n  28 反則勝ち\nまで27手で後手の反則勝ち\n")
                || kif.contains("  27 ４五桂(37)   ( 0:10/00:01:00)\n  28 反則勝ち\n"), kif);
        assertTrue(RecordFormat.KI2U.write(r).contains("▲４五桂\nまで27手で後手の反則勝ち\n"), RecordFormat.KI2U.write(r));
        String csa = RecordFormat.CSA.write(r);
        assertTrue(csa.contains("+3745KE\nT10\n%+ILLEGAL_ACTION\n"), csa);
        assertTrue(RecordFormat.JKF.write(r).contains("\"special\" : \"+ILLEGAL_ACTION\""), RecordFormat.JKF.write(r));
    }

    @Test
    void aUsiLineLeavesTheFoulOut() {
        GameRecord back = RecordFormat.read("back.usi", RecordFormat.USI.encode(TestRecords.read(GAME)));
        assertEquals(26, back.mainLine().moves().size());
        assertNull(back.mainLine().foul());
    }

    @Test
    void aCommentThatSaysFoulIsEnough() {
        GameRecord r = RecordFormat.read("015.kif", ("手合割：平手\n   1 ７六歩(77)\n   2 ５二玉(51)\n   3 ３三角成(88)\n"
                + "   4 ４二玉(52)\n*反則手にて終局\n").getBytes(StandardCharsets.UTF_8));
        assertEquals("3 moves, foul ４二玉(52), ending OPPONENT_ILLEGAL", DamagedRecordsTest.summary(r));
    }

    @Test
    void anIllegalMoveThatIsNotStatedOrNotLastIsAnError() {
        byte[] silent = "手合割：平手\n   1 ７六歩(77)\n   2 ５二玉(51)\n   3 ３三角成(88)\n   4 ４二玉(52)\n"
                .getBytes(StandardCharsets.UTF_8);
        assertEquals("silent.kif:5: Illegal move. '４二玉(52)': king left in check.",
                assertThrows(RecordFormatException.class, () -> RecordFormat.read("silent.kif", silent)).getMessage());
        byte[] notLast = "手合割：平手\n   1 ７六歩(77)\n   2 ５二玉(51)\n   3 ３三角成(88)\n   4 ４二玉(52)\n*反則\n   5 ２六歩(27)\n"
                .getBytes(StandardCharsets.UTF_8);
        assertEquals("notLast.kif:5: Illegal move. '４二玉(52)': king left in check.",
                assertThrows(RecordFormatException.class, () -> RecordFormat.read("notLast.kif", notLast)).getMessage());
        byte[] resigned = "+7776FU\n-5152OU\n+8833UM\n-5242OU\n%TORYO\n".getBytes(StandardCharsets.UTF_8);
        assertEquals("resigned.csa:4: Illegal move. '-5242OU': king left in check.",
                assertThrows(RecordFormatException.class, () -> RecordFormat.read("resigned.csa", resigned)).getMessage());
    }

    @Test
    void aCsaFoulNamesTheSideThatMadeIt() {
        GameRecord r = RecordFormat.read("g.csa", "V2.2\nPI\n+\n+7776FU\n-5152OU\n+8833UM\n-5242OU\n%-ILLEGAL_ACTION\n"
                .getBytes(StandardCharsets.UTF_8));
        assertEquals("3 moves, foul ４二玉(52), ending OPPONENT_ILLEGAL", DamagedRecordsTest.summary(r));
        assertThrows(RecordFormatException.class, () -> RecordFormat.read("g.csa",
                "V2.2\nPI\n+\n+7776FU\n-5152OU\n+8833UM\n-5242OU\n%+ILLEGAL_ACTION\n".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aMoveNoPieceCanMakeEndsTheRecordWithTheFoulNamedInAComment() {
        // A board recorder saw White's pawn jump from 3c to 3e: a foul, but not a move a record can hold.
        org.shogibridge.core.rules.Position start = org.shogibridge.core.rules.Position.start(org.shogibridge.core.rules.Variant.STANDARD);
        int first = org.shogibridge.core.rules.Usi.parseMove(start, "7g7f");
        org.shogibridge.core.rules.Position after = start.copy();
        after.doMove(first);
        int jump = org.shogibridge.core.rules.Rules.complete(after, org.shogibridge.core.rules.Move.of(
                org.shogibridge.core.rules.Usi.parseSquare(after.variant(), "3c"), org.shogibridge.core.rules.Usi.parseSquare(after.variant(), "3e"), 0, 0, false));
        var result = new org.shogibridge.core.rules.GameResult(org.shogibridge.core.rules.Side.BLACK,
                org.shogibridge.core.rules.Termination.ILLEGAL_MOVE, org.shogibridge.core.rules.Violation.IMPOSSIBLE_MOVEMENT, 1,
                "impossible movement: 3c3e");
        GameRecord record = GameRecord.of(start, java.util.List.of(first), result, jump);
        for (RecordFormat format : new RecordFormat[] {RecordFormat.KIFU, RecordFormat.CSA, RecordFormat.JKF}) {
            GameRecord back = RecordFormat.read("back." + format.extension(), format.encode(record));
            assertEquals("1 moves, no foul, ending ILLEGAL_MOVE", DamagedRecordsTest.summary(back), format.name());
        }
        assertTrue(RecordFormat.KIFU.write(record).contains("*impossible movement: 3c3e"), RecordFormat.KIFU.write(record));
    }
}
