package org.shogibridge.device.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.simulation.Replay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code replay}: plays a recorded game by simulated hands on a simulated sensor board, reads it back with the move
 * inference, and prints the game it inferred and how it compares with the record.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Replay a record through the human simulator and the move inference.",
                "Prints the inferred game as a USI position line, then 'replayed K/N moves, E mismatches'."})
public final class ReplayCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--noise", paramLabel = "P", defaultValue = "0",
            description = "Per scan, the probability that a random square flickers; also sets contact bounce (default 0).")
    private double noise;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the simulated hands and noise (default 1).")
    private long seed;

    @Option(names = "--face-sensing", description = "Squares sense which face is up; otherwise promotions use the gesture.")
    private boolean faceSensing;

    @Option(names = "--variant", paramLabel = "V",
            description = "standard, okisaki or minishogi; the record must be of this variant (default: the record's).")
    private String variant;

    @Parameters(index = "0", paramLabel = "RECORD", description = "A game record in any supported format.")
    private Path input;

    @Override
    public Integer call() throws IOException {
        if (!(noise >= 0 && noise <= 1)) {
            throw new IllegalArgumentException("Bad option. --noise must be between 0 and 1, not " + noise);
        }
        GameRecord record = RecordFiles.read(input);
        if (variant != null && Variant.byId(variant) != record.variant()) {
            throw new IllegalArgumentException("Wrong variant. " + input + " is a " + record.variant()
                    + " game, not " + Variant.byId(variant));
        }
        InferenceSettings settings = InferenceSettings.defaults().withFaceSensing(faceSensing);
        Replay.Result result = Replay.run(record, settings, noise, seed);
        PrintWriter out = spec.commandLine().getOut();
        out.println(result.usiLine());
        out.println(result.summary());
        out.flush();
        return result.identical() == result.recorded() && result.mismatches() == 0 ? 0 : 1;
    }
}
