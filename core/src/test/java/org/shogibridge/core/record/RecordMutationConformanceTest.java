package org.shogibridge.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.fixtures.SharedFixtures;

/**
 * Conformance fuzzing: every fixture record, as it is and written in each of the seven output formats, is damaged
 * at random ({@link RecordMutator}) and read again; {@link MutantOracle} judges each mutant. The run is seeded,
 * so a failure repeats. {@code -Drecords.fuzz.cases=100000 -Drecords.fuzz.seed=S} runs a longer campaign (the
 * figures in docs/records.md).
 */
class RecordMutationConformanceTest {
    private static final int CASES = Integer.getInteger("records.fuzz.cases", 6000);
    private static final long SEED = Long.getLong("records.fuzz.seed", 20261123L);

    @Test
    void damagedRecordsAreRejectedWithFileAndLineOrReadToWhatTheyStillState() throws IOException {
        Path records = SharedFixtures.require().resolve("records");
        List<MutantOracle.Original> originals = new ArrayList<>();
        for (Path file : SharedFixtures.recordFiles(records)) {
            String name = records.relativize(file).toString().replace('\\', '/');
            byte[] bytes = Files.readAllBytes(file);
            GameRecord record;
            try {
                record = RecordFormat.read(name, bytes);
            } catch (RecordFormatException e) {
                continue; // the fixtures broken on purpose (RecordConformanceTest)
            }
            originals.add(new MutantOracle.Original(name, bytes));
            for (RecordFormat format : RecordFormat.values()) {
                originals.add(new MutantOracle.Original(name + "." + format.extension(), format.encode(record)));
            }
        }
        MutationCampaign campaign = MutationCampaign.run(originals, CASES, SEED);
        System.out.println(campaign.table());
        campaign.failures().stream().limit(200).forEach(System.out::println);
        assertEquals(List.of(), campaign.failures().stream().limit(20).toList(),
                campaign.failures().size() + " of " + CASES + " mutants failed (first 20 shown)");
    }
}
