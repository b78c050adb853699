package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StaticExchangeTest {
    /** Simple values by type, so each expected result can be added up by hand. */
    private static final int[] VALUES = new int[Piece.TYPES];

    static {
        VALUES[Piece.PAWN] = 1;
        VALUES[Piece.LANCE] = 3;
        VALUES[Piece.KNIGHT] = 4;
        VALUES[Piece.SILVER] = 5;
        VALUES[Piece.GOLD] = 6;
        VALUES[Piece.BISHOP] = 8;
        VALUES[Piece.ROOK] = 10;
        VALUES[Piece.PRO_PAWN] = 6;
        VALUES[Piece.HORSE] = 11;
        VALUES[Piece.DRAGON] = 13;
    }

    private final StaticExchange exchange = new StaticExchange();

    private int see(String sfen, String move) {
        Position p = Position.fromSfen(sfen);
        return exchange.evaluate(p, Usi.parseLegalMove(p, move), VALUES);
    }

    @Test
    void takingAnUndefendedPieceWinsIt() {
        // Black's rook on 5e takes the gold on 5c; nothing of White's can take back.
        assertEquals(6, see("4k4/9/4g4/9/4R4/9/9/9/4K4 b - 1", "5e5c"));
    }

    @Test
    void takingADefendedPawnWithTheRookLosesTheRookForThePawn() {
        // The pawn on 5c is guarded by the gold on 5b: rook for pawn.
        assertEquals(1 - 10, see("k8/4g4/4p4/9/4R4/9/9/9/4K4 b - 1", "5e5c"));
    }

    @Test
    void aPieceBehindTheTakerJoinsInAsTheSquareOpens() {
        // A lance behind the rook on file 5, against a pawn guarded by a gold: RxP, GxR, LxG.
        assertEquals(1 - 10 + 6, see("k8/4g4/4p4/9/4R4/9/4L4/9/4K4 b - 1", "5e5c"));
    }

    @Test
    void theSideThatWouldComeOutBehindStopsTaking() {
        // Pawn takes a gold guarded by a silver; were the silver to take back, Black's silver on 6d would take
        // it, so White does not: Black wins the gold.
        assertEquals(6, see("k8/4s4/4g4/3SP4/9/9/9/9/4K4 b - 1", "5d5c"));
        // With no silver of Black's on 6d, White takes back: gold for pawn.
        assertEquals(6 - 1, see("k8/4s4/4g4/4P4/9/9/9/9/4K4 b - 1", "5d5c"));
    }

    @Test
    void theCheapestTakerGoesFirst() {
        // On 5c: PxG, SxP, then Black's silver (not its rook) takes, LxS, RxL. White, seeing it would lose more,
        // does not take back at all: +6. Had the rook gone first, the lance would take it, and Black would
        // come out with 5 only.
        assertEquals(6, see("k3l4/4s4/4g4/3SP4/4R4/9/9/9/4K4 b - 1", "5d5c"));
    }

    @Test
    void aDropOnASquareTheOpponentGuardsLosesThePiece() {
        // A silver dropped in front of White's rook, which takes it for nothing.
        assertEquals(-5, see("k8/9/9/9/5r3/9/9/9/4K4 b S 1", "S*4d"));
        // The same drop guarded by a gold of Black's: the rook would be lost for the silver, so it does not take.
        assertEquals(0, see("k8/9/5G3/9/5r3/9/9/9/4K4 b S 1", "S*4d"));
        // A drop that nothing attacks costs nothing.
        assertEquals(0, see("k8/9/9/9/9/9/9/9/4K4 b S 1", "S*4d"));
    }

    @Test
    void aKingDoesNotTakeBackOnAGuardedSquare() {
        // Black's gold takes a pawn next to White's king; the lance behind the gold guards the square.
        assertEquals(1, see("9/9/9/4k4/4p4/4G4/9/4L4/4K4 b - 1", "5f5e"));
        // Unguarded, the king takes the gold back.
        assertEquals(1 - 6, see("9/9/9/4k4/4p4/4G4/9/9/4K4 b - 1", "5f5e"));
    }

    @Test
    void aPromotionCountsAsAGain() {
        // A pawn steps into the zone and promotes on an empty, unguarded square: tokin minus pawn.
        assertEquals(6 - 1, see("k8/9/9/4P4/9/9/9/9/4K4 b - 1", "5d5c+"));
    }
}
