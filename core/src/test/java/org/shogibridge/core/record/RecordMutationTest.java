package org.shogibridge.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.testing.RandomGames;

/**
 * The mutation property on this module's own records (no fixtures needed): the test records and random games of
 * every variant, written in all seven formats, damaged with a fixed seed ({@link RecordMutator}), and judged by
 * {@link MutantOracle}. Every kind of damage must occur and both outcomes (rejected, read) must occur, so that a
 * reader that rejected everything, or read everything, would fail.
 */
class RecordMutationTest {
    private static final int CASES = 4000;

    @Test
    void damagedRecordsAreRejectedWithFileAndLineOrReadToWhatTheyStillState() {
        List<MutantOracle.Original> originals = new ArrayList<>();
        List<GameRecord> games = new ArrayList<>();
        for (String name : new String[] {"jt201409130101.kif", "fork.ki2", "ryuou201409020101.jkf", "foul-017.kif", "v22.csa"}) {
            originals.add(new MutantOracle.Original(name, TestRecords.bytes(name)));
            games.add(TestRecords.read(name));
        }
        Random random = new Random(13);
        for (Variant variant : Variant.values()) {
            GameRecord game = new GameRecord(Position.start(variant));
            RecordBuilder builder = new RecordBuilder(game);
            for (int move : RandomGames.game(variant, random.nextLong(), 60)) {
                builder.play(move).elapsedMillis(1000L * random.nextInt(100));
            }
            game.mainLine().ending(Ending.RESIGNATION);
            games.add(game);
        }
        for (int i = 0; i < games.size(); i++) {
            for (RecordFormat format : RecordFormat.values()) {
                originals.add(new MutantOracle.Original("game" + i + "." + format.extension(), format.encode(games.get(i))));
            }
        }
        MutationCampaign campaign = MutationCampaign.run(originals, CASES, 20261123L);
        assertEquals(List.of(), campaign.failures().stream().limit(10).toList(), campaign.table());
        EnumSet<MutantOracle.Outcome> seen = campaign.outcomes();
        assertTrue(seen.containsAll(EnumSet.of(MutantOracle.Outcome.REJECTED, MutantOracle.Outcome.READ_SAME,
                MutantOracle.Outcome.READ_WITHIN_DAMAGE)), campaign.table());
        assertEquals(EnumSet.allOf(RecordMutator.Kind.class), campaign.kinds(), "every kind of damage was tried");
    }
}
