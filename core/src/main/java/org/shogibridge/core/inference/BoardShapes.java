package org.shogibridge.core.inference;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * The shapes other than a legal move a settled board may show, as questions about the board and a {@link Reading}
 * that change neither: the last moves put back, a start position set up, the level gesture. {@link MoveInference}
 * decides what each means.
 */
final class BoardShapes {
    /** A start position of the variant: the even game, or a handicap (null for even). */
    record Start(Position position, Handicap handicap) {
    }

    private final Variant variant;
    private final SettledBoard board;
    private final List<Start> starts = new ArrayList<>();

    BoardShapes(Variant variant, SettledBoard board) {
        this.variant = variant;
        this.board = board;
        starts.add(new Start(Position.start(variant), null));
        if (variant == Variant.STANDARD) {
            for (Handicap h : Handicap.values()) {
                starts.add(new Start(h.startPosition(), h));
            }
        }
    }

    /**
     * Return how many of the last moves (1 or 2) the board shows put back, squares and komadai, or 0. The diff is
     * left against the reading's position.
     */
    int movesPutBack(Reading r) {
        List<Integer> moves = r.moves;
        for (int back = 1; back <= Math.min(2, moves.size()); back++) {
            for (int i = 0; i < back; i++) {
                r.position.undoMove(moves.get(moves.size() - 1 - i));
            }
            board.computeDiff(r.position);
            boolean fits = board.diffCount() == 0;
            for (int i = 0; i < back && fits; i++) {
                // The komadai tell a takeback from a move that leaves the same squares. A drop taken back empties its
                // square, like the first step of capturing the dropped piece; a capture taken back refills the
                // capturing piece's square, like a drop there. The piece must be back on (or off) its komadai.
                int m = moves.get(moves.size() - 1 - i);
                int type = Move.handType(m);
                if (type != 0) {
                    Side mover = Side.of(Piece.colour(Move.piece(m)));
                    fits = board.komadaiCount(mover, type) == r.position.handCount(mover, type);
                }
            }
            for (int i = back - 1; i >= 0; i--) {
                r.position.doMove(moves.get(moves.size() - 1 - i));
            }
            board.computeDiff(r.position);
            if (fits) {
                return back;
            }
        }
        return 0;
    }

    /**
     * Return the start position whose squares the board shows, or null. Only a board changed since the game began
     * counts, and not the game's own unplayed start; one piece of the side to move in the air is a move being made
     * (in a handicap game it can look like a bigger handicap).
     */
    Start startShown(Reading r, long gameBeganAt, boolean over, long startKey) {
        if (board.diffCount() == 1 && board.isEmpty(board.diff(0))
                && Piece.colour(r.position.pieceAt(board.diff(0))) == r.position.sideToMove().index()) {
            return null;
        }
        for (Start start : starts) {
            if (board.squaresShow(start.position()) && board.lastChange() > gameBeganAt
                    && (!r.moves.isEmpty() || over || startKey != start.position().key())) {
                return start;
            }
        }
        return null;
    }

    /**
     * The level gesture (docs/leds.md): before the first move, the board differs from the game only by gote's king
     * lifted from its square and stood on a square of the middle rank. Return the level, the file counted from
     * Sente's left (9筋 level 1 ... 1筋 level 9), or 0.
     */
    int levelShown(Reading r) {
        int king = r.position.kingSquare(Side.WHITE);
        if (!r.moves.isEmpty() || king < 0 || board.diffCount() != 2) {
            return 0;
        }
        int a = board.diff(0);
        int b = board.diff(1);
        int stood = a == king ? b : b == king ? a : -1;
        int middle = (variant.ranks() + 1) / 2;
        if (stood < 0 || !board.isEmpty(king) || board.isEmpty(stood) || variant.rank(stood) != middle
                || r.position.pieceAt(stood) != Piece.EMPTY) {
            return 0;
        }
        return variant.files() + 1 - variant.file(stood);
    }
}
