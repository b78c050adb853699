package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

class EngineTest {
    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyLevelPlaysALegalMoveInEveryVariant(Variant variant) {
        Position start = Position.start(variant);
        for (int number = 1; number <= 10; number++) {
            Engine engine = new Engine(4, EvalParams.DEFAULT, number);
            engine.setLevel(Level.of(number));
            SearchResult r = engine.think(start, SearchLimits.moveTime(100), false, null);
            assertNull(Rules.violation(start, r.bestMove()), "level " + number + " in " + variant);
        }
    }

    @Test
    void aStopThatComesBeforeTheSearchBeginsStillStopsIt() {
        // The USI server stops the engine as soon as a new "go" comes; the worker may not have begun to think
        // yet (or be in its quick mate test). An infinite search must then still end at once, with a legal move.
        Engine engine = new Engine();
        engine.stop();
        Position start = Position.start(Variant.STANDARD);
        SearchResult stopped = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> engine.think(start, new SearchLimits(0, 0, 0, 0, 0, 0, 0, 0, true), false, null), "the stop was lost");
        assertNull(Rules.violation(start, stopped.bestMove()));
        engine.clearStop();
        assertEquals(3, engine.think(start, SearchLimits.depth(3), false, null).depth());
    }

    @Test
    void theBeginnerErrsLikeAPersonNotAtRandom() {
        // A free rook is seen (a random mover would almost never take it)...
        Position hanging = Position.fromSfen("4k4/9/9/9/4r4/5S3/9/9/4K4 b - 1");
        Position start = Position.start(Variant.STANDARD);
        int captures = 0;
        Set<Integer> openings = new HashSet<>();
        for (int seed = 0; seed < 40; seed++) {
            Engine engine = new Engine(1, EvalParams.DEFAULT, seed);
            engine.setLevel(Level.of(1));
            if (Usi.format(hanging.variant(), engine.think(hanging, SearchLimits.depth(1), false, null).bestMove())
                    .equals("4f5e")) {
                captures++;
            }
            openings.add(engine.think(start, SearchLimits.depth(1), false, null).bestMove());
        }
        int legalMoves = MateVerifier.legal(hanging).length;
        assertTrue(captures >= 36, "took the rook " + captures + " times of 40; random play would take it about "
                + 40 / legalMoves);
        // ...but among moves of similar value the choice varies, as a person's does.
        assertTrue(openings.size() >= 4, "level 1 played only " + openings.size() + " different first moves");
        Engine strongest = new Engine(1, EvalParams.DEFAULT, 7);
        assertEquals(strongest.think(start, SearchLimits.depth(3), false, null).bestMove(),
                new Engine(1, EvalParams.DEFAULT, 8).think(start, SearchLimits.depth(3), false, null).bestMove(),
                "level 10 does not depend on the seed");
    }

    @Test
    void levelThreeSeizesASmallGainThatLevelTwoLetsGo() {
        // Levels 2 and 3 read the same single ply; level 3's lower temperature is the step between level 2 and
        // level 4's two plies. A free pawn is worth taking, but it is a small gain beside a rook.
        Position freePawn = Position.fromSfen("4k4/9/9/9/4p4/5S3/9/9/4K4 b - 1");
        int[] taken = new int[4];
        for (int number = 2; number <= 3; number++) {
            for (int seed = 0; seed < 40; seed++) {
                Engine engine = new Engine(1, EvalParams.DEFAULT, seed);
                engine.setLevel(Level.of(number));
                if (Usi.format(freePawn.variant(), engine.think(freePawn, SearchLimits.depth(1), false, null).bestMove())
                        .equals("4f5e")) {
                    taken[number]++;
                }
            }
        }
        assertTrue(taken[3] >= 30 && taken[3] >= 2 * taken[2],
                "level 3 took the pawn " + taken[3] + " times of 40, level 2 " + taken[2]);
    }

    @Test
    void aLevelThatChoosesByFeelKeepsToTheClock() {
        // A sharp middle game with many pieces in hand: reading every move four plies deep takes a while.
        Position p = Position.fromSfen("lnkg2+P+P1/1rs6/p1ppp4/1p5+R1/5p3/2P1P2P1/P1NPGP3/2GK3+p1/gsS4+p+p b 2BS2NLP2l 119");
        Engine engine = new Engine(4, EvalParams.DEFAULT, 1);
        engine.setLevel(Level.of(7));
        SearchResult unhurried = engine.think(p, SearchLimits.depth(4), false, null);
        engine.newGame();
        SearchResult hurried = engine.think(p, SearchLimits.moveTime(1), false, null);
        assertNull(Rules.violation(p, hurried.bestMove()));
        assertTrue(hurried.nodes() < unhurried.nodes() / 2,
                "with 1 ms the level read " + hurried.nodes() + " nodes, unhurried " + unhurried.nodes());
    }

    @Test
    void theHintIsTheBestMoveForTheSideToMove() {
        Engine engine = new Engine();
        engine.setLevel(Level.of(1)); // the hint is at full strength whatever the level
        Position p = Position.fromSfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        assertEquals("G*5b", Usi.format(p.variant(), engine.hint(p, 200).bestMove()));
    }

    @Test
    void noClockJudgesAHintSoItSearchesItsWholeTimeWhateverTheNetworkDelay() {
        // The margin kept back for a clock (NetworkDelay) would leave this hint 1 ms; a hint has no clock to meet.
        Position p = Position.fromSfen("lnkg2+P+P1/1rs6/p1ppp4/1p5+R1/5p3/2P1P2P1/P1NPGP3/2GK3+p1/gsS4+p+p b 2BS2NLP2l 119");
        Engine engine = new Engine(4, EvalParams.DEFAULT, 1);
        engine.setTimeMargin(10_000);
        engine.setClock(new SteppingClock(java.time.Duration.ofMillis(1)));
        SearchResult hint = engine.hint(p, 300);
        assertTrue(hint.millis() >= 250, "the hint searched " + hint.millis() + " ms of its 300");
        assertNull(Rules.violation(p, hint.bestMove()));
    }

    @Test
    void levelsAreChosenByNumberOrByRating() {
        assertEquals(1, Level.forRating(0).number());
        assertEquals(10, Level.forRating(5000).number());
        int previous = 0;
        for (int number = 1; number <= 10; number++) {
            Level level = Level.of(number);
            assertTrue(level.rating() > previous);
            assertEquals(number, Level.forRating(level.rating()).number());
            previous = level.rating();
        }
        assertThrows(IllegalArgumentException.class, () -> Level.of(11));
        assertEquals(3, Level.byFeel(3, 15).depth());
        assertThrows(IllegalArgumentException.class, () -> Level.byFeel(0, 15));
    }

    @Test
    void timeBudgetsFitEveryClock() {
        TimeManager byoyomi = TimeManager.of(new SearchLimits(0, 0, 1000, 0, 0, 0, 0, 0, false),
                Side.BLACK, 40);
        assertEquals(1000 - TimeManager.DEFAULT_MARGIN_MS, byoyomi.maximum());
        assertEquals(1000 - 300, TimeManager.of(new SearchLimits(0, 0, 1000, 0, 0, 0, 0, 0, false), Side.BLACK, 40, 300).maximum(),
                "a larger margin (NetworkDelay) is kept back from the byoyomi");
        TimeManager fischer = TimeManager.of(new SearchLimits(60_000, 60_000, 0, 2000, 2000, 0, 0, 0, false),
                Side.WHITE, 40);
        assertTrue(fischer.optimum() > 2000 && fischer.optimum() < 6000, "optimum " + fischer.optimum());
        assertTrue(fischer.maximum() <= 60_000 / 4 + 2000);
        TimeManager suddenDeath = TimeManager.of(new SearchLimits(10_000, 300_000, 0, 0, 0, 0, 0, 0, false),
                Side.BLACK, 100);
        assertTrue(suddenDeath.maximum() < 10_000 / 3, "never bet a third of the clock: " + suddenDeath.maximum());
        assertTrue(suddenDeath.optimum() > 50, "but do think: " + suddenDeath.optimum());
    }
}
