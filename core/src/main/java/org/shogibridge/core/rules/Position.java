package org.shogibridge.core.rules;

import java.util.Arrays;

/**
 * A mutable shogi position: board, hands, side to move and a hash key, with make and unmake.
 *
 * <p>The position also keeps the keys of the positions it passed through since it was set up, because
 * repetition checks need them. Moves are the packed ints of {@link Move}; {@link #doMove} trusts that the
 * move is legal (use {@link MoveGenerator} or {@link Rules#violation} to check one first).
 */
public final class Position {
    final Variant variant;
    final int squares;
    /** Piece code per square, {@link Piece#EMPTY} when empty. */
    final int[] board;
    /** Pieces in hand, indexed by piece code (type | colour << 4). */
    final int[] hand = new int[Piece.CODES];
    /** Occupied squares per colour as a 128-bit set: [colour * 2] holds squares 0..63, [colour * 2 + 1] the rest. */
    final long[] occupied = new long[4];
    /** Unpromoted pawns per colour and column: [colour * 16 + column], for the two-pawn rule. */
    final int[] pawnsOnColumn = new int[32];
    final int[] kingSquare = {-1, -1};
    int sideToMove;
    long key;
    /** The hash of the pawns on the board alone, and of the two hands alone (keys for the search's correction
     * history, which learns how far the evaluation errs by pawn structure and by pieces in hand). */
    long pawnKey;
    long handKey;
    private int moveNumber = 1;
    private long[] keyHistory = new long[256];
    private long[] pawnKeyHistory = new long[256];
    private long[] handKeyHistory = new long[256];
    /** The move that left each position of the key history (Move.NONE for a null move). */
    private int[] moveHistory = new int[256];
    private int plies;

    // Scratch results of findChecksAndPins(), valid until the position changes; read by the move generator.
    int checkers;
    int checker = -1;
    long pinnedLow;
    long pinnedHigh;

    /** Return an empty board of the variant, Black to move, both hands empty. */
    public Position(Variant variant) {
        this.variant = variant;
        this.squares = variant.squares;
        this.board = new int[squares];
    }

    /** Return a position read from SFEN (variant inferred from the board size). */
    public static Position fromSfen(String sfen) {
        return Sfen.parse(sfen);
    }

    /** Return a position read from SFEN for a given variant. */
    public static Position fromSfen(Variant variant, String sfen) {
        return Sfen.parse(variant, sfen);
    }

    /** Return the start position of the variant. */
    public static Position start(Variant variant) {
        return Sfen.parse(variant, variant.startSfen());
    }

    /** Return an independent copy. */
    public Position copy() {
        Position p = new Position(variant);
        System.arraycopy(board, 0, p.board, 0, squares);
        System.arraycopy(hand, 0, p.hand, 0, hand.length);
        System.arraycopy(occupied, 0, p.occupied, 0, occupied.length);
        System.arraycopy(pawnsOnColumn, 0, p.pawnsOnColumn, 0, pawnsOnColumn.length);
        p.kingSquare[0] = kingSquare[0];
        p.kingSquare[1] = kingSquare[1];
        p.sideToMove = sideToMove;
        p.key = key;
        p.pawnKey = pawnKey;
        p.handKey = handKey;
        p.moveNumber = moveNumber;
        p.keyHistory = Arrays.copyOf(keyHistory, keyHistory.length);
        p.pawnKeyHistory = Arrays.copyOf(pawnKeyHistory, pawnKeyHistory.length);
        p.handKeyHistory = Arrays.copyOf(handKeyHistory, handKeyHistory.length);
        p.moveHistory = Arrays.copyOf(moveHistory, moveHistory.length);
        p.plies = plies;
        return p;
    }

    /** Return the variant. */
    public Variant variant() {
        return variant;
    }

    /** Return true if every square holds the same piece as in {@code other} (side to move and hands ignored). */
    public boolean sameSquares(Position other) {
        if (other.variant != variant) {
            return false;
        }
        for (int sq = 0; sq < variant.squares(); sq++) {
            if (pieceAt(sq) != other.pieceAt(sq)) {
                return false;
            }
        }
        return true;
    }

    /** Return the piece code on a square, {@link Piece#EMPTY} if none. */
    public int pieceAt(int square) {
        return board[square];
    }

    /** Return how many pieces of an unpromoted type a side holds in hand. */
    public int handCount(Side side, int type) {
        return hand[Piece.code(type, side.index())];
    }

    /** Return the side to move. */
    public Side sideToMove() {
        return Side.of(sideToMove);
    }

    /** Return the square of a side's king, or -1 if it has none (attacker in a mate problem). */
    public int kingSquare(Side side) {
        return kingSquare[side.index()];
    }

    /** Return the hash key of board, hands and side to move. */
    public long key() {
        return key;
    }

    /** Return the SFEN move number (1 for the first move of the position it was set up from). */
    public int moveNumber() {
        return moveNumber + plies;
    }

    /** Return the number of moves made since the position was set up. */
    public int plies() {
        return plies;
    }

    /** Return the hash key of the unpromoted pawns on the board, both sides' (equal positions, equal keys). */
    public long pawnKey() {
        return pawnKey;
    }

    /** Return the hash key of both hands. */
    public long handKey() {
        return handKey;
    }

    /** Return the key the position had {@code back} plies ago (0 = now); back must not exceed plies(). */
    public long keyBefore(int back) {
        return back == 0 ? key : keyHistory[plies - back];
    }

    /** Return the SFEN of the position. */
    public String toSfen() {
        return Sfen.format(this);
    }

    @Override
    public String toString() {
        return toSfen();
    }

    /** Return true if the side to move is in check. */
    public boolean inCheck() {
        int king = kingSquare[sideToMove];
        return king >= 0 && isAttacked(king, sideToMove ^ 1, -1);
    }

    /** Return true if a side's king is attacked. */
    public boolean inCheck(Side side) {
        int king = kingSquare[side.index()];
        return king >= 0 && isAttacked(king, side.index() ^ 1, -1);
    }

    /**
     * Give a side, in hand, every piece of the set that is neither on the board nor in a hand (kings
     * excepted): how mate problems without an attacking king give the defender "all remaining pieces".
     */
    public void putRemainingPiecesInHand(Side side) {
        int[] used = new int[Piece.TYPES];
        for (int sq = 0; sq < squares; sq++) {
            if (board[sq] != Piece.EMPTY) {
                used[Piece.unpromoted(Piece.type(board[sq]))]++;
            }
        }
        for (int code = 0; code < Piece.CODES; code++) {
            used[Piece.type(code)] += hand[code];
        }
        for (int type : variant.handTypes) {
            int missing = variant.pieceCount(type) - used[type];
            if (missing > 0) {
                int code = Piece.code(type, side.index());
                setHand(code, hand[code] + missing);
            }
        }
    }

    // ----------------------------------------------------------------------------------------------
    // Setting up (used by parsers; they validate the result)

    void put(int square, int code) {
        remove(square);
        if (code == Piece.EMPTY) {
            return;
        }
        board[square] = code;
        int colour = Piece.colour(code);
        setOccupied(colour, square);
        long pieceKey = Zobrist.PIECE_SQUARE[code * Zobrist.MAX_SQUARES + square];
        key ^= pieceKey;
        if (Piece.type(code) == Piece.PAWN) {
            pawnKey ^= pieceKey;
            pawnsOnColumn[colour * 16 + square % variant.files()]++;
        } else if (Piece.type(code) == Piece.KING) {
            kingSquare[colour] = square;
        }
    }

    private void remove(int square) {
        int code = board[square];
        if (code == Piece.EMPTY) {
            return;
        }
        int colour = Piece.colour(code);
        board[square] = Piece.EMPTY;
        clearOccupied(colour, square);
        long pieceKey = Zobrist.PIECE_SQUARE[code * Zobrist.MAX_SQUARES + square];
        key ^= pieceKey;
        if (Piece.type(code) == Piece.PAWN) {
            pawnKey ^= pieceKey;
            pawnsOnColumn[colour * 16 + square % variant.files()]--;
        } else if (Piece.type(code) == Piece.KING) {
            kingSquare[colour] = -1;
        }
    }

    void setHand(int code, int count) {
        long change = Zobrist.HAND[code * Zobrist.MAX_IN_HAND + hand[code]]
                ^ Zobrist.HAND[code * Zobrist.MAX_IN_HAND + count];
        hand[code] = count;
        key ^= change;
        handKey ^= change;
    }

    void setSideToMove(int colour) {
        if (colour != sideToMove) {
            key ^= Zobrist.WHITE_TO_MOVE;
        }
        sideToMove = colour;
    }

    void setMoveNumber(int moveNumber) {
        this.moveNumber = moveNumber;
    }

    // ----------------------------------------------------------------------------------------------
    // Make and unmake

    /** Play a legal move. */
    public void doMove(int move) {
        remember(move);
        final int us = sideToMove;
        final int to = Move.to(move);
        final int piece = Move.piece(move);
        long k = key ^ Zobrist.WHITE_TO_MOVE;
        if (Move.isDrop(move)) {
            int count = hand[piece];
            long handChange = Zobrist.HAND[piece * Zobrist.MAX_IN_HAND + count]
                    ^ Zobrist.HAND[piece * Zobrist.MAX_IN_HAND + count - 1];
            k ^= handChange;
            handKey ^= handChange;
            hand[piece] = count - 1;
            board[to] = piece;
            setOccupied(us, to);
            k ^= Zobrist.PIECE_SQUARE[piece * Zobrist.MAX_SQUARES + to];
            if (Piece.type(piece) == Piece.PAWN) {
                pawnKey ^= Zobrist.PIECE_SQUARE[piece * Zobrist.MAX_SQUARES + to];
                pawnsOnColumn[us * 16 + to % variant.files()]++;
            }
        } else {
            final int from = Move.from(move);
            final int captured = Move.captured(move);
            final int after = Move.pieceAfter(move);
            board[from] = Piece.EMPTY;
            clearOccupied(us, from);
            k ^= Zobrist.PIECE_SQUARE[piece * Zobrist.MAX_SQUARES + from];
            if (captured != Piece.EMPTY) {
                int them = us ^ 1;
                clearOccupied(them, to);
                k ^= Zobrist.PIECE_SQUARE[captured * Zobrist.MAX_SQUARES + to];
                int capturedType = Piece.type(captured);
                int gained = Piece.code(Piece.unpromoted(capturedType), us);
                int count = hand[gained];
                long handChange = Zobrist.HAND[gained * Zobrist.MAX_IN_HAND + count]
                        ^ Zobrist.HAND[gained * Zobrist.MAX_IN_HAND + count + 1];
                k ^= handChange;
                handKey ^= handChange;
                hand[gained] = count + 1;
                if (capturedType == Piece.PAWN) {
                    pawnKey ^= Zobrist.PIECE_SQUARE[captured * Zobrist.MAX_SQUARES + to];
                    pawnsOnColumn[them * 16 + to % variant.files()]--;
                } else if (capturedType == Piece.KING) {
                    kingSquare[them] = -1;
                }
            }
            board[to] = after;
            setOccupied(us, to);
            k ^= Zobrist.PIECE_SQUARE[after * Zobrist.MAX_SQUARES + to];
            int type = Piece.type(piece);
            if (type == Piece.KING) {
                kingSquare[us] = to;
            } else if (type == Piece.PAWN) {
                pawnKey ^= Zobrist.PIECE_SQUARE[piece * Zobrist.MAX_SQUARES + from];
                if (after == piece) {
                    pawnKey ^= Zobrist.PIECE_SQUARE[piece * Zobrist.MAX_SQUARES + to];
                } else {
                    pawnsOnColumn[us * 16 + to % variant.files()]--;
                }
            }
        }
        key = k;
        sideToMove = us ^ 1;
    }

    /**
     * Pass the turn without moving (a search's null move). Undo with {@link #undoNullMove}. The passed position
     * enters the key history, so repetition checks must not look back across it.
     */
    public void doNullMove() {
        remember(Move.NONE);
        key ^= Zobrist.WHITE_TO_MOVE;
        sideToMove ^= 1;
    }

    private void remember(int move) {
        if (plies == keyHistory.length) {
            keyHistory = Arrays.copyOf(keyHistory, plies * 2);
            moveHistory = Arrays.copyOf(moveHistory, plies * 2);
            pawnKeyHistory = Arrays.copyOf(pawnKeyHistory, plies * 2);
            handKeyHistory = Arrays.copyOf(handKeyHistory, plies * 2);
        }
        moveHistory[plies] = move;
        pawnKeyHistory[plies] = pawnKey;
        handKeyHistory[plies] = handKey;
        keyHistory[plies++] = key;
    }

    /** Return the move played {@code back} plies ago (1 = the last one); back must be 1..plies(). */
    public int moveBefore(int back) {
        return moveHistory[plies - back];
    }

    /** Take back {@link #doNullMove}. */
    public void undoNullMove() {
        sideToMove ^= 1;
        key = keyHistory[--plies];
        pawnKey = pawnKeyHistory[plies];
        handKey = handKeyHistory[plies];
    }

    /** Return true if a piece of the side attacks the square. */
    public boolean isAttackedBy(int square, Side side) {
        return isAttacked(square, side.index(), -1);
    }

    /**
     * Return true if a piece of the side attacks the square when the square {@code seenThrough} is empty: whether
     * a piece moving from there to the square could be taken back, x-rays behind it included.
     */
    public boolean isAttackedBy(int square, Side side, int seenThrough) {
        return isAttacked(square, side.index(), seenThrough);
    }

    /**
     * Return true if the move (legal for the side to move) would give check, without making it: the piece
     * attacks the enemy king from where it lands, or it steps off the line
     * between that king and a ranged piece of ours. The search asks this of every move it may prune, where
     * making and taking back the move only to test for check cost a fifth of its time.
     */
    public boolean givesCheck(int move) {
        final int us = sideToMove;
        final int king = kingSquare[us ^ 1];
        if (king < 0) {
            return false;
        }
        final Variant v = variant;
        final int to = Move.to(move);
        final int after = Move.pieceAfter(move);
        final int from = Move.isDrop(move) ? -1 : Move.from(move);
        final int towardsKing = v.lineDirection[to * squares + king];
        if (towardsKing >= 0) {
            final int first = v.rayStart[to * 8 + towardsKing];
            if (v.rays[first] == king) {
                if ((v.nearMask[after] >>> towardsKing & 1) != 0) {
                    return true;
                }
            } else if ((v.slideMask[after] >>> towardsKing & 1) != 0 && lineClear(first, king)) {
                return true;
            }
        } else if (Piece.type(after) == Piece.KNIGHT) {
            for (int i = v.knightFromStart[us * squares + king], s; (s = v.knightFrom[i]) >= 0; i++) {
                if (s == to) {
                    return true;
                }
            }
        }
        return from >= 0 && discoversCheck(king, from, to);
    }

    /**
     * Return true if the squares of a ray from index {@code first} up to {@code end} are empty. The square a
     * piece leaves never matters here: had it stood on a clear line to the enemy king, that king would have
     * been in check with us to move.
     */
    private boolean lineClear(int first, int end) {
        for (int i = first, s; (s = variant.rays[i]) != end; i++) {
            if (board[s] != Piece.EMPTY) {
                return false;
            }
        }
        return true;
    }

    /** Return true if a piece leaving {@code from} for {@code to} uncovers a ranged piece of ours on the enemy king. */
    private boolean discoversCheck(int king, int from, int to) {
        final int d = variant.lineDirection[king * squares + from];
        // Not on a line with the king, or still standing on it.
        return d >= 0 && variant.lineDirection[king * squares + to] != d && rangedPieceBehind(king, d, from, sideToMove);
    }

    /**
     * Return true if, looking from the king in direction {@code d}, {@code square} is the first piece and the next
     * one is a ranged piece of {@code colour} that reaches back along the line: take the first away, and the
     * second attacks the king.
     */
    private boolean rangedPieceBehind(int king, int d, int square, int colour) {
        final Variant v = variant;
        boolean passed = false;
        for (int i = v.rayStart[king * 8 + d], s; (s = v.rays[i]) >= 0; i++) {
            if (s == square) {
                passed = true;
                continue;
            }
            int pc = board[s];
            if (pc == Piece.EMPTY) {
                continue;
            }
            return passed && Piece.colour(pc) == colour && (v.slideMask[pc] >>> ((d + 4) & 7) & 1) != 0;
        }
        return false;
    }

    /** Take back the move last played. */
    public void undoMove(int move) {
        final int us = sideToMove ^ 1;
        sideToMove = us;
        key = keyHistory[--plies];
        pawnKey = pawnKeyHistory[plies];
        handKey = handKeyHistory[plies];
        final int to = Move.to(move);
        final int piece = Move.piece(move);
        if (Move.isDrop(move)) {
            hand[piece]++;
            board[to] = Piece.EMPTY;
            clearOccupied(us, to);
            if (Piece.type(piece) == Piece.PAWN) {
                pawnsOnColumn[us * 16 + to % variant.files()]--;
            }
            return;
        }
        final int from = Move.from(move);
        final int captured = Move.captured(move);
        board[from] = piece;
        setOccupied(us, from);
        board[to] = captured;
        clearOccupied(us, to);
        int type = Piece.type(piece);
        if (type == Piece.KING) {
            kingSquare[us] = from;
        } else if (type == Piece.PAWN && Move.promotes(move)) {
            pawnsOnColumn[us * 16 + to % variant.files()]++;
        }
        if (captured != Piece.EMPTY) {
            int them = us ^ 1;
            setOccupied(them, to);
            int capturedType = Piece.type(captured);
            hand[Piece.code(Piece.unpromoted(capturedType), us)]--;
            if (capturedType == Piece.PAWN) {
                pawnsOnColumn[them * 16 + to % variant.files()]++;
            } else if (capturedType == Piece.KING) {
                kingSquare[them] = to;
            }
        }
    }

    private void setOccupied(int colour, int square) {
        occupied[colour * 2 + (square >>> 6)] |= 1L << square;
    }

    private void clearOccupied(int colour, int square) {
        occupied[colour * 2 + (square >>> 6)] &= ~(1L << square);
    }

    // ----------------------------------------------------------------------------------------------
    // Attacks

    /**
     * Return true if a piece of the colour attacks the square. The square {@code ignore} (or -1) is
     * treated as empty, so a king's flight squares can be tested with the king lifted off its square.
     */
    boolean isAttacked(int square, int byColour, int ignore) {
        final Variant v = variant;
        final int[] b = board;
        for (int d = 0; d < 8; d++) {
            final int first = v.rayStart[square * 8 + d];
            for (int i = first, s; (s = v.rays[i]) >= 0; i++) {
                int pc = b[s];
                if (pc == Piece.EMPTY || s == ignore) {
                    continue;
                }
                if (Piece.colour(pc) == byColour) {
                    int towards = (d + 4) & 7;
                    int mask = i == first ? v.nearMask[pc] : v.slideMask[pc];
                    if ((mask >>> towards & 1) != 0) {
                        return true;
                    }
                }
                break;
            }
        }
        final int knight = Piece.code(Piece.KNIGHT, byColour);
        for (int i = v.knightFromStart[byColour * squares + square], s; (s = v.knightFrom[i]) >= 0; i++) {
            if (b[s] == knight) {
                return true;
            }
        }
        return false;
    }

    /**
     * Count who attacks every square, for the evaluation: {@code counts[colour * squares + square]} gets the
     * number of that colour's pieces attacking the square (a defended own piece counts as attacked by its own
     * side), and {@code reach[square]} the number of squares the piece standing there attacks. Both arrays are
     * cleared first, to the variant's number of squares; nothing is allocated.
     */
    public void countAttacks(int[] counts, int[] reach) {
        final Variant v = variant;
        final int n = squares;
        final int[] b = board;
        final int[] steps = v.steps;
        final int[] rays = v.rays;
        Arrays.fill(counts, 0, 2 * n, 0);
        Arrays.fill(reach, 0, n, 0);
        for (int colour = 0; colour < 2; colour++) {
            final int base = colour * n;
            for (int half = 0; half < 2; half++) {
                long bits = occupied[colour * 2 + half];
                while (bits != 0) {
                    final int from = Long.numberOfTrailingZeros(bits) + (half << 6);
                    bits &= bits - 1;
                    final int pc = b[from];
                    int reached = 0;
                    for (int i = v.stepStart[pc * n + from], t; (t = steps[i]) >= 0; i++) {
                        counts[base + t]++;
                        reached++;
                    }
                    for (int mask = v.slideMask[pc]; mask != 0; mask &= mask - 1) {
                        final int d = Integer.numberOfTrailingZeros(mask);
                        for (int i = v.rayStart[from * 8 + d], t; (t = rays[i]) >= 0; i++) {
                            counts[base + t]++;
                            reached++;
                            if (b[t] != Piece.EMPTY) {
                                break;
                            }
                        }
                    }
                    reach[from] = reached;
                }
            }
        }
    }

    /**
     * Look out from the side to move's king once: count the pieces giving check (remembering one of them)
     * and mark the own pieces pinned against the king.
     */
    void findChecksAndPins() {
        checkers = 0;
        checker = -1;
        pinnedLow = 0;
        pinnedHigh = 0;
        final int us = sideToMove;
        final int king = kingSquare[us];
        if (king < 0) {
            return;
        }
        final Variant v = variant;
        final int[] rays = v.rays;
        final int[] b = board;
        for (int d = 0; d < 8; d++) {
            final int first = v.rayStart[king * 8 + d];
            int own = -1;
            for (int i = first, s; (s = rays[i]) >= 0; i++) {
                int pc = b[s];
                if (pc == Piece.EMPTY) {
                    continue;
                }
                if (Piece.colour(pc) == us) {
                    if (own >= 0) {
                        break;
                    }
                    own = s;
                    continue;
                }
                int towards = (d + 4) & 7;
                if (own < 0) {
                    int mask = i == first ? v.nearMask[pc] : v.slideMask[pc];
                    if ((mask >>> towards & 1) != 0) {
                        checkers++;
                        checker = s;
                    }
                } else if ((v.slideMask[pc] >>> towards & 1) != 0) {
                    if (own < 64) {
                        pinnedLow |= 1L << own;
                    } else {
                        pinnedHigh |= 1L << own;
                    }
                }
                break;
            }
        }
        final int enemyKnight = Piece.code(Piece.KNIGHT, us ^ 1);
        for (int i = v.knightFromStart[(us ^ 1) * squares + king], s; (s = v.knightFrom[i]) >= 0; i++) {
            if (b[s] == enemyKnight) {
                checkers++;
                checker = s;
            }
        }
    }

    /** Return true if the piece on the square is pinned against its own king (moving off the line exposes it). */
    boolean isPinned(int square) {
        int colour = Piece.colour(board[square]);
        int king = kingSquare[colour];
        if (king < 0) {
            return false;
        }
        int d = variant.lineDirection[king * squares + square];
        return d >= 0 && rangedPieceBehind(king, d, square, colour ^ 1);
    }
}
