package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
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
}
