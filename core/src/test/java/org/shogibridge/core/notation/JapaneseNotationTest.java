package org.shogibridge.core.notation;

import org.shogibridge.core.testing.RandomGames;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

import java.util.HashSet;
import java.util.Set;

class JapaneseNotationTest {
    /** Kings far apart so that only the pieces under test matter. */
    private static String sfen(String board, String side, String hand) {
        return board + " " + side + " " + hand + " 1";
    }

    private static String ki2(String sfen, String usi) {
        Position p = Sfen.parse(sfen);
        return JapaneseNotation.format(p, Usi.parseLegalMove(p, usi), -1, JapaneseNotation.Marks.TRIANGLES);
    }

    @Nested
    class Disambiguation {
        // Golds on 6i, 5i and 4i (Black), all able to reach 5h.
        private final String threeGolds = sfen("4k4/9/9/9/9/9/9/9/K2GGG3", "b", "-");

        @ParameterizedTest(name = "{1} -> {2}")
        @CsvSource({
                // Place: the rightmost and leftmost of two golds moving up.
                "'4k4/9/9/9/9/9/9/9/K2G1G3 b - 1', 4i5h, ▲５八金右",
                "'4k4/9/9/9/9/9/9/9/K2G1G3 b - 1', 6i5h, ▲５八金左",
                // Motion alone: one gold moves sideways, the other up.
                "'4k4/9/9/9/9/9/9/5G3/K2G5 b - 1', 4h5h, ▲５八金寄",
                "'4k4/9/9/9/9/9/9/5G3/K2G5 b - 1', 6i5h, ▲５八金上",
                // Silvers: one comes back (引), the other goes up.
                "'4k4/9/9/9/9/9/5S3/9/K2S5 b - 1', 4g5h, ▲５八銀引",
                "'4k4/9/9/9/9/9/5S3/9/K2S5 b - 1', 6i5h, ▲５八銀上",
                // Three golds in a row: straight up is 直.
                "'4k4/9/9/9/9/9/9/9/K2GGG3 b - 1', 5i5h, ▲５八金直",
                "'4k4/9/9/9/9/9/9/9/K2GGG3 b - 1', 4i5h, ▲５八金右",
                "'4k4/9/9/9/9/9/9/9/K2GGG3 b - 1', 6i5h, ▲５八金左",
                // Place is not unique among all (4h and 4i share the right), so place among those moving up.
                "'4k4/9/9/9/9/9/9/5G3/K2G1G3 b - 1', 4i5h, ▲５八金右上",
                "'4k4/9/9/9/9/9/9/5G3/K2G1G3 b - 1', 6i5h, ▲５八金左",
                "'4k4/9/9/9/9/9/9/5G3/K2G1G3 b - 1', 4h5h, ▲５八金寄",
                // Dragons on one rank: place, never 直.
                "'4k4/1+R5+R1/9/9/9/9/9/9/K8 b - 1', 2b5b, ▲５二竜右",
                "'4k4/1+R5+R1/9/9/9/9/9/9/K8 b - 1', 8b5b, ▲５二竜左",
                // Horses: one moves up, the other back.
                "'4k4/9/9/9/9/9/+B8/9/K1+B6 b - 1', 9g8h, ▲８八馬引",
                "'4k4/9/9/9/9/9/+B8/9/K1+B6 b - 1', 7i8h, ▲８八馬上",
                // White sees right and left from its own side: the gold on 6a is White's right.
                "'K2g1g3/9/9/9/9/9/9/9/4k4 w - 1', 6a5b, △５二金右",
                "'K2g1g3/9/9/9/9/9/9/9/4k4 w - 1', 4a5b, △５二金左",
                // 打 only when a piece on the board could also reach the square.
                "'4k4/9/9/9/9/9/9/9/K3G4 b G 1', G*5h, ▲５八金打",
                "'4k4/9/9/9/9/9/9/9/K3G4 b G 1', 5i5h, ▲５八金",
                "'4k4/9/9/9/9/9/9/9/K8 b G 1', G*5h, ▲５八金",
                // Promotion: 成 and 不成 when it could have promoted.
                "'4k4/9/4p4/4S4/9/9/9/9/K8 b - 1', 5d5c+, ▲５三銀成",
                "'4k4/9/4p4/4S4/9/9/9/9/K8 b - 1', 5d5c, ▲５三銀不成",
        })
        void ki2NamesTheMovingPiece(String sfen, String usi, String expected) {
            assertEquals(expected, ki2(sfen, usi));
            Position p = Sfen.parse(sfen);
            assertEquals(Usi.parseLegalMove(p, usi), JapaneseNotation.parse(p, expected, -1), "read back");
        }

        @Test
        void withoutTheSuffixTheMoveIsAmbiguous() {
            Position p = Sfen.parse(threeGolds);
            NotationException e = assertThrows(NotationException.class, () -> JapaneseNotation.parse(p, "▲５八金", -1));
            assertEquals("Unreadable move. '▲５八金': 3 pieces can make this move; it needs 右, 左, 直, 上, 引 or 寄.",
                    e.getMessage());
        }
    }

    @Test
    void sameSquareIsWrittenWithDou() {
        Position p = Sfen.parse(Variant.STANDARD.startSfen());
        int previousTo = -1;
        for (String usi : new String[] {"7g7f", "3c3d", "8h2b+"}) {
            int move = Usi.parseLegalMove(p, usi);
            previousTo = Move.to(move);
            p.doMove(move);
        }
        int capture = Usi.parseLegalMove(p, "3a2b");
        assertEquals("△同　銀", JapaneseNotation.format(p, capture, previousTo, JapaneseNotation.Marks.TRIANGLES));
        assertEquals("同　銀(31)", JapaneseNotation.formatKif(p, capture, previousTo));
        assertEquals(capture, JapaneseNotation.parse(p, "△同銀", previousTo));
        assertEquals(capture, JapaneseNotation.parse(p, "同　銀(31)", previousTo));
    }

    @Test
    void turnMarksAndPieceSpellings() {
        Position p = Sfen.parse(Variant.STANDARD.startSfen());
        int move = Usi.parseLegalMove(p, "7g7f");
        assertEquals("☗７六歩", JapaneseNotation.format(p, move, -1, JapaneseNotation.Marks.PIECES));
        assertEquals(move, JapaneseNotation.parse(p, "☗７六歩", -1));
        assertEquals(move, JapaneseNotation.parse(p, "7六歩", -1));
        NotationException wrongTurn = assertThrows(NotationException.class, () -> JapaneseNotation.parse(p, "△７六歩", -1));
        assertEquals("Illegal move. '△７六歩': it is Black's turn.", wrongTurn.getMessage());
        Position kings = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b - 1");
        assertEquals(JapaneseNotation.parse(kings, "５八玉", -1), JapaneseNotation.parse(kings, "５八王", -1));
    }

    @Test
    void illegalMovesNameTheBrokenRule() {
        Position p = Sfen.parse("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
        NotationException nifu = assertThrows(NotationException.class, () -> JapaneseNotation.parse(p, "５五歩打", -1));
        assertTrue(nifu.getMessage().startsWith("Illegal move. '５五歩打': "), nifu.getMessage());
        assertTrue(nifu.getMessage().contains("pawn"), nifu.getMessage());
        NotationException noPiece = assertThrows(NotationException.class, () -> JapaneseNotation.parse(p, "５八金(49)", -1));
        assertEquals("Illegal move. '５八金(49)': there is no 金 on ４九.", noPiece.getMessage());
        NotationException unreadable = assertThrows(NotationException.class, () -> JapaneseNotation.parse(p, "５八X", -1));
        assertEquals("Unreadable move. '５八X': no piece name after the square.", unreadable.getMessage());
    }

    @Test
    void okisakiWritesFileTenAndTheQueen() {
        Position p = Position.start(Variant.OKISAKI);
        assertEquals("１０一", JapaneseNotation.square(Variant.OKISAKI, Variant.OKISAKI.square(10, 1)));
        assertEquals("１十", JapaneseNotation.square(Variant.OKISAKI, Variant.OKISAKI.square(1, 10)));
        assertEquals(Variant.OKISAKI.square(10, 1), JapaneseNotation.readOrigin(Variant.OKISAKI, "101"));
        assertEquals(Variant.OKISAKI.square(1, 10), JapaneseNotation.readOrigin(Variant.OKISAKI, "110"));
        assertEquals(Variant.OKISAKI.square(10, 10), JapaneseNotation.readOrigin(Variant.OKISAKI, "1010"));
        Position queen = Sfen.parse("4k5/10/10/10/10/10/10/10/10/Q3K5 b - 1");
        int move = Usi.parseLegalMove(queen, "10j10b");
        assertEquals("１０二妃(1010)", JapaneseNotation.formatKif(queen, move, -1));
        assertEquals("▲１０二妃", JapaneseNotation.format(queen, move, -1, JapaneseNotation.Marks.TRIANGLES));
        assertEquals(move, JapaneseNotation.parse(queen, "１０二妃(1010)", -1));
        assertEquals(Variant.OKISAKI, p.variant());
    }

    /**
     * On positions of random games of every variant, the KI2 text of each legal move is unique among the legal
     * moves and reads back as that move; so does the KIF text.
     */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyLegalMoveHasUniqueTextThatReadsBack(Variant variant) {
        RandomGames.forEachPosition(variant, 7 + variant.ordinal(), 6, 120, (p, legal, previousTo) -> {
            Set<String> ki2Texts = new HashSet<>();
            for (int i = 0; i < legal.size(); i++) {
                int m = legal.get(i);
                String ki2 = JapaneseNotation.format(p, m, previousTo, JapaneseNotation.Marks.TRIANGLES);
                assertTrue(ki2Texts.add(ki2), "two moves written " + ki2 + " in " + p.toSfen());
                assertEquals(m, JapaneseNotation.parse(p, ki2, previousTo), ki2 + " in " + p.toSfen());
                String kif = JapaneseNotation.formatKif(p, m, previousTo);
                assertEquals(m, JapaneseNotation.parse(p, kif, previousTo), kif + " in " + p.toSfen());
            }
        });
    }
}
