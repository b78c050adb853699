package org.shogibridge.core.engine;

import java.util.Arrays;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.StaticExchange;

/**
 * What the search knows about which moves to try first: sort keys from the move itself (captures, promotions),
 * two killer moves per ply, and a history score per piece and destination that cutoffs raise and the quiet
 * moves tried before a cutoff lower. Beside that history, a continuation history scores a quiet move by the
 * move played one and two plies before it (a reply to a drop on 5e is not a reply to a rook move): it is what
 * orders the many quiet moves and drops of a shogi position best, and it tells late-move reductions how much a
 * move is worth searching.
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
    private final ContinuationHistory continuation;
    /** Per ply, the rows of {@link #continuation} of the moves one and two plies earlier (-1: none). */
    private final int[] earlierRow1;
    private final int[] earlierRow2;

    MoveOrdering(Evaluation evaluation, StaticExchange exchange, int[] exchangeValues, int maxPly,
            ContinuationHistory continuation) {
        this.evaluation = evaluation;
        this.continuation = continuation;
        this.exchange = exchange;
        this.exchangeValues = exchangeValues;
        this.killers = new int[(maxPly + 1) * 2];
        this.earlierRow1 = new int[maxPly + 1];
        this.earlierRow2 = new int[maxPly + 1];
    }

    /**
     * Read the moves that led to a node at a ply (from the position's own move record, so the game's moves
     * before the root count too; a null move has none), for {@link #key} and {@link #rememberCutoff} there.
     */
    void enterNode(Position pos, int ply) {
        earlierRow1[ply] = continuation.row(pos, 1);
        earlierRow2[ply] = continuation.row(pos, 2);
    }

    /** Return how well a quiet move has done: its history and its continuation histories together. */
    int quietScore(int move, int ply) {
        int column = continuation.column(move);
        return history[historySlot(move)] + continuation.score(earlierRow1[ply], column)
                + continuation.score(earlierRow2[ply], column);
    }

    /** Forget killers and history (a new game). */
    void clear() {
        Arrays.fill(history, 0);
        continuation.clear();
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
        return quietScore(move, ply);
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
        updateQuiet(move, ply, bonus);
        for (int i = 0; i < triedCount; i++) {
            updateQuiet(triedBefore[i], ply, -bonus);
        }
    }

    private void updateQuiet(int move, int ply, int bonus) {
        int slot = historySlot(move);
        history[slot] = pulled(history[slot], bonus);
        int column = continuation.column(move);
        continuation.update(earlierRow1[ply], column, bonus);
        continuation.update(earlierRow2[ply], column, bonus);
    }

    /** Return a history score after a bonus, pulled towards the limit the closer it is to it ("gravity"), so it
     * stays within (and within a short). */
    static int pulled(int score, int bonus) {
        return score + bonus - score * Math.abs(bonus) / HISTORY_LIMIT;
    }

    /** The bits of a sort key below the move's key: its place in the generated list. */
    private static final int PLACE_BITS = 11;

    static {
        if (MoveList.CAPACITY > 1 << PLACE_BITS) {
            throw new AssertionError("A sort key's place bits cannot hold every move of a list.");
        }
    }

    /**
     * Return the sort key of the move at place {@code index} of its generated list: its {@link #key}, and below it
     * the place, earlier first. No two moves of a list share a sort key, so the order they are tried in is the
     * keys' order, ties kept in the generator's order, whichever way the moves are picked or filtered. The sign is
     * the key's.
     */
    static long sortKey(int key, int index) {
        return (long) key << PLACE_BITS | (1 << PLACE_BITS) - 1 - index;
    }

    /** Fill {@code keys} with the {@link #sortKey} of every move of the list, at a node with its table move. */
    void fillSortKeys(Position pos, MoveList list, long[] keys, int ttMove, int ply) {
        for (int i = 0, count = list.size(); i < count; i++) {
            keys[i] = sortKey(key(pos, list.get(i), ttMove, ply), i);
        }
    }

    /** Swap the best remaining move into place {@code i} and return it (selection sort, one step at a time). */
    static int pickNext(int[] moves, long[] keys, int i, int count) {
        int best = i;
        long bestKey = keys[i];
        for (int j = i + 1; j < count; j++) {
            if (keys[j] > bestKey) {
                best = j;
                bestKey = keys[j];
            }
        }
        int move = moves[best];
        moves[best] = moves[i];
        moves[i] = move;
        keys[best] = keys[i];
        keys[i] = bestKey;
        return move;
    }
}
