package org.shogibridge.core.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.speech.Language;

class ReviewSummaryTest {
    /** Black takes the pawn on 2d with the rook at move 9, where white's bishop on 3c takes the rook. */
    private static final String GAME = "position startpos moves 7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 2e2d 2c2d 2h2d 3c2d";

    private final GameRecord game = UsiRecord.read("game.usi", GAME);
    private final List<ReviewedMove> review = new GameReviewer(new Engine(), 20_000)
            .review(game.startPosition(), game.mainLine().moveArray());

    @Test
    void thePersonsWorstMoveComesFirstWithTheBetterMove() {
        ReviewSummary summary = ReviewSummary.of(game.startPosition(), review, Set.of(Side.BLACK));
        ReviewSummary.Mistake worst = summary.mistakes().get(0);
        assertEquals(9, worst.ply());
        assertEquals("▲２四飛", worst.japanese());
        assertEquals("R-2d", worst.western().replace("x", "-"));
        String text = summary.text(Language.JA);
        assertTrue(text.startsWith("悪手は" + summary.mistakes().size() + "つです。9手目 ▲２四飛、最善は ▲"), text);
        assertTrue(summary.text(Language.EN).contains("Move 9, " + worst.western() + "; best was "), summary.text(Language.EN));
    }

    @Test
    void onlyTheSidesAPersonPlayedAreSummarised() {
        ReviewSummary white = ReviewSummary.of(game.startPosition(), review, Set.of(Side.WHITE));
        assertTrue(white.mistakes().stream().allMatch(m -> m.side() == Side.WHITE), white.mistakes().toString());
        ReviewSummary nobody = ReviewSummary.of(game.startPosition(), review, Set.of());
        assertEquals("悪手はありません。", nobody.text(Language.JA));
        assertEquals("No mistakes.", nobody.text(Language.EN));
    }
}
