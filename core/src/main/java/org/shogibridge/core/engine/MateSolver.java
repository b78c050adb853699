package org.shogibridge.core.engine;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;

/**
 * Finds forced mates by continuous checks (tsume): the side to move is the attacker and must check on every
 * move; the defender may answer with any legal move.
 *
 * <p>Two stages. A depth-first proof-number search (df-pn) first decides whether any mate exists. When it
 * proves one, an exact iterative-deepening search over checks finds the shortest mate (1, 3, 5, ... plies),
 * whose line is what {@link #solve} returns; when df-pn disproves, the answer is "no mate". A repetition
 * counts as a failure for the attacker (perpetual check loses), so a cycle is never taken for a mate.
 *
 * <p>Only the exact search may claim a mate: it looks at every legal defence with the rules core's move
 * generator, so a reported mate is one. df-pn's table ignores how a position was reached, which in rare
 * cases can make it prove too little; it then answers "no mate" or runs out of budget, never a false mate.
 */
public final class MateSolver {
    /** What the solver found. */
    public enum Status { MATE, NO_MATE, TIMEOUT }

    /**
     * @param status the answer
     * @param moves  the mating line, attacker and defender moves alternating (empty unless MATE)
     * @param nodes  positions visited
     * @param millis time spent
     */
    public record Result(Status status, int[] moves, long nodes, long millis) {
    }

    private static final int INFINITE = 100_000_000;
    /** Mates longer than this many plies are not looked for. */
    private static final int MAX_PLIES = 61;

    /** Entries of each table: 2^17, about 2 MB each; a solve that outgrows them overwrites, never allocates. */
    private static final int TABLE_BITS = 17;

    private final MoveList[] lists = new MoveList[MAX_PLIES + 4];
    /** Per position: proof and disproof numbers, (1, 1) when unknown. */
    private final MateTable proofTable = new MateTable(TABLE_BITS, 1, 1);
    /** Per position: shortest mate length known (odd, or 0), longest length known not to mate. */
    private final MateTable exactTable = new MateTable(TABLE_BITS, 0, 0);
    /** Keys of the positions on the df-pn path, by ply: a move back to one of them is a repetition. */
    private final long[] path = new long[MAX_PLIES + 4];
    /** Per ply: the children's numbers and, in the exact search, the order of the attacker's moves. */
    private final int[][] childPhi = new int[MAX_PLIES + 4][];
    private final int[][] childDelta = new int[MAX_PLIES + 4][];
    private Position pos;
    private long nodes;
    private long nodeLimit;
    private long deadline;
    private volatile boolean stopRequested;
    /** Set by {@link #stop()} until {@link #clearStop()}, so that a stop before the solve began still counts. */
    private volatile boolean stopOrdered;
    private boolean outOfBudget;
    private boolean budgeted;

    public MateSolver() {
        for (int i = 0; i < lists.length; i++) {
            lists[i] = new MoveList();
        }
    }

    /** Stop a running {@link #solve}; it answers TIMEOUT. */
    public void stop() {
        stopOrdered = true;
        stopRequested = true;
    }

    /** Forget a {@link #stop()}: the caller is about to start a solve that should run. */
    public void clearStop() {
        stopOrdered = false;
        stopRequested = false;
    }

    /** Look for a mate of the side not to move, spending at most the node count and time given. */
    public Result solve(Position position, long maxNodes, long maxMillis) {
        long start = System.nanoTime();
        pos = position.copy();
        nodes = 0;
        nodeLimit = maxNodes > 0 ? maxNodes : Long.MAX_VALUE;
        deadline = maxMillis > 0 ? start + maxMillis * 1_000_000 : Long.MAX_VALUE;
        stopRequested = stopOrdered;
        outOfBudget = false;
        budgeted = true;
        proofTable.clear();
        exactTable.clear();
        Status status;
        int[] line = new int[0];
        if (pos.inCheck()) {
            status = Status.NO_MATE; // the attacker must not be in check: that position is not a mate problem
        } else {
            proofNumberSearch();
            if (outOfBudget) {
                status = Status.TIMEOUT;
            } else if (proofTable.second(pos.key()) == 0) {
                status = Status.NO_MATE;
            } else {
                int length = shortestMate();
                if (length > 0) {
                    status = Status.MATE;
                    budgeted = false; // the line only re-reads what is proven: let it finish
                    line = mainLine(length);
                } else {
                    status = outOfBudget ? Status.TIMEOUT : Status.NO_MATE;
                }
            }
        }
        return new Result(status, line, nodes, (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * The shortest mate of at most {@code maxPlies} plies, by the exact search alone (no df-pn, whose table does not
     * know how deep a position was reached): a tsume's checks ask "is there a mate within the moves left?" of many
     * positions with no short one, which an unbounded solve would search for a long mate. Return the length, 0 if
     * there is none that short, -1 if the node budget ran out first.
     */
    public int mateWithin(Position position, int maxPlies, long maxNodes) {
        pos = position.copy();
        nodes = 0;
        nodeLimit = maxNodes > 0 ? maxNodes : Long.MAX_VALUE;
        deadline = Long.MAX_VALUE;
        stopRequested = stopOrdered;
        outOfBudget = false;
        budgeted = true;
        proofTable.clear();
        exactTable.clear();
        if (pos.inCheck()) {
            return 0;
        }
        for (int length = 1; length <= Math.min(maxPlies, MAX_PLIES); length += 2) {
            if (attackerMates(length, 0)) {
                return length;
            }
            if (outOfBudget) {
                return -1;
            }
        }
        return 0;
    }

    // ----------------------------------------------------------------------------------------------
    // Stage 1: df-pn, proof and disproof numbers from the attacker's point of view.

    private void proofNumberSearch() {
        proofTable.put(pos.key(), 1, 1);
        multipleIterativeDeepening(INFINITE - 1, INFINITE - 1, true, 0);
    }

    /**
     * Search until the node's own number crosses its threshold: phi/delta are pn/dn at an attacker node and
     * dn/pn at a defender node, so one routine serves both.
     */
    private void multipleIterativeDeepening(int phiThreshold, int deltaThreshold, boolean attacker, int ply) {
        long key = pos.key();
        if (budgetExhausted()) {
            return;
        }
        MoveList list = lists[ply];
        generate(list, attacker);
        int count = list.size();
        if (count == 0 || ply >= MAX_PLIES) {
            // no check: the attacker fails; no legal defence: mate
            boolean mated = !attacker && count == 0;
            proofTable.put(key, mated ? 0 : INFINITE, mated ? INFINITE : 0);
            return;
        }
        // The list of this ply is not touched by deeper plies, which have lists of their own.
        int[] moves = list.backingArray();
        path[ply] = key;
        int[] phis = numbers(childPhi, ply, count);
        int[] deltas = numbers(childDelta, ply, count);
        while (true) {
            int phi = INFINITE;   // min over children of their delta
            int delta = 0;        // sum over children of their phi
            int best = -1;
            int secondDelta = INFINITE;
            for (int i = 0; i < count; i++) {
                childNumbers(moves[i], !attacker, phis, deltas, i, ply);
                delta = Math.min(INFINITE, delta + phis[i]);
                if (deltas[i] < phi) {
                    secondDelta = phi;
                    phi = deltas[i];
                    best = i;
                } else if (deltas[i] < secondDelta) {
                    secondDelta = deltas[i];
                }
            }
            proofTable.put(key, attacker ? phi : delta, attacker ? delta : phi);
            if (phi >= phiThreshold || delta >= deltaThreshold || budgetExhausted()) {
                break;
            }
            int childPhiThreshold = (int) Math.min(INFINITE, (long) deltaThreshold + phis[best] - delta);
            int childDeltaThreshold = Math.min(phiThreshold, secondDelta + 1);
            pos.doMove(moves[best]);
            nodes++;
            multipleIterativeDeepening(childPhiThreshold, childDeltaThreshold, !attacker, ply + 1);
            pos.undoMove(moves[best]);
        }
    }

    /** Return the per-ply array of the table, grown (once) to hold at least {@code count} numbers. */
    private static int[] numbers(int[][] table, int ply, int count) {
        if (table[ply] == null || table[ply].length < count) {
            table[ply] = new int[Math.max(count, 128)];
        }
        return table[ply];
    }

    /** Read a child's phi and delta (from the child's own point of view); a repetition fails the attacker. */
    private void childNumbers(int move, boolean childIsAttacker, int[] phi, int[] delta, int i, int ply) {
        pos.doMove(move);
        long key = pos.key();
        int pn;
        int dn;
        if (onPath(key, ply)) {
            pn = INFINITE;
            dn = 0;
        } else {
            pn = proofTable.first(key);
            dn = proofTable.second(key);
        }
        pos.undoMove(move);
        phi[i] = childIsAttacker ? pn : dn;
        delta[i] = childIsAttacker ? dn : pn;
    }

    private boolean onPath(long key, int ply) {
        for (int i = 0; i <= ply; i++) {
            if (path[i] == key) {
                return true;
            }
        }
        return false;
    }

    // ----------------------------------------------------------------------------------------------
    // Stage 2: exact search for the shortest mate.

    private int shortestMate() {
        for (int length = 1; length <= MAX_PLIES; length += 2) {
            if (attackerMates(length, 0)) {
                return length;
            }
            if (outOfBudget) {
                return 0;
            }
        }
        return 0;
    }

    /** Return true if the attacker (to move) mates within the plies given (odd). */
    private boolean attackerMates(int plies, int ply) {
        long key = pos.key();
        int knownMate = exactTable.first(key);
        int knownNoMate = exactTable.second(key);
        if (knownMate > 0 && knownMate <= plies) {
            return true;
        }
        if (knownNoMate >= plies) {
            return false;
        }
        if (budgetExhausted()) {
            return false;
        }
        MoveList list = lists[ply];
        generate(list, true);
        int count = list.size();
        int[] moves = list.backingArray();
        orderByProof(moves, count, numbers(childPhi, ply, count));
        boolean mates = false;
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            pos.doMove(move);
            nodes++;
            boolean done = defenderLoses(plies - 1, ply + 1);
            pos.undoMove(move);
            if (done) {
                mates = true;
                break;
            }
        }
        if (outOfBudget) {
            return false;
        }
        // Read again: the search below may have stored this position (or overwritten it).
        int mate = exactTable.first(key);
        int noMate = exactTable.second(key);
        if (mates) {
            exactTable.put(key, mate == 0 ? plies : Math.min(mate, plies), noMate);
        } else {
            exactTable.put(key, mate, Math.max(noMate, plies));
        }
        return mates;
    }

    /** Return true if every defence (defender to move) is mated within the plies given (even). */
    private boolean defenderLoses(int plies, int ply) {
        MoveList list = lists[ply];
        MoveGenerator.generateLegal(pos, list);
        if (list.size() == 0) {
            return true;
        }
        if (plies == 0) {
            return false;
        }
        int count = list.size();
        int[] moves = list.backingArray();
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            pos.doMove(move);
            nodes++;
            boolean mated = attackerMates(plies - 1, ply + 1);
            pos.undoMove(move);
            if (!mated) {
                return false;
            }
        }
        return true;
    }

    /** Order the moves in place: first those df-pn proved (proof number 0), then by proof number (insertion sort). */
    private void orderByProof(int[] moves, int count, int[] score) {
        for (int i = 0; i < count; i++) {
            pos.doMove(moves[i]);
            long key = pos.key();
            score[i] = proofTable.contains(key) ? proofTable.first(key) : 2;
            pos.undoMove(moves[i]);
        }
        for (int i = 1; i < count; i++) {
            int move = moves[i];
            int sc = score[i];
            int j = i - 1;
            while (j >= 0 && score[j] > sc) {
                moves[j + 1] = moves[j];
                score[j + 1] = score[j];
                j--;
            }
            moves[j + 1] = move;
            score[j + 1] = sc;
        }
    }

    /** Return the mating line: the attacker mates as fast as it can, the defender resists as long as it can. */
    private int[] mainLine(int length) {
        List<Integer> line = new ArrayList<>();
        Position start = pos.copy();
        int remaining = length;
        while (remaining > 0) {
            int attack = fastestMate(remaining);
            pos.doMove(attack);
            line.add(attack);
            remaining--;
            MoveList list = lists[0];
            MoveGenerator.generateLegal(pos, list);
            if (list.size() == 0) {
                break;
            }
            int longest = -1;
            int defence = Move.NONE;
            for (int move : list.toArray()) {
                pos.doMove(move);
                int needed = shortestWithin(remaining - 1);
                pos.undoMove(move);
                // Longest resistance; among equals prefer a move to a drop (a drop that only delays is useless).
                if (needed > longest || needed == longest && Move.isDrop(defence) && !Move.isDrop(move)) {
                    longest = needed;
                    defence = move;
                }
            }
            pos.doMove(defence);
            line.add(defence);
            remaining = longest;
        }
        pos = start;
        return line.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Return the attacker move that mates soonest within the plies given. */
    private int fastestMate(int plies) {
        for (int length = 1; length <= plies; length += 2) {
            MoveList list = lists[1];
            generate(list, true);
            for (int move : list.toArray()) {
                pos.doMove(move);
                boolean done = defenderLoses(length - 1, 2);
                pos.undoMove(move);
                if (done) {
                    return move;
                }
            }
        }
        throw new IllegalStateException("no mate within " + plies + " plies in " + pos.toSfen());
    }

    /** Return the shortest mate length (attacker to move) up to the plies given. */
    private int shortestWithin(int plies) {
        for (int length = 1; length <= plies; length += 2) {
            if (attackerMates(length, 1)) {
                return length;
            }
        }
        throw new IllegalStateException("no mate within " + plies + " plies in " + pos.toSfen());
    }

    // ----------------------------------------------------------------------------------------------

    /** Fill the list with the attacker's checking moves, or with all of the defender's legal moves. */
    private void generate(MoveList list, boolean attacker) {
        MoveGenerator.generateLegal(pos, list);
        if (!attacker) {
            return;
        }
        int[] moves = list.backingArray();
        int kept = 0;
        for (int i = 0; i < list.size(); i++) {
            int move = moves[i];
            pos.doMove(move);
            boolean check = pos.inCheck();
            pos.undoMove(move);
            if (check) {
                moves[kept++] = move;
            }
        }
        list.truncate(kept);
    }

    private boolean budgetExhausted() {
        if (budgeted && !outOfBudget && (stopRequested || nodes >= nodeLimit || (nodes & 255) == 0 && System.nanoTime() > deadline)) {
            outOfBudget = true;
        }
        return outOfBudget;
    }
}
