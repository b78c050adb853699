package org.shogibridge.core.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.inference.LedFrame.Pattern;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/** Setting up a position by the LEDs, one square at a time: from an empty board, a known one, and an unknown one. */
class SetUpGuideTest {
    private static final Variant V = Variant.STANDARD;
    /** White's king on 5a, a Black pawn on 5c, a gold in Black's hand. */
    private static final Position TARGET = Position.fromSfen("4k4/9/4P4/9/9/9/9/9/9 b G 1");
    private final SensorSnapshot board = new SensorSnapshot(V);

    private void scan(SetUpGuide guide) {
        for (int i = 0; i < 4; i++) {
            guide.read(board);
        }
    }

    private static int sq(String usi) {
        return Usi.parseSquare(V, usi);
    }

    @Test
    void fromAnEmptyBoardEachPieceIsLitInTurnThenTheKomadai() {
        SetUpGuide guide = new SetUpGuide(TARGET, new Position(V), false, 4);
        assertEquals(SetUpGuide.Kind.PLACE, guide.step().kind());
        assertEquals(List.of(sq("5a")), guide.step().squares(), "the defender's king first");
        assertEquals("５一に後手の玉を置いてください。", guide.japanese());
        assertEquals(Colour.GREEN, guide.leds().colour(sq("5a")));
        assertEquals(Pattern.BLINK, guide.leds().pattern(sq("5a")));
        assertEquals(Colour.OFF, guide.leds().colour(sq("5c")), "one square at a time");

        board.reading(sq("5c"), SensorSnapshot.OCCUPIED); // the wrong square first: nothing moves on
        scan(guide);
        assertEquals(List.of(sq("5a")), guide.step().squares());
        board.reading(sq("5c"), SensorSnapshot.EMPTY);
        board.reading(sq("5a"), SensorSnapshot.OCCUPIED);
        scan(guide);
        assertEquals(List.of(sq("5c")), guide.step().squares());
        assertEquals("５三に先手の歩を置いてください。", guide.japanese());
        board.reading(sq("5c"), SensorSnapshot.OCCUPIED);
        scan(guide);
        assertEquals(SetUpGuide.Kind.KOMADAI, guide.step().kind());
        assertEquals("先手の駒台の金を1枚にしてください。", guide.japanese());
        assertEquals(Colour.GREEN, guide.leds().komadaiColour(Side.BLACK));
        assertFalse(guide.done());
        board.komadai(Side.BLACK, Piece.GOLD, 1);
        scan(guide);
        assertTrue(guide.done());
        assertEquals(SetUpGuide.Kind.DONE, guide.step().kind());
    }

    @Test
    void aNoisyScanDoesNotCount() {
        SetUpGuide guide = new SetUpGuide(TARGET, new Position(V), false, 4);
        board.reading(sq("5a"), SensorSnapshot.OCCUPIED);
        guide.read(board);
        board.reading(sq("5a"), SensorSnapshot.EMPTY);
        scan(guide);
        assertEquals(List.of(sq("5a")), guide.step().squares());
    }

    @Test
    void fromTheLastGamesPositionOnlyTheDifferencesAreAskedFor() {
        Position start = Position.start(V);
        board.show(start, false);
        SetUpGuide guide = new SetUpGuide(TARGET, start, false, 4);
        assertEquals(SetUpGuide.Kind.REMOVE, guide.step().kind());
        // the king on 5a stays; White's pawn on 5c must make room for Black's: every other piece goes
        assertEquals(39, guide.step().squares().size());
        assertTrue(guide.step().squares().contains(sq("5c")));
        assertEquals(Colour.RED, guide.leds().colour(sq("1a")));
        assertEquals(Colour.OFF, guide.leds().colour(sq("5a")));
        for (int s : guide.step().squares()) {
            board.reading(s, SensorSnapshot.EMPTY);
        }
        scan(guide);
        assertEquals(List.of(sq("5c")), guide.step().squares(), "the king is where it should be already");
        board.reading(sq("5c"), SensorSnapshot.OCCUPIED);
        board.komadai(Side.BLACK, Piece.GOLD, 1);
        scan(guide);
        assertTrue(guide.done());
    }

    @Test
    void setUpInAnotherOrderIsDoneOnceEveryPieceToChangeWasOffItsSquare() {
        Position start = Position.start(V);
        board.show(start, false);
        SetUpGuide guide = new SetUpGuide(TARGET, start, false, 4);
        board.show(TARGET, false); // all at once: but 5c held White's pawn and must now hold Black's
        scan(guide);
        assertFalse(guide.done(), "the pawn on 5c was never lifted");
        board.reading(sq("5c"), SensorSnapshot.EMPTY);
        scan(guide);
        board.reading(sq("5c"), SensorSnapshot.OCCUPIED);
        scan(guide);
        assertTrue(guide.done());
    }

    @Test
    void anUnknownBoardIsClearedFirstAndAPieceKnockedOverOnTheWayIsAskedForAgain() {
        board.reading(sq("5a"), SensorSnapshot.OCCUPIED).reading(sq("1i"), SensorSnapshot.OCCUPIED);
        SetUpGuide guide = new SetUpGuide(TARGET, null, false, 4);
        scan(guide);
        assertEquals(SetUpGuide.Kind.REMOVE, guide.step().kind());
        assertEquals(List.of(sq("5a"), sq("1i")), guide.step().squares(), "a piece not known may be the wrong one");
        board.reading(sq("5a"), SensorSnapshot.EMPTY).reading(sq("1i"), SensorSnapshot.EMPTY);
        scan(guide);
        board.reading(sq("5a"), SensorSnapshot.OCCUPIED);
        scan(guide);
        board.reading(sq("5c"), SensorSnapshot.OCCUPIED).reading(sq("5a"), SensorSnapshot.EMPTY); // the king knocked off
        scan(guide);
        board.komadai(Side.BLACK, Piece.GOLD, 1);
        scan(guide);
        assertFalse(guide.done());
        assertEquals(List.of(sq("5a")), guide.step().squares(), "asked for again");
        board.reading(sq("5a"), SensorSnapshot.OCCUPIED);
        scan(guide);
        assertTrue(guide.done());
    }
}
