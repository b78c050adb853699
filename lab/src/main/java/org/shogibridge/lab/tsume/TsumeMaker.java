package org.shogibridge.lab.tsume;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shogibridge.core.engine.MateSolver;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.tsume.TsumeCheck;
import org.shogibridge.core.tsume.TsumeDefender;
import org.shogibridge.core.tsume.TsumeProblem;

/**
 * A tsume from one position of a real game where the side to move mates by checks: turned so the attacker is Black,
 * the attacker's king taken off, White given every remaining piece, then every piece the mate does not need taken off
 * one at a time (a piece stays when the mate's length changes without it), and kept only if {@link TsumeCheck} finds
 * nothing wrong.
 */
public final class TsumeMaker {
    /** A quick look first: most positions of a game have no mate, and a long look at each would take hours. */
    private static final long QUICK_NODES = 40_000;
    private static final long QUICK_MILLIS = 1_000;

    private final MateSolver quick = new MateSolver();
    private final TsumeDefender defender = new TsumeDefender();
    private final TsumeCheck check = new TsumeCheck();

    /** Return the tsume made from {@code game} (the attacker to move), if it makes one of a length in {@code lengths}. */
    public Optional<TsumeProblem> make(Position game, String source, List<Integer> lengths) {
        if (game.variant() != Variant.STANDARD || game.inCheck() || game.kingSquare(game.sideToMove().opponent()) < 0) {
            return Optional.empty();
        }
        Position start = asTsume(game);
        if (start == null) {
            return Optional.empty();
        }
        MateSolver.Result first = quick.solve(start, QUICK_NODES, QUICK_MILLIS);
        if (first.status() != MateSolver.Status.MATE || !lengths.contains(first.moves().length)) {
            return Optional.empty();
        }
        int plies = first.moves().length;
        Position cut = cutDown(start, plies);
        List<String> solution = solution(cut, plies);
        if (solution.size() != plies) {
            return Optional.empty();
        }
        TsumeProblem problem = new TsumeProblem("?", plies, cut.toSfen(), solution, source);
        return check.faults(problem).isEmpty() ? Optional.of(problem) : Optional.empty();
    }

    /** The game's position as a tsume: the attacker Black (turned round if White), no attacker king, White all the rest. */
    static Position asTsume(Position game) {
        Variant v = game.variant();
        boolean turn = game.sideToMove() == Side.WHITE;
        int[] board = new int[v.squares()];
        for (int sq = 0; sq < board.length; sq++) {
            int code = game.pieceAt(sq);
            if (code == Piece.EMPTY) {
                continue;
            }
            int colour = turn ? 1 - Piece.colour(code) : Piece.colour(code);
            if (colour == 0 && Piece.type(code) == Piece.KING) {
                continue; // tsume have no attacking king
            }
            board[turn ? board.length - 1 - sq : sq] = Piece.code(Piece.type(code), colour);
        }
        int[] hand = new int[Piece.TYPES];
        for (int type = Piece.PAWN; type < Piece.KING; type++) {
            hand[type] = game.handCount(game.sideToMove(), type);
        }
        return TsumeCheck.setAsTsume(v, board, hand);
    }

    /** Take off, one at a time, every piece without which the mate keeps its length. */
    private Position cutDown(Position start, int plies) {
        Position p = start;
        boolean removed = true;
        while (removed) {
            removed = false;
            for (Position candidate : withoutOnePiece(p)) {
                if (defender.mateLength(candidate, plies) == plies) {
                    p = candidate;
                    removed = true;
                    break;
                }
            }
        }
        return p;
    }

    private static List<Position> withoutOnePiece(Position p) {
        List<Position> out = new ArrayList<>();
        for (int sq = 0; sq < p.variant().squares(); sq++) {
            int code = p.pieceAt(sq);
            if (code != Piece.EMPTY && Piece.type(code) != Piece.KING) {
                Position without = TsumeCheck.without(p, sq, Piece.EMPTY);
                if (without != null) {
                    out.add(without);
                }
            }
        }
        for (int type = Piece.PAWN; type < Piece.KING; type++) {
            if (p.handCount(Side.BLACK, type) > 0) {
                Position without = TsumeCheck.without(p, -1, type);
                if (without != null) {
                    out.add(without);
                }
            }
        }
        return out;
    }

    /** The solution: the solver's check at each attacker move, the longest defence at each defender move. */
    private List<String> solution(Position start, int plies) {
        Position p = start.copy();
        List<String> moves = new ArrayList<>();
        for (int ply = 0; ply < plies; ply++) {
            int move;
            if (ply % 2 == 0) {
                MateSolver.Result r = quick.solve(p, 0, 0);
                if (r.status() != MateSolver.Status.MATE) {
                    return List.of();
                }
                move = r.moves()[0];
            } else {
                move = defender.reply(p, plies - ply, Move.NONE).move();
                if (move == Move.NONE) {
                    break;
                }
            }
            moves.add(Usi.format(p.variant(), move));
            p.doMove(move);
        }
        return moves;
    }
}
