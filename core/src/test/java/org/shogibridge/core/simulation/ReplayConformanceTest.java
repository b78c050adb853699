package org.shogibridge.core.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.shogibridge.core.fixtures.SharedFixtures;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.RecordFormatException;

/**
 * Conformance: every game under {@code ../shared/fixtures/records} is played by the simulated hands and read back by
 * the move inference at noise 0, 0.01 and 0.05, with seeds 1 and 2, with and without face sensing (promotions by
 * gesture when without), and must come back move for move: K = N and E = 0.
 */
class ReplayConformanceTest {
    private static final double[] NOISE = {0, 0.01, 0.05};
    private static final long[] SEEDS = {1, 2};

    private record Setting(double noise, long seed, boolean faces) {
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureGameReplaysExactly() throws IOException {
        return SharedFixtures.testsOrSkipped(ReplayConformanceTest::replays);
    }

    private static Stream<DynamicTest> replays(Path fixtures) throws IOException {
        Path records = fixtures.resolve("records");
        List<Path> files = SharedFixtures.recordFiles(records);
        List<Setting> settings = new ArrayList<>();
        for (double noise : NOISE) {
            for (long seed : SEEDS) {
                settings.add(new Setting(noise, seed, false));
                settings.add(new Setting(noise, seed, true));
            }
        }
        return files.stream().map(f -> {
            String name = records.relativize(f).toString().replace('\\', '/');
            return DynamicTest.dynamicTest(name, () -> {
                GameRecord record;
                try {
                    record = RecordFormat.read(name, Files.readAllBytes(f));
                } catch (RecordFormatException e) {
                    return; // the broken fixtures RecordConformanceTest expects to be rejected
                }
                int n = record.mainLine().moves().size();
                List<String> failures = settings.parallelStream().map(s -> {
                    Replay.Result r = Replay.run(record, InferenceSettings.defaults().withFaceSensing(s.faces()), s.noise(), s.seed());
                    return r.identical() == n && r.mismatches() == 0 ? null : s + ": " + r.summary();
                }).filter(java.util.Objects::nonNull).toList();
                assertEquals(List.of(), failures, name);
            });
        });
    }
}
