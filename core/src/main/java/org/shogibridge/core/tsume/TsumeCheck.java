package org.shogibridge.core.tsume;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/**
 * What makes a tsume fit for the set, checked with the mate solver:
 * <ul>
 *   <li>set as tsume are: Black to move without a king, White holding every remaining piece;</li>
 *   <li>the solution is a mate by checks of exactly the problem's length, and none is shorter;</li>
 *   <li>one solution: at every attacker move of it, no other check mates within the moves left (no 余詰);</li>
 *   <li>every defence answered: each defence of the solution is a longest one, and every other defence there is
 *       mated within the moves left;</li>
 *   <li>no piece the mate does not need: without any one piece (on the board but White's king, or in Black's hand;
 *       it goes to White's hand) the shortest mate is no longer of the problem's length.</li>
 * </ul>
 */
public final class TsumeCheck {
    private TsumeDefender lengths;

    /** Return what is wrong with the problem, empty if nothing. */
    public List<String> faults(TsumeProblem problem) {
        lengths = new TsumeDefender();
        List<String> faults = new ArrayList<>();
        Position start;
        try {
            start = problem.position();
        } catch (IllegalArgumentException e) {
            return List.of(e.getMessage());
        }
        if (!problem.attackerWithoutKing()) {
            faults.add("not set as tsume: Black to move without a king, White with a king");
            return faults;
        }
        Position remaining = start.copy();
        remaining.putRemainingPiecesInHand(Side.WHITE);
        if (!remaining.toSfen().equals(start.toSfen())) {
            faults.add("White does not hold every remaining piece");
        }
        int shortest = lengths.mateLength(start, problem.plies());
        if (shortest != problem.plies()) {
            faults.add("the shortest mate is " + (shortest == TsumeDefender.NO_MATE ? "longer or none" : shortest + " plies")
                    + ", not " + problem.plies());
            return faults;
        }
        checkSolution(problem, start, faults);
        checkEveryPieceNeeded(problem, start, faults);
        if (lengths.timeouts() > 0) {
            faults.add(lengths.timeouts() + " looks for a mate ran out of nodes");
        }
        return faults;
    }

    private void checkSolution(TsumeProblem problem, Position start, List<String> faults) {
        Position p = start.copy();
        for (int ply = 0; ply < problem.plies(); ply++) {
            int left = problem.plies() - ply;
            int move;
            try {
                move = Usi.parseLegalMove(p, problem.solution().get(ply));
            } catch (IllegalArgumentException e) {
                faults.add("move " + (ply + 1) + " " + problem.solution().get(ply) + " is not legal");
                return;
            }
            if (ply % 2 == 0) {
                List<String> mating = matingChecks(p, left);
                if (!mating.equals(List.of(Usi.format(p.variant(), move)))) {
                    faults.add("move " + (ply + 1) + ": the checks that mate within " + left + " are " + mating);
                }
            } else {
                TsumeDefender.Reply longest = lengths.reply(p, left, move);
                if (longest.move() != move || longest.refutes()) {
                    faults.add("move " + (ply + 1) + " " + problem.solution().get(ply) + " is not the longest defence");
                }
            }
            p.doMove(move);
        }
        MoveList after = new MoveList();
        MoveGenerator.generateLegal(p, after);
        if (!p.inCheck() || after.size() != 0) {
            faults.add("the solution does not end in mate");
        }
    }

    /** The attacker's checks after which every defence is mated within {@code left} plies in all. */
    private List<String> matingChecks(Position p, int left) {
        List<String> mating = new ArrayList<>();
        MoveList moves = new MoveList();
        MoveGenerator.generateLegal(p, moves);
        for (int i = 0; i < moves.size(); i++) {
            int move = moves.get(i);
            p.doMove(move);
            if (p.inCheck() && !lengths.reply(p, left - 1, Move.NONE).refutes()) {
                mating.add(Usi.format(p.variant(), move));
            }
            p.undoMove(move);
        }
        return mating;
    }

    private void checkEveryPieceNeeded(TsumeProblem problem, Position start, List<String> faults) {
        Variant v = start.variant();
        for (int sq = 0; sq < v.squares(); sq++) {
            int code = start.pieceAt(sq);
            if (code == Piece.EMPTY || Piece.type(code) == Piece.KING) {
                continue;
            }
            Position without = without(start, sq, Piece.EMPTY);
            if (without != null && lengths.mateLength(without, problem.plies()) == problem.plies()) {
                faults.add("the piece on " + Usi.square(v, sq) + " is not needed");
            }
        }
        for (int type = Piece.PAWN; type < Piece.KING; type++) {
            if (start.handCount(Side.BLACK, type) > 0) {
                Position without = without(start, -1, type);
                if (without != null && lengths.mateLength(without, problem.plies()) == problem.plies()) {
                    faults.add("Black's " + Piece.letter(type) + " in hand is not needed");
                }
            }
        }
    }

    /**
     * The problem without the piece on {@code square} (or one of Black's hand of {@code handType}), White holding it
     * as a remaining piece; null when that is no position (White left in check).
     */
    public static Position without(Position start, int square, int handType) {
        Variant v = start.variant();
        int[] board = new int[v.squares()];
        for (int sq = 0; sq < board.length; sq++) {
            board[sq] = sq == square ? Piece.EMPTY : start.pieceAt(sq);
        }
        int[] blackHand = new int[Piece.TYPES];
        for (int type = Piece.PAWN; type < Piece.KING; type++) {
            blackHand[type] = start.handCount(Side.BLACK, type) - (type == handType ? 1 : 0);
        }
        return setAsTsume(v, board, blackHand);
    }

    /**
     * A position set as tsume are: these pieces on the board (by square, piece codes), Black to move with this hand (by
     * type), White holding every remaining piece; null when that is no position (White left in check, too many pieces).
     */
    public static Position setAsTsume(Variant v, int[] board, int[] blackHand) {
        int[] hand = new int[Piece.CODES];
        for (int type = Piece.PAWN; type < Piece.KING; type++) {
            hand[Piece.code(type, Side.BLACK.index())] = blackHand[type];
        }
        try {
            Position p = Position.fromSfen(Sfen.format(v, board, hand, Side.BLACK, 1));
            p.putRemainingPiecesInHand(Side.WHITE);
            return p.inCheck(Side.WHITE) ? null : p;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
