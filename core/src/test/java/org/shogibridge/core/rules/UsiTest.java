package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UsiTest {
    @Test
    void standardMovesRoundTrip() {
        Position p = Position.start(Variant.STANDARD);
        for (String usi : new String[] {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}) {
            int move = Usi.parseLegalMove(p, usi);
            assertEquals(usi, Usi.format(p.variant(), move));
            p.doMove(move);
        }
        assertEquals("lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6",
                p.toSfen());
    }

    @Test
    void okisakiFileTenIsWrittenAsTen() {
        Position p = Position.start(Variant.OKISAKI);
        int move = Usi.parseLegalMove(p, "10h10g");
        assertEquals("10h10g", Usi.format(Variant.OKISAKI, move));
        assertEquals(Variant.OKISAKI.square(10, 8), Move.from(move));
        Position withQueen = Position.fromSfen("5k4/10/10/10/10/10/10/10/10/5K4 b Q 1");
        assertEquals("Q*10c", Usi.format(Variant.OKISAKI, Usi.parseLegalMove(withQueen, "Q*10c")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"7g7", "Z*5e", "0a1a", "7g7f++", "10a9a", "7j7i", "K*5e", "P*5e5"})
    void malformedMovesAreRejected(String text) {
        Position p = Position.start(Variant.STANDARD);
        SfenException e = assertThrows(SfenException.class, () -> Usi.parseMove(p, text));
        assertTrue(e.getMessage().startsWith("Invalid USI move. '" + text + "'"), e.getMessage());
    }

    @Test
    void illegalButWellFormedMoveNamesTheRule() {
        Position p = Position.start(Variant.STANDARD);
        SfenException e = assertThrows(SfenException.class, () -> Usi.parseLegalMove(p, "2h2c"));
        assertTrue(e.getMessage().contains("impossible movement"), e.getMessage());
    }
}
