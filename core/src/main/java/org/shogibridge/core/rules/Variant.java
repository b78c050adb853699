package org.shogibridge.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A shogi variant: board size, pieces and how they move, promotion zone, start position, and the move
 * tables derived from them.
 *
 * <p>Squares are numbered row by row from the top-left of the diagram as SFEN writes it:
 * {@code square = (rank - 1) * files + (files - file)}, so square 0 is file 9 (or 10, or 5) on rank a.
 * Directions are numbered 0..7 clockwise from north (towards rank a, Black's forward).
 */
public enum Variant {
    STANDARD("standard", 9, 9, 3, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            new int[] {Piece.ROOK, Piece.BISHOP, Piece.GOLD, Piece.SILVER, Piece.KNIGHT, Piece.LANCE, Piece.PAWN},
            new int[] {0, 18, 4, 4, 4, 2, 2, 4, 2, 0, 0, 0, 0, 0, 0, 0}, false),
    OKISAKI("okisaki", 10, 10, 3, "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL b - 1",
            new int[] {Piece.QUEEN, Piece.ROOK, Piece.BISHOP, Piece.GOLD, Piece.SILVER, Piece.KNIGHT, Piece.LANCE,
                Piece.PAWN},
            new int[] {0, 20, 4, 4, 4, 2, 2, 4, 2, 0, 0, 0, 0, 0, 0, 2}, true),
    MINISHOGI("minishogi", 5, 5, 1, "rbsgk/4p/5/P4/KGSBR b - 1",
            new int[] {Piece.ROOK, Piece.BISHOP, Piece.GOLD, Piece.SILVER, Piece.PAWN},
            new int[] {0, 2, 0, 0, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0}, false);

    private final String id;
    private final int files;
    private final int ranks;
    private final int zoneDepth;
    private final String startSfen;
    /** Types a hand may hold, most valuable first. */
    final int[] handTypes;
    private final int[] pieceCounts;
    /** Okisaki's lance slides forward and backward and its knight jumps as in chess. */
    private final boolean okisakiPieces;

    // Move tables, indexed as their comments say. Package-private: the move generator reads them directly.
    final int squares;
    // Lists of squares are stored flat, each ending with -1, and found by a start index: hot loops then
    // walk one array instead of chasing a pointer per list.
    /** Squares along each ray, nearest first; ray (square, direction) starts at rayStart[square * 8 + direction]. */
    final int[] rays;
    final int[] rayStart;
    /** Destinations of single steps and jumps; for (pieceCode, square) they start at stepStart[pieceCode * squares + square]. */
    final int[] steps;
    final int[] stepStart;
    /** [pieceCode]: bit d set if the piece attacks the adjacent square in direction d. */
    final int[] nearMask;
    /** [pieceCode]: bit d set if the piece slides in direction d. */
    final int[] slideMask;
    /** Squares from which a knight of a colour attacks a square; start at knightFromStart[colour * squares + square]. */
    final int[] knightFrom;
    final int[] knightFromStart;
    /** [from * squares + to]: the direction from one square to the other when they share a line, else -1. */
    final byte[] lineDirection;
    /** [colour * squares + square]: true inside that colour's promotion zone. */
    final boolean[] inZone;
    /** [pieceCode * squares + square]: true where an unpromoted piece would have no legal move ever. */
    final boolean[] deadSquare;
    /** [pieceCode]: true if the variant has the piece type; used to validate positions. */
    final boolean[] hasType;

    Variant(String id, int files, int ranks, int zoneDepth, String startSfen, int[] handTypes, int[] pieceCounts,
            boolean okisakiPieces) {
        this.id = id;
        this.files = files;
        this.ranks = ranks;
        this.zoneDepth = zoneDepth;
        this.startSfen = startSfen;
        this.handTypes = handTypes;
        this.pieceCounts = pieceCounts;
        this.okisakiPieces = okisakiPieces;
        this.squares = files * ranks;
        this.nearMask = new int[Piece.CODES];
        this.slideMask = new int[Piece.CODES];
        this.lineDirection = new byte[squares * squares];
        this.inZone = new boolean[2 * squares];
        this.deadSquare = new boolean[Piece.CODES * squares];
        this.hasType = new boolean[Piece.CODES];
        int[][] rayLists = new int[squares * 8][];
        int[][] stepLists = new int[Piece.CODES * squares][];
        int[][] knightLists = new int[2 * squares][];
        buildTables(rayLists, stepLists, knightLists);
        this.rayStart = new int[rayLists.length];
        this.rays = flatten(rayLists, rayStart);
        this.stepStart = new int[stepLists.length];
        this.steps = flatten(stepLists, stepStart);
        this.knightFromStart = new int[knightLists.length];
        this.knightFrom = flatten(knightLists, knightFromStart);
    }

    private static int[] flatten(int[][] lists, int[] start) {
        int size = 0;
        for (int i = 0; i < lists.length; i++) {
            if (lists[i] == null) {
                lists[i] = new int[0];
            }
            size += lists[i].length + 1;
        }
        int[] data = new int[size];
        int at = 0;
        for (int i = 0; i < lists.length; i++) {
            start[i] = at;
            System.arraycopy(lists[i], 0, data, at, lists[i].length);
            at += lists[i].length;
            data[at++] = -1;
        }
        return data;
    }

    /** Return the name used on the command line and in records: standard, okisaki or minishogi. */
    public String id() {
        return id;
    }

    /** Return the number of files (columns). */
    public int files() {
        return files;
    }

    /** Return the number of ranks (rows). */
    public int ranks() {
        return ranks;
    }

    /** Return the number of squares. */
    public int squares() {
        return squares;
    }

    /** Return how many of the farthest ranks form the promotion zone. */
    public int zoneDepth() {
        return zoneDepth;
    }

    /** Return the SFEN of the even-game start position. */
    public String startSfen() {
        return startSfen;
    }

    /** Return the types a hand may hold, most valuable first (the order SFEN writes them). */
    public int[] handTypes() {
        return handTypes.clone();
    }

    /** Return how many piece types may be held in hand (for loops that must not allocate). */
    public int handTypeCount() {
        return handTypes.length;
    }

    /** Return the i-th piece type that may be held in hand, in the order of {@link #handTypes()}. */
    public int handType(int i) {
        return handTypes[i];
    }

    /** Return how many pieces of an unpromoted type the set holds (both sides together). */
    public int pieceCount(int type) {
        return pieceCounts[Piece.unpromoted(type)];
    }

    /** Return true if the variant uses this piece type (promoted types included). */
    public boolean hasType(int type) {
        return hasType[type];
    }

    /** Return the square of a file (1..files, right to left from Black's view) and rank (1..ranks, top down). */
    public int square(int file, int rank) {
        return (rank - 1) * files + (files - file);
    }

    /** Return the file (1..files) of a square. */
    public int file(int square) {
        return files - square % files;
    }

    /** Return the rank (1..ranks) of a square. */
    public int rank(int square) {
        return square / files + 1;
    }

    /** Return true if the square lies in the promotion zone of the side. */
    public boolean inPromotionZone(Side side, int square) {
        return inZone[side.index() * squares + square];
    }

    /** Return the variant with this id (case-insensitive). */
    public static Variant byId(String id) {
        for (Variant v : values()) {
            if (v.id.equalsIgnoreCase(id)) {
                return v;
            }
        }
        throw new IllegalArgumentException("Unknown variant. '" + id + "' is not one of standard, okisaki, minishogi.");
    }

    @Override
    public String toString() {
        return id;
    }

    // ----------------------------------------------------------------------------------------------
    // Movement definitions, for Black (forward = north); White's are the same turned half a circle.

    private static final int N = 1, NE = 2, E = 4, SE = 8, S = 16, SW = 32, W = 64, NW = 128;
    private static final int ORTHOGONAL = N | E | S | W;
    private static final int DIAGONAL = NE | SE | SW | NW;
    private static final int GOLD_STEPS = N | NE | NW | E | W | S;
    private static final int SILVER_STEPS = N | NE | NW | SE | SW;

    private int steps(int type) {
        return switch (type) {
            case Piece.PAWN -> N;
            case Piece.SILVER -> SILVER_STEPS;
            case Piece.GOLD, Piece.PRO_PAWN, Piece.PRO_LANCE, Piece.PRO_KNIGHT, Piece.PRO_SILVER -> GOLD_STEPS;
            case Piece.KING -> ORTHOGONAL | DIAGONAL;
            case Piece.HORSE -> ORTHOGONAL;
            case Piece.DRAGON -> DIAGONAL;
            default -> 0;
        };
    }

    private int slides(int type) {
        return switch (type) {
            case Piece.LANCE -> okisakiPieces ? N | S : N;
            case Piece.BISHOP, Piece.HORSE -> DIAGONAL;
            case Piece.ROOK, Piece.DRAGON -> ORTHOGONAL;
            case Piece.QUEEN -> ORTHOGONAL | DIAGONAL;
            default -> 0;
        };
    }

    private int[][] jumps(int type) {
        if (type != Piece.KNIGHT) {
            return new int[0][];
        }
        return okisakiPieces ? Directions.CHESS_KNIGHT_JUMPS : Directions.SHOGI_KNIGHT_JUMPS;
    }

    /**
     * Return how many of the farthest ranks an unpromoted piece of the type may never stand on: those where
     * it would have no move. (Enum constants are not yet assigned while the tables are built, so the
     * movement is decided by the constructor's arguments, never by comparing with a constant.)
     */
    private int deadRanks(int type) {
        if (type == Piece.PAWN) {
            return 1;
        }
        if (!okisakiPieces && type == Piece.LANCE) {
            return 1;
        }
        if (!okisakiPieces && type == Piece.KNIGHT) {
            return 2;
        }
        return 0;
    }

    private static int rotateMask(int mask) {
        return ((mask << 4) | (mask >>> 4)) & 0xFF;
    }

    private void buildTables(int[][] rays, int[][] stepTargets, int[][] knightAttackFrom) {
        java.util.Arrays.fill(lineDirection, (byte) -1);
        for (int sq = 0; sq < squares; sq++) {
            int c = sq % files, r = sq / files;
            for (int d = 0; d < 8; d++) {
                List<Integer> ray = new ArrayList<>();
                for (int cc = c + Directions.COLUMN[d], rr = r + Directions.ROW[d]; onBoard(cc, rr);
                        cc += Directions.COLUMN[d], rr += Directions.ROW[d]) {
                    ray.add(rr * files + cc);
                }
                rays[sq * 8 + d] = ray.stream().mapToInt(Integer::intValue).toArray();
                for (int i = 0; i < ray.size(); i++) {
                    lineDirection[sq * squares + ray.get(i)] = (byte) d;
                }
            }
        }
        for (int colour = 0; colour < 2; colour++) {
            for (int sq = 0; sq < squares; sq++) {
                int r = sq / files;
                inZone[colour * squares + sq] = colour == 0 ? r < zoneDepth : r >= ranks - zoneDepth;
            }
        }
        for (int type = 1; type < Piece.TYPES; type++) {
            boolean used = pieceCounts[Piece.unpromoted(type)] > 0
                    && (!Piece.isPromoted(type) || Piece.canPromote(Piece.unpromoted(type)));
            for (int colour = 0; colour < 2; colour++) {
                int code = Piece.code(type, colour);
                hasType[code] = used;
                int step = colour == 0 ? steps(type) : rotateMask(steps(type));
                int slide = colour == 0 ? slides(type) : rotateMask(slides(type));
                nearMask[code] = step | slide;
                slideMask[code] = slide;
                int sign = colour == 0 ? 1 : -1;
                int dead = deadRanks(type);
                for (int sq = 0; sq < squares; sq++) {
                    int c = sq % files, r = sq / files;
                    List<Integer> targets = new ArrayList<>();
                    for (int d = 0; d < 8; d++) {
                        if ((step >>> d & 1) != 0 && onBoard(c + Directions.COLUMN[d], r + Directions.ROW[d])) {
                            targets.add((r + Directions.ROW[d]) * files + c + Directions.COLUMN[d]);
                        }
                    }
                    for (int[] jump : jumps(type)) {
                        int cc = c + sign * jump[0], rr = r + sign * jump[1];
                        if (onBoard(cc, rr)) {
                            targets.add(rr * files + cc);
                        }
                    }
                    stepTargets[code * squares + sq] = targets.stream().mapToInt(Integer::intValue).toArray();
                    int distanceToFarEnd = colour == 0 ? r : ranks - 1 - r;
                    deadSquare[code * squares + sq] = distanceToFarEnd < dead;
                }
            }
        }
        for (int colour = 0; colour < 2; colour++) {
            int knight = Piece.code(Piece.KNIGHT, colour);
            List<List<Integer>> from = new ArrayList<>();
            for (int sq = 0; sq < squares; sq++) {
                from.add(new ArrayList<>());
            }
            for (int sq = 0; sq < squares; sq++) {
                for (int target : stepTargets[knight * squares + sq]) {
                    from.get(target).add(sq);
                }
            }
            for (int sq = 0; sq < squares; sq++) {
                knightAttackFrom[colour * squares + sq] = from.get(sq).stream().mapToInt(Integer::intValue).toArray();
            }
        }
    }

    private boolean onBoard(int column, int row) {
        return column >= 0 && column < files && row >= 0 && row < ranks;
    }

}
