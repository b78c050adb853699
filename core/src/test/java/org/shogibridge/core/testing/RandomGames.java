package org.shogibridge.core.testing;

import java.util.Random;
import java.util.function.IntConsumer;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;

/** Walks seeded random games: shows each position reached, with its legal moves, to a check, or returns the moves. */
public final class RandomGames {
    /** A check of one position: the legal moves and the destination of the previous move (-1 at the start). */
    public interface PositionCheck {
        void check(Position p, MoveList legal, int previousTo);
    }

    private RandomGames() {
    }

    public static void forEachPosition(Variant variant, long seed, int games, int plies, PositionCheck check) {
        Random random = new Random(seed);
        for (int game = 0; game < games; game++) {
            walk(variant, random, plies, check, move -> { });
        }
    }

    /** Return the moves of one random game of at most {@code plies} moves from the variant's start. */
    public static int[] game(Variant variant, long seed, int plies) {
        java.util.List<Integer> moves = new java.util.ArrayList<>();
        walk(variant, new Random(seed), plies, (p, legal, previousTo) -> { }, moves::add);
        return moves.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void walk(Variant variant, Random random, int plies, PositionCheck check, IntConsumer played) {
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
            played.accept(move);
            p.doMove(move);
        }
    }
}
