package org.shogibridge.core.notation;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;

import java.util.Random;

/** Walks seeded random games and shows each position reached, with its legal moves, to a check. */
final class RandomGames {
    /** A check of one position: the legal moves and the destination of the previous move (-1 at the start). */
    interface PositionCheck {
        void check(Position p, MoveList legal, int previousTo);
    }

    private RandomGames() {
    }

    static void forEachPosition(Variant variant, long seed, int games, int plies, PositionCheck check) {
        Random random = new Random(seed);
        for (int game = 0; game < games; game++) {
            Position p = Position.start(variant);
            int previousTo = -1;
            for (int ply = 0; ply < plies; ply++) {
                MoveList legal = new MoveList();
                MoveGenerator.generateLegal(p, legal);
                if (legal.size() == 0) {
                    break;
                }
                check.check(p, legal, previousTo);
                int move = legal.get(random.nextInt(legal.size()));
                previousTo = Move.to(move);
                p.doMove(move);
            }
        }
    }
}
