package org.shogibridge.core.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.KifWriter;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.Usi;

/** A game reviewed by the built-in engine: a planted blunder is marked, the engine's own choices are not. */
class GameReviewerTest {
    /** Black takes the pawn on 2d with the rook at move 9, where white's bishop on 3c takes the rook. */
    private static final String GAME = "position startpos moves 7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 2e2d 2c2d 2h2d 3c2d";
    private static final long NODES = 20_000;

    @Test
    void theWinRateScaleAndItsMarksAreShogiHomes() {
        assertEquals(50, MoveMark.winRate(0), 1e-9);
        assertEquals(100 / (1 + Math.exp(-1)), MoveMark.winRate(600), 1e-9);
        assertEquals(MoveMark.NONE, MoveMark.ofLoss(4.99));
        assertEquals(MoveMark.INACCURACY, MoveMark.ofLoss(5));
        assertEquals(MoveMark.DUBIOUS, MoveMark.ofLoss(10));
        assertEquals(MoveMark.MISTAKE, MoveMark.ofLoss(20));
        assertEquals(MoveMark.BLUNDER, MoveMark.ofLoss(50));
        assertEquals("互角", MoveMark.situation(199));
        assertEquals("互角", MoveMark.situation(-199));
        assertEquals("先手有望", MoveMark.situation(200));
        assertEquals("後手有利", MoveMark.situation(-450));
        assertEquals("先手優勢", MoveMark.situation(600));
        assertEquals("後手勝勢", MoveMark.situation(-1500));
    }

    @Test
    void aHangingRookIsMarkedAndTheEnginesOwnChoicesAreNot() {
        GameRecord game = UsiRecord.read("game.usi", GAME);
        int[] moves = game.mainLine().moveArray();
        List<ReviewedMove> review = new GameReviewer(new Engine(), NODES).review(game.startPosition(), moves);
        assertEquals(moves.length, review.size());
        ReviewedMove blunder = review.get(8);
        assertEquals("2h2d", Usi.format(game.startPosition().variant(), blunder.move()));
        assertTrue(blunder.mark() == MoveMark.MISTAKE || blunder.mark() == MoveMark.BLUNDER, blunder.toString());
        assertNotEquals(blunder.move(), blunder.bestMove(), "the engine would not have taken");
        assertTrue(blunder.evaluation() < -300, "white is ahead after it: " + blunder.evaluation());
        ReviewedMove recapture = review.get(9);
        assertTrue(recapture.best(), "white takes the rook back, as the engine would: " + recapture);
        assertEquals(MoveMark.NONE, recapture.mark(), "a recapture is no 好手, however forced");
        for (ReviewedMove r : review) {
            if (r.best()) {
                assertEquals(0, r.loss(), "the engine's own choice gives nothing away: " + r);
                assertTrue(r.mark() == MoveMark.NONE || r.mark() == MoveMark.GOOD, r.toString());
            } else {
                assertNotEquals(MoveMark.GOOD, r.mark(), r.toString());
            }
            assertTrue(r.loss() >= 0 && r.loss() <= 100, r.toString());
        }
        // The same budget gives the same review: nothing depends on the machine's speed.
        assertEquals(review.toString().replaceAll("\\[I@[0-9a-f]+", ""),
                new GameReviewer(new Engine(), NODES).review(game.startPosition(), moves).toString()
                        .replaceAll("\\[I@[0-9a-f]+", ""));
    }

    @Test
    void theOneMoveThatWinsTheHangingRookIsAGoodMoveAndAnyOtherIsNot() {
        // White's rook on 2c stands on black's bishop's diagonal; only taking it keeps black from being a rook behind.
        GameRecord game = UsiRecord.read("rook.usi", "position sfen 4k4/9/7r1/9/9/9/9/9/1B2K4 b - 1 moves 8i2c+");
        ReviewedMove taken = new GameReviewer(new Engine(), NODES).review(game.startPosition(), game.mainLine().moveArray())
                .get(0);
        int[] engines = {taken.bestMove()}; // the engine's own way of taking it (promoting or not)
        ReviewedMove best = new GameReviewer(new Engine(), NODES).review(game.startPosition(), engines).get(0);
        assertEquals(MoveMark.GOOD, best.mark(), best.toString());
        int other = Usi.parseLegalMove(game.startPosition().copy(), "5i4h");
        ReviewedMove missed = new GameReviewer(new Engine(), NODES).review(game.startPosition(), new int[] {other}).get(0);
        assertTrue(missed.mark().compareTo(MoveMark.MISTAKE) >= 0, "not taking it gives the rook's worth away: " + missed);
    }

    @Test
    void everyMoveOfTheKifCarriesItsEvaluationInShogiHomesForm() {
        GameRecord game = UsiRecord.read("game.usi", GAME);
        List<ReviewedMove> review = new GameReviewer(new Engine(), NODES).review(game.startPosition(), game.mainLine().moveArray());
        ReviewComments.write(game, review, "shogi-bridge");
        String kif = KifWriter.kif(game, "UTF-8");
        GameRecord back = RecordFormat.read("reviewed.kifu", kif.getBytes(StandardCharsets.UTF_8));
        List<RecordedMove> moves = back.mainLine().moves();
        assertEquals(10, moves.size());
        for (int i = 0; i < moves.size(); i++) {
            String comment = String.join("\n", moves.get(i).comments());
            assertTrue(comment.matches("(?s)(【[^】]+】\\n)?(互角|[先後]手(有望|有利|優勢|勝勢))\\n#評価値=-?\\d+\\n#読み筋=[▲△].*\\n#エンジン=shogi-bridge(\\n最善手=[▲△].+)?"),
                    "move " + (i + 1) + ": " + comment);
        }
        String ninth = String.join("\n", moves.get(8).comments());
        assertTrue(ninth.startsWith("【悪手】") || ninth.startsWith("【大悪手】"), ninth);
        assertTrue(ninth.contains("#読み筋=△２四角") || ninth.contains("#読み筋=△同　角"), "white takes the rook: " + ninth);
        assertTrue(ninth.contains("\n最善手=▲"), ninth);
        assertTrue(kif.contains("\n*#評価値="), "KIF comment lines start with *: " + kif);
    }

    @Test
    void aReviewDoneAgainReplacesTheFirstAndKeepsThePlayersOwnComments() {
        GameRecord game = UsiRecord.read("game.usi", GAME);
        game.mainLine().moves().get(2).comments().add("ここで迷った"); // a player's own note
        List<ReviewedMove> review = new GameReviewer(new Engine(), NODES).review(game.startPosition(), game.mainLine().moveArray());
        ReviewComments.write(game, review, ReviewComments.BUILT_IN_ENGINE);
        String once = KifWriter.kif(game, "UTF-8");
        for (String format : List.of("kifu", "csa")) {
            GameRecord back = RecordFormat.read("reviewed." + format, (format.equals("kifu") ? once
                    : RecordFormat.CSA.write(reviewedCsa(review))).getBytes(StandardCharsets.UTF_8));
            String first = format.equals("kifu") ? KifWriter.kif(back, "UTF-8") : RecordFormat.CSA.write(back);
            ReviewComments.clear(back); // done again after a stop: the first review's lines go, the player's stay
            if (format.equals("kifu")) {
                ReviewComments.write(back, review, ReviewComments.BUILT_IN_ENGINE);
            } else {
                ReviewComments.writeFloodgate(back, review);
            }
            String again = format.equals("kifu") ? KifWriter.kif(back, "UTF-8") : RecordFormat.CSA.write(back);
            assertEquals(first, again, format);
            assertTrue(again.contains("ここで迷った"), again);
        }
    }

    /** The game with the player's note and the review in floodgate's form, as the CSA file is written. */
    private static GameRecord reviewedCsa(List<ReviewedMove> review) {
        GameRecord game = UsiRecord.read("game.usi", GAME);
        game.mainLine().moves().get(2).comments().add("ここで迷った");
        ReviewComments.writeFloodgate(game, review);
        return game;
    }
}
