package org.shogibridge.core.inference;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/** A scripted sensor board driving a {@link MoveInference} at 200 Hz: tests say what the hands do. */
final class TestBoard {
    static final int SCAN = 5;

    final Variant variant;
    final InferenceSettings settings;
    final List<InferenceEvent> events = new ArrayList<>();
    final StandaloneGame game;
    final MoveInference inference;
    /** Called with each event after it is recorded, on the inference's delivery: a test's listener. */
    java.util.function.Consumer<InferenceEvent> hook = e -> { };
    final SensorSnapshot snapshot;
    private long time;

    /** A board showing the variant's start position, already judged. */
    TestBoard(Variant variant, InferenceSettings settings) {
        this.variant = variant;
        this.settings = settings;
        this.game = new StandaloneGame(Position.start(variant), settings.game());
        this.inference = new MoveInference(variant, settings, game, e -> {
            events.add(e);
            hook.accept(e);
        });
        this.snapshot = SensorSnapshot.of(Position.start(variant), settings.faceSensing());
        settle();
    }

    /** A board set to a position (SFEN) by command, with the pieces put there. */
    TestBoard(String sfen, Variant variant, InferenceSettings settings) {
        this(variant, settings);
        Position p = Sfen.parse(variant, sfen);
        inference.newGame(p);
        snapshot.show(p, settings.faceSensing());
        settle();
        events.clear();
    }

    /** Restart with a saved game, as the daemon does after a crash: the board must follow. */
    void resume(Position start, List<Integer> moves) {
        game.replace(org.shogibridge.core.rules.Game.replay(start, settings.game(), moves));
        inference.gameReplaced();
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
            inference.process(snapshot);
            time += SCAN;
        }
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

    /** The moves entered so far, in USI. */
    List<String> moves() {
        List<String> out = new ArrayList<>();
        for (int m : inference.moves()) {
            out.add(Usi.format(variant, m));
        }
        return out;
    }

    List<InferenceEvent> events() {
        return events;
    }

    @SuppressWarnings("unchecked")
    <E extends InferenceEvent> List<E> events(Class<E> type) {
        List<E> out = new ArrayList<>();
        for (InferenceEvent e : events) {
            if (type.isInstance(e)) {
                out.add((E) e);
            }
        }
        return out;
    }

}
