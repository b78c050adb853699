package org.shogibridge.core.notation;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;

import java.util.Arrays;

/**
 * Japanese move notation, as written in KIF ({@code ７六歩(77)}) and KI2 or on screen ({@code ▲７六歩},
 * {@code △同　銀右}, {@code ☗５五角打}).
 *
 * <p>Files are full-width digits (file 10 of Okisaki is {@code １０}), ranks kanji numerals (rank 10 is 十).
 * When two pieces of the same kind can reach the square, KI2 names the one that moved by the rules of the
 * Japan Shogi Association: first its motion (上 forward, 引 back, 寄 sideways) if that alone is unique, then
 * 直 for a gold-like piece or silver moving straight forward, then its place (右 right, 左 left, from the
 * mover's side) among all candidates, and last the place among the candidates with the same motion followed
 * by the motion ({@code 右上}). 打 marks a drop when a piece on the board could also reach the square.
 */
public final class JapaneseNotation {
    /** The turn marks that open a move. */
    public enum Marks {
        TRIANGLES("▲", "△"), PIECES("☗", "☖"), NONE("", "");

        private final String black;
        private final String white;

        Marks(String black, String white) {
            this.black = black;
            this.white = white;
        }

        public String of(Side side) {
            return side == Side.BLACK ? black : white;
        }
    }

    private static final String FILE_DIGITS = "０１２３４５６７８９";
    private static final String RANK_NUMERALS = "〇一二三四五六七八九十";
    private static final char IDEOGRAPHIC_SPACE = '　';

    private JapaneseNotation() {
    }

    /** Return the full-width file, for example ７ or １０. */
    public static String file(int file) {
        StringBuilder sb = new StringBuilder();
        for (char c : Integer.toString(file).toCharArray()) {
            sb.append(FILE_DIGITS.charAt(c - '0'));
        }
        return sb.toString();
    }

    /** Return the kanji rank, for example 六 or 十. */
    public static String rank(int rank) {
        return String.valueOf(RANK_NUMERALS.charAt(rank));
    }

    /** Return the Japanese name of a square, for example ７六. */
    public static String square(Variant v, int square) {
        return file(v.file(square)) + rank(v.rank(square));
    }

    /** Return the rank of a kanji numeral 一..十, or -1. */
    public static int rankOf(char c) {
        int r = RANK_NUMERALS.indexOf(c);
        return r <= 0 ? -1 : r;
    }

    /** Return the value of a full-width or ASCII digit, or -1. */
    public static int digitOf(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        int d = FILE_DIGITS.indexOf(c);
        return d;
    }

    // ----------------------------------------------------------------------------------------------
    // Writing

    /**
     * Return the KI2 text of a legal move, for example {@code ▲７六歩} or {@code △同　銀右}.
     *
     * @param previousTo the destination of the previous move, for 同, or -1
     */
    public static String format(Position p, int move, int previousTo, Marks marks) {
        return marks.of(p.sideToMove()) + destination(p.variant(), Move.to(move), previousTo, move)
                + relative(p, move) + promotionSuffix(p, move);
    }

    /** Return the KIF text of a legal move: no disambiguation, the origin square instead ({@code ７六歩(77)}). */
    public static String formatKif(Position p, int move, int previousTo) {
        Variant v = p.variant();
        String text = destination(v, Move.to(move), previousTo, move) + promotionSuffix(p, move);
        if (Move.isDrop(move)) {
            return text + "打";
        }
        int from = Move.from(move);
        return text + "(" + v.file(from) + v.rank(from) + ")";
    }

    private static String destination(Variant v, int to, int previousTo, int move) {
        String name = PieceNames.japanese(Piece.type(Move.piece(move)));
        if (to == previousTo) {
            return name.length() == 1 ? "同" + IDEOGRAPHIC_SPACE + name : "同" + name;
        }
        return square(v, to) + name;
    }

    private static String promotionSuffix(Position p, int move) {
        if (Move.promotes(move)) {
            return "成";
        }
        return mayPromote(p, move) ? "不成" : "";
    }

    /** Return whether the move could have been played with promotion. */
    public static boolean mayPromote(Position p, int move) {
        if (Move.isDrop(move) || !Piece.canPromote(Piece.type(Move.piece(move)))) {
            return false;
        }
        Side side = p.sideToMove();
        Variant v = p.variant();
        return v.inPromotionZone(side, Move.from(move)) || v.inPromotionZone(side, Move.to(move));
    }

    /**
     * Return the suffix that tells this move from the moves of other pieces of the same kind to the same square:
     * empty, 打, 上, 引, 寄, 直, 右, 左, or a place followed by a motion such as 右上.
     */
    public static String relative(Position p, int move) {
        int[] others = otherOrigins(p, move);
        if (others.length == 0) {
            return "";
        }
        if (Move.isDrop(move)) {
            return "打";
        }
        Variant v = p.variant();
        Side side = p.sideToMove();
        int from = Move.from(move);
        int to = Move.to(move);
        char motion = motion(v, side, from, to);
        int[] sameMotion = Arrays.stream(others).filter(o -> motion(v, side, o, to) == motion).toArray();
        if (sameMotion.length == 0) {
            return String.valueOf(motion);
        }
        if (isStraightUp(v, side, Piece.type(Move.piece(move)), from, to)) {
            return "直";
        }
        char place = place(v, side, from, others);
        if (place != 0) {
            return String.valueOf(place);
        }
        place = place(v, side, from, sameMotion);
        return place != 0 ? "" + place + motion : String.valueOf(motion);
    }

    /**
     * Return the squares of the other pieces of the mover's kind that can legally reach the move's destination
     * (all of them for a drop).
     */
    public static int[] otherOrigins(Position p, int move) {
        MoveList legal = new MoveList();
        MoveGenerator.generateLegal(p, legal);
        int to = Move.to(move);
        int type = Piece.type(Move.piece(move));
        int[] origins = new int[legal.size()];
        int count = 0;
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (Move.to(m) == to && !Move.isDrop(m) && Piece.type(Move.piece(m)) == type
                    && (Move.isDrop(move) || Move.from(m) != Move.from(move))) {
                count = addSquare(origins, count, Move.from(m));
            }
        }
        return Arrays.copyOf(origins, count);
    }

    private static int addSquare(int[] squares, int count, int square) {
        for (int i = 0; i < count; i++) {
            if (squares[i] == square) {
                return count;
            }
        }
        squares[count] = square;
        return count + 1;
    }

    /** 右 or 左 if the piece on {@code from} is strictly the rightmost or leftmost, else 0. */
    private static char place(Variant v, Side side, int from, int[] others) {
        boolean rightmost = true;
        boolean leftmost = true;
        int f = rightward(v, side, from);
        for (int other : others) {
            int o = rightward(v, side, other);
            rightmost &= f > o;
            leftmost &= f < o;
        }
        return rightmost ? '右' : leftmost ? '左' : 0;
    }

    /** A coordinate that grows to the mover's right. */
    private static int rightward(Variant v, Side side, int square) {
        return side == Side.BLACK ? -v.file(square) : v.file(square);
    }

    private static char motion(Variant v, Side side, int from, int to) {
        int forward = v.rank(from) - v.rank(to);
        if (side == Side.WHITE) {
            forward = -forward;
        }
        return forward > 0 ? '上' : forward < 0 ? '引' : '寄';
    }

    private static boolean isStraightUp(Variant v, Side side, int type, int from, int to) {
        boolean steps = type == Piece.GOLD || type == Piece.SILVER || (type >= Piece.PRO_PAWN && type <= Piece.PRO_SILVER);
        return steps && v.file(from) == v.file(to) && motion(v, side, from, to) == '上';
    }

    // ----------------------------------------------------------------------------------------------
    // Reading

    /**
     * Return the legal move a Japanese move text names in the position: KIF ({@code ７六歩(77)}, {@code 同　歩(76)},
     * {@code ５五角打}) or KI2 ({@code ▲５八金右}, {@code △同銀成}). A turn mark, when present, must be the side to
     * move's.
     *
     * @param previousTo the destination of the previous move, which 同 refers to, or -1
     * @throws NotationException naming what cannot be read, or the rule the move breaks
     */
    public static int parse(Position p, String text, int previousTo) {
        Variant v = p.variant();
        String t = text.strip();
        int i = 0;
        if (i < t.length() && "▲△☗☖▽▼".indexOf(t.charAt(i)) >= 0) {
            Side marked = "▲☗▼".indexOf(t.charAt(i)) >= 0 ? Side.BLACK : Side.WHITE;
            if (marked != p.sideToMove()) {
                throw illegal(t, "it is " + (p.sideToMove() == Side.BLACK ? "Black" : "White") + "'s turn");
            }
            i++;
        }
        int to;
        if (i < t.length() && t.charAt(i) == '同') {
            if (previousTo < 0) {
                throw unreadable(t, "同 needs a previous move");
            }
            to = previousTo;
            i++;
            while (i < t.length() && (t.charAt(i) == IDEOGRAPHIC_SPACE || t.charAt(i) == ' ')) {
                i++;
            }
        } else {
            int sq = readSquare(v, t, i);
            if (sq < 0) {
                throw unreadable(t, "no destination square");
            }
            to = sq & 0xff;
            i += sq >>> 8;
        }
        int piece = PieceNames.readJapanese(t, i);
        if (piece < 0) {
            throw unreadable(t, "no piece name after the square");
        }
        int type = piece & 0xff;
        i += piece >>> 8;
        if (!v.hasType(Piece.unpromoted(type))) {
            throw unreadable(t, PieceNames.japanese(type) + " is not a piece of " + v.id());
        }
        Boolean promote = null;
        boolean drop = false;
        int origin = -1;
        String relative = "";
        while (i < t.length()) {
            char c = t.charAt(i);
            if ("右左直上引寄行入".indexOf(c) >= 0) {
                relative += c == '行' || c == '入' ? '上' : c;
                i++;
            } else if (c == '成') {
                promote = true;
                i++;
            } else if (c == '不' && i + 1 < t.length() && t.charAt(i + 1) == '成') {
                promote = false;
                i += 2;
            } else if (c == '生') {
                promote = false;
                i++;
            } else if (c == '打') {
                drop = true;
                i++;
            } else if (c == '(' || c == '（') {
                int close = t.indexOf(c == '(' ? ')' : '）', i);
                origin = close < 0 ? -1 : readOrigin(v, t.substring(i + 1, close));
                if (origin < 0) {
                    throw unreadable(t, "bad origin square");
                }
                i = close + 1;
            } else if (Character.isWhitespace(c) || c == IDEOGRAPHIC_SPACE) {
                i++;
            } else {
                throw unreadable(t, "unexpected '" + c + "'");
            }
        }
        int move = resolve(p, t, to, type, promote, drop, origin, relative);
        if (origin < 0 && promote == null && mayPromote(p, move)) {
            // Without an origin, 成 or 不成 is the only thing that tells the two moves apart: a text that says
            // neither has lost it (a cut line) or never had it.
            throw unreadable(t, "the piece may promote here; write 成 or 不成");
        }
        return move;
    }

    private static int resolve(Position p, String t, int to, int type, Boolean promote, boolean drop, int origin,
                               String relative) {
        Variant v = p.variant();
        Side side = p.sideToMove();
        if (origin >= 0) {
            int onOrigin = p.pieceAt(origin);
            if (onOrigin == Piece.EMPTY || Piece.type(onOrigin) != type) {
                throw illegal(t, "there is no " + PieceNames.japanese(type) + " on " + square(v, origin));
            }
            int move = Rules.complete(p, Move.of(origin, to, 0, 0, promote != null && promote));
            return checked(p, t, move);
        }
        MoveList legal = new MoveList();
        MoveGenerator.generateLegal(p, legal);
        int[] candidates = new int[legal.size()];
        int n = 0;
        boolean boardCandidate = false;
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (Move.to(m) != to || Piece.type(Move.piece(m)) != type || (drop && !Move.isDrop(m))
                    || Move.promotes(m) != (promote != null && promote)) {
                continue;
            }
            candidates[n++] = m;
            boardCandidate |= !Move.isDrop(m);
        }
        if (boardCandidate && !drop) {
            n = keep(candidates, n, m -> !Move.isDrop(m));
        }
        for (char c : relative.toCharArray()) {
            n = switch (c) {
                case '上', '引', '寄' -> keep(candidates, n, m -> motion(v, side, Move.from(m), to) == c);
                case '直' -> keep(candidates, n, m -> isStraightUp(v, side, type, Move.from(m), to));
                default -> keepExtreme(v, side, candidates, n, c == '右');
            };
        }
        if (n == 1) {
            return candidates[0];
        }
        if (n > 1) {
            throw unreadable(t, n + " pieces can make this move; it needs 右, 左, 直, 上, 引 or 寄");
        }
        if (drop || !boardCandidate && p.handCount(side, type) > 0 && relative.isEmpty()) {
            return checked(p, t, Move.drop(Piece.code(type, side.index()), to));
        }
        int foul = onlyFoulOfType(p, to, type, promote != null && promote);
        if (foul != 0 && relative.isEmpty()) {
            return checked(p, t, foul);
        }
        throw illegal(t, "no " + PieceNames.japanese(type) + " can make this move");
    }

    /**
     * Return the one move of a piece of this type to the square that the piece can make but the rules forbid
     * (its king left in check, a dead piece), or 0 when there is none or more than one.
     */
    private static int onlyFoulOfType(Position p, int to, int type, boolean promote) {
        Variant v = p.variant();
        int found = 0;
        for (int from = 0; from < v.squares(); from++) {
            int pc = p.pieceAt(from);
            if (pc == Piece.EMPTY || Piece.type(pc) != type || Piece.colour(pc) != p.sideToMove().index()) {
                continue;
            }
            int move = Rules.complete(p, Move.of(from, to, 0, 0, promote));
            Violation violation = Rules.violation(p, move);
            if (violation != null && violation.isRecordableFoul()) {
                if (found != 0) {
                    return 0;
                }
                found = move;
            }
        }
        return found;
    }

    private static int checked(Position p, String t, int move) {
        Violation violation = Rules.violation(p, move);
        if (violation != null) {
            throw new NotationException("Illegal move. '" + t + "': " + violation.description() + ".",
                    violation.isRecordableFoul() ? move : 0, violation);
        }
        return move;
    }

    private interface MovePredicate {
        boolean test(int move);
    }

    private static int keep(int[] moves, int n, MovePredicate predicate) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (predicate.test(moves[i])) {
                moves[kept++] = moves[i];
            }
        }
        return kept;
    }

    private static int keepExtreme(Variant v, Side side, int[] moves, int n, boolean right) {
        int best = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            int x = rightward(v, side, Move.from(moves[i])) * (right ? 1 : -1);
            best = Math.max(best, x);
        }
        final int extreme = best;
        return keep(moves, n, m -> rightward(v, side, Move.from(m)) * (right ? 1 : -1) == extreme);
    }

    /**
     * Read a square such as ７六, 7六 or １０一 at {@code index}; return {@code square | length << 8}, or -1.
     */
    public static int readSquare(Variant v, CharSequence t, int index) {
        int i = index;
        int file = 0;
        while (i < t.length() && digitOf(t.charAt(i)) >= 0 && i - index < 2) {
            file = file * 10 + digitOf(t.charAt(i));
            i++;
        }
        if (i == index || i >= t.length()) {
            return -1;
        }
        int rank = rankOf(t.charAt(i));
        if (rank < 0 || file < 1 || file > v.files() || rank > v.ranks()) {
            return -1;
        }
        return v.square(file, rank) | (i + 1 - index) << 8;
    }

    /**
     * Read a KIF origin: file then rank as digits ({@code 77}); on 10x10, {@code 101} is file 10 rank 1,
     * {@code 110} file 1 rank 10 and {@code 1010} file 10 rank 10. Return the square or -1.
     */
    public static int readOrigin(Variant v, String digits) {
        String d = digits.strip();
        if (!d.chars().allMatch(Character::isDigit) || d.length() < 2 || d.length() > 4) {
            return -1;
        }
        int file;
        int rank;
        if (d.length() == 2) {
            file = d.charAt(0) - '0';
            rank = d.charAt(1) - '0';
        } else if (d.length() == 4) {
            file = Integer.parseInt(d.substring(0, 2));
            rank = Integer.parseInt(d.substring(2));
        } else if (d.endsWith("10") && !d.startsWith("10")) {
            file = d.charAt(0) - '0';
            rank = 10;
        } else {
            file = Integer.parseInt(d.substring(0, 2));
            rank = d.charAt(2) - '0';
        }
        if (file < 1 || rank < 1 || file > v.files() || rank > v.ranks()) {
            return -1;
        }
        return v.square(file, rank);
    }

    private static NotationException unreadable(String text, String reason) {
        return new NotationException("Unreadable move. '" + text + "': " + reason + ".");
    }

    private static NotationException illegal(String text, String reason) {
        return new NotationException("Illegal move. '" + text + "': " + reason + ".");
    }
}
