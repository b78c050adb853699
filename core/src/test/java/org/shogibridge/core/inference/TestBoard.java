package org.shogibridge.core.inference;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SavedGame;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;

/**
 * A scripted sensor board at 200 Hz read by a {@link GameSession} between two people, as the daemon reads one: tests
 * say what the hands do, and look at what the reader observed and at the game the session made of it.
 */
final class TestBoard {
    static final int SCAN = 5;

    final Variant variant;
    final InferenceSettings settings;
    final List<Observation> events = new ArrayList<>();
    /** The scan time at which each observation was made, in step with {@link #events}. */
    final List<Long> eventTimes = new ArrayList<>();
    final List<SessionEvent> sessionEvents = new ArrayList<>();
    final GameSession session;
    final SensorSnapshot snapshot;
    private long time;

    /** A board showing the variant's start position, already judged. */
    TestBoard(Variant variant, InferenceSettings settings) {
        this(variant, settings, true);
    }

    /** A board showing the variant's start position, not yet read: the daemon just started. */
    static TestBoard unread(Variant variant, InferenceSettings settings) {
        return new TestBoard(variant, settings, false);
    }

    private TestBoard(Variant variant, InferenceSettings settings, boolean read) {
        this.variant = variant;
        this.settings = settings;
        this.session = new GameSession(new SessionSettings(variant, settings, TimeControl.NONE, Player.human(Player.SENTE),
                Player.human(Player.GOTE)), () -> "test", sessionEvents::add);
        session.watchObservations(e -> {
            events.add(e);
            eventTimes.add(time);
        });
        session.start(0, 0);
        this.snapshot = SensorSnapshot.of(Position.start(variant), settings.faceSensing());
        if (read) {
            settle();
        }
    }

    /** A board set to a position (SFEN) by command, with the pieces put there. */
    TestBoard(String sfen, Variant variant, InferenceSettings settings) {
        this(variant, settings);
        Position p = Sfen.parse(variant, sfen);
        session.newGame(p, time);
        snapshot.show(p, settings.faceSensing());
        settle();
        events.clear();
        eventTimes.clear();
    }

    /** Restart with a saved game, as the daemon does after a crash: the board must follow. */
    void resume(Position start, List<Integer> moves) {
        GameState state = session.state();
        List<Long> times = java.util.Collections.nCopies(moves.size(), 0L);
        session.resume(new SavedGame("resumed", state.seq(), start, moves, times, state.clock(), state.black(), state.white(),
                state.timeControl(), state.mode()), time);
    }

    /** The computer playing the side to move answers {@code usi}: the board shows it, and reads only that move. */
    void computerAnswers(String usi) {
        Side side = session.state().sideToMove();
        Player computer = Player.engine(1);
        session.setPlayers(side == Side.BLACK ? computer : session.state().black(),
                side == Side.WHITE ? computer : session.state().white(), time);
        SessionEvent.EngineTurn turn = null;
        for (SessionEvent e : sessionEvents) {
            if (e instanceof SessionEvent.EngineTurn t) {
                turn = t;
            }
        }
        if (turn == null || !session.engineMoved(turn, usi, time)) {
            throw new IllegalStateException("The computer's move " + usi + " was refused.");
        }
    }

    /** People play both sides again: a computer's move still to carry out is forgotten. */
    void peoplePlay() {
        session.setPlayers(Player.human(Player.SENTE), Player.human(Player.GOTE), time);
    }

    int square(String name) {
        return Usi.parseSquare(variant, name);
    }

    TestBoard lift(String square) {
        snapshot.reading(square(square), SensorSnapshot.EMPTY);
        return scan(SCAN * 12);
    }

    TestBoard place(String square) {
        snapshot.reading(square(square), settings.faceSensing() ? SensorSnapshot.FACE_UP : SensorSnapshot.OCCUPIED);
        return scan(SCAN * 12);
    }

    TestBoard place(String square, byte reading) {
        snapshot.reading(square(square), reading);
        return scan(SCAN * 12);
    }

    TestBoard komadai(Side side, int type, int delta) {
        snapshot.komadai(side, type, snapshot.komadai(side, type) + delta);
        return scan(SCAN * 12);
    }

    /** Move a piece from one square to another, lifting first. */
    TestBoard slide(String from, String to) {
        byte reading = snapshot.reading(square(from));
        lift(from);
        return place(to, reading);
    }

    /** Scan the unchanged board for a while. */
    TestBoard scan(long millis) {
        for (long t = 0; t < millis; t += SCAN) {
            snapshot.timeMillis(time);
            session.snapshot(snapshot);
            time += SCAN;
        }
        return this;
    }

    /**
     * The loop's clock runs on while the board's reports wait unread (a busy link thread): ticks up to now, with the
     * board read only as far as its last scan.
     */
    TestBoard ticksWithoutReports(long millis) {
        long boardRead = time - SCAN;
        for (long t = 0; t < millis; t += SCAN) {
            session.tick(time, boardRead);
            time += SCAN;
        }
        return this;
    }

    /**
     * The board stalled: its last readings are handed on as of now, and say they were reported at the last scan (what
     * FirmwareBoard does for a heartbeat and a little, between a board's reports).
     */
    TestBoard heldWithoutReports(long millis) {
        long reported = time - SCAN;
        for (long t = 0; t < millis; t += SCAN) {
            snapshot.timeMillis(time).reportedMillis(reported);
            session.snapshot(snapshot);
            time += SCAN;
        }
        return this;
    }

    /** Time passes with nothing run at all (the whole Pi busy). */
    TestBoard busy(long millis) {
        time += millis;
        return this;
    }

    /** Reports that waited, read at once: {@code scans} scans of the square's new reading, all stamped now. */
    TestBoard readAtOnce(String square, byte reading, int scans) {
        snapshot.reading(square(square), reading);
        snapshot.timeMillis(time);
        for (int i = 0; i < scans; i++) {
            session.snapshot(snapshot);
        }
        time += SCAN;
        return this;
    }

    /** The board says it shows the session's LED frame as it is now (a board that acknowledges its LEDs). */
    TestBoard ledsShown() {
        session.ledsShown(session.leds(), session.leds().version(), time);
        return this;
    }

    /** The time of the next scan. */
    long time() {
        return time;
    }

    /** Let the settle timer run out. */
    TestBoard settle() {
        return scan(settings.settleMillis() + 100);
    }

    /** Let the wrong-position timer run out. */
    TestBoard waitWrongPosition() {
        return scan(settings.wrongPositionMillis() + 100);
    }

    /** One snapshot with the square flipped, then back: a one-scan flicker. */
    TestBoard flicker(String square) {
        int sq = square(square);
        byte was = snapshot.reading(sq);
        snapshot.reading(sq, was == SensorSnapshot.EMPTY ? SensorSnapshot.OCCUPIED : SensorSnapshot.EMPTY);
        scan(SCAN);
        snapshot.reading(sq, was);
        return this;
    }

    /** The moves of the session's game so far, in USI. */
    List<String> moves() {
        return session.state().moves();
    }

    /** The session's current position. */
    Position position() {
        return session.state().position();
    }

    LedFrame leds() {
        return session.leds();
    }

    /** The game's result, or null while it goes on. */
    GameState.Outcome result() {
        return session.state().result();
    }

    List<Observation> events() {
        return events;
    }

    /** The scan time at which the first observation of this kind was made. */
    long timeOfFirst(Class<? extends Observation> type) {
        for (int i = 0; i < events.size(); i++) {
            if (type.isInstance(events.get(i))) {
                return eventTimes.get(i);
            }
        }
        throw new AssertionError("No " + type.getSimpleName() + " in " + events);
    }

    /** The scan time at which the last observation of this kind was made. */
    long timeOfLast(Class<? extends Observation> type) {
        for (int i = events.size() - 1; i >= 0; i--) {
            if (type.isInstance(events.get(i))) {
                return eventTimes.get(i);
            }
        }
        throw new AssertionError("No " + type.getSimpleName() + " in " + events);
    }

    @SuppressWarnings("unchecked")
    <E extends Observation> List<E> events(Class<E> type) {
        List<E> out = new ArrayList<>();
        for (Observation e : events) {
            if (type.isInstance(e)) {
                out.add((E) e);
            }
        }
        return out;
    }
}
