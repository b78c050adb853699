package org.shogibridge.core.simulation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.MoveInference;
import org.shogibridge.core.inference.Observation;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;

/**
 * Feeds a recorded game through the {@link HumanSimulator} and a {@link GameSession} (whose {@link MoveInference}
 * reads the board), and compares the game the session played with the record.
 */
public final class Replay {
    /** Scans per second of the simulated board. */
    public static final int SCAN_MILLIS = 5;

    /**
     * The outcome.
     *
     * @param inferred  the game as the session played it from the board
     * @param identical inferred moves identical to the record's move of the same number (K)
     * @param recorded  moves in the record (N)
     * @param mismatches inferred moves that differ from the record's or go beyond it (E)
     * @param events    every observation the board's reader made
     */
    public record Result(GameRecord inferred, int identical, int recorded, int mismatches, List<Observation> events) {
        /** The inferred game as a USI {@code position} line, without the line end. */
        public String usiLine() {
            return UsiRecord.write(inferred).strip();
        }

        /** The summary line: {@code replayed K/N moves, E mismatches}. */
        public String summary() {
            return "replayed " + identical + "/" + recorded + " moves, " + mismatches + " mismatches";
        }
    }

    private Replay() {
    }

    /** Replay the main line of a record with this noise and seed. */
    public static Result run(GameRecord record, InferenceSettings settings, double noise, long seed) {
        return run(record, settings, noise, seed, UnaryOperator.identity());
    }

    /**
     * Replay the main line through a board: {@code board} takes the inference's input and returns what the simulated
     * hands feed, so that each snapshot can go through sensors, buses and drivers on its way.
     */
    public static Result run(GameRecord record, InferenceSettings settings, double noise, long seed,
            UnaryOperator<Consumer<SensorSnapshot>> board) {
        Position start = record.startPosition();
        Variant variant = start.variant();
        List<Observation> events = new ArrayList<>();
        GameSession session = new GameSession(new SessionSettings(variant, settings, TimeControl.NONE,
                Player.human(Player.SENTE), Player.human(Player.GOTE)), () -> "replay", e -> { });
        session.watchObservations(events::add);
        session.start(0, 0);
        HumanSimulator player = new HumanSimulator(variant, settings, noise, seed, SCAN_MILLIS, board.apply(session::snapshot));
        player.watch(session.leds());
        if (!setUpRecognisably(start)) {
            session.newGame(start, 0); // a composed or continued position: the operator enters it, the board follows
        }
        player.setUp(start);
        int[] moves = record.mainLine().moveArray();
        Position p = start.copy();
        for (int move : moves) {
            player.play(p, move);
            p.doMove(move);
        }
        player.idle(settings.promotionWindowMillis() + settings.wrongPositionMillis());

        GameRecord played = session.record();
        List<Integer> inferredMoves = Arrays.stream(played.mainLine().moveArray()).boxed().toList();
        GameRecord inferred = GameRecord.of(played.startPosition(), inferredMoves, null, Move.NONE);
        int identical = 0;
        int mismatches = 0;
        for (int i = 0; i < inferredMoves.size(); i++) {
            int move = inferredMoves.get(i);
            if (i < moves.length && move == moves[i]) {
                identical++;
            } else {
                mismatches++;
            }
        }
        return new Result(inferred, identical, moves.length, mismatches, events);
    }

    /** A start the board itself announces: the variant's start or a standard handicap, with empty komadai. */
    private static boolean setUpRecognisably(Position start) {
        for (Side side : Side.values()) {
            for (int type : start.variant().handTypes()) {
                if (start.handCount(side, type) != 0) {
                    return false;
                }
            }
        }
        Position even = Position.start(start.variant());
        return start.key() == even.key()
                || start.variant() == Variant.STANDARD && Handicap.ofBoard(start.toSfen())
                        .map(h -> h.startPosition().key() == start.key()).orElse(false);
    }
}
