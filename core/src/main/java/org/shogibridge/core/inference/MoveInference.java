package org.shogibridge.core.inference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.shogibridge.core.inference.InferenceEvent.BoardMatched;
import org.shogibridge.core.inference.InferenceEvent.CorrectionNeeded;
import org.shogibridge.core.inference.InferenceEvent.GameOver;
import org.shogibridge.core.inference.InferenceEvent.IllegalMove;
import org.shogibridge.core.inference.InferenceEvent.MoveAmbiguous;
import org.shogibridge.core.inference.InferenceEvent.MoveMade;
import org.shogibridge.core.inference.InferenceEvent.MoveReplaced;
import org.shogibridge.core.inference.InferenceEvent.MoveTakenBack;
import org.shogibridge.core.inference.InferenceEvent.NewGame;
import org.shogibridge.core.inference.InferenceEvent.PromotionPending;
import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.inference.LedFrame.Pattern;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;

/**
 * Turns a stream of sensor snapshots into the moves of a game, and keeps an LED frame that guides the player.
 *
 * <p>Each square and komadai count is debounced; once the debounced board has not changed for the settle time it
 * is judged once. The rules core decides: the board is compared with the position each legal move would produce,
 * and a move is accepted only when exactly one fits (event order is a hint, never the rule). A capture also needs
 * evidence that a piece was taken, because a player holding their own piece in the air shows exactly the board of
 * every capture that piece could make: the target square refilled after the mover lifted, the captured kind
 * arriving on the komadai, or (face sensing) the face of the target changing.
 *
 * <p>When nothing fits, the board is compared with the last move taken back, the last move pushed further along
 * its line, a start position, and an illegal move; a board that still fits nothing after the wrong-position time
 * gets a {@link Correction}. All work happens in {@link #process} and {@link #tick} on the caller's thread; a
 * snapshot that changes nothing allocates nothing.
 */
public final class MoveInference {
    private static final long NEVER = Long.MIN_VALUE;

    private final Variant variant;
    private final int[] handTypes;
    private final InferenceSettings settings;
    private final boolean faces;
    private final Consumer<InferenceEvent> listener;
    private final LedFrame leds;

    // Debounced sensors: the board as the inference believes it, and when each square last emptied and filled.
    private final Debouncer squareDebouncer;
    private final Debouncer komadaiDebouncer;
    private final byte[] board;
    private final int[] komadai = new int[2 * Piece.TYPES];
    private final long[] lastLift;
    private final long[] lastPlace;
    private boolean started;
    private long now;
    private long lastChange;
    private boolean judged;

    // The game.
    private Game game;
    private Position position;
    /** When the game began; only a board changed since then can announce a new game. */
    private long gameBeganAt = NEVER;
    private boolean lastMoveReplaceable;
    private int computerMove = Move.NONE;

    // An optional promotion waiting for the gesture (no face sensing).
    private int pendingMove = Move.NONE;
    private long pendingDeadline;
    private boolean gestureLifted;

    // A board that fits nothing: since when, and what has been said about it.
    private long mismatchSince = NEVER;
    private boolean correctionShown;
    private Correction shownCorrection;
    private boolean illegalShown;
    private String shownIllegal;
    private List<String> shownAmbiguity;
    /** Tournament mode: the foul to record if the board still shows it when the wrong-position time runs out. */
    private Runnable pendingFoul;
    private long foulSince;
    private boolean illegalSeen;

    // Scratch space for judging, reused.
    private final int[] diff;
    private int diffCount;
    private final MoveList legal = new MoveList();
    private final int[] candidates = new int[MoveList.CAPACITY];
    private final int[] firstMoves = new int[MoveList.CAPACITY];
    private final List<Position> starts = new ArrayList<>();
    private final List<Handicap> startHandicaps = new ArrayList<>();

    /** Start with an even game of the variant; events go to the listener on the caller's thread. */
    public MoveInference(Variant variant, InferenceSettings settings, Consumer<InferenceEvent> listener) {
        this.variant = variant;
        this.handTypes = variant.handTypes();
        this.settings = settings;
        this.faces = settings.faceSensing();
        this.listener = Objects.requireNonNull(listener);
        int n = variant.squares();
        this.leds = new LedFrame(n);
        this.squareDebouncer = new Debouncer(n, settings.debounceScans());
        this.komadaiDebouncer = new Debouncer(komadai.length, settings.debounceScans());
        this.board = new byte[n];
        this.lastLift = new long[n];
        this.lastPlace = new long[n];
        this.diff = new int[n];
        Arrays.fill(lastLift, NEVER);
        Arrays.fill(lastPlace, NEVER);
        starts.add(Position.start(variant));
        startHandicaps.add(null);
        if (variant == Variant.STANDARD) {
            for (Handicap h : Handicap.values()) {
                starts.add(h.startPosition());
                startHandicaps.add(h);
            }
        }
        this.position = Position.start(variant);
        this.game = new Game(position, settings.game());
        showIdle();
    }

    // ---------------------------------------------------------------- commands

    /** Begin a new game from a position set by command (a problem, a game to continue); the board must follow. */
    public void newGame(Position start) {
        if (start.variant() != variant) {
            throw new IllegalArgumentException("Wrong variant. The board is " + variant + ", the position " + start.variant() + ".");
        }
        Handicap handicap = variant == Variant.STANDARD ? Handicap.ofBoard(start.toSfen()).orElse(null) : null;
        beginGame(start, handicap);
        judged = false;
        lastChange = now; // give the board a settle time to follow
    }

    /** The engine chose this move: show it on the LEDs and accept only a board that carries it out. */
    public void expectComputerMove(int move) {
        commitPendingPromotion();
        if (game.isOver()) {
            throw new IllegalStateException("Game over. No move is expected.");
        }
        int legalMove = findLegal(move);
        if (legalMove == Move.NONE) {
            throw new IllegalArgumentException("Illegal computer move. " + Usi.format(variant, move) + " in " + position.toSfen());
        }
        computerMove = legalMove;
        showIdle();
        judged = false;
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
            pendingMove = otherPromotion(pendingMove);
        }
        commitPendingPromotion();
        return true;
    }

    // ---------------------------------------------------------------- queries

    public LedFrame leds() {
        return leds;
    }

    /** Return a copy of the game's current position. */
    public Position position() {
        return position.copy();
    }

    /** Return the moves entered so far, in order. */
    public List<Integer> moves() {
        return game.moves();
    }

    public Position startPosition() {
        return game.startPosition();
    }

    public Optional<GameResult> result() {
        return game.result();
    }

    /** Return the move with a promotion choice still open, or {@link Move#NONE}. */
    public int pendingPromotion() {
        return pendingMove;
    }

    // ---------------------------------------------------------------- snapshots and time

    /** Take one scan of the sensors. Snapshots must come in time order. */
    public void process(SensorSnapshot snapshot) {
        if (snapshot.variant() != variant) {
            throw new IllegalArgumentException("Wrong snapshot. The board is " + variant + ", the snapshot " + snapshot.variant() + ".");
        }
        now = snapshot.timeMillis();
        byte[] raw = snapshot.squares();
        int[] rawKomadai = snapshot.komadaiCounts();
        if (!started) {
            for (int sq = 0; sq < board.length; sq++) {
                board[sq] = normalized(raw[sq]);
                squareDebouncer.force(sq, board[sq]);
            }
            for (int k = 0; k < komadai.length; k++) {
                komadai[k] = rawKomadai[k];
                komadaiDebouncer.force(k, komadai[k]);
            }
            started = true;
            lastChange = now;
            judged = false;
        } else {
            boolean changed = false;
            boolean boardChanged = false;
            for (int sq = 0; sq < board.length; sq++) {
                byte reading = normalized(raw[sq]);
                if (squareDebouncer.update(sq, reading)) {
                    if (board[sq] == SensorSnapshot.EMPTY) {
                        lastPlace[sq] = now;
                    } else if (reading == SensorSnapshot.EMPTY) {
                        lastLift[sq] = now;
                    }
                    board[sq] = reading;
                    changed = boardChanged = true;
                }
            }
            for (int k = 0; k < komadai.length; k++) {
                if (komadaiDebouncer.update(k, rawKomadai[k])) {
                    komadai[k] = rawKomadai[k];
                    changed = true;
                }
            }
            if (changed) {
                lastChange = now;
                judged = false;
                if (boardChanged && pendingMove != Move.NONE) {
                    followGesture();
                }
            }
        }
        tick(now);
    }

    /** Let time pass without a new scan: runs the promotion window, the settle and the wrong-position timers. */
    public void tick(long nowMillis) {
        now = Math.max(now, nowMillis);
        if (pendingMove != Move.NONE && !gestureLifted && now >= pendingDeadline) {
            commitPendingPromotion();
        }
        if (started && !judged && now - lastChange >= settings.settleMillis()) {
            judged = true;
            judge();
        }
        if (judged && mismatchSince != NEVER && !correctionShown
                && now - mismatchSince >= settings.wrongPositionMillis()) {
            complain();
        }
        if (judged && pendingFoul != null && now - foulSince >= settings.wrongPositionMillis()) {
            Runnable foul = pendingFoul;
            pendingFoul = null;
            foul.run();
        }
    }

    private byte normalized(byte reading) {
        return !faces && reading != SensorSnapshot.EMPTY ? SensorSnapshot.OCCUPIED : reading;
    }

    // ---------------------------------------------------------------- judging a settled board

    private void judge() {
        if (pendingMove != Move.NONE) {
            return; // the gesture is followed square by square; any other change has committed the move
        }
        pendingFoul = null;
        illegalSeen = false;
        judgeBoard();
        if (!illegalSeen) {
            shownIllegal = null;
        }
    }

    private void judgeBoard() {
        if (game.isOver()) {
            computeDiff();
            if (tryReplaceLastMove()) {
                return; // the move that ended the game was only a pause in a slide
            }
            if (!tryNewGame()) {
                showIdle();
            }
            return;
        }
        computeDiff();
        if (computerMove != Move.NONE) {
            judgeWhileComputerMovePending();
            return;
        }
        if (diffCount == 0) {
            boardMatched();
            return;
        }
        if (tryLegalMoves(Move.NONE)) {
            return;
        }
        boolean casual = settings.game().mode() == Game.Mode.CASUAL;
        if (tryReplaceLastMove() || tryTwoMoves() || (casual ? tryTakeBack() || tryNewGame() : tryNewGame() || tryTakeBack())
                || tryIllegal() || showLiftedPiece()) {
            return;
        }
        mismatch();
    }

    private void judgeWhileComputerMovePending() {
        if (matchesBoard(computerMove) && (Move.captured(computerMove) == 0 || captureEvidence(computerMove))) {
            accept(computerMove, true);
            return;
        }
        if (diffCount == 0) {
            boardMatched();
            return;
        }
        if (diffCount == 1 && !Move.isDrop(computerMove) && diff[0] == Move.from(computerMove)
                && board[diff[0]] == SensorSnapshot.EMPTY) {
            clearMismatch(); // the player has the engine's piece in hand
            showIdle();
            return;
        }
        if ((settings.game().mode() == Game.Mode.CASUAL && tryTakeBack()) || tryNewGame()) {
            return;
        }
        mismatch();
    }

    /** Compare the debounced board with the current position; the differing squares go to {@link #diff}. */
    private void computeDiff() {
        diffCount = 0;
        for (int sq = 0; sq < board.length; sq++) {
            if (board[sq] != SensorSnapshot.readingOf(position.pieceAt(sq), faces)) {
                diff[diffCount++] = sq;
            }
        }
    }

    /** Return true if the board is what {@code move} would make of the current position (squares only). */
    private boolean matchesBoard(int move) {
        if (diffCount == 0 || diffCount > 2) {
            return false;
        }
        int to = Move.to(move);
        if (board[to] != SensorSnapshot.readingOf(Move.pieceAfter(move), faces)) {
            return false;
        }
        if (Move.isDrop(move)) {
            return diffCount == 1 && diff[0] == to;
        }
        int from = Move.from(move);
        if (board[from] != SensorSnapshot.EMPTY) {
            return false;
        }
        for (int i = 0; i < diffCount; i++) {
            if (diff[i] != from && diff[i] != to) {
                return false;
            }
        }
        return true;
    }

    /** Evidence that a capture happened rather than a piece being held in the air above its origin. */
    private boolean captureEvidence(int move) {
        int to = Move.to(move);
        return refilledAfterLift(move) || komadaiEvidence(move)
                || board[to] != SensorSnapshot.readingOf(position.pieceAt(to), faces);
    }

    private boolean refilledAfterLift(int move) {
        return !Move.isDrop(move) && lastPlace[Move.to(move)] > lastLift[Move.from(move)];
    }

    /** The mover's komadai shows the change the move makes: one more of the captured kind, one fewer of the dropped. */
    private boolean komadaiEvidence(int move) {
        Side mover = position.sideToMove();
        if (Move.isDrop(move)) {
            int type = Piece.type(Move.piece(move));
            return komadaiCount(mover, type) == position.handCount(mover, type) - 1;
        }
        int captured = Move.captured(move);
        if (captured == 0) {
            return false;
        }
        int type = Piece.unpromoted(Piece.type(captured));
        return komadaiCount(mover, type) == position.handCount(mover, type) + 1;
    }

    private int komadaiCount(Side side, int type) {
        return komadai[side.index() * Piece.TYPES + type];
    }

    /**
     * Look for legal moves of the current position that fit the board; with {@code sameOrigin} set to a move, only
     * those continuing it (see {@link #tryReplaceLastMove}). Accept one, open a promotion choice, or show an
     * ambiguity. Return true if the board was explained.
     */
    private boolean tryLegalMoves(int continuing) {
        int n = fittingMoves(continuing);
        if (n == 0) {
            return false;
        }
        if (distinctActions(n) > 1) {
            showAmbiguity(n);
            return true;
        }
        if (n == 1) {
            accept(candidates[0], false);
        } else if (faces || settings.promotionWindowMillis() == 0) {
            accept(defaultPromotion(n), false);
        } else {
            startPendingPromotion(defaultPromotion(n));
        }
        return true;
    }

    /**
     * Collect in {@link #candidates} the legal moves that fit the board (continuing {@code continuing}, if set), with
     * evidence for captures, narrowed by komadai evidence and then by refilled targets while several actions remain.
     * Return how many.
     */
    private int fittingMoves(int continuing) {
        if (diffCount == 0 || diffCount > 2) {
            return 0;
        }
        MoveGenerator.generateLegal(position, legal);
        int n = 0;
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if ((continuing == Move.NONE || continues(continuing, m)) && matchesBoard(m)
                    && (Move.captured(m) == 0 || captureEvidence(m))) {
                candidates[n++] = m;
            }
        }
        if (distinctActions(n) > 1) {
            n = keep(n, true);
        }
        if (distinctActions(n) > 1) {
            n = keep(n, false);
        }
        return n;
    }

    /** Of candidates that differ only in promotion, which the board cannot tell apart, the configured default. */
    private int defaultPromotion(int n) {
        return n == 1 || Move.promotes(candidates[0]) == settings.promoteByDefault() ? candidates[0] : candidates[1];
    }

    /**
     * Catch up when two moves were made before the board settled in between (a quick reply, or a sensor glitch that
     * held the settle timer back). Pairs that explain the board count only if both komadai agree, since an empty
     * square can also be read as a drop and its capture; if they all begin with the same action, it is entered.
     */
    private boolean tryTwoMoves() {
        if (diffCount < 2 || diffCount > 4) {
            return false;
        }
        MoveGenerator.generateLegal(position, legal);
        int firstCount = legal.size();
        for (int i = 0; i < firstCount; i++) {
            firstMoves[i] = legal.get(i);
        }
        int[] diffBefore = Arrays.copyOf(diff, diffCount);
        // As for one move: a capture whose target was refilled outweighs captures seen only on the komadai.
        boolean refilledCapture = false;
        for (int i = 0; i < firstCount; i++) {
            int m1 = firstMoves[i];
            refilledCapture |= Move.captured(m1) != 0 && touches(diffBefore, m1) && refilledAfterLift(m1);
        }
        int first = Move.NONE;
        boolean firstCertain = true;
        for (int i = 0; i < firstCount && firstCertain; i++) {
            int m1 = firstMoves[i];
            if (!touches(diffBefore, m1) || Move.captured(m1) != 0
                    && !(refilledCapture ? refilledAfterLift(m1) : captureEvidence(m1))) {
                continue;
            }
            if (!faces && !Move.isDrop(m1) && Move.promotes(m1) != settings.promoteByDefault()
                    && findIn(firstMoves, firstCount, otherPromotion(m1))) {
                continue; // the board cannot show a choice that was never confirmed: take the default
            }
            position.doMove(m1);
            computeDiff();
            int n = fittingMoves(Move.NONE);
            if (n > 0) {
                int m2 = defaultPromotion(n);
                position.doMove(m2);
                boolean komadaiAgrees = komadaiMatches();
                position.undoMove(m2);
                if (komadaiAgrees) {
                    firstCertain = first == Move.NONE || sameAction(first, m1);
                    if (first == Move.NONE || Move.promotes(m1) == settings.promoteByDefault()) {
                        first = m1; // if the reply hid the face, the default choice
                    }
                }
            }
            position.undoMove(m1);
        }
        computeDiff();
        if (first == Move.NONE || !firstCertain) {
            return false;
        }
        // Every explanation starts with the same move: enter it, then judge the rest as one move (which may still
        // be ambiguous, or wait for a promotion choice).
        accept(first, false);
        computeDiff();
        if (!tryLegalMoves(Move.NONE)) {
            mismatch();
        }
        return true;
    }

    private static boolean findIn(int[] moves, int count, int move) {
        for (int i = 0; i < count; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }

    private static boolean touches(int[] squares, int move) {
        for (int sq : squares) {
            if (sq == Move.to(move) || !Move.isDrop(move) && sq == Move.from(move)) {
                return true;
            }
        }
        return false;
    }

    /** Keep the candidates with komadai evidence (or, if {@code byKomadai} is false, a refilled target), when any have it. */
    private int keep(int n, boolean byKomadai) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int m = candidates[i];
            if (byKomadai ? komadaiEvidence(m) : refilledAfterLift(m)) {
                candidates[kept++] = m;
            }
        }
        if (kept == 0) {
            return n;
        }
        // Compacting moved the kept ones to the front; the others are dropped.
        return kept;
    }

    /** Count the physically different actions (origin, destination, piece dropped) among the first n candidates. */
    private int distinctActions(int n) {
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            boolean seen = false;
            for (int j = 0; j < i && !seen; j++) {
                seen = sameAction(candidates[i], candidates[j]);
            }
            if (!seen) {
                distinct++;
            }
        }
        return distinct;
    }

    private static boolean sameAction(int a, int b) {
        return Move.to(a) == Move.to(b) && Move.isDrop(a) == Move.isDrop(b)
                && (Move.isDrop(a) ? Move.piece(a) == Move.piece(b) : Move.from(a) == Move.from(b));
    }

    private static int otherPromotion(int move) {
        return Move.of(Move.from(move), Move.to(move), Move.piece(move), Move.captured(move), !Move.promotes(move));
    }

    private void accept(int move, boolean computer) {
        Side mover = position.sideToMove();
        Violation violation = game.play(mover, move);
        if (violation != null) {
            throw new IllegalStateException("Inference bug. Generated move " + usi(move) + " refused: " + violation.description());
        }
        position.doMove(move);
        lastMoveReplaceable = !computer;
        if (computer) {
            computerMove = Move.NONE;
        }
        clearMismatch();
        listener.accept(new MoveMade(move, usi(move), game.moves().size(), computer));
        game.result().ifPresent(r -> listener.accept(new GameOver(r)));
        boardMatched();
    }

    /** The board equals the position: note a komadai still to update, and say so if the board was wrong before. */
    private boolean komadaiMatches() {
        for (Side side : Side.values()) {
            for (int type : handTypes) {
                if (komadaiCount(side, type) != position.handCount(side, type)) {
                    return false;
                }
            }
        }
        return true;
    }

    private void boardMatched() {
        if (komadaiMatches()) {
            clearMismatch();
            showIdle();
            return;
        }
        if (!correctionShown && computerMove == Move.NONE && showPieceFromKomadai()) {
            mismatchSince = NEVER; // a piece in the hand of the player to move, about to be dropped
            return;
        }
        if (mismatchSince == NEVER) {
            mismatchSince = now; // a komadai not yet updated is a pending correction, not an error
        }
        if (correctionShown) {
            updateCorrection();
        } else {
            showIdle();
        }
    }

    // ---------------------------------------------------------------- promotion gesture (no face sensing)

    private void startPendingPromotion(int move) {
        pendingMove = move;
        pendingDeadline = now + settings.promotionWindowMillis();
        gestureLifted = false;
        clearMismatch();
        listener.accept(new PromotionPending(move, usi(move), Move.promotes(move)));
        showIdle();
    }

    /**
     * A debounced square changed while a promotion is pending. Lifting the piece from its destination and putting
     * it back toggles the choice; any other change means the game goes on, so the move is entered as chosen.
     */
    private void followGesture() {
        int to = Move.to(pendingMove);
        position.doMove(pendingMove);
        computeDiff();
        position.undoMove(pendingMove);
        if (diffCount == 0 && gestureLifted) {
            gestureLifted = false;
            pendingMove = otherPromotion(pendingMove);
            pendingDeadline = now + settings.promotionWindowMillis();
            listener.accept(new PromotionPending(pendingMove, usi(pendingMove), Move.promotes(pendingMove)));
            showIdle();
        } else if (diffCount == 1 && diff[0] == to && board[to] == SensorSnapshot.EMPTY) {
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
        accept(move, false);
        judged = false; // the board may already show more
    }

    // ---------------------------------------------------------------- other explanations of the board

    /**
     * Before the opponent replies, the last move may be superseded by the same piece: a slider pushed further (or
     * pulled back) along the same line, or, with face sensing, the piece turned over on its square.
     */
    private boolean tryReplaceLastMove() {
        List<Integer> moves = game.moves();
        if (!lastMoveReplaceable || moves.isEmpty()) {
            return false;
        }
        int last = moves.get(moves.size() - 1);
        if (Move.isDrop(last)) {
            return false;
        }
        position.undoMove(last);
        computeDiff();
        boolean fits = false;
        MoveGenerator.generateLegal(position, legal);
        for (int i = 0; i < legal.size() && !fits; i++) {
            int m = legal.get(i);
            fits = continues(last, m) && matchesBoard(m) && (Move.captured(m) == 0 || captureEvidence(m));
        }
        position.doMove(last);
        if (!fits) {
            computeDiff();
            return false;
        }
        dropLastMoves(1);
        listener.accept(new MoveReplaced(last, usi(last)));
        computeDiff();
        return tryLegalMoves(last);
    }

    /** Return true if {@code m} could replace {@code last}: same piece and origin, along the same line or turned over. */
    private boolean continues(int last, int m) {
        if (m == last || Move.isDrop(m) || Move.from(m) != Move.from(last)) {
            return false;
        }
        if (Move.to(m) == Move.to(last)) {
            return faces && Move.promotes(m) != Move.promotes(last);
        }
        if (!Piece.isRanged(Piece.type(Move.piece(last)))) {
            return false;
        }
        int from = Move.from(m);
        int df1 = variant.file(Move.to(last)) - variant.file(from);
        int dr1 = variant.rank(Move.to(last)) - variant.rank(from);
        int df2 = variant.file(Move.to(m)) - variant.file(from);
        int dr2 = variant.rank(Move.to(m)) - variant.rank(from);
        boolean line1 = df1 == 0 || dr1 == 0 || Math.abs(df1) == Math.abs(dr1);
        boolean line2 = df2 == 0 || dr2 == 0 || Math.abs(df2) == Math.abs(dr2);
        return line1 && line2 && Integer.signum(df1) == Integer.signum(df2) && Integer.signum(dr1) == Integer.signum(dr2);
    }

    /** The board shows the position before the last move (or the last two): casual mode takes them back. */
    private boolean tryTakeBack() {
        List<Integer> moves = game.moves();
        for (int back = 1; back <= Math.min(2, moves.size()); back++) {
            for (int i = 0; i < back; i++) {
                position.undoMove(moves.get(moves.size() - 1 - i));
            }
            computeDiff();
            boolean fits = diffCount == 0;
            for (int i = 0; i < back && fits; i++) {
                // A drop taken back empties its square, like the first step of capturing the dropped piece:
                // only the piece back on the dropper's komadai tells them apart.
                int m = moves.get(moves.size() - 1 - i);
                if (Move.isDrop(m)) {
                    int type = Piece.type(Move.piece(m));
                    Side dropper = Side.of(Piece.colour(Move.piece(m)));
                    fits = komadaiCount(dropper, type) == position.handCount(dropper, type);
                }
            }
            for (int i = back - 1; i >= 0; i--) {
                position.doMove(moves.get(moves.size() - 1 - i));
            }
            computeDiff();
            if (!fits) {
                continue;
            }
            if (settings.game().mode() == Game.Mode.CASUAL) {
                for (int i = 0; i < back; i++) {
                    int last = moves.get(moves.size() - 1);
                    dropLastMoves(1);
                    listener.accept(new MoveTakenBack(last, usi(last)));
                }
                computerMove = Move.NONE;
                lastMoveReplaceable = false;
                clearMismatch();
                boardMatched();
            } else {
                int last = moves.get(moves.size() - 1);
                Side offender = moves.size() % 2 == 1 ? game.startPosition().sideToMove() : game.startPosition().sideToMove().opponent();
                String what = "taking back " + usi(last) + " (a side moved twice)";
                showIllegal(what, Violation.WRONG_TURN, new int[] {Move.to(last), Move.isDrop(last) ? Move.to(last) : Move.from(last)});
                pendingFoul = () -> recordFoul(() -> game.foul(offender, Violation.WRONG_TURN, what), what, Violation.WRONG_TURN);
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
        if (diffCount == 1 && board[diff[0]] == SensorSnapshot.EMPTY
                && Piece.colour(position.pieceAt(diff[0])) == position.sideToMove().index()) {
            // One piece of the side to move in the air: in a handicap game that can look like a bigger handicap.
            return false;
        }
        for (int i = 0; i < starts.size(); i++) {
            Position start = starts.get(i);
            boolean fits = true;
            for (int sq = 0; sq < board.length && fits; sq++) {
                fits = board[sq] == SensorSnapshot.readingOf(start.pieceAt(sq), faces);
            }
            if (fits && lastChange > gameBeganAt
                    && (!game.moves().isEmpty() || game.isOver() || game.startPosition().key() != start.key())) {
                beginGame(start, startHandicaps.get(i));
                return true;
            }
        }
        return false;
    }

    private void beginGame(Position start, Handicap handicap) {
        pendingMove = Move.NONE;
        gestureLifted = false;
        computerMove = Move.NONE;
        lastMoveReplaceable = false;
        position = start.copy();
        game = new Game(position, settings.game());
        gameBeganAt = now;
        clearMismatch();
        listener.accept(new NewGame(start.copy(), handicap));
        boardMatched();
    }

    /**
     * A piece of the side to move went to an empty square it may not reach, or a piece left the komadai for a square
     * it may not be dropped on (nifu, a dead piece, pawn-drop mate): flag it. In tournament mode it becomes a foul if
     * it is still on the board when the wrong-position time runs out.
     */
    private boolean tryIllegal() {
        Side mover = position.sideToMove();
        int move = Move.NONE;
        if (diffCount == 2) {
            int a = diff[0];
            int b = diff[1];
            if (board[a] != SensorSnapshot.EMPTY) {
                int t = a;
                a = b;
                b = t;
            }
            int piece = position.pieceAt(a);
            if (board[a] == SensorSnapshot.EMPTY && piece != Piece.EMPTY && Piece.colour(piece) == mover.index()
                    && position.pieceAt(b) == Piece.EMPTY && board[b] != SensorSnapshot.EMPTY) {
                move = Move.of(a, b, piece, 0, board[b] == SensorSnapshot.FACE_DOWN);
            }
        } else if (diffCount == 1 && position.pieceAt(diff[0]) == Piece.EMPTY) {
            int dropped = 0;
            for (int type : handTypes) {
                if (komadaiCount(mover, type) == position.handCount(mover, type) - 1) {
                    dropped = dropped == 0 ? type : -1;
                }
            }
            if (dropped > 0) {
                move = Move.drop(Piece.code(dropped, mover.index()), diff[0]);
            }
        }
        if (move == Move.NONE) {
            return false;
        }
        Violation violation = Rules.violation(position, move);
        if (violation == null) {
            return false;
        }
        int illegal = move;
        String what = usi(illegal);
        showIllegal(what, violation, Move.isDrop(move) ? new int[] {Move.to(move)} : new int[] {Move.from(move), Move.to(move)});
        pendingFoul = () -> recordFoul(() -> {
            game.play(mover, illegal);
            return game.result().orElseThrow();
        }, what, violation);
        return true;
    }

    private void showIllegal(String what, Violation violation, int[] squares) {
        illegalSeen = true;
        if (!what.equals(shownIllegal)) {
            shownIllegal = what;
            illegalShown = true;
            foulSince = now;
            listener.accept(new IllegalMove(what, violation, false));
        }
        if (mismatchSince == NEVER) {
            mismatchSince = now;
        }
        if (!correctionShown) {
            leds.clear();
            for (int sq : squares) {
                leds.set(sq, Colour.RED, Pattern.FAST_BLINK);
            }
        } else {
            updateCorrection();
        }
    }

    private void recordFoul(java.util.function.Supplier<GameResult> record, String what, Violation violation) {
        if (settings.game().mode() != Game.Mode.TOURNAMENT || game.isOver()) {
            return;
        }
        GameResult result = record.get();
        listener.accept(new IllegalMove(what, violation, true));
        listener.accept(new GameOver(result));
    }

    /** One piece of the side to move is off its square, or one piece off its komadai: light where it may go. */
    private boolean showLiftedPiece() {
        if (diffCount != 1 || board[diff[0]] != SensorSnapshot.EMPTY) {
            return false;
        }
        int piece = position.pieceAt(diff[0]);
        if (correctionShown || Piece.colour(piece) != position.sideToMove().index()) {
            return false;
        }
        mismatchSince = NEVER; // the player is choosing where to put it, not making a mistake
        leds.clear();
        leds.set(diff[0], Colour.WHITE, Pattern.BLINK);
        MoveGenerator.generateLegal(position, legal);
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (!Move.isDrop(m) && Move.from(m) == diff[0]) {
                leds.set(Move.to(m), Colour.WHITE, Pattern.STEADY);
            }
        }
        return true;
    }

    private boolean showPieceFromKomadai() {
        Side mover = position.sideToMove();
        int taken = 0;
        for (Side side : Side.values()) {
            for (int type : handTypes) {
                int delta = position.handCount(side, type) - komadaiCount(side, type);
                if (delta != 0) {
                    if (side != mover || delta != 1 || taken != 0) {
                        return false;
                    }
                    taken = type;
                }
            }
        }
        leds.clear();
        leds.setKomadai(mover, Colour.WHITE, Pattern.BLINK);
        MoveGenerator.generateLegal(position, legal);
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (Move.isDrop(m) && Piece.type(Move.piece(m)) == taken) {
                leds.set(Move.to(m), Colour.WHITE, Pattern.STEADY);
            }
        }
        return true;
    }

    private void showAmbiguity(int n) {
        List<String> moves = new ArrayList<>();
        leds.clear();
        for (int i = 0; i < n; i++) {
            moves.add(usi(candidates[i]));
            leds.set(Move.to(candidates[i]), Colour.YELLOW, Pattern.FAST_BLINK);
        }
        if (!moves.equals(shownAmbiguity)) {
            shownAmbiguity = moves;
            listener.accept(new MoveAmbiguous(List.copyOf(moves)));
        }
        if (mismatchSince == NEVER) {
            mismatchSince = now;
        }
    }

    // ---------------------------------------------------------------- correction

    private void mismatch() {
        if (mismatchSince == NEVER) {
            mismatchSince = now;
        }
        if (correctionShown) {
            updateCorrection();
        }
    }

    private void complain() {
        correctionShown = true;
        updateCorrection();
    }

    private void updateCorrection() {
        Position target = position;
        if (computerMove != Move.NONE) {
            target = position.copy();
            target.doMove(computerMove);
        }
        Correction correction = Correction.between(board, komadai, target, faces);
        if (!correction.equals(shownCorrection)) {
            shownCorrection = correction;
            listener.accept(new CorrectionNeeded(correction));
        }
        leds.clear();
        boolean first = true;
        for (Correction.Relocation r : correction.relocations()) {
            Pattern p = first ? Pattern.BLINK : Pattern.STEADY;
            leds.set(r.from(), Colour.RED, p);
            leds.set(r.to(), Colour.GREEN, p);
            first = false;
        }
        for (int sq : correction.remove()) {
            leds.set(sq, Colour.RED, Pattern.STEADY);
        }
        for (int sq : correction.place()) {
            leds.set(sq, Colour.GREEN, Pattern.STEADY);
        }
        for (int sq : correction.turnOver()) {
            leds.set(sq, Colour.YELLOW, Pattern.BLINK);
        }
        for (Correction.KomadaiChange k : correction.komadai()) {
            leds.setKomadai(k.side(), k.delta() > 0 ? Colour.GREEN : Colour.RED, Pattern.BLINK);
        }
    }

    private void clearMismatch() {
        boolean said = correctionShown || illegalShown || shownAmbiguity != null;
        mismatchSince = NEVER;
        correctionShown = false;
        shownCorrection = null;
        illegalShown = false;
        shownIllegal = null;
        shownAmbiguity = null;
        pendingFoul = null;
        if (said) {
            listener.accept(new BoardMatched());
        }
    }

    // ---------------------------------------------------------------- LEDs at rest

    private void showIdle() {
        leds.clear();
        List<Integer> moves = game.moves();
        if (pendingMove != Move.NONE) {
            if (!Move.isDrop(pendingMove)) {
                leds.set(Move.from(pendingMove), Colour.GREEN, Pattern.STEADY);
            }
            leds.set(Move.to(pendingMove), Move.promotes(pendingMove) ? Colour.YELLOW : Colour.GREEN, Pattern.BLINK);
        } else if (computerMove != Move.NONE) {
            if (Move.isDrop(computerMove)) {
                leds.setKomadai(position.sideToMove(), Colour.BLUE, Pattern.BLINK);
                leds.set(Move.to(computerMove), Colour.BLUE, Pattern.BLINK);
            } else {
                leds.set(Move.from(computerMove), Colour.BLUE, Pattern.BLINK);
                leds.set(Move.to(computerMove), Colour.BLUE, Pattern.STEADY);
            }
        } else if (!moves.isEmpty()) {
            int last = moves.get(moves.size() - 1);
            if (!Move.isDrop(last)) {
                leds.set(Move.from(last), Colour.GREEN, Pattern.STEADY);
            }
            leds.set(Move.to(last), Colour.GREEN, Pattern.STEADY);
        }
    }

    // ---------------------------------------------------------------- helpers

    /** Rebuild the game without its last {@code n} moves (works in tournament mode too, where Game refuses takebacks). */
    private void dropLastMoves(int n) {
        List<Integer> moves = new ArrayList<>(game.moves());
        Game rebuilt = new Game(game.startPosition(), settings.game());
        for (int i = 0; i < moves.size() - n; i++) {
            rebuilt.play(moves.get(i));
        }
        for (int i = 0; i < n; i++) {
            position.undoMove(moves.get(moves.size() - 1 - i));
        }
        game = rebuilt;
        lastMoveReplaceable = false;
    }

    private int findLegal(int move) {
        MoveGenerator.generateLegal(position, legal);
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (sameAction(m, move) && Move.promotes(m) == Move.promotes(move)) {
                return m;
            }
        }
        return Move.NONE;
    }

    private String usi(int move) {
        return Usi.format(variant, move);
    }
}
