package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Along seeded random games, the generator, the rule classifier and make/unmake must agree: every generated
 * move is legal, every other conceivable move is classified illegal, and unmake restores position and hash.
 */
class MoveGeneratorConsistencyTest {
    @ParameterizedTest
    @EnumSource(Variant.class)
    void generatorClassifierAndMakeUnmakeAgree(Variant variant) {
        Random random = new Random(20261122L + variant.ordinal());
        MoveList list = new MoveList();
        int positions = 0;
        for (int game = 0; game < 6; game++) {
            Position p = Position.start(variant);
            for (int ply = 0; ply < 160; ply++) {
                MoveGenerator.generateLegal(p, list);
                checkPosition(p, list);
                positions++;
                if (list.size() == 0) {
                    break;
                }
                int move = list.get(random.nextInt(list.size()));
                String before = p.toSfen();
                long key = p.key();
                long pawnKey = p.pawnKey();
                long handKey = p.handKey();
                p.doMove(move);
                Position fresh = Position.fromSfen(variant, p.toSfen());
                assertEquals(fresh.key(), p.key(), "incremental hash after " + move);
                assertEquals(fresh.pawnKey(), p.pawnKey(), "incremental pawn hash after " + move);
                assertEquals(fresh.handKey(), p.handKey(), "incremental hand hash after " + move);
                p.undoMove(move);
                assertEquals(before, p.toSfen());
                assertEquals(key, p.key());
                assertEquals(pawnKey, p.pawnKey());
                assertEquals(handKey, p.handKey());
                p.doMove(move);
            }
        }
        assertEquals(true, positions > 300);
    }

    private static void checkPosition(Position p, MoveList list) {
        Variant v = p.variant();
        Set<Integer> legal = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            int move = list.get(i);
            assertNull(Rules.violation(p, move), () -> Usi.format(v, move) + " generated in " + p.toSfen());
            legal.add(move);
        }
        assertEquals(list.size(), legal.size(), "duplicate moves in " + p.toSfen());
        int us = p.sideToMove().index();
        for (int from = 0; from < v.squares(); from++) {
            int pc = p.pieceAt(from);
            if (pc == Piece.EMPTY || Piece.colour(pc) != us) {
                continue;
            }
            for (int to = 0; to < v.squares(); to++) {
                for (boolean promote : new boolean[] {false, true}) {
                    int move = Rules.complete(p, Move.of(from, to, 0, 0, promote));
                    if (!legal.contains(move)) {
                        assertNotNull(Rules.violation(p, move), () -> Usi.format(v, move) + " missing in " + p.toSfen());
                    }
                }
            }
        }
        for (int type : v.handTypes()) {
            for (int to = 0; to < v.squares(); to++) {
                int move = Move.drop(Piece.code(type, us), to);
                if (!legal.contains(move)) {
                    assertNotNull(Rules.violation(p, move), () -> Usi.format(v, move) + " missing in " + p.toSfen());
                }
            }
        }
    }
}
