package org.shogibridge.device.usi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

class FairyStockfishSquaresTest {
    /**
     * White's 37 moves in Okisaki after 1h1g, as Fairy-Stockfish 14.0.1 (Debian sid) lists them for "go perft 1"
     * in USI mode: file 10 is ':' and rank a's files are two digits.
     */
    private static final List<String> FAIRY_MOVES = List.of("09a7b", "02a4b", "9b:b", "9b8b", "9b7b", "9b6b",
            "9b5b", "9b4b", "9b3b", "05a6b", "05a5b", "05a4b", "08a8b", "08a7b", "03a4b", "03a3b", ":c:d", "9c9d",
            "8c8d", "7c7d", "6c6d", "5c5d", "4c4d", "3c3d", "2c2d", "1c1d", "07a8b", "07a7b", "07a6b", "04a5b",
            "04a4b", "04a3b", "10a:b", "01a1b", "06a7b", "06a6b", "06a5b");

    @Test
    void everyMoveOfAnOkisakiPositionTranslatesBothWaysAsFairyStockfishWritesIt() {
        Position p = Position.start(Variant.OKISAKI);
        p.doMove(Usi.parseLegalMove(p, "1h1g"));
        MoveList moves = new MoveList();
        MoveGenerator.generateLegal(p, moves);
        List<String> ours = new ArrayList<>();
        List<String> theirs = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            String usi = Usi.format(Variant.OKISAKI, moves.get(i));
            ours.add(usi);
            theirs.add(FairyStockfishSquares.moveToEngine(usi));
            assertEquals(moves.get(i), Usi.parseLegalMove(p, FairyStockfishSquares.fromEngine(theirs.get(i))), usi);
        }
        assertEquals(FAIRY_MOVES.stream().sorted().toList(), theirs.stream().sorted().toList());
        for (String fairy : FAIRY_MOVES) {
            assertEquals(true, ours.contains(Usi.format(Variant.OKISAKI, Usi.parseLegalMove(p,
                    FairyStockfishSquares.fromEngine(fairy)))), fairy);
        }
    }

    @Test
    void aPositionCommandHasOnlyItsMovesRewritten() {
        assertEquals("position startpos moves :h:g 10a:b Q*:e P*5e 2j4i 01a1b+",
                FairyStockfishSquares.toEngine("position startpos moves 10h10g 10a10b Q*10e P*5e 2j4i 1a1b+"));
        String sfen = "position sfen lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1";
        assertEquals(sfen, FairyStockfishSquares.toEngine(sfen));
        assertEquals("10h10g", FairyStockfishSquares.fromEngine(":h:g"));
        assertEquals("P*10e", FairyStockfishSquares.fromEngine("P*:e"));
        assertEquals("resign", FairyStockfishSquares.fromEngine("resign"));
    }
}
