package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.StaticExchange;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

class MoveOrderingTest {
    private final Evaluation evaluation = new Evaluation(EvalParams.DEFAULT);
    private final ContinuationHistory continuation = new ContinuationHistory();
    private final MoveOrdering ordering = new MoveOrdering(evaluation, new StaticExchange(), evaluation.exchangeValues(), 8,
            continuation);

    MoveOrderingTest() {
        continuation.prepare(Variant.STANDARD);
    }

    private static Position after(String... moves) {
        Position position = Position.start(Variant.STANDARD);
        for (String move : moves) {
            position.doMove(Usi.parseMove(position, move));
        }
        return position;
    }

    private int quietScore(Position position, String move) {
        ordering.enterNode(position, position.plies());
        return ordering.quietScore(Usi.parseMove(position, move), position.plies());
    }

    @Test
    void aCutoffCountsMostAfterTheMovesItAnswered() {
        Position answered = after("7g7f", "3c3d");
        ordering.enterNode(answered, 2);
        ordering.rememberCutoff(Usi.parseMove(answered, "6i7h"), 2, 8, new int[0], 0);

        int sameMoves = quietScore(answered, "6i7h");
        int otherMoves = quietScore(after("2g2f", "8c8d"), "6i7h");           // its history alone
        int mirrored = quietScore(after("2g2f", "3c3d", "7g7f"), "4a3b");      // White, the same two moves turned round
        assertTrue(otherMoves > 0, "the move's own history counts after any move: " + otherMoves);
        assertTrue(mirrored > 0, "White learns from Black's mirror image: " + mirrored);
        assertEquals(sameMoves, otherMoves + mirrored, "after the same moves: its history and its continuation");
    }

    @Test
    void theMovesTriedBeforeACutoffFallAfterTheSameMoves() {
        Position answered = after("7g7f", "3c3d");
        int tried = Usi.parseMove(answered, "9g9f");
        ordering.enterNode(answered, 2);
        ordering.rememberCutoff(Usi.parseMove(answered, "6i7h"), 2, 8, new int[] {tried}, 1);
        assertTrue(quietScore(answered, "9g9f") < quietScore(after("2g2f", "8c8d"), "9g9f"),
                "a move that failed before the cutoff falls most after the moves it failed against");
        ordering.clear();
        assertEquals(0, quietScore(answered, "9g9f"), "a new game forgets");
    }

    /** Pick every move of a list, best first, as the search does. */
    private static List<Integer> pickAll(int[] moves, int count, long[] keys) {
        List<Integer> picked = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            picked.add(MoveOrdering.pickNext(moves, keys, i, count));
        }
        return picked;
    }

    @Test
    void movesOfEqualKeyAreTriedInTheGeneratorsOrder() {
        Position position = after("7g7f", "3c3d", "8h2b+", "3a2b", "2g2f", "8c8d"); // a bishop in each hand
        MoveList list = new MoveList();
        MoveGenerator.generateLegal(position, list);
        int count = list.size();
        long[] keys = new long[count];
        ordering.enterNode(position, 0);
        ordering.fillSortKeys(position, list, keys, 0, 0);
        int[] moves = list.toArray();
        List<Integer> picked = pickAll(moves, count, keys.clone());
        // Untouched history: the quiet moves all share key 0, so they come in the generator's order.
        List<Integer> quietInGeneratorOrder = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int move = list.get(i);
            if (Move.captured(move) == 0 && !Move.promotes(move)) {
                quietInGeneratorOrder.add(move);
            }
        }
        List<Integer> quietPicked = new ArrayList<>(picked);
        quietPicked.retainAll(quietInGeneratorOrder);
        assertTrue(quietInGeneratorOrder.size() > 50, "a shogi middle game has many quiet moves and drops");
        assertEquals(quietInGeneratorOrder, quietPicked);
        assertTrue(MoveOrdering.sortKey(-1, 0) < 0 && MoveOrdering.sortKey(0, 2047) >= 0, "a key's sign is kept");
    }

    @Test
    void aFilteredListIsPickedInTheOrderOfTheWholeOne() {
        // What the search's dropping of pruned quiet moves rests on: with unique sort keys, the moves kept of a
        // list are tried in the same order as they would have been among all of them.
        Position position = after("7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8b8d");
        ordering.enterNode(position, 6);
        ordering.rememberCutoff(Usi.parseMove(position, "2g2f"), 6, 6, new int[] {Usi.parseMove(position, "9g9f")}, 1);
        MoveList list = new MoveList();
        MoveGenerator.generateLegal(position, list);
        int count = list.size();
        long[] keys = new long[count];
        ordering.fillSortKeys(position, list, keys, 0, 6);
        int[] moves = list.toArray();
        long[] pickedKeys = keys.clone();
        List<Integer> whole = pickAll(moves.clone(), count, pickedKeys);
        for (int i = 1; i < count; i++) {
            assertTrue(pickedKeys[i - 1] > pickedKeys[i], "best first, no two keys alike");
        }
        int[] kept = new int[count];
        long[] keptKeys = new long[count];
        int size = 0;
        for (int i = count - 1; i >= 0; i--) { // every third move, from a list in another order
            if (i % 3 == 0) {
                kept[size] = moves[i];
                keptKeys[size++] = keys[i];
            }
        }
        List<Integer> expected = new ArrayList<>(whole);
        List<Integer> keptMoves = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            keptMoves.add(kept[i]);
        }
        expected.retainAll(keptMoves);
        assertEquals(expected, pickAll(kept, size, keptKeys));
    }
}
