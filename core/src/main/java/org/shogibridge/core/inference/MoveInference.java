package org.shogibridge.core.inference;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.shogibridge.core.inference.InferenceEvent.GameOver;
import org.shogibridge.core.inference.InferenceEvent.IllegalMove;
import org.shogibridge.core.inference.InferenceEvent.LevelChosen;
import org.shogibridge.core.inference.InferenceEvent.MoveMade;
import org.shogibridge.core.inference.InferenceEvent.MoveReplaced;
import org.shogibridge.core.inference.InferenceEvent.MoveTakenBack;
import org.shogibridge.core.inference.InferenceEvent.NewGame;
import org.shogibridge.core.inference.InferenceEvent.PromotionPending;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;

/**
 * Turns a stream of sensor snapshots into the moves of a game, and keeps an LED frame that guides the player.
 *
 * <p>Each square and komadai count is debounced ({@link SettledBoard}); once the debounced board has not changed
 * for the settle time it is judged once. The rules core decides: the board is compared with the position each legal
 * move would produce ({@link MoveMatcher}), and a move is accepted only when exactly one fits (event order is a hint,
 * never the rule). When nothing fits, the board is compared with the last move taken back, the last move pushed
 * further along its line, a start position, and an illegal move; a board that still fits nothing after the
 * wrong-position time gets a {@link Correction}, drawn on the LEDs by the {@link LedGuide}.
 *
 * <p>Threading and re-entry: all work happens on the caller's thread, in {@link #process}, {@link #tick} and the
 * commands. Events are queued and delivered to the listener only after the call that produced them has finished its
 * work, so a listener may call back into the inference (for example {@link #expectComputerMove} from a
 * {@link MoveMade}); the events of that call are delivered after the ones already queued. A snapshot that changes
 * nothing allocates nothing.
 *
 * <p>Commands that change the game without the board (taking back, resuming, a board back online) make the board
 * follow the game: until the squares show the game's position again, no move is read and the way back is shown at
 * once.
 */
public final class MoveInference {
    private static final long NEVER = SettledBoard.NEVER;

    private final Variant variant;
    private final InferenceSettings settings;
    private final Consumer<InferenceEvent> listener;
    private final ArrayDeque<InferenceEvent> outbox = new ArrayDeque<>();
    private boolean delivering;
    private final SettledBoard board;
    private final MoveMatcher matcher;
    private final LedGuide guide;
    private final List<Position> starts = new ArrayList<>();
    private final List<Handicap> startHandicaps = new ArrayList<>();

    private long now;
    /** When a command last asked the board to be judged again after a settle time. */
    private long commandAt = NEVER;
    private boolean judged;
    /** Tournament with clock buttons: a person's move is made only at the press that confirms it. */
    private boolean movesNeedPress;
    /** A settled board shows a person's move that waits for its press. */
    private boolean unconfirmed;
    /** The time of the clock press being judged, or -1. */
    private long pressedAt = -1;
    private boolean offline;
    /** The game changed without the board: read no move until the squares show the game again. */
    private boolean followGame;

    // The game, kept by its owner; the position is the inference's working copy of the game's current position.
    private final GameKeeper keeper;
    private Position position;
    /** When the game began; only a board changed since then can announce a new game. */
    private long gameBeganAt = NEVER;
    private boolean lastMoveReplaceable;
    private int computerMove = Move.NONE;

    // An optional promotion waiting for the gesture (no face sensing).
    private int pendingMove = Move.NONE;
    private long pendingDeadline;
    private long pendingMadeAt;
    private boolean gestureLifted;

    /** A board that fits nothing: since when, and what has been said about it. */
    private final MismatchReport report;

    /** Stand alone with an even game of the variant; events go to the listener on the caller's thread. */
    public MoveInference(Variant variant, InferenceSettings settings, Consumer<InferenceEvent> listener) {
        this(variant, settings, new StandaloneGame(Position.start(variant), settings.game()), listener);
    }

    /**
     * Read the board against the game its owner keeps; every change goes to the owner first, then as an event to the
     * listener, on the caller's thread.
     */
    public MoveInference(Variant variant, InferenceSettings settings, GameKeeper keeper, Consumer<InferenceEvent> listener) {
        this.variant = variant;
        this.settings = settings;
        this.keeper = Objects.requireNonNull(keeper);
        this.listener = Objects.requireNonNull(listener);
        this.board = new SettledBoard(variant, settings);
        this.matcher = new MoveMatcher(variant, board, settings);
        this.guide = new LedGuide(new LedFrame(variant.squares()));
        this.report = new MismatchReport(board, guide, this::emit, this::correctionTarget);
        starts.add(Position.start(variant));
        startHandicaps.add(null);
        if (variant == Variant.STANDARD) {
            for (Handicap h : Handicap.values()) {
                starts.add(h.startPosition());
                startHandicaps.add(h);
            }
        }
        requireVariant(keeper.game().startPosition());
        this.position = keeper.game().position();
        showIdle();
    }

    // ---------------------------------------------------------------- commands

    /** Begin a new game from a position set by command (a problem, a game to continue); the board must follow. */
    public void newGame(Position start) {
        requireVariant(start);
        Handicap handicap = variant == Variant.STANDARD ? Handicap.ofBoard(start.toSfen()).orElse(null) : null;
        beginGame(start, handicap);
        followAfterCommand();
        deliver();
    }

    /**
     * The owner replaced the game without the board (a game resumed after a restart). No event is sent; the board
     * must follow, and only a board changed from now on can announce a new game.
     */
    public void gameReplaced() {
        requireVariant(keeper.game().startPosition());
        resetGameState();
        position = keeper.game().position();
        gameBeganAt = now;
        followGame = true;
        showIdle();
        judgeAfterSettle();
        deliver();
    }

    /** The engine chose this move: show it on the LEDs and accept only a board that carries it out. */
    public void expectComputerMove(int move) {
        commitPendingPromotion();
        if (game().isOver()) {
            deliver();
            throw new IllegalStateException("Game over. No move is expected.");
        }
        int legalMove = matcher.findLegal(position, move);
        if (legalMove == Move.NONE) {
            deliver();
            throw new IllegalArgumentException("Illegal computer move. " + usi(move) + " in " + position.toSfen());
        }
        computerMove = legalMove;
        showIdle();
        judged = false;
        deliver();
    }

    /** Forget the engine's move (a new level, a takeback, a command): the board is read as a human move again. */
    public boolean cancelComputerMove() {
        if (computerMove == Move.NONE) {
            return false;
        }
        computerMove = Move.NONE;
        showIdle();
        judged = false;
        return true;
    }

    /**
     * Decide a pending optional promotion by command instead of the gesture, and enter the move. Return false if
     * no promotion is pending.
     */
    public boolean choosePromotion(boolean promote) {
        if (pendingMove == Move.NONE) {
            return false;
        }
        if (Move.promotes(pendingMove) != promote) {
            pendingMove = MoveMatcher.otherPromotion(pendingMove);
        }
        commitPendingPromotion();
        deliver();
        return true;
    }

    /**
     * Take back the last move by command (any mode: the arbiter or the player asked); a result it produced is
     * cleared. The board must follow. Return false if there is no move to take back.
     */
    public boolean takeBack() {
        commitPendingPromotion();
        if (game().moves().isEmpty()) {
            deliver();
            return false;
        }
        int last = game().moves().get(game().moves().size() - 1);
        computerMove = Move.NONE;
        dropLastMove(false, now);
        clearMismatch();
        emit(new MoveTakenBack(last, usi(last), now));
        showIdle();
        followAfterCommand();
        deliver();
        return true;
    }

    /** The side resigns; return the result. */
    public GameResult resign(Side side) {
        return endByCommand(game -> game.resign(side));
    }

    /** The side's flag fell; return the result. */
    public GameResult timeForfeit(Side side) {
        return endByCommand(game -> game.timeForfeit(side));
    }

    /** The side to move declares an entering-king win; return the result (a declaration that fails loses). */
    public GameResult declareImpasse() {
        return endByCommand(Game::declareImpasse);
    }

    /** An arbiter declares the result; return it. */
    public GameResult adjudicate(Side winner, Termination termination, String detail) {
        return endByCommand(game -> game.adjudicate(winner, termination, detail));
    }

    private GameResult endByCommand(Function<Game, GameResult> ending) {
        commitPendingPromotion();
        if (game().isOver()) {
            deliver();
            throw new IllegalStateException("Game over. " + game().result().orElseThrow().describe() + ".");
        }
        computerMove = Move.NONE;
        GameResult result = keeper.end(ending, now);
        clearMismatch();
        emit(new GameOver(result, now));
        showIdle();
        deliver();
        return result;
    }

    /** The board stopped reporting (cable pulled, firmware reset): nothing is judged until it is back. */
    public void boardOffline() {
        offline = true;
    }

    /**
     * The board reports again: its next scan is taken as it is, and any difference from the game becomes a
     * correction shown at once, never a move.
     */
    public void boardOnline() {
        if (!offline) {
            return;
        }
        offline = false;
        board.restart();
        followGame = true;
        judged = false;
    }

    // ---------------------------------------------------------------- queries

    public LedFrame leds() {
        return guide.frame();
    }

    /** Return a copy of the game's current position. */
    public Position position() {
        return position.copy();
    }

    /** Return the moves entered so far, in order. */
    public List<Integer> moves() {
        return game().moves();
    }

    public Position startPosition() {
        return game().startPosition();
    }

    public Optional<GameResult> result() {
        return game().result();
    }

    /** Return the move with a promotion choice still open, or {@link Move#NONE}. */
    public int pendingPromotion() {
        return pendingMove;
    }

    /** Return the engine's move the board must carry out, or {@link Move#NONE}. */
    public int expectedComputerMove() {
        return computerMove;
    }

    /** Return the foul the board shows in tournament mode, waiting for the wrong-position time. */
    public Optional<PendingFoul> pendingFoul() {
        return Optional.ofNullable(report.pendingFoul());
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
        SettledBoard.Change change = board.read(snapshot);
        if (change != SettledBoard.Change.NONE) {
            judged = false;
            if (change == SettledBoard.Change.BOARD && pendingMove != Move.NONE) {
                followGesture();
            }
        }
        tick(now);
    }

    /** Let time pass without a new scan: runs the promotion window, the settle and the wrong-position timers. */
    public void tick(long nowMillis) {
        now = Math.max(now, nowMillis);
        if (!offline) {
            runTimers();
        }
        deliver();
    }

    private void runTimers() {
        if (pendingMove != Move.NONE && !gestureLifted && now >= pendingDeadline) {
            commitPendingPromotion();
        }
        if (board.started() && !judged && now - Math.max(board.lastChange(), commandAt) >= settings.settleMillis()) {
            judged = true;
            judge();
        }
        if (judged) {
            report.tick(now, settings.wrongPositionMillis());
            PendingFoul foul = report.dueFoul(now, settings.wrongPositionMillis());
            if (foul != null) {
                recordFoul(foul);
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
        if (offline || judged && !unconfirmed || !board.started()) {
            deliver();
            return false;
        }
        judged = true;
        pressedAt = now;
        try {
            judge();
        } finally {
            pressedAt = -1;
        }
        deliver();
        return true;
    }

    /**
     * Whether a person's move is made only at the clock press that confirms it (a tournament on a board with clock
     * buttons): a settled board showing a legal move then waits, unconfirmed, with the mover's clock running, and the
     * record's time is the press. The computer's moves, carried out from the LEDs, need no press.
     */
    public void confirmMovesByPress(boolean on) {
        movesNeedPress = on;
    }

    /** Whether a settled board shows a person's move that waits for the press. */
    public boolean hasUnconfirmedMove() {
        return unconfirmed;
    }

    /** With {@link #confirmMovesByPress}, whether the board's move must still wait for its press. */
    private boolean awaitingPress() {
        if (movesNeedPress && pressedAt < 0) {
            unconfirmed = true;
            return true;
        }
        return false;
    }

    /** When the person's move was made: at the press that confirmed it, else when the board last changed. */
    private long madeAt() {
        return pressedAt >= 0 ? pressedAt : board.lastChange();
    }

    /**
     * A command changed the game: the board follows it once it shows it, and at once if it already does (issue 82: a
     * new game on a board already set up refused the player's first move, made before the board was next judged).
     */
    private void followAfterCommand() {
        followGame = !(board.started() && board.squaresShow(position) && board.komadaiShow(position));
        judgeAfterSettle();
    }

    private void judgeAfterSettle() {
        judged = false;
        commandAt = now; // give the board a settle time to follow
    }

    // ---------------------------------------------------------------- judging a settled board

    private void judge() {
        if (pendingMove != Move.NONE) {
            return; // the gesture is followed square by square; any other change has committed the move
        }
        report.beginJudgement();
        judgeBoard();
        report.endJudgement();
    }

    private void judgeBoard() {
        unconfirmed = false;
        board.computeDiff(position);
        if (game().isOver()) {
            if (!followGame && tryReplaceLastMove()) {
                return; // the move that ended the game was only a pause in a slide
            }
            if (!tryNewGame()) {
                if (board.diffCount() == 0) {
                    followGame = false;
                }
                showIdle();
            }
            return;
        }
        if (computerMove != Move.NONE) {
            judgeWhileComputerMovePending();
            return;
        }
        if (board.diffCount() == 0) {
            followGame = false;
            boardMatched();
            return;
        }
        if (followGame) {
            // The board has not shown the game since a command changed it, so a half-restored board is not read as a
            // move; but a press says "my move is done": a legal move is then read, made before any judgement or not.
            if (pressedAt >= 0 && tryLegalMoves(Move.NONE)) {
                followGame = false;
                return;
            }
            if (!tryNewGame()) {
                mismatch();
            }
            return;
        }
        if (tryLegalMoves(Move.NONE)) {
            return;
        }
        if (tryLevelGesture()) {
            return;
        }
        boolean casual = game().settings().mode() == Game.Mode.CASUAL;
        if (tryReplaceLastMove() || tryTwoMoves() || (casual ? tryTakeBack() || tryNewGame() : tryNewGame() || tryTakeBack())
                || tryIllegal() || showLiftedPiece()) {
            return;
        }
        mismatch();
    }

    private void judgeWhileComputerMovePending() {
        if (matcher.fits(position, computerMove)) {
            accept(computerMove, true, board.lastChange());
            return;
        }
        if (board.diffCount() == 0) {
            followGame = false;
            boardMatched();
            return;
        }
        if (board.diffCount() == 1 && !Move.isDrop(computerMove) && board.diff(0) == Move.from(computerMove)
                && board.isEmpty(board.diff(0)) && !followGame) {
            clearMismatch(); // the player has the engine's piece in hand
            showIdle();
            return;
        }
        if ((!followGame && game().settings().mode() == Game.Mode.CASUAL && tryTakeBack()) || tryNewGame()) {
            return;
        }
        mismatch();
    }

    /**
     * Look for legal moves of the current position that fit the board; with {@code continuing} set to a move, only
     * those continuing it (see {@link #tryReplaceLastMove}). Accept one, open a promotion choice, or show an
     * ambiguity. Return true if the board was explained.
     */
    private boolean tryLegalMoves(int continuing) {
        int n = matcher.fittingMoves(position, continuing);
        if (n == 0) {
            return false;
        }
        if (matcher.distinctActions(n) > 1) {
            showAmbiguity(n);
            return true;
        }
        if (continuing == Move.NONE && awaitingPress()) {
            return true;
        }
        if (n == 1) {
            accept(matcher.candidate(0), false, madeAt());
        } else if (settings.faceSensing() || settings.promotionWindowMillis() == 0) {
            accept(matcher.defaultPromotion(n), false, madeAt());
        } else {
            startPendingPromotion(matcher.defaultPromotion(n));
        }
        return true;
    }

    /**
     * The level gesture (docs/leds.md): before the first move, the board differs from the game only by gote's king
     * lifted from its square and stood on a square of the middle rank; the file, counted from Sente's left, is the
     * level. Reported once; the board is then corrected back as any other difference.
     */
    private boolean tryLevelGesture() {
        int king = position.kingSquare(Side.WHITE);
        if (!game().moves().isEmpty() || king < 0 || board.diffCount() != 2) {
            return false;
        }
        int a = board.diff(0);
        int b = board.diff(1);
        int stood = a == king ? b : b == king ? a : -1;
        int middle = (variant.ranks() + 1) / 2;
        if (stood < 0 || !board.isEmpty(king) || board.isEmpty(stood) || variant.rank(stood) != middle
                || position.pieceAt(stood) != Piece.EMPTY) {
            return false;
        }
        emit(new LevelChosen(variant.files() + 1 - variant.file(stood), board.lastChange()));
        mismatch();
        return true;
    }

    /**
     * Catch up when two moves were made before the board settled in between (a quick reply, or a sensor glitch that
     * held the settle timer back): if every explanation starts with the same move, enter it, then judge the rest as
     * one move (which may still be ambiguous, or wait for a promotion choice).
     */
    private boolean tryTwoMoves() {
        int first = matcher.firstOfTwoMoves(position);
        board.computeDiff(position);
        if (first == Move.NONE) {
            return false;
        }
        if (awaitingPress()) {
            return true;
        }
        accept(first, false, board.lastChange());
        board.computeDiff(position);
        if (!tryLegalMoves(Move.NONE)) {
            mismatch();
        }
        return true;
    }

    /**
     * Before the opponent replies, the last move may be superseded by the same piece: a slider pushed further (or
     * pulled back) along the same line, or, with face sensing, the piece turned over on its square.
     */
    private boolean tryReplaceLastMove() {
        List<Integer> moves = game().moves();
        if (!lastMoveReplaceable || moves.isEmpty()) {
            return false;
        }
        int last = moves.get(moves.size() - 1);
        if (Move.isDrop(last)) {
            return false;
        }
        position.undoMove(last);
        board.computeDiff(position);
        boolean fits = matcher.anyContinues(position, last);
        position.doMove(last);
        if (!fits) {
            board.computeDiff(position);
            return false;
        }
        dropLastMove(true, board.lastChange());
        emit(new MoveReplaced(last, usi(last), board.lastChange()));
        board.computeDiff(position);
        return tryLegalMoves(last);
    }

    /** The board shows the position before the last move (or the last two): casual mode takes them back. */
    private boolean tryTakeBack() {
        List<Integer> moves = game().moves(); // a live view: it shrinks as moves are withdrawn
        for (int back = 1; back <= Math.min(2, moves.size()); back++) {
            for (int i = 0; i < back; i++) {
                position.undoMove(moves.get(moves.size() - 1 - i));
            }
            board.computeDiff(position);
            boolean fits = board.diffCount() == 0;
            for (int i = 0; i < back && fits; i++) {
                // The komadai tell a takeback from a move that leaves the same squares. A drop taken back empties its
                // square, like the first step of capturing the dropped piece; a capture taken back refills the
                // capturing piece's square, like a drop there. The piece must be back on (or off) its komadai.
                int m = moves.get(moves.size() - 1 - i);
                int type = Move.handType(m);
                if (type != 0) {
                    Side mover = Side.of(Piece.colour(Move.piece(m)));
                    fits = board.komadaiCount(mover, type) == position.handCount(mover, type);
                }
            }
            for (int i = back - 1; i >= 0; i--) {
                position.doMove(moves.get(moves.size() - 1 - i));
            }
            board.computeDiff(position);
            if (!fits) {
                continue;
            }
            if (game().settings().mode() == Game.Mode.CASUAL) {
                for (int i = 0; i < back; i++) {
                    int last = moves.get(moves.size() - 1);
                    dropLastMove(false, board.lastChange());
                    emit(new MoveTakenBack(last, usi(last), board.lastChange()));
                }
                computerMove = Move.NONE;
                lastMoveReplaceable = false;
                clearMismatch();
                boardMatched();
            } else {
                int last = moves.get(moves.size() - 1);
                Side first = game().startPosition().sideToMove();
                Side offender = moves.size() % 2 == 1 ? first : first.opponent();
                report.illegal(offender, Move.NONE, Violation.WRONG_TURN, "taking back " + usi(last) + " (a side moved twice)", last,
                        now, board.lastChange());
            }
            return true;
        }
        return false;
    }

    /**
     * The board was changed into a start position (even or any handicap) of the variant: a new game begins. A board
     * left alone after a commanded position is guided to it instead.
     */
    private boolean tryNewGame() {
        if (board.diffCount() == 1 && board.isEmpty(board.diff(0))
                && Piece.colour(position.pieceAt(board.diff(0))) == position.sideToMove().index()) {
            // One piece of the side to move in the air: in a handicap game that can look like a bigger handicap.
            return false;
        }
        for (int i = 0; i < starts.size(); i++) {
            Position start = starts.get(i);
            if (board.squaresShow(start) && board.lastChange() > gameBeganAt
                    && (!game().moves().isEmpty() || game().isOver() || game().startPosition().key() != start.key())) {
                beginGame(start, startHandicaps.get(i));
                return true;
            }
        }
        return false;
    }

    private void beginGame(Position start, Handicap handicap) {
        resetGameState();
        keeper.begin(start.copy(), handicap, now); // the owner files the game it leaves before this one replaces it
        position = game().position();
        gameBeganAt = now;
        followGame = false;
        clearMismatch();
        emit(new NewGame(start.copy(), handicap, now));
        boardMatched();
    }

    private void resetGameState() {
        pendingMove = Move.NONE;
        gestureLifted = false;
        computerMove = Move.NONE;
        lastMoveReplaceable = false;
        clearMismatch();
    }

    /**
     * A piece of the side to move went to an empty square it may not reach, or a piece left the komadai for a square
     * it may not be dropped on (nifu, a dead piece, pawn-drop mate): flag it. In tournament mode it becomes a foul if
     * it is still on the board when the wrong-position time runs out.
     */
    private boolean tryIllegal() {
        int move = matcher.shownMove(position);
        if (move == Move.NONE) {
            return false;
        }
        Violation violation = Rules.violation(position, move);
        if (violation == null) {
            return false;
        }
        report.illegal(position.sideToMove(), move, violation, usi(move), move, now, board.lastChange());
        return true;
    }

    private void recordFoul(PendingFoul foul) {
        if (game().settings().mode() != Game.Mode.TOURNAMENT || game().isOver()) {
            return;
        }
        GameResult result;
        if (foul.move() != Move.NONE) {
            keeper.play(foul.offender(), foul.move(), false, now);
            result = game().result().orElseThrow();
        } else {
            result = keeper.end(game -> game.foul(foul.offender(), foul.violation(), foul.description()), now);
        }
        emit(new IllegalMove(foul, true, now));
        emit(new GameOver(result, now));
    }

    /** One piece of the side to move is off its square: light where it may go. */
    private boolean showLiftedPiece() {
        // One own piece in the fingers, nothing else changed: a piece put on a komadai meanwhile (its own, say) is a
        // mistake the wrong-position timer must reach, never a choice waited on for ever.
        if (board.diffCount() != 1 || !board.isEmpty(board.diff(0)) || !board.komadaiShow(position)) {
            return false;
        }
        int piece = position.pieceAt(board.diff(0));
        if (report.correctionShown() || Piece.colour(piece) != position.sideToMove().index()) {
            return false;
        }
        report.choosing(); // the player is choosing where to put it, not making a mistake
        guide.liftedPiece(position, board.diff(0));
        return true;
    }

    private void showAmbiguity(int n) {
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            moves.add(usi(matcher.candidate(i)));
        }
        guide.candidates(matcher, n);
        report.ambiguity(moves, now, board.lastChange());
    }

    // ---------------------------------------------------------------- correction

    private void mismatch() {
        report.mismatch(now, followGame); // a game changed by command: the way back is shown at once
    }

    private void clearMismatch() {
        report.clear(now);
    }

    private Position correctionTarget() {
        if (computerMove == Move.NONE) {
            return position;
        }
        Position target = position.copy();
        target.doMove(computerMove);
        return target;
    }

    // ---------------------------------------------------------------- moves entered

    private void accept(int move, boolean computer, long madeAt) {
        Side mover = position.sideToMove();
        if (computer) {
            computerMove = Move.NONE; // carried out: the owner's state after the move shows no move to carry out
        }
        Violation violation = keeper.play(mover, move, computer, madeAt);
        if (violation != null) {
            throw new IllegalStateException("Inference bug. Generated move " + usi(move) + " refused: " + violation.description());
        }
        position.doMove(move);
        lastMoveReplaceable = !computer;
        // The board shows the game now: a move made on it is read again (issue 82: a new game's computer move carried
        // out before the set-up board was judged left the board "not yet following", and the player's reply refused).
        followGame = false;
        clearMismatch();
        emit(new MoveMade(move, usi(move), game().moves().size(), computer, madeAt));
        game().result().ifPresent(r -> emit(new GameOver(r, madeAt)));
        boardMatched();
    }

    /** The squares equal the position: note a komadai still to update, and say so if the board was wrong before. */
    private void boardMatched() {
        if (board.komadaiShow(position)) {
            clearMismatch();
            showIdle();
            return;
        }
        int taken = board.onePieceTakenFromKomadai(position);
        if (!report.correctionShown() && computerMove == Move.NONE && taken != 0) {
            report.choosing(); // a piece in the hand of the player to move, about to be dropped
            guide.pieceFromKomadai(position, taken);
            return;
        }
        report.startIfNot(now); // a komadai not yet updated is a pending correction, not an error
        if (report.correctionShown()) {
            report.updateCorrection(now);
        } else {
            showIdle();
        }
    }

    private void showIdle() {
        List<Integer> moves = game().moves();
        guide.idle(position, moves.isEmpty() ? Move.NONE : moves.get(moves.size() - 1), pendingMove, computerMove);
    }

    // ---------------------------------------------------------------- promotion gesture (no face sensing)

    private void startPendingPromotion(int move) {
        pendingMove = move;
        pendingMadeAt = board.lastChange();
        pendingDeadline = now + settings.promotionWindowMillis();
        gestureLifted = false;
        clearMismatch();
        emit(new PromotionPending(move, usi(move), Move.promotes(move), pendingMadeAt));
        showIdle();
    }

    /**
     * A debounced square changed while a promotion is pending. Lifting the piece from its destination and putting
     * it back toggles the choice; any other change means the game goes on, so the move is entered as chosen.
     */
    private void followGesture() {
        int to = Move.to(pendingMove);
        position.doMove(pendingMove);
        board.computeDiff(position);
        position.undoMove(pendingMove);
        int diffCount = board.diffCount();
        if (diffCount == 0 && gestureLifted) {
            gestureLifted = false;
            pendingMove = MoveMatcher.otherPromotion(pendingMove);
            pendingDeadline = now + settings.promotionWindowMillis();
            emit(new PromotionPending(pendingMove, usi(pendingMove), Move.promotes(pendingMove), now));
            showIdle();
        } else if (diffCount == 1 && board.diff(0) == to && board.isEmpty(to)) {
            gestureLifted = true;
        } else if (diffCount != 0) {
            gestureLifted = false;
            commitPendingPromotion();
        }
    }

    private void commitPendingPromotion() {
        if (pendingMove == Move.NONE) {
            return;
        }
        int move = pendingMove;
        pendingMove = Move.NONE;
        gestureLifted = false;
        accept(move, false, pendingMadeAt); // the move was made when the piece was put down, not when the window closed
        judged = false; // the board may already show more
    }

    // ---------------------------------------------------------------- helpers

    /** Have the owner withdraw the last move (in tournament mode too, where a takeback is otherwise refused). */
    private void dropLastMove(boolean replaced, long atMillis) {
        List<Integer> moves = game().moves();
        position.undoMove(moves.get(moves.size() - 1));
        keeper.withdrawLastMove(replaced, atMillis);
        lastMoveReplaceable = false;
    }

    private Game game() {
        return keeper.game();
    }

    private void requireVariant(Position start) {
        if (start.variant() != variant) {
            throw new IllegalArgumentException("Wrong variant. The board is " + variant + ", the position " + start.variant() + ".");
        }
    }

    private void emit(InferenceEvent event) {
        outbox.add(event);
    }

    /** Hand the queued events to the listener, unless a delivery further up the stack is already doing it. */
    private void deliver() {
        if (delivering) {
            return;
        }
        delivering = true;
        try {
            InferenceEvent event;
            while ((event = outbox.poll()) != null) {
                listener.accept(event);
            }
        } finally {
            delivering = false;
        }
    }

    private String usi(int move) {
        return Usi.format(variant, move);
    }
}
