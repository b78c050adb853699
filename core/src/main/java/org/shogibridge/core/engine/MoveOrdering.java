package org.shogibridge.core.engine;

import java.util.Arrays;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.StaticExchange;

/**
 * What the search knows about which moves to try first: sort keys from the move itself (captures, promotions),
 * two killer moves per ply, and a history score per piece and destination that cutoffs raise and the quiet
 * moves tried before a cutoff lower.
 */
final class MoveOrdering {
    /** History scores stay within plus or minus this (each update pulls towards the bound, "gravity"). */
    static final int HISTORY_LIMIT = 16_384;

    private final Evaluation evaluation;
    private final StaticExchange exchange;
    /** What capturing each piece type wins, for {@link #exchange}. */
    private final int[] exchangeValues;
    private final int[] killers;
    private final int[] history = new int[Piece.CODES * 128];

    MoveOrdering(Evaluation evaluation, StaticExchange exchange, int[] exchangeValues, int maxPly) {
        this.evaluation = evaluation;
        this.exchange = exchange;
        this.exchangeValues = exchangeValues;
        this.killers = new int[(maxPly + 1) * 2];
    }

    /** Forget killers and history (a new game). */
    void clear() {
        Arrays.fill(history, 0);
        Arrays.fill(killers, 0);
    }

    /** Killers are for one position's tree; history is kept, but counts for less with each search. */
    void forgetKillersAndAgeHistory() {
        Arrays.fill(killers, 0);
        for (int i = 0; i < history.length; i++) {
            history[i] >>= 2;
        }
    }

    boolean isKiller(int move, int ply) {
        return move == killers[ply * 2] || move == killers[ply * 2 + 1];
    }

    int historyOf(int move) {
        return history[historySlot(move)];
    }

    /**
     * Return a move's sort key at a ply, larger first: the table move, captures by victim then cheapest
     * attacker, promotions, the two killers, then the quiet moves by history, and last the captures that lose
     * material in the exchange.
     */
    int key(Position pos, int move, int ttMove, int ply) {
        if (move == ttMove) {
            return 1 << 30;
        }
        int captured = Move.captured(move);
        if (captured != 0) {
            int attacker = Piece.type(Move.piece(move));
            int key = evaluation.value(Piece.type(captured)) * 64 - evaluation.value(attacker) / 16
                    + (Move.promotes(move) ? 4096 : 0);
            return losesMaterial(pos, move) ? -(1 << 27) + key : (1 << 29) + key; // losing captures after the quiet moves
        }
        if (Move.promotes(move)) {
            return (1 << 28) + evaluation.value(Piece.type(Move.piece(move)));
        }
        if (move == killers[ply * 2]) {
            return (1 << 27) + 1;
        }
        if (move == killers[ply * 2 + 1]) {
            return 1 << 27;
        }
        return history[historySlot(move)];
    }

    private static int historySlot(int move) {
        return Move.piece(move) * 128 + Move.to(move);
    }

    /**
     * Return true if the capture gives a piece for a cheaper one and comes out behind once both sides have
     * taken on the square as they like (static exchange); a capture of a piece worth as much never loses.
     */
    private boolean losesMaterial(Position pos, int move) {
        int attacker = Piece.type(Move.piece(move));
        return evaluation.value(attacker) > evaluation.value(Piece.type(Move.captured(move)))
                && exchange.evaluate(pos, move, exchangeValues) < 0;
    }

    /**
     * A quiet move cut off: it becomes a killer and its history rises, and the history of the quiet moves
     * searched before it at this node falls, by the same amount.
     */
    void rememberCutoff(int move, int ply, int depth, int[] triedBefore, int triedCount) {
        if (killers[ply * 2] != move) {
            killers[ply * 2 + 1] = killers[ply * 2];
            killers[ply * 2] = move;
        }
        int bonus = Math.min(depth * depth * 16, HISTORY_LIMIT / 4);
        updateHistory(historySlot(move), bonus);
        for (int i = 0; i < triedCount; i++) {
            updateHistory(historySlot(triedBefore[i]), -bonus);
        }
    }

    /** Add to a history score, pulled towards the limit the closer it is to it ("gravity"), so it stays within. */
    private void updateHistory(int slot, int bonus) {
        history[slot] += bonus - history[slot] * Math.abs(bonus) / HISTORY_LIMIT;
    }

    /** Swap the best remaining move into place {@code i} and return it (selection sort, one step at a time). */
    static int pickNext(int[] moves, int[] keys, int i, int count) {
        int best = i;
        for (int j = i + 1; j < count; j++) {
            if (keys[j] > keys[best]) {
                best = j;
            }
        }
        int move = moves[best];
        moves[best] = moves[i];
        moves[i] = move;
        int key = keys[best];
        keys[best] = keys[i];
        keys[i] = key;
        return move;
    }
}
