package org.shogibridge.core.rules;

/**
 * Entering-king (nyugyoku) declarations.
 *
 * <p>The declaring side must be to move, have its king inside the enemy camp (its promotion zone), have at
 * least 10 other pieces there, and not be in check. Points count rook, bishop and their promoted forms (and
 * the Okisaki queen) as 5, every other piece but the king as 1, over the pieces in the zone and in hand.
 * <ul>
 *   <li>27-point rule (JSA): Black needs 28 points, White 27; otherwise the declarer loses.</li>
 *   <li>24-point rule: 31 or more wins, 24 to 30 draws, fewer than 24 loses.</li>
 * </ul>
 * Time remaining, which some tournaments also require, is left to the clock.
 */
public final class Impasse {
    /** Which declaration rule a game uses. */
    public enum Rule { NONE, POINTS_27, POINTS_24 }

    /** The outcome of a declaration. */
    public enum Verdict { WIN, DRAW, LOSS }

    /**
     * The facts behind a declaration.
     *
     * @param kingInZone    the declarer's king stands in the enemy camp
     * @param piecesInZone  the declarer's other pieces in the enemy camp
     * @param points        points of those pieces plus the declarer's hand
     * @param inCheck       the declarer is in check
     */
    public record Count(boolean kingInZone, int piecesInZone, int points, boolean inCheck) {
        /** Return true if the conditions other than points hold. */
        public boolean conditionsMet() {
            return kingInZone && piecesInZone >= 10 && !inCheck;
        }
    }

    private Impasse() {
    }

    /** Return the declaration count for the side to move. */
    public static Count count(Position p) {
        Side side = p.sideToMove();
        int colour = side.index();
        int king = p.kingSquare(side);
        int pieces = 0;
        int points = 0;
        for (int sq = 0; sq < p.squares; sq++) {
            int pc = p.board[sq];
            if (pc != Piece.EMPTY && Piece.colour(pc) == colour && Piece.type(pc) != Piece.KING
                    && p.variant.inPromotionZone(side, sq)) {
                pieces++;
                points += value(Piece.type(pc));
            }
        }
        for (int type = Piece.PAWN; type < Piece.TYPES; type++) {
            points += p.handCount(side, type) * value(type);
        }
        return new Count(king >= 0 && p.variant.inPromotionZone(side, king), pieces, points, p.inCheck());
    }

    /** Return the verdict of a declaration by the side to move under a rule. */
    public static Verdict judge(Position p, Rule rule) {
        Count count = count(p);
        if (rule == Rule.NONE || !count.conditionsMet()) {
            return Verdict.LOSS;
        }
        if (rule == Rule.POINTS_27) {
            int needed = p.sideToMove() == Side.BLACK ? 28 : 27;
            return count.points() >= needed ? Verdict.WIN : Verdict.LOSS;
        }
        if (count.points() >= 31) {
            return Verdict.WIN;
        }
        return count.points() >= 24 ? Verdict.DRAW : Verdict.LOSS;
    }

    /** Return the declaration value of a piece type: 5 for rook, bishop, their promotions and the queen, else 1. */
    public static int value(int type) {
        return switch (type) {
            case Piece.KING, Piece.EMPTY -> 0;
            case Piece.ROOK, Piece.BISHOP, Piece.DRAGON, Piece.HORSE, Piece.QUEEN -> 5;
            default -> 1;
        };
    }
}
