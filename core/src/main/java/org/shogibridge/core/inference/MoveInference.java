package org.shogibridge.core.inference;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.shogibridge.core.inference.Observation.IllegalMove;
import org.shogibridge.core.inference.Observation.LevelChosen;
import org.shogibridge.core.inference.Observation.MoveReplaced;
import org.shogibridge.core.inference.Observation.MoveShown;
import org.shogibridge.core.inference.Observation.MoveTakenBack;
import org.shogibridge.core.inference.Observation.PromotionPending;
import org.shogibridge.core.inference.Observation.StartPosition;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/**
 * Reads a stream of sensor snapshots against the game its owner says is current, and keeps an LED frame that guides
 * the player. It changes no game: it returns {@link Observation}s, and its owner (the session) decides what they do
 * and tells it the game as it then is ({@link #follow}).
 *
 * <p>Each square and komadai count is debounced ({@link SettledBoard}); once the debounced board has not changed
 * for the settle time it is judged once. The rules core decides: the board is compared with the position each legal
 * move would produce ({@link MoveMatcher}), and a move is observed only when exactly one fits (event order is a hint,
 * never the rule). When nothing fits, the board is compared with the last move taken back, the last move pushed
 * further along its line, a start position, and an illegal move; a board that still fits nothing after the
 * wrong-position time gets a {@link Correction}, drawn on the LEDs by the {@link LedGuide}.
 *
 * <p>Work happens on the caller's thread; the observations of each call wait in order for {@link #takeObservations}.
 * A snapshot that changes nothing allocates nothing. A judgement works on a copy of the game it was given (a
 * {@link Reading}), dropped when it ends.
 *
 * <p>When the game changes in a way the board did not show (a takeback or a new game by command, a resumed game), the
 * board must follow it: until the squares show the game again, no move is read and the way back is shown at once.
 */
public final class MoveInference {
    private static final long NEVER = SettledBoard.NEVER;

    private final Variant variant;
    private final InferenceSettings settings;
    private final List<Observation> observations = new ArrayList<>();
    private final SettledBoard board;
    private final MoveMatcher matcher;
    private final LedGuide guide;
    private final BoardShapes shapes;
    /** A board that fits nothing: since when, and what has been said about it. */
    private final MismatchReport report;
    private final Supplier<Position> viewTarget = this::viewTarget;

    /** The game as the owner last told it. */
    private GameView view;
    private final Expectation expected;

    private long now;
    /** When a command last asked the board to be judged again after a settle time. */
    private long commandAt = NEVER;
    private boolean judged;
    /** The debounced board shows a clear move (see {@link #showsClearMove}): it is judged after the short settle. */
    private boolean clearMove;
    private final ClockPress press = new ClockPress();
    private boolean offline;
    /** Judging is paused: the game cannot be kept on disk (see {@link #pause}). */
    private boolean paused;
    /** The game changed without the board: read no move until the squares show the game again. */
    private boolean followGame;
    /** The board came back and has not been read whole yet. */
    private boolean rereading;
    /** When the game began; only a board changed since then can announce a new game. */
    private long gameBeganAt = NEVER;
    private boolean lastMoveReplaceable;

    /** An optional promotion waiting for the gesture (no face sensing). */
    private final PromotionWindow promotion;

    /**
     * Read the board against the owner's first game; the board's scans may show it already, and the owner's first
     * {@link #follow} of a new game on that start is taken as read from the board.
     */
    public MoveInference(Variant variant, InferenceSettings settings, GameView first) {
        this.variant = variant;
        this.settings = settings;
        this.board = new SettledBoard(variant, settings);
        this.matcher = new MoveMatcher(variant, board, settings);
        this.guide = new LedGuide(new LedFrame(variant.squares()));
        this.promotion = new PromotionWindow(settings.promotionWindowMillis());
        this.report = new MismatchReport(board, guide, observations::add);
        this.shapes = new BoardShapes(variant, board);
        first.requireVariant(variant);
        this.view = first;
        this.expected = new Expectation(first);
        showIdle();
    }

    // ---------------------------------------------------------------- the owner's game

    /**
     * The owner's game after it applied this reader's observations, or after a change the board did not show (a
     * command, a resumed game, an engine's move to carry out): the reader reads the board against it from now on. A
     * change the board did not show makes the board follow the game.
     */
    public void follow(GameView next, long nowMillis) {
        next.requireVariant(variant);
        now = Math.max(now, nowMillis);
        GameView before = view;
        view = next;
        clearMove = false; // read against the game before: the next change of the board says again
        Expectation.Meaning meaning = expected.follow(before, next);
        if (meaning == Expectation.Meaning.NOT_SHOWN) {
            if (next.game() != before.game()) {
                resetGameState();
                gameBeganAt = now;
            }
            lastMoveReplaceable = false;
            clearMismatch();
            showIdle();
            followAfterCommand();
        } else if (meaning == Expectation.Meaning.ENDED_WITHOUT_MOVE) {
            clearMismatch();
            showIdle();
        } else if (meaning == Expectation.Meaning.COMPUTER_MOVE_CHANGED) {
            showIdle();
            judged = false;
        }
    }

    /** Return the observations made since the last call, in order, and forget them. */
    public List<Observation> takeObservations() {
        if (observations.isEmpty()) {
            return List.of();
        }
        List<Observation> taken = List.copyOf(observations);
        observations.clear();
        return taken;
    }

    // ---------------------------------------------------------------- commands to the reader

    /**
     * Decide a pending optional promotion by command instead of the gesture: the move is observed. Return false if
     * no promotion is pending.
     */
    public boolean choosePromotion(boolean promote) {
        if (promotion.isOpen()) {
            promotion.choose(promote);
        }
        return commitPendingPromotion();
    }

    /**
     * Observe a pending optional promotion as it is now chosen, before the owner changes the game another way (a
     * command, an engine's answer). Return false if none is pending.
     */
    public boolean settlePromotion() {
        return commitPendingPromotion();
    }

    /**
     * Whether the board says when its LEDs show a frame ({@link #ledsShown}), as a board protocol board does by its
     * acknowledgement: a promotion's window then counts from when the player can see the choice.
     */
    public void boardAcknowledgesLeds(boolean acknowledges) {
        promotion.awaitShown(acknowledges);
    }

    /** The board shows {@code frame} as it was at {@code version} since {@code atMillis} (another frame: ignored). */
    public void ledsShown(LedFrame frame, long version, long atMillis) {
        if (frame == guide.frame()) {
            promotion.shown(version, atMillis);
        }
    }

    /**
     * Readings were lost between the last two the board sent (a gap in its frames' numbers): what happened in that
     * moment was never seen. A promotion choice open then waits for its gesture to be made again.
     */
    public void readingsLost() {
        promotion.readingsLost();
    }

    /** The board stopped reporting (cable pulled, firmware reset): nothing is judged until it is back. */
    public void boardOffline() {
        offline = true;
    }

    /**
     * The board reports again: its next scan is taken as it is. If it shows the game, the next move is a move; any
     * difference from the game becomes a correction shown at once, never a move (issue 84: a board that showed the
     * game was made to "follow" it until a settle had passed, and a move made sooner was refused as a correction).
     */
    public void boardOnline(long nowMillis) {
        now = Math.max(now, nowMillis);
        if (!offline) {
            return;
        }
        offline = false;
        promotion.showAgain(now);
        board.restart();
        followGame = true;
        rereading = true;
        judged = false;
    }

    /**
     * Judge nothing until {@link #resume}: the game cannot be kept on disk (issue 84). The board is still read, so
     * that what the player does meanwhile is judged as usual once judging resumes: a move completed is a move, a
     * piece in the hand is waited for. (Taking the board offline instead made a move begun just before the journal
     * came back a correction.)
     */
    public void pause() {
        paused = true;
    }

    /** Judge again, from the board as it now stands. */
    public void resume() {
        if (paused) {
            paused = false;
            judged = false;
        }
    }

    // ---------------------------------------------------------------- queries

    public LedFrame leds() {
        return guide.frame();
    }

    /** Return the move with a promotion choice still open, or {@link Move#NONE}. */
    public int pendingPromotion() {
        return promotion.move();
    }

    // ---------------------------------------------------------------- snapshots and time

    /** Take one scan of the sensors. Snapshots must come in time order; while the board is offline they are ignored. */
    public void process(SensorSnapshot snapshot) {
        if (snapshot.variant() != variant) {
            throw new IllegalArgumentException("Wrong snapshot. The board is " + variant + ", the snapshot " + snapshot.variant() + ".");
        }
        if (offline) {
            return;
        }
        now = Math.max(now, snapshot.timeMillis());
        promotion.reported(snapshot.reportedMillis());
        SettledBoard.Change change = board.read(snapshot);
        if (rereading && board.started()) {
            rereading = false; // the first reading since the board came back: it follows the game only if it differs
            followGame = !showsTheGame();
        }
        if (change != SettledBoard.Change.NONE) {
            judged = false;
            if (followGame && !rereading && showsTheGame()) {
                // The board shows the game the command made (a new game set up, a takeback put back): what comes
                // next is a move, even before this board is judged (issue 97: a handicap set up and 上手's first
                // move made at once was read as a board to correct, and the game never began).
                followGame = false;
            }
            if (change == SettledBoard.Change.BOARD && promotion.isOpen()) {
                followGesture();
            }
            clearMove = showsClearMove();
        }
        tick(now);
    }

    /** Let time pass without a new scan, the board reported until {@code reportedMillis}: see {@link #tick(long)}. */
    public void tick(long nowMillis, long reportedMillis) {
        promotion.reported(reportedMillis);
        tick(nowMillis);
    }

    /** Let time pass without a new scan: runs the promotion window, the settle and the wrong-position timers. */
    public void tick(long nowMillis) {
        now = Math.max(now, nowMillis);
        if (offline || paused || expected.awaiting()) {
            return;
        }
        if (promotion.due(board, now)) {
            commitPendingPromotion();
        }
        long settle = clearMove ? settings.clearMoveSettleMillis() : settings.settleMillis();
        if (board.started() && !judged && !expected.awaiting() && now - Math.max(board.lastChange(), commandAt) >= settle) {
            judged = true;
            judge();
        }
        if (judged && !expected.awaiting()) {
            report.tick(now, settings.wrongPositionMillis(), viewTarget);
            PendingFoul foul = report.dueFoul(now, settings.wrongPositionMillis());
            if (foul != null) {
                observeFoul(foul);
            }
        }
    }

    /**
     * A clock button was pressed ("my move is done"): the board is judged at once, without waiting for the settle
     * timer, and a move found on it is made at the press. A press with no legal move on the board is judged like any
     * settled board: a correction, never a move. Return false if there was nothing new to judge.
     */
    public boolean pressed(long atMillis) {
        now = Math.max(now, atMillis);
        if (offline || paused || expected.awaiting() || judged && !press.unconfirmed() || !board.started()) {
            return false;
        }
        judged = true;
        press.pressing(now);
        try {
            judge();
        } finally {
            press.judged();
        }
        return true;
    }

    /**
     * Whether a person's move is made only at the clock press that confirms it (a tournament on a board with clock
     * buttons): a settled board showing a legal move then waits, unconfirmed, with the mover's clock running, and the
     * record's time is the press. The computer's moves, carried out from the LEDs, need no press.
     */
    public void confirmMovesByPress(boolean on) {
        press.confirmMovesByPress(on);
    }

    /**
     * The game changed without the board: the board follows it once it shows it, and at once if it already does
     * (issue 82: a new game on a board already set up refused the player's first move, made before the board was next
     * judged).
     */
    private void followAfterCommand() {
        followGame = !(board.started() && showsTheGame());
        judged = false;
        commandAt = now; // give the board a settle time to follow
    }

    /** Whether the debounced board shows the owner's game, squares and komadai. */
    private boolean showsTheGame() {
        Position game = view.position();
        return board.squaresShow(game) && board.komadaiShow(game);
    }

    /**
     * Whether the board shows a clear move ({@link MoveMatcher#showsClearMove}), judged after a short settle. A board
     * to follow after a command, a promotion being chosen and a move that waits for its clock press are never one.
     */
    private boolean showsClearMove() {
        return settings.clearMoveSettleMillis() < settings.settleMillis() && !followGame && !view.over()
                && !promotion.isOpen() && !press.movesNeedPress() && !expected.awaiting()
                && matcher.showsClearMove(view.position(), view.computerMove());
    }

    // ---------------------------------------------------------------- judging a settled board

    private void judge() {
        if (promotion.isOpen()) {
            return; // the gesture is followed square by square; any other change has committed the move
        }
        report.beginJudgement();
        judgeBoard(new Reading(view));
        report.endJudgement();
    }

    private void judgeBoard(Reading r) {
        press.judging();
        board.computeDiff(r.position);
        if (view.over()) {
            if (!followGame && tryReplaceLastMove(r)) {
                return; // the move that ended the game was only a pause in a slide
            }
            if (!tryNewGame(r)) {
                if (board.diffCount() == 0) {
                    followGame = false;
                }
                showIdle();
            }
            return;
        }
        if (r.computerMove != Move.NONE) {
            judgeWhileComputerMovePending(r);
            return;
        }
        if (board.diffCount() == 0) {
            followGame = false;
            boardMatched(r);
            return;
        }
        if (followGame) {
            // The board has not shown the game since a command changed it, so a half-restored board is not read as a
            // move; but a press says "my move is done": a legal move is then read, made before any judgement or not.
            if (press.pressing() && tryLegalMoves(r, Move.NONE)) {
                followGame = false;
                return;
            }
            if (!tryNewGame(r)) {
                mismatch(r);
            }
            return;
        }
        if (tryLegalMoves(r, Move.NONE) || tryLevelGesture(r)) {
            return;
        }
        boolean casual = view.mode() == Game.Mode.CASUAL;
        if (tryReplaceLastMove(r) || tryTwoMoves(r)
                || (casual ? tryTakeBack(r) || tryNewGame(r) : tryNewGame(r) || tryTakeBack(r))
                || report.illegalShown(r, matcher, now) || report.liftedPieceShown(r)) {
            return;
        }
        mismatch(r);
    }

    private void judgeWhileComputerMovePending(Reading r) {
        int computerMove = r.computerMove;
        if (matcher.fits(r.position, computerMove)) {
            observeMove(r, computerMove, true, board.lastChange());
            return;
        }
        if (board.diffCount() == 0) {
            followGame = false;
            boardMatched(r);
            return;
        }
        if (board.diffCount() == 1 && !Move.isDrop(computerMove) && board.diff(0) == Move.from(computerMove)
                && board.isEmpty(board.diff(0)) && !followGame) {
            clearMismatch(); // the player has the engine's piece in hand
            showIdle(r);
            return;
        }
        if ((!followGame && view.mode() == Game.Mode.CASUAL && tryTakeBack(r)) || tryNewGame(r)) {
            return;
        }
        mismatch(r);
    }

    /**
     * Look for legal moves of the current position that fit the board; with {@code continuing} set to a move, only
     * those continuing it (see {@link #tryReplaceLastMove}). Observe one, open a promotion choice, or show an
     * ambiguity. Return true if the board was explained.
     */
    private boolean tryLegalMoves(Reading r, int continuing) {
        int n = matcher.fittingMoves(r.position, continuing);
        if (n == 0) {
            return false;
        }
        if (matcher.distinctActions(n) > 1) {
            report.ambiguity(matcher, n, now);
            return true;
        }
        if (continuing == Move.NONE && press.moveWaits()) {
            return true;
        }
        if (n == 1) {
            observeMove(r, matcher.candidate(0), false, press.madeAt(board.lastChange()));
        } else if (settings.faceSensing() || settings.promotionWindowMillis() == 0) {
            observeMove(r, matcher.defaultPromotion(n), false, press.madeAt(board.lastChange()));
        } else {
            startPendingPromotion(r, matcher.defaultPromotion(n));
        }
        return true;
    }

    /** The level gesture (docs/leds.md): observed once; the board is then corrected back as any other difference. */
    private boolean tryLevelGesture(Reading r) {
        int level = shapes.levelShown(r);
        if (level == 0) {
            return false;
        }
        observations.add(new LevelChosen(level, board.lastChange()));
        mismatch(r);
        return true;
    }

    /**
     * Catch up when two moves were made before the board settled in between (a quick reply, or a sensor glitch that
     * held the settle timer back): if every explanation starts with the same move, observe it, then judge the rest as
     * one move (which may still be ambiguous, or wait for a promotion choice).
     */
    private boolean tryTwoMoves(Reading r) {
        int first = matcher.firstOfTwoMoves(r.position);
        board.computeDiff(r.position);
        if (first == Move.NONE) {
            return false;
        }
        if (press.moveWaits()) {
            return true;
        }
        observeMove(r, first, false, board.lastChange());
        board.computeDiff(r.position);
        if (!tryLegalMoves(r, Move.NONE)) {
            mismatch(r);
        }
        return true;
    }

    /**
     * Before the opponent replies, the last move may be superseded by the same piece: a slider pushed further (or
     * pulled back) along the same line, or, with face sensing, the piece turned over on its square.
     */
    private boolean tryReplaceLastMove(Reading r) {
        if (!lastMoveReplaceable || r.moves.isEmpty()) {
            return false;
        }
        int last = r.lastMove();
        if (Move.isDrop(last)) {
            return false;
        }
        r.position.undoMove(last);
        board.computeDiff(r.position);
        boolean fits = matcher.anyContinues(r.position, last);
        r.position.doMove(last);
        if (!fits) {
            board.computeDiff(r.position);
            return false;
        }
        observations.add(new MoveReplaced(last, usi(last), board.lastChange()));
        r.withdrawLast();
        expected.changed(r);
        board.computeDiff(r.position);
        return tryLegalMoves(r, last);
    }

    /** The board shows the position before the last move (or the last two): casual mode takes them back. */
    private boolean tryTakeBack(Reading r) {
        int back = shapes.movesPutBack(r);
        if (back == 0) {
            return false;
        }
        if (view.mode() == Game.Mode.CASUAL) {
            for (int i = 0; i < back; i++) {
                int last = r.lastMove();
                observations.add(new MoveTakenBack(last, usi(last), board.lastChange()));
                r.withdrawLast();
            }
            expected.changed(r);
            lastMoveReplaceable = false;
            clearMismatch();
            boardMatched(r);
        } else {
            report.putBackInTournament(r, view.start().sideToMove(), now);
        }
        return true;
    }

    /**
     * The board was changed into a start position (even or any handicap) of the variant: a new game may begin. A
     * board left alone after a commanded position is guided to it instead.
     */
    private boolean tryNewGame(Reading r) {
        BoardShapes.Start start = shapes.startShown(r, gameBeganAt, view.over(), view.startKey());
        if (start == null) {
            return false;
        }
        observeStart(r, start.position(), start.handicap());
        return true;
    }

    private void observeStart(Reading r, Position start, Handicap handicap) {
        resetGameState();
        observations.add(new StartPosition(start.copy(), handicap, now));
        r.begin(start);
        expected.changed(r);
        expected.newGame();
        gameBeganAt = now;
        followGame = false;
        clearMismatch();
        boardMatched(r);
    }

    private void resetGameState() {
        promotion.close();
        lastMoveReplaceable = false;
        clearMismatch();
    }

    /** The wrong-position time ran out on an illegal board in tournament mode: the offender loses. */
    private void observeFoul(PendingFoul foul) {
        if (view.mode() != Game.Mode.TOURNAMENT || view.over()) {
            return;
        }
        expected.foul();
        observations.add(new IllegalMove(foul, true, now));
    }

    // ---------------------------------------------------------------- correction

    private void mismatch(Reading r) {
        report.mismatch(now, followGame, r.target()); // a game changed by command: the way back is shown at once
    }

    private void clearMismatch() {
        report.clear(now);
    }

    private Position viewTarget() {
        return view.boardTarget();
    }

    // ---------------------------------------------------------------- moves observed

    private void observeMove(Reading r, int move, boolean computer, long madeAt) {
        observations.add(new MoveShown(move, usi(move), computer, madeAt));
        r.play(move);
        expected.changed(r);
        lastMoveReplaceable = !computer;
        // The board shows the game now: a move made on it is read again (issue 82: a new game's computer move carried
        // out before the set-up board was judged left the board "not yet following", and the player's reply refused).
        followGame = false;
        clearMismatch();
        boardMatched(r);
    }

    /** The squares equal the position: note a komadai still to update, and say so if the board was wrong before. */
    private void boardMatched(Reading r) {
        if (report.squaresMatch(r, now)) {
            showIdle(r);
        }
    }

    /** Show the game as the owner last told it. */
    private void showIdle() {
        guide.idle(view.position(), view.lastMove(), promotion.move(), view.over() ? Move.NONE : view.computerMove());
    }

    private void showIdle(Reading r) {
        guide.idle(r.position, r.lastMove(), promotion.move(), r.computerMove);
    }

    // ---------------------------------------------------------------- promotion gesture (no face sensing)

    private void startPendingPromotion(Reading r, int move) {
        promotion.open(move, board.lastChange(), now);
        clearMismatch();
        observations.add(new PromotionPending(move, usi(move), Move.promotes(move), board.lastChange()));
        showIdle(r);
        promotion.showing(guide.frame().version());
    }

    /**
     * A debounced square changed while a promotion is pending. Lifting the piece from its destination and putting
     * it back toggles the choice; any other change means the game goes on, so the move is observed as chosen.
     */
    private void followGesture() {
        PromotionWindow.Gesture gesture = promotion.follow(board, view.position(), now);
        if (gesture == PromotionWindow.Gesture.TOGGLED) {
            int move = promotion.move();
            observations.add(new PromotionPending(move, usi(move), Move.promotes(move), now));
            showIdle();
            promotion.showing(guide.frame().version());
        } else if (gesture == PromotionWindow.Gesture.GAME_GOES_ON) {
            commitPendingPromotion();
        }
    }

    /** Observe the pending promotion's move as chosen; return false if none is pending. */
    private boolean commitPendingPromotion() {
        if (!promotion.isOpen()) {
            return false;
        }
        long madeAt = promotion.madeAt(); // made when the piece was put down, not when the window closed
        observeMove(new Reading(view), promotion.close(), false, madeAt);
        judged = false; // the board may already show more
        return true;
    }

    // ---------------------------------------------------------------- helpers

    private String usi(int move) {
        return Usi.format(variant, move);
    }
}
