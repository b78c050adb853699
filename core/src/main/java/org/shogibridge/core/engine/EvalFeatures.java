package org.shogibridge.core.engine;

import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * The features the evaluation is a weighted sum of, and the layout of their weights.
 *
 * <p>Every piece is seen from its owner's side of the board: its kind, its square (rank counted from the
 * owner's back rank, file folded onto the nearer edge, because a position and its mirror image are worth the
 * same), and where it stands relative to its own king and to the enemy king (ranks ahead of the king, files
 * aside). Those king-relative tables carry what shogi players call attack and defence: a silver diagonally in
 * front of its own king, a gold next to the enemy king. Pieces in hand are valued by kind and count together,
 * because the second and third pawn in hand are not worth what the first is. One table set serves all the
 * variants; it is sized for the largest board (10x10).
 *
 * <p>The same walk over a position feeds the search (summing weights) and the trainer (collecting feature
 * indices), so that the two can never disagree.
 */
public final class EvalFeatures {
    /** Receives one feature: a weight index and +1 (Black's) or -1 (White's). */
    public interface Sink {
        void add(int index, int sign);
    }

    private static final int MAX_RANKS = 10;
    private static final int FOLDED_FILES = 5;
    /** Ranks from 9 behind the king to 9 ahead of it. */
    private static final int RELATIVE_RANKS = 2 * MAX_RANKS - 1;
    /** Files 0 to 9 aside from the king. */
    private static final int RELATIVE_FILES = MAX_RANKS;
    private static final int RELATIVE = RELATIVE_RANKS * RELATIVE_FILES;
    private static final int SQUARES = MAX_RANKS * FOLDED_FILES;
    /** A side holds at most 20 pieces of one kind in hand (Okisaki pawns). */
    public static final int MAX_IN_HAND = 20;

    /** Board value by piece type. */
    public static final int MATERIAL = 0;
    /** Value of holding n pieces of a type in hand: [type * 21 + n]. */
    public static final int HAND = MATERIAL + Piece.TYPES;
    /** Piece relative to its own king: [type * 190 + (ranksAhead + 9) * 10 + filesAside]. */
    public static final int OWN_KING = HAND + Piece.TYPES * (MAX_IN_HAND + 1);
    /** Piece relative to the enemy king, laid out as {@link #OWN_KING}. */
    public static final int ENEMY_KING = OWN_KING + Piece.TYPES * RELATIVE;
    /** Piece (king included) on its square: [type * 50 + rankFromOwnBackRank * 5 + fileFromNearerEdge]. */
    public static final int SQUARE = ENEMY_KING + Piece.TYPES * RELATIVE;
    /** Having the move. */
    public static final int TEMPO = SQUARE + Piece.TYPES * SQUARES;
    /** The number of weights. */
    public static final int SIZE = TEMPO + 1;

    private EvalFeatures() {
    }

    /** Feed every feature of the position to the sink. */
    public static void collect(Position p, Sink sink) {
        Variant v = p.variant();
        int files = v.files();
        int ranks = v.ranks();
        int blackKing = p.kingSquare(Side.BLACK);
        int whiteKing = p.kingSquare(Side.WHITE);
        int n = v.squares();
        for (int sq = 0; sq < n; sq++) {
            int pc = p.pieceAt(sq);
            if (pc == Piece.EMPTY) {
                continue;
            }
            int type = Piece.type(pc);
            boolean black = Piece.colour(pc) == 0;
            int sign = black ? 1 : -1;
            int rank = sq / files + 1;
            int file = files - sq % files;
            // Ranks counted forward from the owner's back rank.
            int forward = black ? ranks - rank : rank - 1;
            sink.add(SQUARE + type * SQUARES + forward * FOLDED_FILES + Math.min(file - 1, files - file), sign);
            if (type == Piece.KING) {
                continue;
            }
            sink.add(MATERIAL + type, sign);
            int ownKing = black ? blackKing : whiteKing;
            int enemyKing = black ? whiteKing : blackKing;
            if (ownKing >= 0) {
                sink.add(OWN_KING + type * RELATIVE + relative(ownKing, rank, file, files, black), sign);
            }
            if (enemyKing >= 0) {
                sink.add(ENEMY_KING + type * RELATIVE + relative(enemyKing, rank, file, files, black), sign);
            }
        }
        for (int type : v.handTypes()) {
            int blackCount = p.handCount(Side.BLACK, type);
            int whiteCount = p.handCount(Side.WHITE, type);
            if (blackCount > 0) {
                sink.add(HAND + type * (MAX_IN_HAND + 1) + blackCount, 1);
            }
            if (whiteCount > 0) {
                sink.add(HAND + type * (MAX_IN_HAND + 1) + whiteCount, -1);
            }
        }
        sink.add(TEMPO, p.sideToMove() == Side.BLACK ? 1 : -1);
    }

    /** The offset within a king-relative table of a piece on (rank, file) seen by its owner. */
    private static int relative(int king, int rank, int file, int files, boolean black) {
        int kingRank = king / files + 1;
        int kingFile = files - king % files;
        int ahead = black ? kingRank - rank : rank - kingRank;
        return (ahead + MAX_RANKS - 1) * RELATIVE_FILES + Math.abs(file - kingFile);
    }

    /** The weight index of a king-relative entry, for building and reading tables. */
    public static int relativeIndex(int table, int type, int ranksAhead, int filesAside) {
        return table + type * RELATIVE + (ranksAhead + MAX_RANKS - 1) * RELATIVE_FILES + filesAside;
    }

    /** The weight index of a square entry, for building and reading tables. */
    public static int squareIndex(int type, int forward, int fileFromEdge) {
        return SQUARE + type * SQUARES + forward * FOLDED_FILES + fileFromEdge;
    }

    /** The weight index of holding {@code count} pieces of a type in hand. */
    public static int handIndex(int type, int count) {
        return HAND + type * (MAX_IN_HAND + 1) + count;
    }

    /** The largest distance ahead of or aside from a king that the tables hold. */
    public static int maxOffset() {
        return MAX_RANKS - 1;
    }

    /** The number of ranks and of folded files that the square tables hold. */
    public static int squareRanks() {
        return MAX_RANKS;
    }

    public static int squareFiles() {
        return FOLDED_FILES;
    }
}
