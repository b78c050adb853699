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
 * <p>On top of those, king safety is seen through who attacks the squares around each king (one count of every
 * square's attackers per evaluation): for each square in front of, beside and behind a king, how many enemy
 * pieces attack it against how many of the king's side defend it; how many flight squares the king has; the
 * pieces the enemy holds in hand against how many of those squares it already attacks (a drop attack needs
 * both); the reach of the ranged pieces (lance, bishop, rook, horse, dragon, queen); and pairs of kinds held in
 * hand together (a gold and a silver in hand make mating nets that either alone does not).
 *
 * <p>Those are each linear, but an attack is not: two attackers near a king with a gold in hand are worth far
 * more than twice one. So every king also gets a danger count, one number adding up what threatens it (zone
 * squares the enemy attacks, those it attacks at least as often as they are defended, missing flight squares,
 * and the pieces the enemy holds in hand, a rook more than a pawn), and a learned table says what each count
 * costs, apart for when the attacker has the move (a tempo in an attack is worth more than elsewhere).
 *
 * <p>Last, threats: every piece on the board against how many enemy pieces attack it and how many of its own
 * defend it, and whether a pawn strikes it, told apart for the side to move (which can still save it) and the
 * other; and how many pieces each side has hanging, since two at once (a fork) cost a piece where one does not.
 *
 * <p>The king-relative tables fold the files aside, which loses that a castle is lopsided: a gold beside a king
 * in the corner matters on the king's open side, not between it and the edge. So every piece is also seen against
 * each king with the files counted towards the board's centre, by the king's file from its nearer edge; those
 * tables add to the folded ones, which carry what all king files share.
 *
 * <p>The same walk over a position feeds the search (summing weights) and the trainer (collecting feature
 * indices), so that the two can never disagree. An instance holds the scratch tables of one walk, so that
 * evaluating allocates nothing; one instance serves one thread.
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
    /** The number of weights of the first layout (before the king-safety groups); such a file is still read. */
    public static final int FIRST_LAYOUT_SIZE = TEMPO + 1;

    /** Squares around a king, by (ranks ahead, files aside): ahead, ahead-aside, aside, behind, behind-aside, two ahead, two ahead-aside. */
    private static final int[] ZONE_AHEAD = {1, 1, 0, -1, -1, 2, 2};
    private static final int[] ZONE_ASIDE = {0, 1, 1, 0, 1, 0, 1};
    private static final int ZONE_SLOTS = ZONE_AHEAD.length;
    private static final int COUNT_BUCKETS = 4;
    private static final int DANGER_BUCKETS = 8;
    private static final int MAX_REACH = 24;
    /** A zone square for the king's side: [slot * 16 + min(enemy attackers, 3) * 4 + min(own defenders, 3)]. */
    public static final int ZONE = TEMPO + 1;
    /** The king's flight squares (not own-occupied, not attacked): [0..8]. */
    public static final int ESCAPES = ZONE + ZONE_SLOTS * COUNT_BUCKETS * COUNT_BUCKETS;
    /**
     * A kind in hand against the enemy king, for its holder: [(type * 2 + (count > 1 ? 1 : 0)) * 8 + min(zone
     * squares of the enemy king the holder attacks, 7)].
     */
    public static final int HAND_DANGER = ESCAPES + 9;
    /** The reach of a ranged piece: [type * 25 + min(squares it attacks, 24)]. */
    public static final int MOBILITY = HAND_DANGER + Piece.TYPES * 2 * DANGER_BUCKETS;
    /** Two kinds held in hand together: [lowerType * 16 + higherType]. */
    public static final int HAND_PAIR = MOBILITY + Piece.TYPES * (MAX_REACH + 1);
    /** The number of weights of the second layout (before the danger table); such a file is still read. */
    public static final int SECOND_LAYOUT_SIZE = HAND_PAIR + Piece.TYPES * Piece.TYPES;
    private static final int DANGER_COUNTS = 32;
    /**
     * The danger count of a king, for the king's side: [(attacker to move ? 1 : 0) * 32 + min(count, 31)]. Index 0
     * of each half is the king with nothing against it.
     */
    public static final int KING_DANGER = SECOND_LAYOUT_SIZE;
    /** The number of weights of the third layout (before the threat groups); such a file is still read. */
    public static final int THIRD_LAYOUT_SIZE = KING_DANGER + 2 * DANGER_COUNTS;
    private static final int THREAT_BUCKETS = 3;
    private static final int THREAT_CELLS = 2 * THREAT_BUCKETS * THREAT_BUCKETS;
    /**
     * A piece on the board against who attacks it, for its owner: [((owner to move ? 1 : 0) * 16 + type) * 18 +
     * (attacked by a pawn ? 9 : 0) + min(enemy attackers, 2) * 3 + min(own defenders, 2)] ({@link #threatIndex}).
     * A pawn's strike is apart because it wins any piece it hits, defended or not.
     */
    public static final int THREAT = THIRD_LAYOUT_SIZE;
    private static final int MAX_HANGING = 3;
    /**
     * How many of a side's pieces hang (attacked more often than defended, or struck by a pawn), for that side:
     * [(side to move ? 1 : 0) * 4 + min(count, 3)]. One hanging piece the mover can save; two are a fork.
     */
    public static final int HANGING = THREAT + 2 * Piece.TYPES * THREAT_CELLS;
    /** The number of weights of the fourth layout (before the king-file tables); such a file is still read. */
    public static final int FOURTH_LAYOUT_SIZE = HANGING + 2 * (MAX_HANGING + 1);
    /** Ranks from 9 behind to 9 ahead, and files from 9 towards the edge to 9 towards the centre. */
    private static final int SIGNED_FILES = 2 * MAX_RANKS - 1;
    private static final int SIGNED_RELATIVE = RELATIVE_RANKS * SIGNED_FILES;
    /**
     * A piece relative to a king, by the king's file from its nearer edge and with the side towards the centre
     * told from the side towards the edge, for the piece's owner: [((enemy king ? 1 : 0) * 5 + kingFileFromEdge)
     * * 16 + type) * 361 + (ranksAhead + 9) * 19 + filesTowardsCentre + 9] ({@link #kingFileIndex}). The tables
     * {@link #OWN_KING} and {@link #ENEMY_KING} fold the files aside, so a gold beside a king in the corner is
     * worth the same on its open side as between it and the edge; these tell them apart, and a castle on the
     * edge from one in the centre.
     */
    public static final int KING_FILE = FOURTH_LAYOUT_SIZE;
    /** Where the king-file tables against the enemy king start (those before it are against the own king). */
    public static final int KING_FILE_ENEMY = KING_FILE + FOLDED_FILES * Piece.TYPES * SIGNED_RELATIVE;
    /** The number of weights. */
    public static final int SIZE = KING_FILE_ENEMY + FOLDED_FILES * Piece.TYPES * SIGNED_RELATIVE;
    /** The sizes of the layouts a weights file may have, oldest first: each is a prefix of the next. */
    private static final int[] LAYOUT_SIZES = {FIRST_LAYOUT_SIZE, SECOND_LAYOUT_SIZE, THIRD_LAYOUT_SIZE,
        FOURTH_LAYOUT_SIZE, SIZE};

    /**
     * What a piece in the enemy's hand adds to a king's danger count, by type, for each of the first two held (a
     * pawn counts once: it is a tempo and a prop for a mate, not a net). Rook above bishop, gold and silver, which
     * mate from the front, above knight and lance.
     */
    private static final int[] HAND_DANGER_UNITS = {0, 1, 1, 1, 2, 2, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0};

    /** Attack counts by colour and square, and each occupied square's reach, of the position being walked. */
    private final int[] attacks = new int[2 * MAX_RANKS * MAX_RANKS];
    private final int[] reach = new int[MAX_RANKS * MAX_RANKS];
    /** Zone squares of each king attacked by the other side, from the last walk. */
    private final int[] zoneAttacked = new int[2];
    /** Each king's danger count, from its zone and flight squares, then from the pieces the enemy holds in hand. */
    private final int[] dangerCount = new int[2];
    /** Each side's hanging pieces, from the walk over the board. */
    private final int[] hanging = new int[2];

    /** Feed every feature of the position to the sink. */
    public void collect(Position p, Sink sink) {
        Variant v = p.variant();
        int files = v.files();
        int ranks = v.ranks();
        int blackKing = p.kingSquare(Side.BLACK);
        int whiteKing = p.kingSquare(Side.WHITE);
        int n = v.squares();
        p.countAttacks(attacks, reach);
        kingZone(p, Side.BLACK, blackKing, sink);
        kingZone(p, Side.WHITE, whiteKing, sink);
        hanging[0] = 0;
        hanging[1] = 0;
        int mover = p.sideToMove().index();
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
                againstKing(false, type, ownKing, rank, file, files, black, sign, sink);
            }
            if (enemyKing >= 0) {
                againstKing(true, type, enemyKing, rank, file, files, black, sign, sink);
            }
            if (ranged(type)) {
                sink.add(MOBILITY + type * (MAX_REACH + 1) + Math.min(reach[sq], MAX_REACH), sign);
            }
            threat(p, sq, type, Piece.colour(pc), mover, n, files, sink);
        }
        for (int colour = 0; colour < 2; colour++) {
            sink.add(hangingIndex(colour == mover, hanging[colour]), colour == 0 ? 1 : -1);
        }
        for (int i = 0; i < v.handTypeCount(); i++) {
            int type = v.handType(i);
            int blackCount = p.handCount(Side.BLACK, type);
            int whiteCount = p.handCount(Side.WHITE, type);
            if (blackCount > 0) {
                sink.add(HAND + type * (MAX_IN_HAND + 1) + blackCount, 1);
            }
            if (whiteCount > 0) {
                sink.add(HAND + type * (MAX_IN_HAND + 1) + whiteCount, -1);
            }
        }
        handFeatures(p, Side.BLACK, sink);
        handFeatures(p, Side.WHITE, sink);
        kingDanger(p, Side.BLACK, sink);
        kingDanger(p, Side.WHITE, sink);
        sink.add(TEMPO, p.sideToMove() == Side.BLACK ? 1 : -1);
    }

    /** A piece against who attacks and defends it; it hangs if the enemy attacks it more, or a pawn strikes it. */
    private void threat(Position p, int sq, int type, int colour, int mover, int n, int files, Sink sink) {
        int attackers = attacks[(colour ^ 1) * n + sq];
        int defenders = attacks[colour * n + sq];
        int ahead = colour == 0 ? sq - files : sq + files;
        boolean byPawn = type != Piece.PAWN && ahead >= 0 && ahead < n
                && p.pieceAt(ahead) == Piece.code(Piece.PAWN, colour ^ 1);
        if (attackers > defenders || byPawn) {
            hanging[colour]++;
        }
        sink.add(threatIndex(colour == mover, type, byPawn, attackers, defenders), colour == 0 ? 1 : -1);
    }

    /** One king's danger count (its zone's part from {@link #kingZone}, the enemy's hand from {@link #handFeatures}). */
    private void kingDanger(Position p, Side owner, Sink sink) {
        if (p.kingSquare(owner) < 0) {
            return;
        }
        int attackerToMove = p.sideToMove() == owner ? 0 : 1;
        sink.add(KING_DANGER + attackerToMove * DANGER_COUNTS + Math.min(dangerCount[owner.index()], DANGER_COUNTS - 1),
                owner == Side.BLACK ? 1 : -1);
    }

    /** The zone squares and flight squares of one king, valued for its side. */
    private void kingZone(Position p, Side owner, int king, Sink sink) {
        zoneAttacked[owner.index()] = 0;
        dangerCount[owner.index()] = 0;
        if (king < 0) {
            return;
        }
        Variant v = p.variant();
        int files = v.files();
        int n = v.squares();
        int sign = owner == Side.BLACK ? 1 : -1;
        int own = owner.index() * n;
        int enemy = (owner.index() ^ 1) * n;
        int kingRank = king / files;
        int kingColumn = king % files;
        int attacked = 0;
        int count = 0;
        for (int slot = 0; slot < ZONE_SLOTS; slot++) {
            int rank = kingRank - sign * ZONE_AHEAD[slot];
            for (int side = ZONE_ASIDE[slot] == 0 ? 0 : -1; side <= ZONE_ASIDE[slot]; side += 2) {
                int column = kingColumn + side;
                if (rank < 0 || rank >= v.ranks() || column < 0 || column >= files) {
                    continue;
                }
                int sq = rank * files + column;
                int by = attacks[enemy + sq];
                int defenders = attacks[own + sq];
                attacked += by > 0 ? 1 : 0;
                // Attacked squares count, twice if attacked more than once, once more if not defended enough.
                count += Math.min(by, 2) + (by > 0 && by >= defenders ? 1 : 0);
                int a = Math.min(by, COUNT_BUCKETS - 1);
                int d = Math.min(defenders, COUNT_BUCKETS - 1);
                sink.add(ZONE + (slot * COUNT_BUCKETS + a) * COUNT_BUCKETS + d, sign);
            }
        }
        zoneAttacked[owner.index()] = attacked;
        int escapes = 0;
        for (int dr = -1; dr <= 1; dr++) {
            for (int dc = -1; dc <= 1; dc++) {
                int rank = kingRank + dr;
                int column = kingColumn + dc;
                if ((dr | dc) == 0 || rank < 0 || rank >= v.ranks() || column < 0 || column >= files) {
                    continue;
                }
                int sq = rank * files + column;
                int pc = p.pieceAt(sq);
                boolean ownPiece = pc != Piece.EMPTY && Piece.colour(pc) == owner.index();
                if (!ownPiece && attacks[enemy + sq] == 0) {
                    escapes++;
                }
            }
        }
        sink.add(ESCAPES + escapes, sign);
        dangerCount[owner.index()] = count + Math.max(0, 2 - escapes);
    }

    /** The pieces one side holds in hand: against the enemy king's zone (and added to its danger count), and in pairs. */
    private void handFeatures(Position p, Side holder, Sink sink) {
        Variant v = p.variant();
        int sign = holder == Side.BLACK ? 1 : -1;
        int danger = Math.min(zoneAttacked[holder.index() ^ 1], DANGER_BUCKETS - 1);
        boolean enemyKing = p.kingSquare(holder.opponent()) >= 0;
        for (int i = 0; i < v.handTypeCount(); i++) {
            int type = v.handType(i);
            int count = p.handCount(holder, type);
            if (count == 0) {
                continue;
            }
            dangerCount[holder.index() ^ 1] += HAND_DANGER_UNITS[type] * Math.min(count, type == Piece.PAWN ? 1 : 2);
            if (enemyKing) {
                sink.add(HAND_DANGER + (type * 2 + (count > 1 ? 1 : 0)) * DANGER_BUCKETS + danger, sign);
            }
            for (int j = i + 1; j < v.handTypeCount(); j++) {
                int other = v.handType(j);
                if (p.handCount(holder, other) > 0) {
                    sink.add(HAND_PAIR + Math.min(type, other) * Piece.TYPES + Math.max(type, other), sign);
                }
            }
        }
    }

    private static boolean ranged(int type) {
        return type == Piece.LANCE || type == Piece.BISHOP || type == Piece.ROOK || type == Piece.HORSE
                || type == Piece.DRAGON || type == Piece.QUEEN;
    }

    /**
     * A piece on (rank, file) seen by its owner against one king: its entry in the folded table ({@link #OWN_KING}
     * or {@link #ENEMY_KING}) and in the king-file tables.
     */
    private static void againstKing(boolean enemy, int type, int king, int rank, int file, int files, boolean black,
            int sign, Sink sink) {
        int kingRank = king / files + 1;
        int kingFile = files - king % files;
        int ahead = black ? kingRank - rank : rank - kingRank;
        sink.add(relativeIndex(enemy ? ENEMY_KING : OWN_KING, type, ahead, Math.abs(file - kingFile)), sign);
        int fromEdge = Math.min(kingFile - 1, files - kingFile);
        // Files count up towards the centre; on the centre file both sides are the centre (the mirror image).
        int towardsCentre = 2 * kingFile == files + 1 ? Math.abs(file - kingFile)
                : 2 * kingFile <= files ? file - kingFile : kingFile - file;
        sink.add(kingFileIndex(enemy, fromEdge, type, ahead, towardsCentre), sign);
    }

    /** The weight index of a {@link #KING_FILE} entry, for building and reading tables. */
    public static int kingFileIndex(boolean enemyKing, int kingFileFromEdge, int type, int ranksAhead,
            int filesTowardsCentre) {
        return (enemyKing ? KING_FILE_ENEMY : KING_FILE) + (kingFileFromEdge * Piece.TYPES + type) * SIGNED_RELATIVE
                + (ranksAhead + MAX_RANKS - 1) * SIGNED_FILES + filesTowardsCentre + MAX_RANKS - 1;
    }

    /** The weight index of a king-relative entry, for building and reading tables. */
    public static int relativeIndex(int table, int type, int ranksAhead, int filesAside) {
        return table + type * RELATIVE + (ranksAhead + MAX_RANKS - 1) * RELATIVE_FILES + filesAside;
    }

    /** The weight index of a square entry, for building and reading tables. */
    public static int squareIndex(int type, int forward, int fileFromEdge) {
        return SQUARE + type * SQUARES + forward * FOLDED_FILES + fileFromEdge;
    }

    /** The weight index of a piece on the board against its attackers and defenders, for its owner. */
    public static int threatIndex(boolean ownerToMove, int type, boolean struckByPawn, int attackers, int defenders) {
        int cell = Math.min(attackers, THREAT_BUCKETS - 1) * THREAT_BUCKETS + Math.min(defenders, THREAT_BUCKETS - 1);
        return THREAT + ((ownerToMove ? Piece.TYPES : 0) + type) * THREAT_CELLS
                + (struckByPawn ? THREAT_BUCKETS * THREAT_BUCKETS : 0) + cell;
    }

    /** The weight index of a side's number of hanging pieces, for that side. */
    public static int hangingIndex(boolean toMove, int count) {
        return HANGING + (toMove ? MAX_HANGING + 1 : 0) + Math.min(count, MAX_HANGING);
    }

    /** The weight index of holding {@code count} pieces of a type in hand. */
    public static int handIndex(int type, int count) {
        return HAND + type * (MAX_IN_HAND + 1) + count;
    }

    /** Return whether a weights file of this many weights has this layout or an older one (a prefix of it). */
    public static boolean isLayoutSize(int weights) {
        for (int size : LAYOUT_SIZES) {
            if (weights == size) {
                return true;
            }
        }
        return false;
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
