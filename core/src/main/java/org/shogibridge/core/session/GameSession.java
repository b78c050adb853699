package org.shogibridge.core.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.shogibridge.core.inference.GameView;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.MoveInference;
import org.shogibridge.core.inference.Observation;
import org.shogibridge.core.inference.PendingFoul;
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
import org.shogibridge.core.tsume.TsumeProblem;
import org.shogibridge.core.tsume.TsumeSet;

/**
 * One board's games, end to end, and the one owner of the game in progress: only the session changes the
 * {@link Game}. The {@link MoveInference} reads the board against the game the session tells it ({@link GameView}) and
 * returns what it saw ({@link Observation}); the session decides what each does to the game, as it does with commands
 * (resign, takeback, new game, a declared result), the clock's flag and a computer's answer. The clock runs on the
 * times the observations carry, a computer to move is asked for its move ({@link EngineTurn}) and its answer is shown
 * on the LEDs for the player to carry out, and every ending the rules core knows ends the game. Each change becomes a
 * {@link GameState} at the moment it is made.
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
    /** Who else watches what the board showed (a replay, a benchmark, a test); the game is changed here alone. */
    private Consumer<Observation> observationWatcher = o -> { };

    private long now;
    private long seq;
    private String gameId;
    private Player black;
    private Player white;
    private GameClock clock;
    /** The time control and rules of the game in progress, and of the next one unless a new game brings its own. */
    private TimeControl timeControl;
    private Game.Settings rules;
    // The game, and what the session adds to each of its moves.
    private Game game;
    /** The number of the game in progress, counted from 1: the reader tells a new game by it. */
    private long gameNumber;
    /** The computer's move the board must carry out, or {@link Move#NONE}. */
    private int computerMove = Move.NONE;
    /** When the computer's move to carry out arrived: a person at another board made it then (their clock stops). */
    private long computerMoveAt;
    private String startSfen;
    private String handicapOfGame;
    private final List<PlayedMove> played = new ArrayList<>();
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
    /** Whether the tutor checks a person's moves against the computer in casual games, and its warning in force. */
    private boolean tutorOn;
    private final TutorWarning tutorWarning = new TutorWarning();
    /** The tsume being solved (its set-up, White's komadai as a box), or null in an ordinary game. */
    private TsumeInPlay tsume;

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
        this.inference = new MoveInference(variant, settings.inference(), view());
    }

    /** Watch every observation of the board, after the session applied it (a replay's or a test's view). */
    public void watchObservations(Consumer<Observation> watcher) {
        this.observationWatcher = Objects.requireNonNull(watcher);
    }

    // ---------------------------------------------------------------- starting

    /** Begin the first game: the variant's start position, the last state number {@code seq} (from the journal). */
    public void start(long seq, long nowMillis) {
        this.seq = seq;
        now = nowMillis;
        beginGame(Position.start(variant), null, GameSetup.SAME);
        tellReader();
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
        played.clear();
        Position p = restored.startPosition();
        int previousTo = -1;
        for (int i = 0; i < restored.moves().size(); i++) {
            int move = restored.moves().get(i);
            played.add(PlayedMove.of(p, move, previousTo, saved.moveMillis().get(i)));
            previousTo = Move.to(move);
            p.doMove(move);
        }
        tsume = resumedTsume(white);
        clock = GameClock.restored(timeControl, saved.clock());
        if (!clock.paused() && (!saved.moves().isEmpty() || saved.clock().running() != null)) {
            clock.start(p.sideToMove(), now);
        }
        ended = false;
        foulMove = Move.NONE;
        computerMove = Move.NONE;
        gameNumber++;
        askedPly = -1;
        turnMayHaveChanged = true;
        resumed = true;
        status = BoardStatus.MATCHED;
        tellReader(); // a game the board did not show: it must follow
        outbox.add(new StatusChanged(nextState()));
        flush();
    }

    // ---------------------------------------------------------------- input

    /** Take one scan of the board. */
    public void snapshot(SensorSnapshot snapshot) {
        now = Math.max(now, snapshot.timeMillis());
        playOnIfDue();
        SensorSnapshot read = snapshot;
        if (tsume != null) {
            read = tsume.boxed(snapshot, game, computerMove);
            if (tsume.settingUp() && tsume.setUpRead(read)) {
                if (!tsume.settingUp()) {
                    inference.boardOnline(now); // set up: the board is read against the problem from now on
                }
                outbox.add(new StatusChanged(nextState()));
            }
        }
        inference.process(read);
        applyObservations();
        checkFlag();
        flush();
    }

    /** Let time pass: the inference's timers, and the flag. */
    public void tick(long nowMillis) {
        tick(nowMillis, nowMillis);
    }

    /**
     * Let time pass: the clock and the flag to {@code nowMillis}, the inference's timers (settle, promotion window,
     * wrong position) only to {@code boardReadMillis}, when the board was last read. A board read late (a busy Pi, a
     * report on its way) is judged on what it showed, never on time its readings have not yet covered.
     */
    public void tick(long nowMillis, long boardReadMillis) {
        tick(nowMillis, boardReadMillis, boardReadMillis);
    }

    /**
     * Let time pass, as {@link #tick(long, long)}, with the board read until {@code boardReadMillis} but reported only
     * until {@code boardReportedMillis} (SensorSnapshot#reportedMillis): the promotion window counts no further.
     */
    public void tick(long nowMillis, long boardReadMillis, long boardReportedMillis) {
        now = Math.max(now, nowMillis);
        playOnIfDue();
        inference.tick(Math.min(now, boardReadMillis), boardReportedMillis);
        applyObservations();
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
        if (tutorWarning.open()) {
            now = Math.max(now, nowMillis);
            tutorWarning.hold(answer); // shown once the person plays on
            return true;
        }
        return engineMoved(turn.ply(), answer, nowMillis);
    }

    // ---------------------------------------------------------------- the tutor

    /**
     * Turn the tutor on or off (it warns in casual games against the computer only: never in a tournament); the state
     * says which. A warning in force ends when it is turned off.
     */
    public void tutor(boolean on) {
        if (on == tutorOn) {
            return;
        }
        tutorOn = on;
        if (gameId == null) {
            return; // set before the session starts (the configuration): its first state says so
        }
        if (!on && tutorWarning.open()) {
            playOn();
        } else {
            outbox.add(new StatusChanged(nextState()));
        }
        flush();
    }

    /**
     * The tutor found the person's last move, asked of by {@code turn}, to be a mistake: the computer's reply waits,
     * the LEDs show the way back and the state carries the advice, until the person takes the move back or plays on
     * (a clock press, or {@link TutorWarning#PLAY_ON_MILLIS}). Return false if the question is stale.
     *
     * @param mark        the mark in Japanese and English (悪手, mistake)
     * @param betterMove  the engine's choice in the position before the move
     */
    public boolean tutorWarns(EngineTurn turn, String mark, String markEnglish, int betterMove, long nowMillis) {
        now = Math.max(now, nowMillis);
        if (turn.turn() != askedTurn || !turn.tutor() || isOver() || game.moves().isEmpty()) {
            return false;
        }
        List<Integer> moves = game.moves();
        int last = moves.get(moves.size() - 1);
        Position before = game.position().copy();
        before.undoMove(last);
        int previousTo = moves.size() < 2 ? -1 : Move.to(moves.get(moves.size() - 2));
        TutorAdvice advice = new TutorAdvice(moves.size(), mark, markEnglish, Usi.format(variant, betterMove),
                JapaneseNotation.format(before, betterMove, previousTo, JapaneseNotation.Marks.TRIANGLES));
        tutorWarning.warn(advice, last, before.sideToMove(), variant.squares(), now);
        outbox.add(new StatusChanged(nextState()));
        flush();
        return true;
    }

    private void playOnIfDue() {
        if (tutorWarning.due(now)) {
            playOn();
        }
    }

    /** The person plays on after a warning: the computer's reply, if it has come, is shown. */
    private void playOn() {
        String answer = tutorWarning.end();
        outbox.add(new StatusChanged(nextState()));
        if (answer != null) {
            engineMoved(askedPly, answer, now);
        }
    }

    /** The end of a tsume defender's answer that refutes the attack: {@code "3a2b refutes"}. */
    public static final String REFUTES = " refutes";

    /**
     * A computer's move for {@code ply}, matched by the ply alone (an online opponent, whose site numbers its moves):
     * a move in USI, {@code resign}, or {@code win}. Return false if the answer is stale (the game moved on) or not a
     * legal move. A tsume's defender answers a failed attack with its refutation, the move and {@link #REFUTES}.
     */
    public boolean engineMoved(int ply, String answer, long nowMillis) {
        now = Math.max(now, nowMillis);
        if (ended || game.isOver() || ply != game.moves().size() || ply != askedPly) {
            return false;
        }
        try {
            if (answer.equals("resign")) {
                endGame(g -> g.resign(sideToMove()));
            } else if (answer.equals("win")) {
                endGame(Game::declareImpasse);
            } else if (answer.endsWith(REFUTES)) {
                // a tsume's defender refutes the attack: the defence is played (the board follows it on the LEDs)
                // and the problem ends unsolved
                play(sideToMove(), Usi.parseLegalMove(game.position(), answer.substring(0, answer.length() - REFUTES.length())), true, now);
                if (!game.isOver()) {
                    endGame(g -> g.adjudicate(Side.WHITE, Termination.RESIGNATION, TsumeState.REFUTED));
                }
            } else {
                computerMove = Usi.parseLegalMove(game.position(), answer);
                computerMoveAt = now;
                tellReader(); // shown on the LEDs; only a board that carries it out is read
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
        Position first = start == null ? Position.start(variant) : start.copy();
        requireVariant(first);
        leaveGame();
        beginGame(first, variant == Variant.STANDARD ? Handicap.of(first).orElse(null) : null, setup);
        tellReader(); // the board follows the commanded position
        flush();
    }

    /**
     * Start a tsume of the built-in set: the person (the last game's, else 先手) attacks as Black, the mate solver
     * defends, no clock, casual rules (a takeback is allowed). The LEDs first guide the set-up square by square, from
     * the last game's position when the board showed it (only the differences), else from whatever it shows.
     */
    public void newTsume(TsumeProblem problem, long nowMillis) {
        now = Math.max(now, nowMillis);
        boolean boardShowsGame = status.kind() == BoardStatus.Kind.MATCHED && computerMove == Move.NONE
                && (tsume == null || !tsume.settingUp());
        Position known = boardShowsGame ? game.position() : null;
        Player solver = black.kind() == Player.Kind.HUMAN ? black
                : white.kind() == Player.Kind.HUMAN ? white : Player.human(Player.SENTE);
        leaveGame();
        beginGame(problem.position(), null, new GameSetup(TimeControl.NONE, Game.Mode.CASUAL, solver,
                Player.tsumeDefender(problem.id())));
        tsume = new TsumeInPlay(problem, known, settings.inference(), true);
        inference.boardOffline(); // the set-up guide reads the board until it shows the problem
        outbox.add(new StatusChanged(nextState()));
        tellReader();
        flush();
    }

    /**
     * The tsume a resumed game's defender names (the board shows it already: no set-up), or null in an ordinary game
     * or for a problem no longer in the set.
     */
    private TsumeInPlay resumedTsume(Player defender) {
        if (defender.kind() != Player.Kind.TSUME) {
            return null;
        }
        return TsumeSet.builtIn().byId(defender.command())
                .map(p -> new TsumeInPlay(p, null, settings.inference(), false)).orElse(null);
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
        GameResult result = endGame(g -> g.adjudicate(winner, termination, ARBITER));
        flush();
        return result;
    }

    /**
     * The game ended on an online site, whose moves are the truth: any of {@code siteMoves} (USI, the whole game) the
     * board has not shown yet is played as the opponent's (the board then follows on the LEDs), and the game ends with
     * the site's result, {@code detail} saying where it was decided. Issue 84: a move and the end in one message of the
     * site left the move out of the record and its winner wrong. Return the result.
     *
     * @throws IllegalArgumentException when the site's moves do not continue the board's game, or the winner does not
     *                                  fit the ending
     */
    public GameResult endedOnSite(List<String> siteMoves, Side winner, Termination termination, String detail, long nowMillis) {
        now = Math.max(now, nowMillis);
        requireInProgress();
        Game.requireFitting(winner, termination);
        List<String> own = state().moves();
        if (siteMoves.size() < own.size() || !siteMoves.subList(0, own.size()).equals(own)) {
            throw new IllegalArgumentException("Different games. The site's moves " + siteMoves + " do not continue the board's " + own + ".");
        }
        settlePromotion();
        for (int i = own.size(); i < siteMoves.size() && !game.isOver(); i++) {
            play(sideToMove(), Usi.parseLegalMove(game.position(), siteMoves.get(i)), true, now);
        }
        GameResult result = game.isOver() ? game.result().orElseThrow() : endGame(g -> g.adjudicate(winner, termination, detail));
        tellReader(); // the board follows the game's last position
        flush();
        return result;
    }

    /**
     * Board against board, on the guest board: follow the host's game (docs/remote-play.md). A game of another id
     * begins anew with the host's start, id and set-up (the game being left is filed first); then this game takes the
     * host's moves as {@link GuestSync} says: the host's move just made is shown on the LEDs for the person to carry
     * out, any other difference is made at once and the board follows. Return true if the game changed.
     *
     * @throws IllegalArgumentException "Illegal move. ..." if a host's move does not play here
     */
    public boolean followHost(String id, Position start, GameSetup setup, List<String> hostMoves, long nowMillis) {
        now = Math.max(now, nowMillis);
        boolean changed = false;
        if (!id.equals(gameId)) {
            settlePromotion();
            requireVariant(start);
            leaveGame();
            beginGame(start.copy(), variant == Variant.STANDARD ? Handicap.of(start).orElse(null) : null, setup, id);
            changed = true;
        }
        Side guest = black.hostsTheGame() ? Side.WHITE : Side.BLACK;
        List<String> own = played.stream().map(PlayedMove::usi).toList();
        GuestSync sync = isOver() ? GuestSync.NOTHING
                : GuestSync.of(own, hostMoves, guest, game.startPosition().sideToMove());
        if (sync.takeBack() > 0 || !sync.play().isEmpty()) {
            settlePromotion();
            for (int i = 0; i < sync.takeBack(); i++) {
                withdrawLastMove();
            }
            int last = sync.play().size() - 1;
            for (int i = 0; i < sync.play().size() && !game.isOver(); i++) {
                int move = Usi.parseLegalMove(game.position(), sync.play().get(i));
                if (i == last && sync.showLast()) {
                    computerMove = move; // the person carries it out, as a computer's
                    computerMoveAt = now;
                    askedPly = game.moves().size();
                } else {
                    play(sideToMove(), move, true, now);
                }
            }
            changed = true;
        }
        if (changed) {
            tellReader(); // the board follows, or shows the move to carry out
            outbox.add(new StatusChanged(nextState()));
        }
        flush();
        return changed;
    }

    /** The detail of a result an arbiter declared. */
    public static final String ARBITER = "declared by the arbiter";

    /** The side resigns (null: the side to move). */
    public GameResult resign(Side side, long nowMillis) {
        now = Math.max(now, nowMillis);
        requireInProgress();
        GameResult result = endGame(g -> g.resign(side == null ? g.sideToMove() : side));
        flush();
        return result;
    }

    /** The side to move declares an entering-king win; a declaration that fails loses. */
    public GameResult declareImpasse(long nowMillis) {
        now = Math.max(now, nowMillis);
        requireInProgress();
        GameResult result = endGame(Game::declareImpasse);
        flush();
        return result;
    }

    /**
     * Take back the last move; against a computer, also its move before, so the person is to move again. Return
     * false if there was nothing to take back. The board must follow.
     */
    public boolean takeBack(long nowMillis) {
        now = Math.max(now, nowMillis);
        settlePromotion();
        if (game.moves().isEmpty()) {
            flush();
            return false;
        }
        withdrawLastMove();
        Side toMove = sideToMove();
        if (player(toMove).isComputer() && !player(toMove.opponent()).isComputer() && !game.moves().isEmpty()) {
            withdrawLastMove();
        }
        tellReader(); // the board follows
        flush();
        return true;
    }

    /** Decide a pending optional promotion. Return false if none is pending. */
    public boolean promote(boolean promote, long nowMillis) {
        now = Math.max(now, nowMillis);
        boolean pending = inference.choosePromotion(promote);
        applyObservations();
        flush();
        return pending;
    }

    /** Change who plays; a computer that is now to move is asked. */
    public void setPlayers(Player newBlack, Player newWhite, long nowMillis) {
        now = Math.max(now, nowMillis);
        black = Objects.requireNonNull(newBlack);
        white = Objects.requireNonNull(newWhite);
        if (computerMove != Move.NONE && !player(sideToMove()).isComputer()) {
            computerMove = Move.NONE; // the board is read as a person's move again
            tellReader();
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
        if (tutorWarning.open()) {
            playOn(); // the person plays on: the press says so
            flush();
            return;
        }
        boolean judged = inference.pressed(now);
        applyObservations();
        if (!judged) {
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

    /** Whether the board says when it shows an LED frame ({@link #ledsShown}): see {@link MoveInference#boardAcknowledgesLeds}. */
    public void boardAcknowledgesLeds(boolean acknowledges) {
        inference.boardAcknowledgesLeds(acknowledges);
    }

    /** The board shows {@code frame} as it was at {@code version} since {@code atMillis}. */
    public void ledsShown(LedFrame frame, long version, long atMillis) {
        inference.ledsShown(frame, version, atMillis);
    }

    /** Readings were lost between the last two the board sent: see {@link MoveInference#readingsLost}. */
    public void readingsLost() {
        inference.readingsLost();
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
        if (tsume == null || !tsume.settingUp()) {
            inference.boardOnline(now);
        }
        changeStatus(BoardStatus.MATCHED);
        flush();
    }

    /**
     * The game cannot be kept on disk: accept no move (the board is read, nothing judged) until {@link #storageBack};
     * the status says why.
     */
    public void storageFailed(String problem, long nowMillis) {
        now = Math.max(now, nowMillis);
        inference.pause();
        changeStatus(new BoardStatus(BoardStatus.Kind.HALTED, List.of(), problem));
        flush();
    }

    /** The game can be kept on disk again: the board is judged as it now stands (a move made meanwhile is a move). */
    public void storageBack(long nowMillis) {
        now = Math.max(now, nowMillis);
        inference.resume();
        changeStatus(BoardStatus.MATCHED);
        flush();
    }

    // ---------------------------------------------------------------- queries

    public LedFrame leds() {
        if (tsume != null && tsume.settingUp()) {
            return tsume.setUpLeds();
        }
        return tutorWarning.open() ? tutorWarning.leds() : inference.leds();
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
        if (tsume != null) {
            record.headers().put("表題", "詰将棋 " + tsume.problem().id() + "（" + tsume.problem().japaneseTitle() + "）");
        }
        List<RecordedMove> moves = record.mainLine().moves();
        for (int i = 0; i < moves.size() && i < played.size(); i++) {
            moves.get(i).elapsedMillis(played.get(i).millis());
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

    // ---------------------------------------------------------------- the game's changes: here alone

    /** Apply what the reader saw on the board, in order, then tell it the game as it now is. */
    private void applyObservations() {
        List<Observation> seen = inference.takeObservations();
        if (seen.isEmpty()) {
            return;
        }
        boolean changed = false;
        for (Observation observation : seen) {
            changed |= apply(observation);
            observationWatcher.accept(observation);
        }
        if (changed) {
            tellReader();
        }
    }

    /** Tell the reader the game after a change; what it says then (the board matches again, say) is applied too. */
    private void tellReader() {
        inference.follow(view(), now);
        for (Observation observation : inference.takeObservations()) {
            apply(observation);
            observationWatcher.accept(observation);
        }
    }

    private GameView view() {
        return GameView.of(gameNumber, game, computerMove);
    }

    /** Apply one observation of the board; return true if it changed the game. */
    private boolean apply(Observation observation) {
        turnMayHaveChanged = true;
        if (observation instanceof Observation.MoveShown o) {
            if (!game.isOver()) {
                // A person at another board made the move when it arrived; carrying it out here is this side's time.
                boolean remote = o.computer() && player(game.sideToMove()).kind() == Player.Kind.BOARD;
                play(game.sideToMove(), o.move(), o.computer(), remote ? computerMoveAt : o.atMillis());
            }
            return true;
        } else if (observation instanceof Observation.MoveReplaced) {
            withdrawLastMove(); // the slide went on: its pause is no move
            return true;
        } else if (observation instanceof Observation.MoveTakenBack) {
            if (rules.mode() == Game.Mode.CASUAL) {
                withdrawLastMove();
            }
            return true;
        } else if (observation instanceof Observation.StartPosition o) {
            leaveGame();
            beginGame(o.start(), o.handicap(), GameSetup.SAME);
            return true;
        } else if (observation instanceof Observation.IllegalMove o && o.foul()) {
            recordFoul(o.details());
            return true;
        }
        ReadingStatus.of(observation, game).ifPresent(this::changeStatus);
        if (observation instanceof Observation.LevelChosen o) {
            // the level gesture: every side the built-in engine plays takes the level (a person's side is unchanged)
            black = black.kind() == Player.Kind.ENGINE ? black.withLevel(o.level()) : black;
            white = white.kind() == Player.Kind.ENGINE ? white.withLevel(o.level()) : white;
            askedPly = -1;
            outbox.add(new StatusChanged(nextState()));
        }
        return false;
    }

    /** Play a move the board showed (a legal one), or in tournament mode an illegal one recorded as a foul. */
    private void play(Side mover, int move, boolean computer, long atMillis) {
        Position before = game.position();
        List<Integer> moves = game.moves();
        int previousTo = moves.isEmpty() ? -1 : Move.to(moves.get(moves.size() - 1));
        computerMove = Move.NONE;
        tutorWarning.end();
        Violation violation = game.play(mover, move);
        if (violation != null) {
            if (game.isOver()) { // a foul in tournament mode: the game is lost with the illegal move shown
                foulMove = move;
                fileGame();
            }
            return;
        }
        long spent = clock.moveMade(mover, atMillis);
        PlayedMove last = PlayedMove.of(before, moves.get(moves.size() - 1), previousTo, spent);
        played.add(last);
        status = BoardStatus.MATCHED;
        turnMayHaveChanged = true;
        outbox.add(new MovePlayed(nextState(), moves.size(), last.usi(), last.japanese(), spent, computer));
        if (game.isOver()) {
            fileGame();
        }
    }

    /** Withdraw the last move (in tournament mode too: a slide pushed further, an arbiter's takeback). */
    private void withdrawLastMove() {
        if (game.moves().isEmpty()) {
            return;
        }
        Side mover = sideToMove().opponent();
        game.withdrawLastMove();
        PlayedMove last = played.remove(played.size() - 1);
        clock.moveTakenBack(mover, last.millis(), now);
        computerMove = Move.NONE;
        tutorWarning.end(); // the move warned of is taken back: the reply it held is for a position gone
        ended = false; // a move that ended the game can be taken back, and the game goes on
        askedPly = -1;
        turnMayHaveChanged = true;
        outbox.add(new MoveUndone(nextState(), last.usi()));
    }

    /** The wrong-position time ran out on an illegal board in tournament mode: the offender loses. */
    private void recordFoul(PendingFoul foul) {
        if (rules.mode() != Game.Mode.TOURNAMENT || game.isOver()) {
            return;
        }
        if (foul.move() != Move.NONE) {
            play(foul.offender(), foul.move(), false, now);
        } else {
            game.foul(foul.offender(), foul.violation(), foul.description());
            computerMove = Move.NONE;
            fileGame();
        }
    }

    /** End the game without a move (resignation, time, a declaration, an arbiter); the board is read no further. */
    private GameResult endGame(Function<Game, GameResult> ending) {
        settlePromotion();
        requireInProgress();
        GameResult result = ending.apply(game);
        computerMove = Move.NONE;
        fileGame();
        tellReader();
        return result;
    }

    /** A promotion still being chosen on the board is played as chosen before a command changes the game. */
    private void settlePromotion() {
        if (inference.settlePromotion()) {
            applyObservations();
        }
    }

    /** The game in progress is left for a new one: filed with every move first, unless it ended already. */
    private void leaveGame() {
        if (!ended && !game.moves().isEmpty()) {
            fileGame();
        }
    }

    /** A new game begins from {@code start}, played as {@code setup} says (each part null: as the last game). */
    private void beginGame(Position start, Handicap handicap, GameSetup setup) {
        beginGame(start, handicap, setup, gameIds.get());
    }

    private void beginGame(Position start, Handicap handicap, GameSetup setup, String id) {
        if (setup.timeControl() != null) {
            timeControl = setup.timeControl();
        }
        if (setup.mode() != null) {
            rules = withMode(setup.mode());
        }
        black = setup.black() != null ? setup.black() : black;
        white = setup.white() != null ? setup.white() : white;
        if (tsume != null && tsume.settingUp()) {
            inference.boardOnline(now); // a set-up left unfinished: the board is read against the new game
        }
        tsume = null;
        game = new Game(start, rules);
        gameNumber++;
        startSfen = start.toSfen();
        gameId = id;
        handicapOfGame = handicap == null ? null : handicap.japaneseName();
        played.clear();
        clock = new GameClock(timeControl); // stopped: it starts with the first move, a press or an arbiter
        computerMove = Move.NONE;
        tutorWarning.end();
        ended = false;
        resumed = false;
        foulMove = Move.NONE;
        askedPly = -1;
        turnMayHaveChanged = true;
        status = BoardStatus.MATCHED;
        outbox.add(new GameStarted(nextState(), handicapOfGame));
    }

    /** The game ended, with its result or unfinished (left for a new one): its record goes out to be filed. */
    private void fileGame() {
        tutorWarning.end();
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
        if (black.hostsTheGame() || white.hostsTheGame()) {
            return; // board against board: the host's clock decides, and its end comes with its game
        }
        Side flagged = clock.flagFallen(now);
        if (flagged != null && !isOver()) {
            endGame(g -> g.timeForfeit(flagged));
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
        if (isOver() || computerMove != Move.NONE || inference.pendingPromotion() != Move.NONE) {
            return;
        }
        int ply = game.moves().size();
        Side side = sideToMove();
        Player player = player(side);
        if (player.isComputer() && askedPly != ply) {
            askedPly = ply;
            boolean tutor = tutorOn && rules.mode() == Game.Mode.CASUAL && ply > 0 && player.kind() != Player.Kind.ONLINE
                    && player.kind() != Player.Kind.TSUME && player.kind() != Player.Kind.BOARD
                    && player(side.opponent()).kind() == Player.Kind.HUMAN;
            outbox.add(new EngineTurn(side, player, ply, game.startPosition(), List.copyOf(game.moves()), clock.state(now),
                    timeControl, ++askedTurn, tutor));
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
        return new GameState(number, gameId, variant, startSfen, played, position.sideToMove(), clock.state(now), timeControl, rules.mode(), black, white, outcome, status,
                computerMove == Move.NONE ? null : Usi.format(variant, computerMove), resumed, position, tutorOn, tutorWarning.advice(),
                tsume == null ? null : tsume.state());
    }

    /** The board's rules with the game's mode. */
    private Game.Settings withMode(Game.Mode mode) {
        Game.Settings board = settings.inference().game();
        return new Game.Settings(mode, board.impasseRule(), board.tryRule(), board.maxMoves());
    }

}
