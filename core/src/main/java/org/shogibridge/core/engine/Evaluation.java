package org.shogibridge.core.engine;

import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * The static evaluation: material, hand pieces, and where each piece stands relative to both kings.
 *
 * <p>Scores are from the side to move's point of view, in units where a pawn on the board is 90 (the scale of
 * YaneuraOu's material table, whose values we start from). The positional part is how shogi players judge a
 * position without reading: pieces near the enemy king attack it, golds and silvers near their own king guard
 * it. Both are tables by king distance, weighted per piece kind and scaled by {@link EvalParams}, whose
 * defaults were chosen by engine matches (docs/ENGINE.md).
 */
public final class Evaluation {
    /** Board values per piece type (0..15). */
    private static final int[] BASE_VALUE = {
        0, 90, 315, 405, 495, 855, 990, 540, 0, // -, P, L, N, S, B, R, G, K
        540, 540, 540, 540, 945, 1395, // +P, +L, +N, +S, +B (horse), +R (dragon)
        // The Okisaki queen moves as rook plus bishop (990 + 855). As in chess the pair on one piece is worth a
        // little more than the two apart (Q 9 vs R + B 8.25), but unlike them the queen never promotes.
        2000,
    };
    /** Attack weight (percent) per type: how much a piece near the enemy king threatens it. */
    private static final int[] ATTACK_WEIGHT = {0, 20, 40, 60, 90, 50, 50, 100, 0, 100, 100, 100, 100, 60, 60, 60};
    /** Defence weight (percent) per type: how much a piece near its own king guards it. */
    private static final int[] DEFENCE_WEIGHT = {0, 30, 20, 20, 80, 20, 20, 100, 0, 40, 40, 40, 40, 40, 30, 30};
    /** Bonus by Chebyshev distance to the enemy king, at 100 % weight. */
    private static final int[] ATTACK_BY_DISTANCE = {0, 60, 40, 22, 10, 4, 0, 0, 0, 0, 0};
    /** Bonus by Chebyshev distance to the own king, at 100 % weight. */
    private static final int[] DEFENCE_BY_DISTANCE = {0, 50, 30, 12, 4, 0, 0, 0, 0, 0, 0};

    private final EvalParams params;
    private final int[] value = new int[Piece.TYPES];
    private final int[] handValue = new int[Piece.TYPES];
    /** [type * 11 + distance] */
    private final int[] attackBonus = new int[Piece.TYPES * 11];
    private final int[] defenceBonus = new int[Piece.TYPES * 11];
    /** Chebyshev distances per variant, [a * squares + b], built lazily. */
    private final byte[][] distances = new byte[Variant.values().length][];

    public Evaluation(EvalParams params) {
        this.params = params;
        for (int type = 0; type < Piece.TYPES; type++) {
            value[type] = BASE_VALUE[type] * params.material() / 100;
            handValue[type] = value[type] * params.hand() / 100;
            for (int d = 0; d <= 10; d++) {
                attackBonus[type * 11 + d] = ATTACK_BY_DISTANCE[d] * ATTACK_WEIGHT[type] * params.attack() / 10_000;
                defenceBonus[type * 11 + d] = DEFENCE_BY_DISTANCE[d] * DEFENCE_WEIGHT[type] * params.defence() / 10_000;
            }
        }
    }

    /** Return the board value of a piece type (what capturing it wins). */
    public int value(int type) {
        return value[type];
    }

    /** Return the evaluation for the side to move. */
    public int evaluate(Position p) {
        Variant v = p.variant();
        byte[] dist = distancesOf(v);
        int n = v.squares();
        int blackKing = p.kingSquare(Side.BLACK);
        int whiteKing = p.kingSquare(Side.WHITE);
        int score = 0; // from Black's point of view
        for (int sq = 0; sq < n; sq++) {
            int pc = p.pieceAt(sq);
            if (pc == Piece.EMPTY) {
                continue;
            }
            int type = Piece.type(pc);
            if (type == Piece.KING) {
                continue;
            }
            int s = value[type];
            boolean black = Piece.colour(pc) == 0;
            int enemyKing = black ? whiteKing : blackKing;
            int ownKing = black ? blackKing : whiteKing;
            if (enemyKing >= 0) {
                s += attackBonus[type * 11 + dist[sq * n + enemyKing]];
            }
            if (ownKing >= 0) {
                s += defenceBonus[type * 11 + dist[sq * n + ownKing]];
            }
            score += black ? s : -s;
        }
        for (int type : v.handTypes()) {
            score += (p.handCount(Side.BLACK, type) - p.handCount(Side.WHITE, type)) * handValue[type];
        }
        score += kingShelter(p, v, Side.BLACK, blackKing) - kingShelter(p, v, Side.WHITE, whiteKing);
        return (p.sideToMove() == Side.BLACK ? score : -score) + params.tempo();
    }

    /** A king on its own back ranks, away from the centre file, is harder to attack. */
    private int kingShelter(Position p, Variant v, Side side, int king) {
        if (king < 0) {
            return 0;
        }
        int rank = v.rank(king);
        int fromHome = side == Side.BLACK ? v.ranks() - rank : rank - 1;
        int fromCentre = Math.abs(2 * v.file(king) - (v.files() + 1)) / 2;
        return params.shelter() * (Math.max(0, 3 - fromHome) * 2 + Math.min(fromCentre, 3)) / 10;
    }

    private byte[] distancesOf(Variant v) {
        byte[] d = distances[v.ordinal()];
        if (d == null) {
            int n = v.squares();
            d = new byte[n * n];
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    d[a * n + b] = (byte) Math.max(Math.abs(v.file(a) - v.file(b)), Math.abs(v.rank(a) - v.rank(b)));
                }
            }
            distances[v.ordinal()] = d;
        }
        return d;
    }
}
