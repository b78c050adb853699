package org.shogibridge.core.review;

/**
 * What a move was worth, by the win rate it gave away: the marks and thresholds ShogiHome uses by default for its
 * own analysis (a loss of 5, 10, 20 or 50 points of win rate, the win rate being 1 / (1 + e^(-cp / 600))), so a game
 * reviewed here reads the same in ShogiHome; and 好手 for the engine's own choice where every other move would have
 * given away {@link #GOOD_MOVE_GAP} points or more (the one move that holds), unless it only took back the piece that
 * had just taken (a recapture is seldom a find).
 */
public enum MoveMark {
    NONE("", "", 0),
    GOOD("好手", "good move", 0),
    INACCURACY("緩手", "inaccuracy", 5),
    DUBIOUS("疑問手", "dubious move", 10),
    MISTAKE("悪手", "mistake", 20),
    BLUNDER("大悪手", "blunder", 50);

    /** Win-rate points every other choice must give away for the engine's choice to be 好手. */
    public static final double GOOD_MOVE_GAP = 10;
    /** The sigmoid's scale: the centipawns at which the win rate is 1 / (1 + e^-1), about 73 %. */
    public static final double SIGMOID_CENTIPAWNS = 600;

    private final String japanese;
    private final String english;
    private final double lossAtLeast;

    MoveMark(String japanese, String english, double lossAtLeast) {
        this.japanese = japanese;
        this.english = english;
        this.lossAtLeast = lossAtLeast;
    }

    public String japanese() {
        return japanese;
    }

    public String english() {
        return english;
    }

    /** Return the win rate (points) a move must give away to earn this mark. */
    public double lossAtLeast() {
        return lossAtLeast;
    }

    /** Return the mark of a move that gave away this many points of win rate (0 to 100); NONE below 5. */
    public static MoveMark ofLoss(double lossPoints) {
        MoveMark mark = NONE;
        for (MoveMark m : new MoveMark[] {INACCURACY, DUBIOUS, MISTAKE, BLUNDER}) {
            if (lossPoints >= m.lossAtLeast) {
                mark = m;
            }
        }
        return mark;
    }

    /** Return the win rate in percent of a side whose evaluation is {@code centipawns} (from its own side). */
    public static double winRate(int centipawns) {
        return 100 / (1 + Math.exp(-centipawns / SIGMOID_CENTIPAWNS));
    }

    /**
     * Return the words for an evaluation from sente's side, as analysis programs write them: 互角 within 200, then
     * 有望 (200), 有利 (400), 優勢 (600) and 勝勢 (1500) for the side ahead.
     */
    public static String situation(int senteCentipawns) {
        int abs = Math.abs(senteCentipawns);
        if (abs < 200) {
            return "互角";
        }
        String side = senteCentipawns > 0 ? "先手" : "後手";
        if (abs >= 1500) {
            return side + "勝勢";
        } else if (abs >= 600) {
            return side + "優勢";
        } else if (abs >= 400) {
            return side + "有利";
        }
        return side + "有望";
    }
}
