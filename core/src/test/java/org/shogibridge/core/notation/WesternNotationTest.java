package org.shogibridge.core.notation;

import org.shogibridge.core.testing.RandomGames;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

import java.util.HashSet;
import java.util.Set;

class WesternNotationTest {
    @ParameterizedTest(name = "{1}: {2} / {3}")
    @CsvSource({
            "'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', 7g7f, P-7f, P-76",
            // Two silvers can take on 8c: the origin is written.
            "'4k4/S1S6/1p7/9/9/9/9/9/K8 b - 1', 7b8c+, S7bx8c+, S72x83+",
            "'4k4/S1S6/1p7/9/9/9/9/9/K8 b - 1', 9b8c, S9bx8c=, S92x83=",
            // One silver: no origin.
            "'4k4/S8/1p7/9/9/9/9/9/K8 b - 1', 9b8c+, Sx8c+, Sx83+",
            "'4k4/9/9/9/9/9/9/9/K8 b N 1', N*3e, N*3e, N*35",
            // Promoted pieces carry a +.
            "'4k4/9/9/9/9/9/9/1+R7/K8 b - 1', 8h8a, +R-8a, +R-81",
            "'4k4/9/9/9/9/9/9/1+R5+R1/K8 b - 1', 8h5h, +R8h-5h, +R88-58",
    })
    void hodgesAndHosking(String sfen, String usi, String hodges, String hosking) {
        Position p = Sfen.parse(sfen);
        int move = Usi.parseLegalMove(p, usi);
        assertEquals(hodges, WesternNotation.HODGES.format(p, move));
        assertEquals(hosking, WesternNotation.HOSKING.format(p, move));
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void hodgesTextIsUniqueAmongLegalMoves(Variant variant) {
        RandomGames.forEachPosition(variant, 11 + variant.ordinal(), 6, 120, (p, legal, previousTo) -> {
            Set<String> texts = new HashSet<>();
            for (int i = 0; i < legal.size(); i++) {
                String text = WesternNotation.HODGES.format(p, legal.get(i));
                assertTrue(texts.add(text), "two moves written " + text + " in " + p.toSfen());
            }
        });
    }

    @org.junit.jupiter.api.Test
    void tenByTenSquares() {
        assertEquals("10j", WesternNotation.HODGES.square(Variant.OKISAKI, Variant.OKISAKI.square(10, 10)));
        assertEquals("1010", WesternNotation.HOSKING.square(Variant.OKISAKI, Variant.OKISAKI.square(10, 10)));
        assertEquals("1a", WesternNotation.HODGES.square(Variant.OKISAKI, Variant.OKISAKI.square(1, 1)));
    }
}
