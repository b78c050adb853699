package org.shogibridge.core.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.core.inference.Correction;
import org.shogibridge.core.inference.InferenceEvent;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.MoveInference;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.SessionEvent.EngineTurn;
import org.shogibridge.core.session.SessionEvent.GameEnded;
import org.shogibridge.core.session.SessionEvent.GameStarted;
import org.shogibridge.core.session.SessionEvent.MovePlayed;
import org.shogibridge.core.session.SessionEvent.MoveUndone;
import org.shogibridge.core.session.SessionEvent.StatusChanged;

/**
 * One board's games, end to end: snapshots go to the {@link MoveInference}, its events become {@link GameState}s, the
 * clock runs on the times the events carry, a computer to move is asked for its move ({@link EngineTurn}) and its
 * answer is shown on the LEDs for the player to carry out, and every ending the rules core knows ends the game.
 *
 * <p>Pure and single-threaded like the inference: time is passed in, and events go to the listener on the caller's
 * thread after each call's work is done. The daemon's board loop owns a session; engine answers and commands reach
 * it through that loop.
 */
public final class GameSession {
    private final SessionSettings settings;
    private final Variant variant;
    private final Supplier<String> gameIds;
    private final Consumer<SessionEvent> listener;
    private final MoveInference inference;
    private final List<SessionEvent> outbox = new ArrayList<>();

    private long now;
    private long seq;
    private String gameId;
    private Player black;
    private Player white;
    private GameClock clock;
    private final List<Long> moveMillis = new ArrayList<>();
    private final List<String> movesJapanese = new ArrayList<>();
    private BoardStatus status = BoardStatus.MATCHED;
    private boolean resumed;
    private boolean ended;
    private int foulMove = Move.NONE;
    /** The ply an engine was last asked to move at, so it is asked once per turn. */
    private int askedPly = -1;
    private String handicapOfGame;
    /** Something changed since the last look for a computer's turn (idle ticks skip the look, allocating nothing). */
    private boolean turnMayHaveChanged = true;

    /**
     * A session on a board showing the variant's start position; {@link #start} or {@link #resume} begins play.
     *
     * @param gameIds gives each new game its id (the daemon uses the date, time and board)
     */
    public GameSession(SessionSettings settings, Supplier<String> gameIds, Consumer<SessionEvent> listener) {
        this.settings = settings;
        this.variant = settings.variant();
        this.gameIds = gameIds;
        this.listener = Objects.requireNonNull(listener);
        this.black = settings.black();
        this.white = settings.white();
        this.clock = new GameClock(settings.timeControl());
        this.inference = new MoveInference(variant, settings.inference(), this::onInference);
    }

    // ---------------------------------------------------------------- starting

    /** Begin the first game: the variant's start position, the last state number {@code seq} (from the journal). */
    public void start(long seq, long nowMillis) {
        this.seq = seq;
        now = nowMillis;
        beginGame(Position.start(variant), null);
        flush();
    }

    /** Resume an unfinished game saved by the journal; the time the daemon was down is charged to nobody. */
    public void resume(SavedGame saved, long nowMillis) {
        now = nowMillis;
        inference.resume(saved.start(), saved.moves());
        seq = saved.seq();
        gameId = saved.gameId();
        black = saved.black();
        white = saved.white();
        moveMillis.clear();
        moveMillis.addAll(saved.moveMillis());
        movesJapanese.clear();
        Position p = saved.start();
        int previousTo = -1;
        for (int move : saved.moves()) {
            movesJapanese.add(JapaneseNotation.format(p, move, previousTo, JapaneseNotation.Marks.TRIANGLES));
            previousTo = Move.to(move);
            p.doMove(move);
        }
        clock = GameClock.restored(settings.timeControl(), saved.clock());
        clock.start(p.sideToMove(), now);
        ended = false;
        foulMove = Move.NONE;
        askedPly = -1;
        turnMayHaveChanged = true;
        resumed = true;
        status = BoardStatus.MATCHED;
        outbox.add(new StatusChanged(nextState()));
        flush();
    }

    // ---------------------------------------------------------------- input

    /** Take one scan of the board. */
    public void snapshot(SensorSnapshot snapshot) {
        now = Math.max(now, snapshot.timeMillis());
        inference.process(snapshot);
        checkFlag();
        flush();
    }

    /** Let time pass: the inference's timers, and the flag. */
    public void tick(long nowMillis) {
        now = Math.max(now, nowMillis);
        inference.tick(now);
        checkFlag();
        flush();
    }

    /**
     * A computer answered for {@code ply}: a move in USI, {@code resign}, or {@code win} (an impasse declaration).
     * Return false if the answer is stale (the game moved on) or not a legal move, which the caller should log.
     */
    public boolean engineMoved(int ply, String answer, long nowMillis) {
        now = Math.max(now, nowMillis);
        if (ended || ply != inference.moves().size() || ply != askedPly) {
            return false;
        }
        Side side = inference.position().sideToMove();
        try {
            if (answer.equals("resign")) {
                inference.resign(side);
            } else if (answer.equals("win")) {
                inference.declareImpasse();
            } else {
                int move = Usi.parseLegalMove(inference.position(), answer);
                inference.expectComputerMove(move);
                outbox.add(new StatusChanged(nextState()));
            }
        } catch (IllegalArgumentException e) { // an unreadable or illegal answer (SfenException)
            return false;
        } finally {
            flush();
        }
        return true;
    }

    // ---------------------------------------------------------------- commands

    /**
     * Start a new game from a position (null for the variant's start); the board must follow. An unfinished game
     * ends first, recorded as unfinished.
     */
    public void newGame(Position start, long nowMillis) {
        now = Math.max(now, nowMillis);
        inference.newGame(start == null ? Position.start(variant) : start);
        flush();
    }

    /** The side resigns (null: the side to move). */
    public GameResult resign(Side side, long nowMillis) {
        now = Math.max(now, nowMillis);
        requireInProgress();
        GameResult result = inference.resign(side == null ? inference.position().sideToMove() : side);
        flush();
        return result;
    }

    /** The side to move declares an entering-king win; a declaration that fails loses. */
    public GameResult declareImpasse(long nowMillis) {
        now = Math.max(now, nowMillis);
        requireInProgress();
        GameResult result = inference.declareImpasse();
        flush();
        return result;
    }

    /**
     * Take back the last move; against a computer, also its move before, so the person is to move again. Return
     * false if there was nothing to take back. The board must follow.
     */
    public boolean takeBack(long nowMillis) {
        now = Math.max(now, nowMillis);
        if (!inference.takeBack()) {
            flush();
            return false;
        }
        Side toMove = inference.position().sideToMove();
        if (player(toMove).isComputer() && !player(toMove.opponent()).isComputer() && !inference.moves().isEmpty()) {
            inference.takeBack();
        }
        flush();
        return true;
    }

    /** Decide a pending optional promotion. Return false if none is pending. */
    public boolean promote(boolean promote, long nowMillis) {
        now = Math.max(now, nowMillis);
        boolean pending = inference.choosePromotion(promote);
        flush();
        return pending;
    }

    /** Change who plays; a computer that is now to move is asked. */
    public void setPlayers(Player newBlack, Player newWhite, long nowMillis) {
        now = Math.max(now, nowMillis);
        black = Objects.requireNonNull(newBlack);
        white = Objects.requireNonNull(newWhite);
        if (inference.expectedComputerMove() != Move.NONE && !player(inference.position().sideToMove()).isComputer()) {
            inference.cancelComputerMove();
        }
        askedPly = -1;
        turnMayHaveChanged = true;
        outbox.add(new StatusChanged(nextState()));
        flush();
    }

    /** The board stopped reporting. */
    public void boardOffline(long nowMillis) {
        now = Math.max(now, nowMillis);
        inference.boardOffline();
        changeStatus(BoardStatus.OFFLINE);
        flush();
    }

    /** The board reports again: it is re-read, and any difference is corrected, never taken as a move. */
    public void boardOnline(long nowMillis) {
        now = Math.max(now, nowMillis);
        inference.boardOnline();
        changeStatus(BoardStatus.MATCHED);
        flush();
    }

    // ---------------------------------------------------------------- queries

    public LedFrame leds() {
        return inference.leds();
    }

    /** Return the current state (with the same sequence number as the last change). */
    public GameState state() {
        return buildState(seq);
    }

    /** Return the game so far as a record, with players, times and, once over, its ending. */
    public GameRecord record() {
        GameRecord record = GameRecord.of(inference.startPosition(), inference.moves(), inference.result().orElse(null), foulMove);
        record.headers().put(GameRecord.BLACK, black.name());
        record.headers().put(GameRecord.WHITE, white.name());
        record.headers().put("持ち時間", settings.timeControl().describeJapanese());
        if (handicapOfGame != null) {
            record.headers().put("手合割", handicapOfGame);
        }
        List<RecordedMove> moves = record.mainLine().moves();
        for (int i = 0; i < moves.size() && i < moveMillis.size(); i++) {
            moves.get(i).elapsedMillis(moveMillis.get(i));
        }
        return record;
    }

    public boolean isOver() {
        return inference.result().isPresent();
    }

    private Player player(Side side) {
        return side == Side.BLACK ? black : white;
    }

    // ---------------------------------------------------------------- from the inference

    private void onInference(InferenceEvent event) {
        turnMayHaveChanged = true;
        if (event instanceof InferenceEvent.NewGame e) {
            if (!ended && !moveMillis.isEmpty()) {
                endUnfinished(); // a game abandoned by setting up a new one is recorded as unfinished
            }
            beginGame(e.start(), e.handicap() == null ? null : e.handicap().japaneseName());
        } else if (event instanceof InferenceEvent.MoveMade e) {
            moveMade(e);
        } else if (event instanceof InferenceEvent.MoveTakenBack e) {
            moveUndone(e.usi());
        } else if (event instanceof InferenceEvent.MoveReplaced e) {
            moveUndone(e.replacedUsi());
        } else if (event instanceof InferenceEvent.PromotionPending e) {
            changeStatus(new BoardStatus(BoardStatus.Kind.PROMOTION_PENDING, List.of(square(Move.to(e.move()))),
                    e.usi() + (e.promote() ? " promoting" : " not promoting")));
        } else if (event instanceof InferenceEvent.IllegalMove e) {
            if (e.foul()) {
                foulMove = e.details().move();
            } else {
                List<String> squares = new ArrayList<>();
                if (e.details().move() != Move.NONE) {
                    if (!Move.isDrop(e.details().move())) {
                        squares.add(square(Move.from(e.details().move())));
                    }
                    squares.add(square(Move.to(e.details().move())));
                }
                changeStatus(new BoardStatus(BoardStatus.Kind.ILLEGAL_MOVE, squares,
                        e.description() + ": " + e.violation().description()));
            }
        } else if (event instanceof InferenceEvent.CorrectionNeeded e) {
            changeStatus(correctionStatus(e.correction()));
        } else if (event instanceof InferenceEvent.MoveAmbiguous e) {
            changeStatus(new BoardStatus(BoardStatus.Kind.AMBIGUOUS, e.candidates(), String.join(" ", e.candidates())));
        } else if (event instanceof InferenceEvent.BoardMatched) {
            changeStatus(BoardStatus.MATCHED);
        } else if (event instanceof InferenceEvent.GameOver e) {
            clock.stop(now);
            ended = true;
            outbox.add(new GameEnded(nextState(), record()));
        }
    }

    private void beginGame(Position start, String handicap) {
        gameId = gameIds.get();
        handicapOfGame = handicap;
        moveMillis.clear();
        movesJapanese.clear();
        clock = new GameClock(settings.timeControl());
        clock.start(start.sideToMove(), now);
        ended = false;
        resumed = false;
        foulMove = Move.NONE;
        askedPly = -1;
        status = BoardStatus.MATCHED;
        outbox.add(new GameStarted(nextState(), handicap));
    }

    private void endUnfinished() {
        clock.stop(now);
        ended = true;
        outbox.add(new GameEnded(nextState(), record()));
    }

    private void moveMade(InferenceEvent.MoveMade e) {
        List<Integer> moves = inference.moves();
        // Events arrive after the inference's work: the game may already be further than this move.
        Position before = inference.startPosition();
        for (int i = 0; i < e.ply() - 1; i++) {
            before.doMove(moves.get(i));
        }
        Side mover = before.sideToMove();
        long spent = clock.moveMade(mover, e.atMillis());
        int previousTo = e.ply() >= 2 ? Move.to(moves.get(e.ply() - 2)) : -1;
        String japanese = JapaneseNotation.format(before, e.move(), previousTo, JapaneseNotation.Marks.TRIANGLES);
        moveMillis.add(spent);
        movesJapanese.add(japanese);
        status = BoardStatus.MATCHED;
        outbox.add(new MovePlayed(nextState(e.ply()), e.ply(), e.usi(), japanese, spent, e.computer()));
    }

    private void moveUndone(String usi) {
        if (!moveMillis.isEmpty()) {
            long spent = moveMillis.remove(moveMillis.size() - 1);
            movesJapanese.remove(movesJapanese.size() - 1);
            Side mover = moveMillis.size() % 2 == 0 ? inference.startPosition().sideToMove()
                    : inference.startPosition().sideToMove().opponent();
            clock.moveTakenBack(mover, spent, now);
        }
        askedPly = -1;
        outbox.add(new MoveUndone(nextState(), usi));
    }

    private void changeStatus(BoardStatus newStatus) {
        if (!newStatus.equals(status)) {
            status = newStatus;
            outbox.add(new StatusChanged(nextState()));
        }
    }

    private BoardStatus correctionStatus(Correction c) {
        List<String> squares = new ArrayList<>();
        StringBuilder detail = new StringBuilder();
        for (Correction.Relocation r : c.relocations()) {
            squares.add(square(r.from()));
            squares.add(square(r.to()));
            detail.append(detail.length() > 0 ? ", " : "").append("move ").append(square(r.from())).append(" to ").append(square(r.to()));
        }
        for (int sq : c.remove()) {
            squares.add(square(sq));
            detail.append(detail.length() > 0 ? ", " : "").append("remove ").append(square(sq));
        }
        for (int sq : c.place()) {
            squares.add(square(sq));
            detail.append(detail.length() > 0 ? ", " : "").append("fill ").append(square(sq));
        }
        for (int sq : c.turnOver()) {
            squares.add(square(sq));
            detail.append(detail.length() > 0 ? ", " : "").append("turn over ").append(square(sq));
        }
        for (Correction.KomadaiChange k : c.komadai()) {
            detail.append(detail.length() > 0 ? ", " : "").append(k.side() == Side.BLACK ? "black" : "white")
                    .append(" komadai ").append(k.delta() > 0 ? "+" : "").append(k.delta()).append(' ')
                    .append(org.shogibridge.core.rules.Piece.letter(k.type()));
        }
        return new BoardStatus(BoardStatus.Kind.CORRECTION_NEEDED, squares, detail.toString());
    }

    // ---------------------------------------------------------------- after each call

    private void checkFlag() {
        Side flagged = clock.flagFallen(now);
        if (flagged != null && !isOver()) {
            inference.timeForfeit(flagged);
        }
    }

    /** Ask a computer to move if it is its turn and it was not asked yet; then deliver the events. */
    private void flush() {
        askEngineIfItsTurn();
        while (!outbox.isEmpty()) {
            List<SessionEvent> events = new ArrayList<>(outbox);
            outbox.clear();
            for (SessionEvent event : events) {
                listener.accept(event);
            }
        }
    }

    private void askEngineIfItsTurn() {
        if (!turnMayHaveChanged) {
            return;
        }
        turnMayHaveChanged = false;
        if (isOver() || inference.expectedComputerMove() != Move.NONE || inference.pendingPromotion() != Move.NONE) {
            return;
        }
        int ply = inference.moves().size();
        Side side = inference.position().sideToMove();
        Player player = player(side);
        if (player.isComputer() && askedPly != ply) {
            askedPly = ply;
            outbox.add(new EngineTurn(side, player, ply, inference.startPosition(), List.copyOf(inference.moves()), clock.state(now)));
        }
    }

    private void requireInProgress() {
        if (isOver()) {
            throw new IllegalStateException("Game over. " + inference.result().orElseThrow().describe() + ".");
        }
    }

    private GameState nextState() {
        return buildState(++seq);
    }

    /** The state as it was right after move {@code ply}, while later moves wait in the inference's queue. */
    private GameState nextState(int ply) {
        return buildState(++seq, ply);
    }

    private GameState buildState(long number) {
        return buildState(number, inference.moves().size());
    }

    private GameState buildState(long number, int plies) {
        List<Integer> moves = inference.moves();
        Position start = inference.startPosition();
        Position p = start.copy();
        List<String> usi = new ArrayList<>(plies);
        for (int i = 0; i < plies; i++) {
            usi.add(Usi.format(variant, moves.get(i)));
            p.doMove(moves.get(i));
        }
        GameState.Outcome outcome = null;
        if (ended) {
            outcome = inference.result().map(r -> new GameState.Outcome(r.winner(),
                    r.termination().name().toLowerCase(Locale.ROOT), r.detail()))
                    .orElse(new GameState.Outcome(null, "unfinished", ""));
        }
        int expected = inference.expectedComputerMove();
        return new GameState(number, gameId, variant, start.toSfen(), p.toSfen(), usi,
                movesJapanese.subList(0, Math.min(plies, movesJapanese.size())),
                moveMillis.subList(0, Math.min(plies, moveMillis.size())), p.sideToMove(), clock.state(now),
                settings.timeControl(), black, white, outcome, status,
                expected == Move.NONE || plies != moves.size() ? null : Usi.format(variant, expected), resumed);
    }

    private String square(int sq) {
        return Usi.square(variant, sq);
    }
}
