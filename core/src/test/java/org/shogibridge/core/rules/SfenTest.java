package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SfenTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1",
        "rbsgk/4p/5/P4/KGSBR b - 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "1n1gk2s1l/s6b2/2p1g3pn/1n1pppP2p/10/5P4/2P1P3P1/1+r1S3P1P/5K1GRL/7SN1 w QBL4Pqgl 27",
        "8k/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1",
    })
    void roundTrips(String sfen) {
        assertEquals(sfen, Position.fromSfen(sfen).toSfen());
    }

    @Test
    void variantIsInferredFromTheNumberOfRanks() {
        assertEquals(Variant.OKISAKI, Position.fromSfen(Variant.OKISAKI.startSfen()).variant());
        assertEquals(Variant.MINISHOGI, Position.fromSfen("rbsgk/4p/5/P4/KGSBR b - 1").variant());
    }

    @Test
    void moveNumberIsOptionalAndAdvancesWithPlay() {
        Position p = Position.fromSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -");
        p.doMove(Usi.parseLegalMove(p, "7g7f"));
        assertTrue(p.toSfen().endsWith(" w - 2"), p.toSfen());
    }

    @Test
    void mateProblemWithoutAttackingKingGetsRemainingPiecesInHand() {
        Position p = Position.fromSfen("7nk/9/7G1/9/9/9/9/9/9 b P 1");
        p.putRemainingPiecesInHand(Side.WHITE);
        assertEquals("7nk/9/7G1/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1", p.toSfen());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1|Board has 8 ranks",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1|Side to move must be 'b' or 'w'",
        "lnsgkgsnl/1r5b2/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|Too many squares in rank 2",
        "lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|Rank 2 ('1r5b') has 8 squares",
        "lnsgkgsnl/1r5x1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|Unknown piece 'x' in rank 2",
        "lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|Piece 'k' cannot be promoted",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1|'K' is not a piece that can be held in hand",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1|19 pieces of type 'P'",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b PP 1|listed twice",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0|Move number must be a positive whole number",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b|Expected 3 or 4 fields",
        "4k3P/9/9/9/9/9/9/9/4K4 b - 1|Unpromoted 'P' on 1a could never move",
        "4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1|Two unpromoted Black pawns on file 5",
        "4k4/4R4/9/9/9/9/9/9/4K4 b - 1|The side not to move is in check",
        "4k4/9/9/9/9/9/9/9/3KK4 b - 1|more than one king",
        "4k4/9/9/9/9/9/9/9/4K3Q b - 1|Piece 'Q' is not used in standard",
        "9/9/9/9/9/9/9/9/9/9/9 b - 1|Board has 11 ranks",
    })
    void malformedInputIsRejectedWithWhatAndWhere(String sfen, String expected) {
        SfenException e = assertThrows(SfenException.class, () -> Position.fromSfen(sfen));
        assertTrue(e.getMessage().startsWith("Invalid SFEN. "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void okisakiWritesTenEmptySquaresAsTen() {
        Position p = Position.start(Variant.OKISAKI);
        assertTrue(p.toSfen().contains("/10/10/10/10/"), p.toSfen());
    }
}
