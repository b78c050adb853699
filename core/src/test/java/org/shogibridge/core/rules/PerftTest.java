package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Published perft counts, written in (they are facts); the full tables run in the conformance tests. */
class PerftTest {
    @ParameterizedTest(name = "{0} depth {2}")
    @CsvSource(delimiter = '|', value = {
        // Standard start: 30 first moves (9 pawns, 2 lances, 1 rook... no drops), 900 replies, as YaneuraOu.
        "start|lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|1|30",
        "start|lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|2|900",
        "start|lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|3|25470",
        "start|lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|4|719731",
        // YaneuraOu's 'matsuri' position: promotions, drops and checks everywhere.
        "matsuri|l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RG5pnsg 1|1|207",
        "matsuri|l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RG5pnsg 1|2|28684",
        // The position with the most legal moves known in shogi: 593.
        "max-moves|R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1|1|593",
        "max-moves|R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1|2|105677",
        // Okisaki start: 10 pawns, 2 lances, knights jumping as in chess, king, queen, golds... 37 moves.
        "okisaki|lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1|1|37",
        "okisaki|lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1|2|1369",
        "okisaki|lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1|3|48211",
        // Minishogi start, as in Fairy-Stockfish's perft tests.
        "minishogi|rbsgk/4p/5/P4/KGSBR b - 1|1|14",
        "minishogi|rbsgk/4p/5/P4/KGSBR b - 1|3|2512",
        "minishogi|rbsgk/4p/5/P4/KGSBR b - 1|5|533203",
    })
    void publishedCounts(String name, String sfen, int depth, long nodes) {
        assertEquals(nodes, new Perft().count(Position.fromSfen(sfen), depth));
    }

    @Test
    void divideSumsToTheTotal() {
        Position p = Position.start(Variant.STANDARD);
        Map<String, Long> divide = new Perft().divide(p, 3);
        assertEquals(30, divide.size());
        assertEquals(25470L, divide.values().stream().mapToLong(Long::longValue).sum());
        assertEquals(Position.start(Variant.STANDARD).toSfen(), p.toSfen(), "divide leaves the position as it was");
    }
}
