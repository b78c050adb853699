package org.shogibridge.core.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogibridge.core.inference.Observation.BoardMatched;
import org.shogibridge.core.inference.Observation.CorrectionNeeded;
import org.shogibridge.core.inference.Observation.IllegalMove;
import org.shogibridge.core.inference.Observation.MoveAmbiguous;
import org.shogibridge.core.inference.Observation.MoveShown;
import org.shogibridge.core.inference.Observation.MoveReplaced;
import org.shogibridge.core.inference.Observation.MoveTakenBack;
import org.shogibridge.core.inference.Observation.StartPosition;
import org.shogibridge.core.inference.Observation.PromotionPending;
import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.inference.LedFrame.Pattern;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;
import org.shogibridge.core.session.GameState;

class MoveInferenceTest {
    private static final InferenceSettings PLAIN = InferenceSettings.defaults();
    private static final InferenceSettings FACES = InferenceSettings.defaults().withFaceSensing(true);

    /** A black rook on 5g that can capture a white pawn on 5e or one on 2g, in both variants. */
    static Stream<Arguments> rookAndTwoPawns() {
        return Stream.of(
                Arguments.of(Variant.STANDARD, "4k4/9/9/9/4p4/9/4R2p1/9/4K4 b - 1"),
                Arguments.of(Variant.OKISAKI, "5k4/10/10/10/5p4/10/5R2p1/10/10/5K4 b - 1"));
    }

    @ParameterizedTest
    @MethodSource("rookAndTwoPawns")
    void capturedPieceLiftedFirst(Variant variant, String sfen) {
        TestBoard board = new TestBoard(sfen, variant, PLAIN);
        board.lift("5e").komadai(Side.BLACK, Piece.PAWN, 1).lift("5g").settle();
        assertEquals(List.of(), board.moves(), "nothing is decided while both squares are empty");
        board.place("5e").settle();
        assertEquals(List.of("5g5e"), board.moves());
        assertTrue(board.events(CorrectionNeeded.class).isEmpty());
    }

    @ParameterizedTest
    @MethodSource("rookAndTwoPawns")
    void ownPieceLiftedFirstAndKomadaiLate(Variant variant, String sfen) {
        TestBoard board = new TestBoard(sfen, variant, PLAIN);
        board.lift("5g").lift("5e").place("5e").settle();
        assertEquals(List.of("5g5e"), board.moves(), "the board decides; the komadai may follow");
        board.waitWrongPosition();
        Correction correction = board.events(CorrectionNeeded.class).get(0).correction();
        assertTrue(correction.onlyKomadai());
        assertEquals(List.of(new Correction.KomadaiChange(Side.BLACK, Piece.PAWN, 1)), correction.komadai());
        assertEquals(Colour.GREEN, board.leds().komadaiColour(Side.BLACK));
        board.komadai(Side.BLACK, Piece.PAWN, 1).settle();
        assertEquals(1, board.events(BoardMatched.class).size());
    }

    @ParameterizedTest
    @MethodSource("rookAndTwoPawns")
    void aPieceHeldInTheAirIsNotACapture(Variant variant, String sfen) {
        TestBoard board = new TestBoard(sfen, variant, PLAIN);
        board.lift("5g").scan(3000);
        assertEquals(List.of(), board.moves());
        assertTrue(board.events(CorrectionNeeded.class).isEmpty(), "choosing a square is not an error");
        LedFrame leds = board.leds();
        assertEquals(Colour.WHITE, leds.colour(board.square("5g")));
        assertEquals(Colour.WHITE, leds.colour(board.square("5e")), "legal destinations are lit");
        assertEquals(Colour.WHITE, leds.colour(board.square("2g")));
        assertEquals(Colour.OFF, leds.colour(board.square("5d")), "beyond the pawn is out of reach");
    }

    @ParameterizedTest
    @MethodSource("rookAndTwoPawns")
    void targetThatNeverReadsEmptyIsSettledByTheKomadaiThenByALift(Variant variant, String sfen) {
        TestBoard board = new TestBoard(sfen, variant, PLAIN);
        board.lift("5g").settle();
        board.komadai(Side.BLACK, Piece.PAWN, 1).settle();
        assertEquals(List.of(), board.moves(), "either pawn could have been taken");
        assertEquals(List.of("5g2g", "5g5e"), board.events(MoveAmbiguous.class).get(0).candidates().stream().sorted().toList());
        assertEquals(Pattern.FAST_BLINK, board.leds().pattern(board.square("5e")));
        board.lift("2g").place("2g").settle();
        assertEquals(List.of("5g2g"), board.moves());
    }

    /**
     * Issue 84, finding 4: the journal stops taking changes, then takes them again. The board is still read while the
     * session is halted; once it goes on, a move begun during the halt and finished after it is a move (it was a
     * correction: the board came back "to be followed"), and so is one made wholly during the halt.
     */
    @Test
    void aMoveAroundAHaltOfTheJournalIsAMoveOnceTheGameCanBeKeptAgain() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        assertEquals(List.of("7g7f"), board.moves());
        board.session.storageFailed("Disk full. The journal could not be written.", board.time());
        board.lift("3c").settle();
        assertEquals(List.of("7g7f"), board.moves(), "nothing is judged while halted");
        board.session.storageBack(board.time());
        board.place("3d").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves(), "begun while halted, finished after: a move");
        board.session.storageFailed("Disk full. The journal could not be written.", board.time());
        board.slide("2g", "2f").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves());
        board.session.storageBack(board.time());
        board.settle();
        assertEquals(List.of("7g7f", "3c3d", "2g2f"), board.moves(), "made while halted: a move once the game can be kept");
        assertTrue(board.events().stream().noneMatch(e -> e instanceof Observation.CorrectionNeeded), board.events().toString());
    }

    @Test
    void aUniqueTargetThatNeverReadsEmptyNeedsOnlyTheKomadai() {
        TestBoard board = new TestBoard("4k4/9/9/9/4p4/9/4R4/9/4K4 b - 1", Variant.STANDARD, PLAIN);
        board.lift("5g").settle();
        assertEquals(List.of(), board.moves());
        board.komadai(Side.BLACK, Piece.PAWN, 1).settle();
        assertEquals(List.of("5g5e"), board.moves());
    }

    static Stream<Arguments> everyDrop() {
        return Stream.of(Variant.STANDARD, Variant.OKISAKI).flatMap(v -> {
            StringBuilder hand = new StringBuilder();
            for (int type : v.handTypes()) {
                hand.append(Piece.letter(type));
            }
            String sfen = v == Variant.STANDARD ? "4k4/9/9/9/9/9/9/9/4K4 b " + hand + " 1"
                    : "5k4/10/10/10/10/10/10/10/10/5K4 b " + hand + " 1";
            return java.util.Arrays.stream(v.handTypes()).mapToObj(t -> Arguments.of(v, sfen, t));
        });
    }

    @ParameterizedTest
    @MethodSource("everyDrop")
    void dropOfEachKind(Variant variant, String sfen, int type) {
        TestBoard board = new TestBoard(sfen, variant, PLAIN);
        board.komadai(Side.BLACK, type, -1).settle();
        assertEquals(List.of(), board.moves(), "a piece in the hand is not a move yet");
        assertEquals(Colour.WHITE, board.leds().komadaiColour(Side.BLACK));
        board.place("5e").settle();
        assertEquals(List.of(Piece.letter(type) + "*5e"), board.moves());
    }

    @Test
    void dropWithTheKomadaiLateWaitsForIt() {
        TestBoard board = new TestBoard("4k4/9/9/9/9/9/9/9/4K4 b GS 1", Variant.STANDARD, PLAIN);
        board.place("5e").settle();
        assertEquals(List.of(), board.moves(), "gold or silver?");
        board.komadai(Side.BLACK, Piece.SILVER, -1).settle();
        assertEquals(List.of("S*5e"), board.moves());
    }

    private static final String PROMOTIONS = "k8/4P4/9/4S4/9/9/9/9/4K4 b - 1";

    @Test
    void mandatoryPromotionIsAutomatic() {
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.slide("5b", "5a").settle();
        assertEquals(List.of("5b5a+"), board.moves());
        assertTrue(board.events(PromotionPending.class).isEmpty());
    }

    @Test
    void optionalPromotionTakesTheDefaultWhenTheWindowCloses() {
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.slide("5d", "5c").settle();
        assertEquals(List.of(), board.moves(), "the choice is still open");
        assertTrue(board.events(PromotionPending.class).get(0).promote());
        assertEquals(Colour.YELLOW, board.leds().colour(board.square("5c")));
        board.scan(PLAIN.promotionWindowMillis());
        assertEquals(List.of("5d5c+"), board.moves());
    }

    @Test
    void liftAndReplaceTogglesThePromotion() {
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.slide("5d", "5c").settle().lift("5c").place("5c");
        List<PromotionPending> pending = board.events(PromotionPending.class);
        assertEquals(2, pending.size());
        assertFalse(pending.get(1).promote());
        assertEquals(Colour.GREEN, board.leds().colour(board.square("5c")));
        board.lift("5c").place("5c").lift("5c").place("5c").scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves(), "toggled three times");
    }

    /** A bishop that declined to promote, lifted and put back on its square once entered (a player adjusting it). */
    @Test
    void aPieceLiftedAndPutBackAfterItsMoveWasEnteredKeepsTheChoiceEntered() {
        TestBoard board = new TestBoard("k8/9/9/9/9/9/9/1B7/4K4 b - 1", Variant.STANDARD, PLAIN);
        board.slide("8h", "2b").settle().lift("2b").place("2b").scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("8h2b"), board.moves(), "declined by the gesture");
        board.lift("2b").settle().place("2b").settle().scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("8h2b"), board.moves(), "lifted and put back once entered: still declined");
        board.slide("9a", "8a").settle();
        assertEquals(List.of("8h2b", "9a8a"), board.moves());
    }

    @Test
    void theWindowRunsOnlyAsFarAsTheBoardWasRead() {
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.slide("5d", "5c").settle().ticksWithoutReports(PLAIN.promotionWindowMillis() + 1000);
        assertEquals(List.of(), board.moves(), "the board's reports wait unread: the choice is still open");
        board.lift("5c").place("5c").scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves(), "the gesture made in time, read late, declines");
    }

    @Test
    void aGestureReadLateAndAtOnceStillToggles() {
        // The whole Pi was busy past the window: the lift's and the replace's reports come in together, every scan
        // stamped with the time it was read. The first scans of the lift are past the deadline but still a lift.
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.slide("5d", "5c").settle().busy(PLAIN.promotionWindowMillis() + 1000);
        board.readAtOnce("5c", SensorSnapshot.EMPTY, 6).readAtOnce("5c", SensorSnapshot.OCCUPIED, 6);
        board.scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves());
    }

    @Test
    void aReportReadLateAfterAStalledLinkDoesNotCloseTheWindowBeforeTheLiftBehindIt() {
        // Beside two CPU-bound loops (issue 97), FirmwareBinaryIT with every fault: the link stalled with the choice
        // shown; what waited in it came at once, the first report (the piece still on its square, sent before the lift)
        // read past the window, and it closed the window before the lift behind it: 8h2b+ for a declined 8h2b. The
        // window runs on the time the readings cover: the stall is not counted.
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().ledsShown().scan(1_000).busy(PLAIN.promotionWindowMillis() + 1_000);
        board.readAtOnce("5c", SensorSnapshot.OCCUPIED, 1);
        assertEquals(List.of(), board.moves(), "a report read late after a stall: the window is not over");
        board.readAtOnce("5c", SensorSnapshot.EMPTY, 6).readAtOnce("5c", SensorSnapshot.OCCUPIED, 6);
        board.ledsShown().scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves(), "the lift behind it declines");
    }

    @Test
    void readingsHandedOnWhileTheBoardIsSilentDoNotCloseTheWindowBeforeTheLiftItWasAboutToReport() {
        // FirmwareBinaryIT with every fault beside three CPU-bound loops (issue 97): the simulated Mega stalled 400 ms
        // as the player lifted the piece 1.2 s into the window; the Pi handed on the last readings meanwhile (a board
        // reports only changes and a heartbeat), the window ran out on them, and a declined 8h2b was recorded 8h2b+.
        // Until a report comes, nothing says the board was still: the window waits for it.
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().ledsShown().scan(1_200).heldWithoutReports(350);
        assertEquals(List.of(), board.moves(), "1,200 ms reported, 350 ms handed on: the window is not over");
        board.readAtOnce("5c", SensorSnapshot.EMPTY, 6).scan(100).readAtOnce("5c", SensorSnapshot.OCCUPIED, 6);
        board.ledsShown().scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves(), "the lift the board reported after its stall declines");
    }

    @Test
    void aWindowWhoseBoardIsReadOnRunsOutAfterAStall() {
        // The stall's time is not counted, the time read after it is: a player who does nothing gets the choice.
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().ledsShown().scan(1_000).busy(10_000);
        board.scan(PLAIN.promotionWindowMillis() - 1_000 - 100);
        assertEquals(List.of(), board.moves(), "1,000 ms counted before the stall, 400 after");
        board.scan(200);
        assertEquals(List.of("5d5c+"), board.moves());
    }

    @Test
    void theWindowCountsFromWhenTheBoardShowsTheChoice() {
        // A board that acknowledges its LED frames: the choice's blinking frame reached it a second late (a busy Pi,
        // a slow link), and the player, who answered 1.2 s after seeing it, declines: past a window counted from the
        // put-down, within one counted from the blinking.
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle();
        LedFrame choice = board.session.leds();
        long choiceVersion = choice.version();
        board.scan(1_000);
        board.session.ledsShown(choice, choiceVersion - 1, board.time()); // an older frame: the choice is not shown yet
        board.session.ledsShown(new LedFrame(81), choiceVersion, board.time()); // another frame (a menu's): neither
        board.scan(PLAIN.promotionWindowMillis());
        assertEquals(List.of(), board.moves(), "not yet shown: the choice is still open");
        declineOnceShown(board);
    }

    @Test
    void aChoiceShownBeforeTheBoardWentAwayHasItsWholeWindowOnceShownAgain() {
        // The cable was pulled while the choice blinked, for longer than the window: the board, back, shows the choice
        // again, and the player declines 1.2 s after seeing it. The window had run out in the outage, and the
        // choice closed as promoted the moment the board was back (FirmwareBinaryIT recorded 5f5g+ for 5f5g).
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().ledsShown().scan(300);
        board.session.boardOffline(board.time());
        board.ticksWithoutReports(PLAIN.promotionWindowMillis() + 1_000);
        board.session.boardOnline(board.time());
        board.scan(500);
        assertEquals(List.of(), board.moves(), "back, but the choice not yet shown again: still open");
        declineOnceShown(board);
    }

    @Test
    void aGestureTheBoardLostWhileAwayCanBeMadeAgainOnceTheChoiceIsShownAgain() {
        // The player declined while the board's link was down for a moment (a starved Pi's watchdog): the lift and the
        // put-back were never read. Back, the board blinks the promoting colour again; the player looks for 2 s, sees
        // their gesture did not take, and makes it again 2.5 s after the choice is shown again. The window of 1.5 s
        // had closed as promoted before that (FirmwareBoardIT over a pseudo-terminal beside two CPU-bound loops:
        // 5f5g+ for a declined 5f5g).
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().ledsShown().scan(300);
        board.session.boardOffline(board.time());
        board.ticksWithoutReports(600); // the gesture, made meanwhile, is never read
        board.session.boardOnline(board.time());
        board.scan(200).ledsShown().scan(2_500);
        assertEquals(List.of(), board.moves(), "a gesture may have been lost: still open for it made again");
        board.lift("5c").place("5c");
        assertFalse(board.events(PromotionPending.class).get(board.events(PromotionPending.class).size() - 1).promote());
        board.ledsShown().scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves());
    }

    @Test
    void aGestureLostWithTheBoardsFramesCanBeMadeAgainWhileTheChoiceStillBlinks() {
        // A faulty link lost the frames of the player's decline: the put-back came after a gap in the frames' numbers,
        // and the lift was never read. The player, seeing the promoting colour still blinking 2 s later, makes the
        // gesture again (FirmwareBinaryIT with every fault beside two CPU-bound loops: 8h2b+ for a declined 8h2b).
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().ledsShown().scan(500);
        board.session.readingsLost(); // the lift and the put-back, never read
        board.scan(2_300);
        assertEquals(List.of(), board.moves(), "a gesture may have been lost: still open for it made again");
        board.lift("5c").place("5c");
        assertFalse(board.events(PromotionPending.class).get(board.events(PromotionPending.class).size() - 1).promote());
        board.ledsShown().scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves());
    }

    @Test
    void aChoiceWhoseBlinkReachesTheBoardSecondsLateIsDeclinedByTheGestureMadeOnceItIsShown() {
        // A starved Pi (issue 97): the frame that blinks the choice reached the board four seconds after the piece
        // was put down. The window closed as promoted before the player could see the choice (FirmwareBoardIT:
        // 5f5g+ for a declined 5f5g). A choice the board has not shown cannot close.
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().scan(4_000);
        assertEquals(List.of(), board.moves(), "not shown: the choice is still open");
        declineOnceShown(board);
    }

    @Test
    void aGestureMadeBeforeTheBoardShowsTheToggledChoiceDoesNotToggleItBack() {
        // The player declines, but the board still blinks the old choice (yellow) for seconds: the new frame is late.
        // Their second gesture answers the stale light; it must not promote again behind their back.
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().ledsShown().scan(800).lift("5c").place("5c");
        LedFrame declined = board.session.leds();
        long declinedVersion = declined.version();
        board.scan(3_000).lift("5c").place("5c");
        assertEquals(List.of(), board.moves());
        assertFalse(board.events(PromotionPending.class).get(board.events(PromotionPending.class).size() - 1).promote(),
                "the gesture made before the declined choice was shown changed nothing");
        board.session.ledsShown(declined, declinedVersion, board.time());
        // The window waits a little longer after a gesture that counted for nothing, then the declined choice stands.
        board.scan(PLAIN.promotionWindowMillis() + PromotionWindow.UNSEEN_GESTURE_GRACE_MILLIS + 100);
        assertEquals(List.of("5d5c"), board.moves());
    }

    @Test
    void aGestureWhoseAcknowledgementComesWhileThePieceIsInTheAirCounts() {
        // A faulty link lost the board's acknowledgement of the choice it showed; the Pi sent the frame again and the
        // second acknowledgement came while the player's piece was in the air. The player saw the choice: the
        // gesture declines (FirmwareBinaryIT with every fault recorded 8h2b+ when the lift alone was judged).
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().lift("5c").ledsShown().place("5c");
        assertFalse(board.events(PromotionPending.class).get(board.events(PromotionPending.class).size() - 1).promote());
        board.ledsShown().scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves());
    }

    @Test
    void aGestureWhoseAcknowledgementComesOnlyLaterCanBeMadeAgainInTime() {
        // The acknowledgement came only after the piece was put back (a faulty link lost it twice): the gesture
        // counted for nothing, and the player, seeing the promoting colour still blinking, makes it again; the
        // window waits for that (FirmwareBinaryIT beside two CPU-bound loops: 8h2b+ 1.5 s after the late
        // acknowledgement, before the player could look twice).
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().lift("5c").place("5c").ledsShown();
        assertTrue(board.events(PromotionPending.class).get(board.events(PromotionPending.class).size() - 1).promote());
        board.scan(PLAIN.promotionWindowMillis() + 1_000);
        assertEquals(List.of(), board.moves(), "still open for the gesture made again");
        board.lift("5c").place("5c").ledsShown().scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves());
    }

    @Test
    void aChoiceTheBoardNeverShowsWaitsUntilTheGameGoesOn() {
        TestBoard board = new TestBoard("k8/9/9/4S4/9/9/9/9/4K4 b p 1", Variant.STANDARD, PLAIN);
        board.session.boardAcknowledgesLeds(true);
        board.slide("5d", "5c").settle().scan(30_000);
        assertEquals(List.of(), board.moves(), "never shown: the player could not answer it");
        board.lift("9a").settle();
        assertEquals(List.of("5d5c+"), board.moves(), "the opponent's action enters it as it stands");
    }

    /**
     * The board shows the choice; the player, 1.2 s after seeing it, lifts the piece and puts it back; the board shows
     * the declined choice and the window runs out: the move is entered unpromoted.
     */
    private static void declineOnceShown(TestBoard board) {
        board.ledsShown().scan(1_200).lift("5c").place("5c");
        assertEquals(List.of(), board.moves(), "toggled, not yet entered");
        board.ledsShown().scan(PLAIN.promotionWindowMillis() + 100);
        assertEquals(List.of("5d5c"), board.moves());
    }

    @Test
    void promotionByCommand() {
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN);
        board.slide("5d", "5c").settle();
        assertTrue(board.session.promote(false, board.time()));
        assertEquals(List.of("5d5c"), board.moves());
        assertFalse(board.session.promote(true, board.time()), "nothing is pending any more");
    }

    @Test
    void declineByDefaultWhenConfigured() {
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, PLAIN.withPromotion(false, 0));
        board.slide("5d", "5c").settle();
        assertEquals(List.of("5d5c"), board.moves(), "no window: the default is entered at once");
    }

    @Test
    void theOpponentsFirstActionEntersThePendingPromotion() {
        TestBoard board = new TestBoard("k8/9/9/4S4/9/9/9/9/4K4 b p 1", Variant.STANDARD, PLAIN);
        board.slide("5d", "5c").settle().lift("9a").settle();
        assertEquals(List.of("5d5c+"), board.moves());
    }

    @Test
    void faceSensingReadsThePromotionFromTheBoard() {
        TestBoard promoted = new TestBoard(PROMOTIONS, Variant.STANDARD, FACES);
        promoted.lift("5d").place("5c", SensorSnapshot.FACE_DOWN).settle();
        assertEquals(List.of("5d5c+"), promoted.moves());
        TestBoard unpromoted = new TestBoard(PROMOTIONS, Variant.STANDARD, FACES);
        unpromoted.lift("5d").place("5c", SensorSnapshot.FACE_UP).settle();
        assertEquals(List.of("5d5c"), unpromoted.moves());
        unpromoted.lift("5c").place("5c", SensorSnapshot.FACE_DOWN).settle();
        assertEquals(List.of("5d5c+"), unpromoted.moves(), "turned over before the reply");
        assertEquals(1, unpromoted.events(MoveReplaced.class).size());
    }

    @Test
    void faceSensingRefusesAnUnpromotedPieceWhereItMustPromote() {
        TestBoard board = new TestBoard(PROMOTIONS, Variant.STANDARD, FACES);
        board.lift("5b").place("5a", SensorSnapshot.FACE_UP).settle();
        assertEquals(List.of(), board.moves());
        assertEquals(Violation.DEAD_PIECE, board.events(IllegalMove.class).get(0).violation());
        board.waitWrongPosition();
        assertEquals(List.of(new Correction.Relocation(board.square("5a"), board.square("5b"))),
                board.events(CorrectionNeeded.class).get(0).correction().relocations(), "back to the game's position");
        board.lift("5a").place("5a", SensorSnapshot.FACE_DOWN).settle();
        assertEquals(List.of("5b5a+"), board.moves());
    }

    static Stream<Arguments> lonelyRook() {
        return Stream.of(Arguments.of(Variant.STANDARD, "8k/9/9/9/9/9/4R4/9/4K4 b - 1"),
                Arguments.of(Variant.OKISAKI, "9k/10/10/10/10/10/5R4/10/10/5K4 b - 1"));
    }

    @ParameterizedTest
    @MethodSource("lonelyRook")
    void aSliderPushedFurtherReplacesItsMove(Variant variant, String sfen) {
        TestBoard board = new TestBoard(sfen, variant, PLAIN);
        board.slide("5g", "5f").settle();
        assertEquals(List.of("5g5f"), board.moves());
        board.slide("5f", "5e").settle();
        assertEquals(List.of("5g5e"), board.moves());
        assertEquals("5g5f", board.events(MoveReplaced.class).get(0).replacedUsi());
        board.slide("5e", "4e").settle();
        assertEquals(List.of("5g5e"), board.moves(), "a turn is not along the line: no replacement");
    }

    @Test
    void takebackInCasualMode() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle().slide("3c", "3d").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves());
        board.slide("3d", "3c").settle();
        assertEquals(List.of("7g7f"), board.moves());
        assertEquals("3c3d", board.events(MoveTakenBack.class).get(0).usi());
        board.slide("7f", "7g").settle();
        assertEquals(List.of(), board.moves());
    }

    /**
     * A capture taken back refills the capturing piece's square, which the squares alone read as a drop there by the
     * side to move when it holds a piece: only the komadai tell them apart (FirmwareBoardIT once saw P*8d published
     * after the emulator's hands put 8d8c+ back, the Pi having taken it before the link dropped).
     */
    @Test
    void aCaptureTakenBackIsNotADropOnTheSquareItLeft() {
        InferenceSettings settings = PLAIN.withPromotion(true, 0);
        String sfen = "4k4/9/1p7/1P7/9/9/9/9/4K4 b p 1"; // gote holds a pawn, and may drop it on file 8 once 8c's is taken
        TestBoard board = new TestBoard(sfen, Variant.STANDARD, settings);
        board.lift("8c").komadai(Side.BLACK, Piece.PAWN, 1).lift("8d").place("8c").settle();
        assertEquals(List.of("8d8c+"), board.moves());
        board.snapshot.show(Sfen.parse(Variant.STANDARD, sfen), false); // all back at once
        board.settle();
        assertEquals(List.of(), board.moves(), "taken back, not P*8d");
        assertEquals("8d8c+", board.events(MoveTakenBack.class).get(0).usi());
        assertEquals(1, board.events(MoveShown.class).size());
    }

    /**
     * The mirror: a drop on the square the last capture left, its komadai counting late, is the drop while the
     * capturer's komadai still holds the captured piece, and never that capture taken back.
     */
    @Test
    void aDropOnTheSquareTheLastCaptureLeftIsADropWhileTheCapturedPieceStaysOnItsKomadai() {
        TestBoard board = new TestBoard("4k4/9/9/9/9/2g6/2P6/9/4K4 w P 1", Variant.STANDARD, PLAIN);
        board.lift("7g").komadai(Side.WHITE, Piece.PAWN, 1).lift("7f").place("7g").settle();
        assertEquals(List.of("7f7g"), board.moves());
        board.place("7f").settle(); // sente's pawn lands before its komadai has counted down
        assertEquals(List.of("7f7g", "P*7f"), board.moves());
        board.komadai(Side.BLACK, Piece.PAWN, -1).settle();
        assertEquals(List.of("7f7g", "P*7f"), board.moves());
        assertTrue(board.events(MoveTakenBack.class).isEmpty());
        assertTrue(board.events(CorrectionNeeded.class).isEmpty());
    }

    /** A capture taken back with the captured piece still on the capturer's komadai is no takeback: it waits. */
    @Test
    void aCaptureTakenBackNeedsTheCapturedPieceOffItsKomadai() {
        String sfen = "4k4/9/9/9/9/2g6/2P6/9/4K4 w - 1"; // sente has nothing to drop
        TestBoard board = new TestBoard(sfen, Variant.STANDARD, PLAIN);
        board.lift("7g").komadai(Side.WHITE, Piece.PAWN, 1).lift("7f").place("7g").settle();
        board.place("7f").settle(); // the squares are back, but the pawn is still on gote's komadai
        assertEquals(List.of("7f7g"), board.moves());
        assertTrue(board.events(MoveTakenBack.class).isEmpty());
        board.komadai(Side.WHITE, Piece.PAWN, -1).settle();
        assertEquals(List.of(), board.moves());
        assertEquals("7f7g", board.events(MoveTakenBack.class).get(0).usi());
    }

    @Test
    void takebackInTournamentModeIsAFoulOnceTheWrongPositionTimerRunsOut() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN.withGame(Game.Settings.tournament()));
        board.slide("7g", "7f").settle().slide("3c", "3d").settle().slide("3d", "3c").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves());
        IllegalMove warning = board.events(IllegalMove.class).get(0);
        assertEquals(Violation.WRONG_TURN, warning.violation());
        assertFalse(warning.foul());
        board.waitWrongPosition();
        assertTrue(board.events(IllegalMove.class).get(1).foul());
        GameState.Outcome over = board.result();
        assertEquals("illegal_move", over.reason());
        assertEquals(Side.BLACK, over.winner(), "White moved twice");
    }

    @Test
    void anIllegalMoveCorrectedInTimeIsNoFoul() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN.withGame(Game.Settings.tournament()));
        board.slide("7g", "7e").settle();
        assertEquals(Violation.IMPOSSIBLE_MOVEMENT, board.events(IllegalMove.class).get(0).violation());
        assertEquals(Colour.RED, board.leds().colour(board.square("7e")));
        board.slide("7e", "7f").settle().waitWrongPosition();
        assertEquals(List.of("7g7f"), board.moves());
        assertNull(board.result());
    }

    @Test
    void nifuDropIsFlagged() {
        TestBoard board = new TestBoard("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", Variant.STANDARD, PLAIN);
        board.komadai(Side.BLACK, Piece.PAWN, -1).place("5e").settle();
        assertEquals(Violation.NIFU, board.events(IllegalMove.class).get(0).violation());
        assertEquals(List.of(), board.moves());
    }

    @Test
    void computerMoveCarriedOutWronglyIsCorrected() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        board.computerAnswers("8c8d");
        LedFrame leds = board.leds();
        assertEquals(Colour.BLUE, leds.colour(board.square("8c")));
        assertEquals(Pattern.BLINK, leds.pattern(board.square("8c")));
        assertEquals(Colour.BLUE, leds.colour(board.square("8d")));
        board.slide("8c", "8e").settle();
        assertEquals(List.of("7g7f"), board.moves(), "only the engine's move is accepted");
        board.waitWrongPosition();
        Correction correction = board.events(CorrectionNeeded.class).get(0).correction();
        assertEquals(List.of(new Correction.Relocation(board.square("8e"), board.square("8d"))), correction.relocations());
        assertEquals(Colour.RED, leds.colour(board.square("8e")));
        assertEquals(Colour.GREEN, leds.colour(board.square("8d")));
        board.slide("8e", "8d").settle();
        assertEquals(List.of("7g7f", "8c8d"), board.moves());
        assertTrue(board.events(MoveShown.class).get(1).computer());
        assertEquals(1, board.events(BoardMatched.class).size());
    }

    @Test
    void aLegalButDifferentComputerMoveIsNotAccepted() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.computerAnswers("2g2f");
        board.slide("7g", "7f").settle();
        assertEquals(List.of(), board.moves());
        board.slide("7f", "7g").slide("2g", "2f").settle();
        assertEquals(List.of("2g2f"), board.moves());
    }

    @Test
    void knockedOverPiecesAreGuidedBackByTheShortestPairing() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        for (String sq : List.of("7g", "6g", "5g", "4g", "3g")) {
            board.lift(sq);
        }
        board.place("7f").place("6f").settle().waitWrongPosition();
        Correction correction = board.events(CorrectionNeeded.class).get(0).correction();
        assertEquals(java.util.Set.of(new Correction.Relocation(board.square("7f"), board.square("7g")),
                new Correction.Relocation(board.square("6f"), board.square("6g"))), java.util.Set.copyOf(correction.relocations()));
        assertEquals(3, correction.place().size());
        for (String sq : List.of("7g", "6g", "5g", "4g", "3g")) {
            board.place(sq);
        }
        board.lift("7f").lift("6f").settle();
        assertEquals(List.of(), board.moves());
        assertEquals(1, board.events(BoardMatched.class).size());
        assertEquals(Colour.OFF, board.leds().colour(board.square("7g")));
    }

    @Test
    void settingUpAHandicapStartsANewGame() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle().slide("3c", "3d").settle();
        board.snapshot.show(Handicap.TWO_PIECES.startPosition(), false);
        board.settle();
        StartPosition newGame = board.events(StartPosition.class).get(0);
        assertEquals(Handicap.TWO_PIECES, newGame.handicap());
        assertEquals(List.of(), board.moves());
        assertEquals(Side.WHITE, board.position().sideToMove(), "the handicap giver moves first");
        board.slide("5c", "5d").settle();
        assertEquals(List.of("5c5d"), board.moves());
    }

    @Test
    void removingTheRookFromTheEvenStartIsARookHandicap() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.lift("8b").settle();
        assertEquals(Handicap.ROOK, board.events(StartPosition.class).get(0).handicap());
    }

    @Test
    void okisakiStartPositionStartsANewGame() {
        TestBoard board = new TestBoard(Variant.OKISAKI, PLAIN);
        board.slide("7h", "7g").settle().slide("4c", "4d").settle().slide("2h", "2g").settle();
        assertEquals(List.of("7h7g", "4c4d", "2h2g"), board.moves());
        board.snapshot.show(Position.start(Variant.OKISAKI), false);
        board.settle();
        List<StartPosition> newGames = board.events(StartPosition.class);
        assertEquals(Variant.OKISAKI, newGames.get(newGames.size() - 1).start().variant());
        assertNull(newGames.get(newGames.size() - 1).handicap());
        assertEquals(List.of(), board.moves());
    }

    @Test
    void flickerAndBouncesAreIgnored() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.events.clear();
        for (int i = 0; i < 20; i++) {
            board.flicker("5e").flicker("7g").scan(10);
        }
        board.settle();
        assertEquals(List.of(), board.events);
    }

    /**
     * Issue 97, a demo board in DashboardE2eIT: the first scan after start-up showed the rook's square empty (a
     * sensor's flicker), the board's thread then stalled on a busy machine, and the loop, judging the first scan
     * taken as it was, began a rook-handicap game the board never showed.
     */
    @Test
    void aFlickerInTheFirstScanIsNotTakenForTheBoardWhenTheScansBehindItAreLate() {
        TestBoard board = TestBoard.unread(Variant.STANDARD, PLAIN);
        board.flicker("8b").ticksWithoutReports(2_000).settle();
        assertEquals(List.of(), board.events(StartPosition.class));
        assertEquals(Position.start(Variant.STANDARD).key(), board.position().key(), "the even game the daemon started");
        board.slide("7g", "7f").settle();
        assertEquals(List.of("7g7f"), board.moves());
        assertEquals(List.of(), board.events(Observation.CorrectionNeeded.class));
    }

    /** The same after the board's link came back: its first scan is debounced like any other. */
    @Test
    void aFlickerInTheFirstScanAfterTheBoardCameBackIsNotJudged() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        board.session.boardOffline(board.time());
        board.busy(1_000);
        board.session.boardOnline(board.time());
        board.flicker("8b").ticksWithoutReports(2_000).settle();
        assertEquals(List.of(), board.events(Observation.CorrectionNeeded.class));
        board.slide("3c", "3d").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves());
    }

    @Test
    void twoMovesMadeBeforeTheBoardSettledAreBothEntered() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").slide("3c", "3d").settle();
        assertEquals(List.of("7g7f", "3c3d"), board.moves());
    }

    @Test
    void aCapturedPieceOnTheWrongKomadaiIsCorrected() {
        TestBoard board = new TestBoard("4k4/9/9/9/4p4/9/4R4/9/4K4 b - 1", Variant.STANDARD, PLAIN);
        board.lift("5e").komadai(Side.WHITE, Piece.PAWN, 1).lift("5g").place("5e").settle();
        assertEquals(List.of("5g5e"), board.moves());
        board.waitWrongPosition();
        assertEquals(List.of(new Correction.KomadaiChange(Side.BLACK, Piece.PAWN, 1),
                new Correction.KomadaiChange(Side.WHITE, Piece.PAWN, -1)),
                board.events(CorrectionNeeded.class).get(0).correction().komadai());
        assertEquals(Colour.RED, board.leds().komadaiColour(Side.WHITE));
    }

    // ---------------------------------------------------------------- clear moves judged sooner

    @Test
    void aClearMoveIsJudgedAfterTheShortSettleNotTheFullOne() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.lift("7g");
        board.snapshot.reading(board.square("7f"), SensorSnapshot.OCCUPIED);
        long putDownAt = board.time();
        board.scan(PLAIN.settleMillis() + 100);
        long judgedAfter = board.timeOfFirst(MoveShown.class) - putDownAt;
        long debounce = (long) PLAIN.debounceScans() * TestBoard.SCAN;
        assertTrue(judgedAfter >= PLAIN.clearMoveSettleMillis(), "not before the short settle: " + judgedAfter + " ms");
        assertTrue(judgedAfter <= debounce + PLAIN.clearMoveSettleMillis() + TestBoard.SCAN,
                "a pawn's push is clear: judged " + judgedAfter + " ms after it was put down");
        assertEquals(List.of("7g7f"), board.moves());
    }

    @Test
    void withoutClearMovesEveryMoveWaitsTheFullSettle() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN.withoutClearMoves());
        board.lift("7g");
        board.snapshot.reading(board.square("7f"), SensorSnapshot.OCCUPIED);
        long putDownAt = board.time();
        board.scan(PLAIN.settleMillis() + 100);
        assertTrue(board.timeOfFirst(MoveShown.class) - putDownAt >= PLAIN.settleMillis());
    }

    @ParameterizedTest
    @MethodSource("rookAndTwoPawns")
    void aCaptureWhoseKomadaiIsNotYetUpdatedWaitsTheFullSettle(Variant variant, String sfen) {
        TestBoard board = new TestBoard(sfen, variant, PLAIN);
        board.lift("5e").lift("5g");
        board.snapshot.reading(board.square("5e"), SensorSnapshot.OCCUPIED);
        long putDownAt = board.time();
        board.scan(PLAIN.settleMillis() + 100);
        assertTrue(board.timeOfFirst(MoveShown.class) - putDownAt >= PLAIN.settleMillis(), "the komadai may still follow");
        assertEquals(List.of("5g5e"), board.moves());
    }

    @Test
    void aRookThatRestsOnItsWayAndGoesOnIsOneMoveThePauseReplaced() {
        // 2h2e, resting longer than a clear move's settle, then on to 2d before the opponent replies: one move.
        TestBoard board = new TestBoard("4k4/9/9/9/9/9/9/7R1/4K4 b - 1", Variant.STANDARD, PLAIN);
        board.lift("2h");
        board.snapshot.reading(board.square("2e"), SensorSnapshot.OCCUPIED);
        board.scan(PLAIN.clearMoveSettleMillis() + 60);
        assertEquals(List.of("2h2e"), board.moves(), "a rook put down is a clear move");
        board.slide("2e", "2d").settle();
        assertEquals(List.of("2h2d"), board.moves());
        assertEquals("2h2e", board.events(MoveReplaced.class).get(0).replacedUsi());
    }

    @Test
    void theComputersMoveCarriedOutWholeIsJudgedAfterTheShortSettle() {
        TestBoard board = new TestBoard(Variant.STANDARD, PLAIN);
        board.slide("7g", "7f").settle();
        board.computerAnswers("8c8d");
        board.lift("8c");
        board.snapshot.reading(board.square("8d"), SensorSnapshot.OCCUPIED);
        long putDownAt = board.time();
        board.scan(PLAIN.settleMillis() + 100);
        assertTrue(board.timeOfLast(MoveShown.class) < putDownAt + PLAIN.settleMillis());
        assertTrue(board.events(MoveShown.class).get(1).computer());
        assertEquals(List.of("7g7f", "8c8d"), board.moves());
    }
}
