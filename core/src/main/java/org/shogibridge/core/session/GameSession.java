package org.shogibridge.core.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.shogibridge.core.inference.GameKeeper;
import org.shogibridge.core.inference.InferenceEvent;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.MoveInference;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;
import org.shogibridge.core.session.SessionEvent.EngineTurn;
import org.shogibridge.core.session.SessionEvent.GameEnded;
import org.shogibridge.core.session.SessionEvent.GameStarted;
import org.shogibridge.core.session.SessionEvent.MovePlayed;
import org.shogibridge.core.session.SessionEvent.MoveUndone;
import org.shogibridge.core.session.SessionEvent.StatusChanged;

/**
 * One board's games, end to end, and the one owner of the game in progress: the {@link Game} lives here, the
 * {@link MoveInference} reads the board against it and reports every change it sees through the session's
 * {@link GameKeeper}, the clock runs on the times those changes carry, a computer to move is asked for its move
 * ({@link EngineTurn}) and its answer is shown on the LEDs for the player to carry out, and every ending the rules core
 * knows ends the game. Each change becomes a {@link GameState} at the moment it is made.
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
    /** The time control and rules of the game in progress, and of the next one unless a new game brings its own. */
    private TimeControl timeControl;
    private Game.Settings rules;
    /** What the game about to begin changes, set only while a set-up command starts it. */
    private GameSetup nextSetup = GameSetup.SAME;
    // The game, and what the session adds to each of its moves.
    private Game game;
    private String startSfen;
    private String handicapOfGame;
    private final List<String> movesUsi = new ArrayList<>();
    private final List<String> movesJapanese = new ArrayList<>();
    private final List<Long> moveMillis = new ArrayList<>();
    private int foulMove = Move.NONE;
    private BoardStatus status = BoardStatus.MATCHED;
    private boolean resumed;
    /** The game's end is recorded (a result, or unfinished): a {@link GameEnded} went out for it. */
    private boolean ended;
    /** The ply an engine was last asked to move at, so it is asked once per turn. */
    private int askedPly = -1;
    /** The number of the last {@link EngineTurn} asked: only its answer is taken. */
    private long askedTurn;
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
        this.timeControl = settings.timeControl();
        this.rules = settings.inference().game();
        this.clock = new GameClock(timeControl);
        this.game = new Game(Position.start(variant), rules);
        this.startSfen = game.startPosition().toSfen();
        this.inference = new MoveInference(variant, settings.inference(), new Keeper(), this::onInference);
    }

    // ---------------------------------------------------------------- starting

    /** Begin the first game: the variant's start position, the last state number {@code seq} (from the journal). */
    public void start(long seq, long nowMillis) {
        this.seq = seq;
        now = nowMillis;
        beginGame(Position.start(variant), null);
        flush();
    }

    /**
     * Resume an unfinished game saved by the journal: the moves are replayed through the rules on the session's own
     * game (the saved game is not touched), and the board is read against it. The time the daemon was down is charged
     * to nobody; a clock that ran before runs again.
     *
     * @throws IllegalArgumentException "Illegal game. ..." if the saved moves do not play
     */
    public void resume(SavedGame saved, long nowMillis) {
        now = Math.max(now, nowMillis);
        requireVariant(saved.start());
        timeControl = saved.timeControl() != null ? saved.timeControl() : settings.timeControl();
        rules = saved.mode() != null ? withMode(saved.mode()) : settings.inference().game();
        Game restored = Game.replay(saved.start(), rules, saved.moves());
        game = restored;
        startSfen = restored.startPosition().toSfen();
        seq = Math.max(seq, saved.seq());
        gameId = saved.gameId();
        black = saved.black();
        white = saved.white();
        handicapOfGame = variant == Variant.STANDARD ? Handicap.ofBoard(startSfen).map(Handicap::japaneseName).orElse(null) : null;
        movesUsi.clear();
        movesJapanese.clear();
        moveMillis.clear();
        moveMillis.addAll(saved.moveMillis());
        Position p = restored.startPosition();
        int previousTo = -1;
        for (int move : restored.moves()) {
            movesUsi.add(Usi.format(variant, move));
            movesJapanese.add(JapaneseNotation.format(p, move, previousTo, JapaneseNotation.Marks.TRIANGLES));
            previousTo = Move.to(move);
            p.doMove(move);
        }
        clock = GameClock.restored(timeControl, saved.clock());
        if (!clock.paused() && (!saved.moves().isEmpty() || saved.clock().running() != null)) {
            clock.start(p.sideToMove(), now);
        }
        ended = false;
        foulMove = Move.NONE;
        askedPly = -1;
        turnMayHaveChanged = true;
        resumed = true;
        status = BoardStatus.MATCHED;
        inference.gameReplaced();
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
     * A computer answered the question {@code turn}: a move in USI, {@code resign}, or {@code win} (an impasse
     * declaration). Return false if it answers an earlier question (another game, a move taken back, a changed
     * player) or is not a legal move, which the caller should log.
     */
    public boolean engineMoved(EngineTurn turn, String answer, long nowMillis) {
        if (turn.turn() != askedTurn) {
            now = Math.max(now, nowMillis);
            return false;
        }
        return engineMoved(turn.ply(), answer, nowMillis);
    }

    /**
     * A computer's move for {@code ply}, matched by the ply alone (an online opponent, whose site numbers its moves):
     * a move in USI, {@code resign}, or {@code win}. Return false if the answer is stale (the game moved on) or not a
     * legal move.
     */
    public boolean engineMoved(int ply, String answer, long nowMillis) {
        now = Math.max(now, nowMillis);
        if (ended || game.isOver() || ply != game.moves().size() || ply != askedPly) {
            return false;
        }
        try {
            if (answer.equals("resign")) {
                inference.resign(sideToMove());
            } else if (answer.equals("win")) {
                inference.declareImpasse();
            } else {
                int move = Usi.parseLegalMove(game.position(), answer);
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
     * ends first, recorded as unfinished with every move it had.
     */
    public void newGame(Position start, long nowMillis) {
        newGame(start, GameSetup.SAME, nowMillis);
    }

    /**
     * Start a new game set up by command: a position (null for the variant's start) and how it is played. The game
     * being left is filed first, with its own players and clock.
     */
    public void newGame(Position start, GameSetup setup, long nowMillis) {
        now = Math.max(now, nowMillis);
        nextSetup = setup;
        try {
            inference.newGame(start == null ? Position.start(variant) : start);
        } finally {
            nextSetup = GameSetup.SAME;
        }
        flush();
    }

    /**
     * An arbiter declares the result: the winner (null for a draw) and how the game ended. Return the result.
     *
     * @throws IllegalArgumentException "No winner. ..." or "A draw. ..." when the ending and the winner do not agree
     */
    public GameResult declareResult(Side winner, Termination termination, long nowMillis) {
        now = Math.max(now, nowMillis);
        requireInProgress();
        Game.requireFitting(winner, termination); // checked first: a refused declaration changes nothing
        GameResult result = inference.adjudicate(winner, termination, ARBITER);
        flush();
        return result;
    }

    /** The detail of a result an arbiter declared. */
    public static final String ARBITER = "declared by the arbiter";

    /** The side resigns (null: the side to move). */
    public GameResult resign(Side side, long nowMillis) {
        now = Math.max(now, nowMillis);
        requireInProgress();
        GameResult result = inference.resign(side == null ? sideToMove() : side);
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
        Side toMove = sideToMove();
        if (player(toMove).isComputer() && !player(toMove.opponent()).isComputer() && !game.moves().isEmpty()) {
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
        if (inference.expectedComputerMove() != Move.NONE && !player(sideToMove()).isComputer()) {
            inference.cancelComputerMove();
        }
        askedPly = -1;
        turnMayHaveChanged = true;
        outbox.add(new StatusChanged(nextState()));
        flush();
    }

    /**
     * Start the clock of the side to move (a clock button, an arbiter): until the first move or this, nobody's time
     * runs. Return false if it already runs, the game is over or there is no time control.
     */
    public boolean startClock(long nowMillis) {
        now = Math.max(now, nowMillis);
        if ((clock.started() && !clock.paused()) || isOver() || timeControl.unlimited()) {
            return false;
        }
        clock.start(sideToMove(), now);
        outbox.add(new StatusChanged(nextState()));
        flush();
        return true;
    }

    /** An arbiter stops the clock. Return false if it was not running. */
    public boolean pauseClock(long nowMillis) {
        now = Math.max(now, nowMillis);
        if (!clock.pause(now)) {
            return false;
        }
        outbox.add(new StatusChanged(nextState()));
        flush();
        return true;
    }

    /**
     * An arbiter sets a side's main time left.
     *
     * @throws IllegalStateException "No clock. ..." when the game has no time control
     */
    public void adjustClock(Side side, long millis, long nowMillis) {
        now = Math.max(now, nowMillis);
        if (timeControl.unlimited()) {
            throw new IllegalStateException("No clock. This game is played without a time control.");
        }
        clock.adjust(side, millis, now);
        outbox.add(new StatusChanged(nextState()));
        flush();
    }

    /**
     * A side's clock button was pressed: the board is judged at once and a move on it is made at the press
     * (press-to-move); a press with nothing new on the board starts a clock that has not run yet, as on a game clock.
     */
    public void clockPressed(Side side, long nowMillis) {
        now = Math.max(now, nowMillis);
        if (!inference.pressed(now)) {
            startClock(now);
        }
        checkFlag();
        flush();
    }

    /** Whether the game in progress is played under tournament rules (an illegal move loses, no takebacks). */
    public boolean tournament() {
        return rules.mode() == Game.Mode.TOURNAMENT;
    }

    /**
     * Whether a person's move is made only at the clock press that confirms it (tournament mode on a board with clock
     * buttons); otherwise a settled board's move is made after the settle time, a press only making it sooner.
     */
    public void confirmMovesByPress(boolean on) {
        inference.confirmMovesByPress(on);
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

    /**
     * The game cannot be kept on disk: accept no move (the board is not read) until {@link #storageBack}; the status
     * says why.
     */
    public void storageFailed(String problem, long nowMillis) {
        now = Math.max(now, nowMillis);
        inference.boardOffline();
        changeStatus(new BoardStatus(BoardStatus.Kind.HALTED, List.of(), problem));
        flush();
    }

    /** The game can be kept on disk again: the board is re-read, and any difference is corrected, never taken as a move. */
    public void storageBack(long nowMillis) {
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
        GameRecord record = GameRecord.of(game.startPosition(), game.moves(), game.result().orElse(null), foulMove);
        record.headers().put(GameRecord.BLACK, black.name());
        record.headers().put(GameRecord.WHITE, white.name());
        if (!timeControl.unlimited()) { // no clock: no 持ち時間 (CSA has no form for "none")
            record.headers().put("持ち時間", timeControl.describeJapanese());
        }
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
        return game.isOver();
    }

    private Player player(Side side) {
        return side == Side.BLACK ? black : white;
    }

    private Side sideToMove() {
        return game.sideToMove();
    }

    // ---------------------------------------------------------------- the game's changes, as the inference reports them

    /** Every change of the game, from the board or a command, arrives here while the inference is at work. */
    private final class Keeper implements GameKeeper {
        @Override
        public Game game() {
            return game;
        }

        @Override
        public Violation play(Side mover, int move, boolean computer, long atMillis) {
            Position before = game.position();
            List<Integer> moves = game.moves();
            int previousTo = moves.isEmpty() ? -1 : Move.to(moves.get(moves.size() - 1));
            Violation violation = game.play(mover, move);
            if (violation != null) {
                if (game.isOver()) { // a foul in tournament mode: the game is lost with the illegal move shown
                    foulMove = move;
                    fileGame();
                }
                return violation;
            }
            int played = moves.get(moves.size() - 1);
            long spent = clock.moveMade(mover, atMillis);
            String japanese = JapaneseNotation.format(before, played, previousTo, JapaneseNotation.Marks.TRIANGLES);
            movesUsi.add(Usi.format(variant, played));
            movesJapanese.add(japanese);
            moveMillis.add(spent);
            status = BoardStatus.MATCHED;
            turnMayHaveChanged = true;
            outbox.add(new MovePlayed(nextState(), moves.size(), movesUsi.get(movesUsi.size() - 1), japanese, spent, computer));
            if (game.isOver()) {
                fileGame();
            }
            return null;
        }

        @Override
        public void withdrawLastMove(boolean replaced, long atMillis) {
            if (game.moves().isEmpty()) {
                return;
            }
            Side mover = sideToMove().opponent();
            game.withdrawLastMove();
            String usi = movesUsi.remove(movesUsi.size() - 1);
            movesJapanese.remove(movesJapanese.size() - 1);
            long spent = moveMillis.remove(moveMillis.size() - 1);
            clock.moveTakenBack(mover, spent, now);
            ended = false; // a move that ended the game can be taken back, and the game goes on
            askedPly = -1;
            turnMayHaveChanged = true;
            outbox.add(new MoveUndone(nextState(), usi));
        }

        @Override
        public GameResult end(Function<Game, GameResult> ending, long atMillis) {
            GameResult result = ending.apply(game);
            fileGame();
            return result;
        }

        @Override
        public void begin(Position start, Handicap handicap, long atMillis) {
            if (!ended && !game.moves().isEmpty()) {
                fileGame(); // the game being left is filed, with every move, before the new one replaces it
            }
            beginGame(start, handicap == null ? null : handicap.japaneseName());
        }
    }

    /** What the board shows compared with the game; the game's own changes came through the {@link Keeper}. */
    private void onInference(InferenceEvent event) {
        turnMayHaveChanged = true;
        if (event instanceof InferenceEvent.PromotionPending e) {
            changeStatus(new BoardStatus(BoardStatus.Kind.PROMOTION_PENDING, List.of(square(Move.to(e.move()))),
                    e.usi() + (e.promote() ? " promoting" : " not promoting"), promotionQuestion(e.move())));
        } else if (event instanceof InferenceEvent.IllegalMove e && !e.foul()) {
            List<String> squares = new ArrayList<>();
            if (e.details().move() != Move.NONE) {
                if (!Move.isDrop(e.details().move())) {
                    squares.add(square(Move.from(e.details().move())));
                }
                squares.add(square(Move.to(e.details().move())));
            }
            changeStatus(new BoardStatus(BoardStatus.Kind.ILLEGAL_MOVE, squares,
                    e.description() + ": " + e.violation().description(), illegalInJapanese(e.details().move(), e.violation())));
        } else if (event instanceof InferenceEvent.CorrectionNeeded e) {
            changeStatus(CorrectionText.status(variant, e.correction()));
        } else if (event instanceof InferenceEvent.MoveAmbiguous e) {
            changeStatus(new BoardStatus(BoardStatus.Kind.AMBIGUOUS, e.candidates(), String.join(" ", e.candidates()),
                    candidatesInJapanese(e.candidates())));
        } else if (event instanceof InferenceEvent.BoardMatched) {
            changeStatus(BoardStatus.MATCHED);
        } else if (event instanceof InferenceEvent.LevelChosen e) {
            // the level gesture: every side the built-in engine plays takes the level (a person's side is unchanged)
            black = black.kind() == Player.Kind.ENGINE ? black.withLevel(e.level()) : black;
            white = white.kind() == Player.Kind.ENGINE ? white.withLevel(e.level()) : white;
            askedPly = -1;
            outbox.add(new StatusChanged(nextState()));
        }
    }

    private void beginGame(Position start, String handicap) {
        if (nextSetup.timeControl() != null) {
            timeControl = nextSetup.timeControl();
        }
        if (nextSetup.mode() != null) {
            rules = withMode(nextSetup.mode());
        }
        black = nextSetup.black() != null ? nextSetup.black() : black;
        white = nextSetup.white() != null ? nextSetup.white() : white;
        game = new Game(start, rules);
        startSfen = start.toSfen();
        gameId = gameIds.get();
        handicapOfGame = handicap;
        movesUsi.clear();
        movesJapanese.clear();
        moveMillis.clear();
        clock = new GameClock(timeControl); // stopped: it starts with the first move, a press or an arbiter
        ended = false;
        resumed = false;
        foulMove = Move.NONE;
        askedPly = -1;
        turnMayHaveChanged = true;
        status = BoardStatus.MATCHED;
        outbox.add(new GameStarted(nextState(), handicap));
    }

    /** The game ended, with its result or unfinished (left for a new one): its record goes out to be filed. */
    private void fileGame() {
        clock.stop(now);
        ended = true;
        turnMayHaveChanged = true;
        GameRecord record = record();
        if (!game.isOver()) {
            record.mainLine().ending(Ending.INTERRUPTION); // 中断 in KIF, %CHUDAN in CSA: left, not decided
        }
        outbox.add(new GameEnded(nextState(), record));
    }

    private void changeStatus(BoardStatus newStatus) {
        if (!newStatus.equals(status)) {
            status = newStatus;
            outbox.add(new StatusChanged(nextState()));
        }
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
        int ply = game.moves().size();
        Side side = sideToMove();
        Player player = player(side);
        if (player.isComputer() && askedPly != ply) {
            askedPly = ply;
            outbox.add(new EngineTurn(side, player, ply, game.startPosition(), List.copyOf(game.moves()), clock.state(now),
                    timeControl, ++askedTurn));
        }
    }

    private void requireInProgress() {
        if (isOver()) {
            throw new IllegalStateException("Game over. " + game.result().orElseThrow().describe() + ".");
        }
    }

    private void requireVariant(Position start) {
        if (start.variant() != variant) {
            throw new IllegalArgumentException("Wrong variant. The board is " + variant + ", the game " + start.variant() + ".");
        }
    }

    private GameState nextState() {
        return buildState(++seq);
    }

    private GameState buildState(long number) {
        Position position = game.position();
        GameState.Outcome outcome = null;
        if (ended) {
            outcome = game.result().map(r -> new GameState.Outcome(r.winner(),
                    r.termination().name().toLowerCase(Locale.ROOT), r.detail()))
                    .orElse(new GameState.Outcome(null, "unfinished", ""));
        }
        int expected = inference.expectedComputerMove();
        return new GameState(number, gameId, variant, startSfen, movesUsi, movesJapanese, moveMillis,
                position.sideToMove(), clock.state(now), timeControl, rules.mode(), black, white, outcome, status,
                expected == Move.NONE ? null : Usi.format(variant, expected), resumed, position);
    }

    // ---------------------------------------------------------------- a status in a player's words

    /** 「▲２三歩 成りますか」: the move the board shows, asked about its promotion. */
    private String promotionQuestion(int move) {
        int promoting = Move.of(Move.from(move), Move.to(move), Move.piece(move), Move.captured(move), true);
        String text = inJapanese(promoting);
        return (text.endsWith("成") ? text.substring(0, text.length() - 1) : text) + " 成りますか";
    }

    /** 「▲５五歩打 (二歩)」: the illegal move as the board shows it, and the rule it breaks. */
    private String illegalInJapanese(int move, org.shogibridge.core.rules.Violation violation) {
        return move == Move.NONE ? violation.japanese() : inJapanese(move) + " (" + violation.japanese() + ")";
    }

    /** 「▲７七角 か ▲７七桂」: the moves the board may show. */
    private String candidatesInJapanese(List<String> candidates) {
        List<String> moves = new ArrayList<>();
        for (String usi : candidates) {
            try {
                moves.add(inJapanese(Usi.parseLegalMove(game.position(), usi)));
            } catch (IllegalArgumentException e) {
                moves.add(usi); // not a move of this position: shown as the board reported it
            }
        }
        return String.join(" か ", moves);
    }

    /** A move of the current position in Japanese notation; an illegal one by its squares and piece. */
    private String inJapanese(int move) {
        List<Integer> moves = game.moves();
        int previousTo = moves.isEmpty() ? -1 : Move.to(moves.get(moves.size() - 1));
        try {
            return JapaneseNotation.format(game.position(), move, previousTo, JapaneseNotation.Marks.TRIANGLES);
        } catch (RuntimeException e) { // a move the rules refuse may not be one the notation can name
            return JapaneseNotation.square(variant, Move.to(move));
        }
    }

    /** The board's rules with the game's mode. */
    private Game.Settings withMode(Game.Mode mode) {
        Game.Settings board = settings.inference().game();
        return new Game.Settings(mode, board.impasseRule(), board.tryRule(), board.maxMoves());
    }

    private String square(int sq) {
        return Usi.square(variant, sq);
    }
}
