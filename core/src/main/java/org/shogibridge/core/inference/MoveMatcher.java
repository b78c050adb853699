package org.shogibridge.core.inference;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * Matches a settled board against the positions the legal moves of the game's position would produce. A capture
 * also needs evidence that a piece was taken, because a player holding their own piece in the air shows exactly the
 * board of every capture that piece could make: the target refilled after the mover lifted, the captured kind
 * arriving on the komadai, or (face sensing) the face of the target changing. A drop may be read before the mover's
 * komadai counts it, but not while a piece is missing from the other komadai instead: a capture taken back refills
 * the capturing piece's square, which the squares alone read as a drop there. Candidates live in a reused array;
 * matching allocates nothing.
 *
 * <p>Every method expects {@link SettledBoard#computeDiff} to have been called with the position it is given.
 */
final class MoveMatcher {
    private final Variant variant;
    private final SettledBoard board;
    private final InferenceSettings settings;
    private final boolean faces;
    private final MoveList legal = new MoveList();
    private final int[] candidates = new int[MoveList.CAPACITY];
    private final int[] firstMoves = new int[MoveList.CAPACITY];

    MoveMatcher(Variant variant, SettledBoard board, InferenceSettings settings) {
        this.variant = variant;
        this.board = board;
        this.settings = settings;
        this.faces = settings.faceSensing();
    }

    Variant variant() {
        return variant;
    }

    /** Return the i-th candidate found by the last {@link #fittingMoves}. */
    int candidate(int i) {
        return candidates[i];
    }

    /** Return true if the board is what {@code move} would make of the position (squares only). */
    boolean matchesBoard(int move) {
        int diffCount = board.diffCount();
        if (diffCount == 0 || diffCount > 2) {
            return false;
        }
        int to = Move.to(move);
        if (!board.shows(to, Move.pieceAfter(move))) {
            return false;
        }
        if (Move.isDrop(move)) {
            return diffCount == 1 && board.diff(0) == to;
        }
        int from = Move.from(move);
        if (!board.isEmpty(from)) {
            return false;
        }
        for (int i = 0; i < diffCount; i++) {
            if (board.diff(i) != from && board.diff(i) != to) {
                return false;
            }
        }
        return true;
    }

    /** Return true if the board fits the move and, for a capture or a drop, shows evidence of it. */
    boolean fits(Position position, int move) {
        if (!matchesBoard(move)) {
            return false;
        }
        if (Move.isDrop(move)) {
            return komadaiEvidence(position, move) || !komadaiShort(position, position.sideToMove().opponent());
        }
        return Move.captured(move) == 0 || captureEvidence(position, move);
    }

    /** Evidence that a capture happened rather than a piece being held in the air above its origin. */
    boolean captureEvidence(Position position, int move) {
        int to = Move.to(move);
        return board.refilledAfterLift(move) || komadaiEvidence(position, move) || !board.shows(to, position.pieceAt(to));
    }

    /** The mover's komadai shows the change the move makes: one more of the captured kind, one fewer of the dropped. */
    boolean komadaiEvidence(Position position, int move) {
        int type = Move.handType(move);
        if (type == 0) {
            return false;
        }
        Side mover = position.sideToMove();
        return board.komadaiCount(mover, type) == position.handCount(mover, type) + (Move.isDrop(move) ? -1 : 1);
    }

    /** Return true if a side's komadai shows fewer pieces of some kind than its hand holds. */
    private boolean komadaiShort(Position position, Side side) {
        for (int i = 0; i < variant.handTypeCount(); i++) {
            int type = variant.handType(i);
            if (board.komadaiCount(side, type) < position.handCount(side, type)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Collect the legal moves of the position that fit the board (continuing {@code continuing}, if set), with
     * evidence for captures, narrowed by komadai evidence and then by refilled targets while several actions remain.
     * Return how many; read them with {@link #candidate}.
     */
    int fittingMoves(Position position, int continuing) {
        int diffCount = board.diffCount();
        if (diffCount == 0 || diffCount > 2) {
            return 0;
        }
        MoveGenerator.generateLegal(position, legal);
        int n = 0;
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if ((continuing == Move.NONE || continues(continuing, m)) && fits(position, m)) {
                candidates[n++] = m;
            }
        }
        if (distinctActions(n) > 1) {
            n = keep(position, n, true);
        }
        if (distinctActions(n) > 1) {
            n = keep(position, n, false);
        }
        return n;
    }

    /**
     * Whether the board shows one whole move of the position, squares and komadai: the engine's move
     * {@code computerMove} carried out, or else the one legal move that fits, unless (with face sensing) its piece may
     * still be turned over to the other promotion. Anything transitional, ambiguous or incomplete (a piece in the air,
     * a komadai not yet updated) is not. A slider that rests longer on its way is a move replaced when it goes on
     * ({@code MoveReplaced}). The position is moved and not put back.
     */
    boolean showsClearMove(Position position, int computerMove) {
        board.computeDiff(position);
        int move = computerMove;
        if (move == Move.NONE) {
            if (fittingMoves(position, Move.NONE) != 1) {
                return false;
            }
            move = candidates[0];
            for (int i = 0; i < legal.size(); i++) { // the legal moves fittingMoves generated
                int other = legal.get(i);
                if (Move.to(other) == Move.to(move) && continues(move, other)) {
                    return false; // the same piece on the same square, the other face up
                }
            }
        } else if (!fits(position, move)) {
            return false;
        }
        position.doMove(move);
        return board.komadaiShow(position);
    }

    /** Return true if some legal move of the position replaces {@code last} and fits the board. */
    boolean anyContinues(Position position, int last) {
        MoveGenerator.generateLegal(position, legal);
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (continues(last, m) && fits(position, m)) {
                return true;
            }
        }
        return false;
    }

    /** Of candidates that differ only in promotion, which the board cannot tell apart, the configured default. */
    int defaultPromotion(int n) {
        return n == 1 || Move.promotes(candidates[0]) == settings.promoteByDefault() ? candidates[0] : candidates[1];
    }

    /**
     * Two moves were made before the board settled in between: return the first of them if every pair of legal moves
     * that explains the board (with both komadai agreeing, since an empty square can also be read as a drop and its
     * capture) begins with the same action, else {@link Move#NONE}. The position is left as it was; the diff must be
     * recomputed by the caller.
     */
    int firstOfTwoMoves(Position position) {
        int diffCount = board.diffCount();
        if (diffCount < 2 || diffCount > 4) {
            return Move.NONE;
        }
        MoveGenerator.generateLegal(position, legal);
        int firstCount = legal.size();
        for (int i = 0; i < firstCount; i++) {
            firstMoves[i] = legal.get(i);
        }
        int[] diffBefore = board.diffCopy();
        // As for one move: a capture whose target was refilled outweighs captures seen only on the komadai.
        boolean refilledCapture = false;
        for (int i = 0; i < firstCount; i++) {
            int m1 = firstMoves[i];
            refilledCapture |= Move.captured(m1) != 0 && touches(diffBefore, m1) && board.refilledAfterLift(m1);
        }
        int first = Move.NONE;
        boolean firstCertain = true;
        for (int i = 0; i < firstCount && firstCertain; i++) {
            int m1 = firstMoves[i];
            if (!touches(diffBefore, m1) || Move.captured(m1) != 0
                    && !(refilledCapture ? board.refilledAfterLift(m1) : captureEvidence(position, m1))) {
                continue;
            }
            if (!faces && !Move.isDrop(m1) && Move.promotes(m1) != settings.promoteByDefault()
                    && findIn(firstMoves, firstCount, otherPromotion(m1))) {
                continue; // the board cannot show a choice that was never confirmed: take the default
            }
            position.doMove(m1);
            board.computeDiff(position);
            int n = fittingMoves(position, Move.NONE);
            if (n > 0) {
                int m2 = defaultPromotion(n);
                position.doMove(m2);
                boolean komadaiAgrees = board.komadaiShow(position);
                position.undoMove(m2);
                if (komadaiAgrees) {
                    firstCertain = first == Move.NONE || sameAction(first, m1);
                    if (first == Move.NONE || Move.promotes(m1) == settings.promoteByDefault()) {
                        first = m1; // if the reply hid the face, the default choice
                    }
                }
            }
            position.undoMove(m1);
        }
        return firstCertain ? first : Move.NONE;
    }

    /**
     * Return the move the board shows if it is not legal: a piece of the side to move on an empty square it may not
     * reach, or a piece from its komadai on a square it may not be dropped on. {@link Move#NONE} if the board shows
     * no such single move (whether it breaks a rule is the caller's question).
     */
    int shownMove(Position position) {
        Side mover = position.sideToMove();
        int diffCount = board.diffCount();
        if (diffCount == 2) {
            int a = board.diff(0);
            int b = board.diff(1);
            if (!board.isEmpty(a)) {
                int t = a;
                a = b;
                b = t;
            }
            int piece = position.pieceAt(a);
            if (board.isEmpty(a) && piece != Piece.EMPTY && Piece.colour(piece) == mover.index()
                    && position.pieceAt(b) == Piece.EMPTY && !board.isEmpty(b)) {
                return Move.of(a, b, piece, 0, board.reading(b) == SensorSnapshot.FACE_DOWN);
            }
        } else if (diffCount == 1 && position.pieceAt(board.diff(0)) == Piece.EMPTY) {
            int dropped = 0;
            for (int type : variant.handTypes()) {
                if (board.komadaiCount(mover, type) == position.handCount(mover, type) - 1) {
                    dropped = dropped == 0 ? type : -1;
                }
            }
            if (dropped > 0) {
                return Move.drop(Piece.code(dropped, mover.index()), board.diff(0));
            }
        }
        return Move.NONE;
    }

    /** Return the legal move of the position that is {@code move} (same action and promotion), or {@link Move#NONE}. */
    int findLegal(Position position, int move) {
        MoveGenerator.generateLegal(position, legal);
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (sameAction(m, move) && Move.promotes(m) == Move.promotes(move)) {
                return m;
            }
        }
        return Move.NONE;
    }

    /** Return true if {@code m} could replace {@code last}: same piece and origin, along the same line or turned over. */
    boolean continues(int last, int m) {
        if (m == last || Move.isDrop(m) || Move.from(m) != Move.from(last)) {
            return false;
        }
        if (Move.to(m) == Move.to(last)) {
            return faces && Move.promotes(m) != Move.promotes(last);
        }
        if (!Piece.isRanged(Piece.type(Move.piece(last)))) {
            return false;
        }
        int from = Move.from(m);
        int df1 = variant.file(Move.to(last)) - variant.file(from);
        int dr1 = variant.rank(Move.to(last)) - variant.rank(from);
        int df2 = variant.file(Move.to(m)) - variant.file(from);
        int dr2 = variant.rank(Move.to(m)) - variant.rank(from);
        boolean line1 = df1 == 0 || dr1 == 0 || Math.abs(df1) == Math.abs(dr1);
        boolean line2 = df2 == 0 || dr2 == 0 || Math.abs(df2) == Math.abs(dr2);
        return line1 && line2 && Integer.signum(df1) == Integer.signum(df2) && Integer.signum(dr1) == Integer.signum(dr2);
    }

    /** Count the physically different actions (origin, destination, piece dropped) among the first n candidates. */
    int distinctActions(int n) {
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            boolean seen = false;
            for (int j = 0; j < i && !seen; j++) {
                seen = sameAction(candidates[i], candidates[j]);
            }
            if (!seen) {
                distinct++;
            }
        }
        return distinct;
    }

    /** Keep the candidates with komadai evidence (or, if {@code byKomadai} is false, a refilled target), when any have it. */
    private int keep(Position position, int n, boolean byKomadai) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int m = candidates[i];
            if (byKomadai ? komadaiEvidence(position, m) : board.refilledAfterLift(m)) {
                candidates[kept++] = m;
            }
        }
        // Compacting moved the kept ones to the front; the others are dropped.
        return kept == 0 ? n : kept;
    }

    static boolean sameAction(int a, int b) {
        return Move.to(a) == Move.to(b) && Move.isDrop(a) == Move.isDrop(b)
                && (Move.isDrop(a) ? Move.piece(a) == Move.piece(b) : Move.from(a) == Move.from(b));
    }

    static int otherPromotion(int move) {
        return Move.of(Move.from(move), Move.to(move), Move.piece(move), Move.captured(move), !Move.promotes(move));
    }

    private static boolean findIn(int[] moves, int count, int move) {
        for (int i = 0; i < count; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }

    private static boolean touches(int[] squares, int move) {
        for (int sq : squares) {
            if (sq == Move.to(move) || !Move.isDrop(move) && sq == Move.from(move)) {
                return true;
            }
        }
        return false;
    }
}
