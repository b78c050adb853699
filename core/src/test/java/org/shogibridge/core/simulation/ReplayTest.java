package org.shogibridge.core.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogibridge.core.inference.Observation;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.testing.RandomGames;

/**
 * Random games are hard on the inference: captures everywhere, drops of every kind, promotions declined at random.
 * Each is played by the simulated hands and must come back move for move.
 */
class ReplayTest {
    static Stream<Arguments> games() {
        return Stream.of(Variant.values()).flatMap(v -> Stream.of(0.0, 0.05).flatMap(noise ->
                Stream.of(false, true).flatMap(faces -> Stream.of(1L, 2L).map(seed -> Arguments.of(v, noise, faces, seed)))));
    }

    @ParameterizedTest(name = "{0} noise {1} faces {2} seed {3}")
    @MethodSource("games")
    void randomGamesReplayExactly(Variant variant, double noise, boolean faces, long seed) {
        GameRecord record = new GameRecord(Position.start(variant));
        for (int move : RandomGames.game(variant, 100 * seed + variant.ordinal(), 150)) {
            record.mainLine().moves().add(new RecordedMove(move));
        }
        Replay.Result result = Replay.run(record, InferenceSettings.defaults().withFaceSensing(faces), noise, seed);
        assertEquals("replayed " + record.mainLine().moves().size() + "/" + record.mainLine().moves().size()
                + " moves, 0 mismatches", result.summary());
        assertTrue(result.usiLine().startsWith("position "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("handicaps")
    void aHandicapSetUpOnTheBoardIsRecognised(Handicap handicap) {
        GameRecord record = new GameRecord(handicap.startPosition());
        Position p = handicap.startPosition();
        for (String usi : new String[] {"5c5d", "7g7f", "5a4b"}) {
            int move = Usi.parseLegalMove(p, usi);
            record.mainLine().moves().add(new RecordedMove(move));
            p.doMove(move);
        }
        Replay.Result result = Replay.run(record, InferenceSettings.defaults(), 0.01, 5);
        assertEquals("replayed 3/3 moves, 0 mismatches", result.summary());
        assertEquals(handicap, result.events().stream().filter(e -> e instanceof Observation.StartPosition)
                .map(e -> ((Observation.StartPosition) e).handicap()).findFirst().orElseThrow());
    }

    static Stream<Handicap> handicaps() {
        return Stream.of(Handicap.values());
    }
}
