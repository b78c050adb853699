package org.shogibridge.lab.tsume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.tsume.TsumeCheck;
import org.shogibridge.core.tsume.TsumeProblem;

/** A tsume made from a game's position: turned so the attacker is Black, its king and an idle pawn taken off. */
class TsumeMakerTest {
    /** The built-in 3-01 as the set has it. */
    private static final String PROBLEM = "9/4+S4/5kb2/3B1pp2/9/9/4R4/9/9 b Gr3g3s4n4l16p 1";

    @Test
    void aGamesPositionWithWhiteToMateBecomesTheProblem() {
        // The problem with Black's king on 9i and an idle pawn on 1g, turned round: White to move and mate.
        String game = turned("9/4+S4/5kb2/3B1pp2/9/9/4R3P/9/K8") + " w g 1";
        Optional<TsumeProblem> made = new TsumeMaker().make(Position.fromSfen(game), "a game ply 99", List.of(3, 5, 7));
        assertTrue(made.isPresent());
        assertEquals(PROBLEM, made.get().sfen(), "turned back, the king and the idle pawn off, White given the rest");
        assertEquals(List.of("G*4b", "3c4b", "6d4b+"), made.get().solution());
        assertEquals(List.of(), new TsumeCheck().faults(made.get()));
    }

    @Test
    void aPositionWithNoShortMateMakesNone() {
        assertTrue(new TsumeMaker().make(Position.fromSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
                "start", List.of(3, 5, 7)).isEmpty());
    }

    /** A board in SFEN turned round: ranks and files reversed, the sides swapped. */
    private static String turned(String board) {
        String[] ranks = board.split("/");
        StringBuilder out = new StringBuilder();
        for (int r = ranks.length - 1; r >= 0; r--) {
            List<String> cells = new java.util.ArrayList<>();
            String rank = ranks[r];
            for (int i = 0; i < rank.length(); i++) {
                char c = rank.charAt(i);
                if (Character.isDigit(c)) {
                    for (int k = 0; k < c - '0'; k++) {
                        cells.add("1");
                    }
                } else if (c == '+') {
                    char p = rank.charAt(++i);
                    cells.add("+" + swap(p));
                } else {
                    cells.add(String.valueOf(swap(c)));
                }
            }
            java.util.Collections.reverse(cells);
            out.append(out.length() == 0 ? "" : "/").append(compress(cells));
        }
        return out.toString();
    }

    private static char swap(char c) {
        return Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c);
    }

    private static String compress(List<String> cells) {
        StringBuilder sb = new StringBuilder();
        int empty = 0;
        for (String cell : cells) {
            if (cell.equals("1")) {
                empty++;
                continue;
            }
            if (empty > 0) {
                sb.append(empty);
                empty = 0;
            }
            sb.append(cell);
        }
        return empty > 0 ? sb.append(empty).toString() : sb.toString();
    }
}
