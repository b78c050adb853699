package org.shogibridge.core.record;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/** Runs seeded mutants of a set of originals through {@link MutantOracle} and counts the outcomes by format. */
final class MutationCampaign {
    private final Map<String, EnumMap<MutantOracle.Outcome, Integer>> counts = new TreeMap<>();
    private final List<String> failures = new ArrayList<>();
    private final EnumSet<RecordMutator.Kind> kinds = EnumSet.noneOf(RecordMutator.Kind.class);
    private int cases;

    private MutationCampaign() {
    }

    static MutationCampaign run(List<MutantOracle.Original> originals, int cases, long seed) {
        MutationCampaign campaign = new MutationCampaign();
        Random pick = new Random(seed);
        RecordMutator mutator = new RecordMutator(seed);
        for (int i = 0; i < cases; i++) {
            MutantOracle.Original original = originals.get(pick.nextInt(originals.size()));
            RecordMutator.Mutant mutant = mutator.mutate(original.bytes, null);
            MutantOracle.Verdict verdict = MutantOracle.judge(original, mutant);
            campaign.kinds.add(mutant.kind());
            campaign.count(original.name, verdict.outcome());
            if (verdict.outcome().failed()) {
                campaign.failures.add(verdict.outcome() + " " + original.name + " (" + mutant.kind() + ", "
                        + mutant.description() + "): " + verdict.detail());
            }
        }
        campaign.cases = cases;
        return campaign;
    }

    private void count(String name, MutantOracle.Outcome outcome) {
        String format = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        counts.computeIfAbsent(format, f -> new EnumMap<>(MutantOracle.Outcome.class)).merge(outcome, 1, Integer::sum);
    }

    List<String> failures() {
        return failures;
    }

    /** Return the outcomes that occurred. */
    EnumSet<MutantOracle.Outcome> outcomes() {
        EnumSet<MutantOracle.Outcome> seen = EnumSet.noneOf(MutantOracle.Outcome.class);
        counts.values().forEach(row -> seen.addAll(row.keySet()));
        return seen;
    }

    /** Return the kinds of damage that were tried. */
    EnumSet<RecordMutator.Kind> kinds() {
        return kinds;
    }

    /** Return a Markdown table of outcomes by format (the extension of the mutated file). */
    String table() {
        StringBuilder sb = new StringBuilder("| format |");
        for (MutantOracle.Outcome o : MutantOracle.Outcome.values()) {
            sb.append(' ').append(o.name().toLowerCase(Locale.ROOT).replace('_', ' ')).append(" |");
        }
        sb.append("\n|---|").append("---|".repeat(MutantOracle.Outcome.values().length)).append('\n');
        EnumMap<MutantOracle.Outcome, Integer> total = new EnumMap<>(MutantOracle.Outcome.class);
        counts.forEach((format, row) -> {
            sb.append("| ").append(format).append(" |");
            for (MutantOracle.Outcome o : MutantOracle.Outcome.values()) {
                sb.append(' ').append(row.getOrDefault(o, 0)).append(" |");
                total.merge(o, row.getOrDefault(o, 0), Integer::sum);
            }
            sb.append('\n');
        });
        sb.append("| all (").append(cases).append(") |");
        for (MutantOracle.Outcome o : MutantOracle.Outcome.values()) {
            sb.append(' ').append(total.getOrDefault(o, 0)).append(" |");
        }
        return sb.append('\n').toString();
    }
}
