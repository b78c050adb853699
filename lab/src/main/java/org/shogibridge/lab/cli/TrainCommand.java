package org.shogibridge.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.device.usi.WeightsFile;
import org.shogibridge.lab.learning.EvalTrainer;
import org.shogibridge.lab.learning.SelfPlay;
import org.shogibridge.lab.teach.SampleFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code train}: learn evaluation weights from {@code selfplay} positions. */
@Command(name = "train", mixinStandardHelpOptions = true,
        description = {"Learn evaluation weights from positions written by 'selfplay' or 'teach' and write them to a file "
                + "that 'usi' loads with the option EvalFile.", "See docs/ENGINE.md, \"How the evaluation was trained\"."})
public final class TrainCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "DATA", arity = "1..*",
            description = "Position files from 'selfplay', or directories of 'teach' shards (.tsv, .tsv.gz).")
    private List<Path> data;

    @Option(names = "--weights", paramLabel = "FILE", description = "Weights to start from (default built in).")
    private Path start;

    @Option(names = "--hand-made", description = "Start from the hand-made evaluation instead.")
    private boolean handMade;

    @Option(names = "--lambda", defaultValue = "0.5", description = "Weight of the search score in the target (default 0.5).")
    private double lambda;

    @Option(names = "--epochs", defaultValue = "300", description = "Passes over the positions (default 300).")
    private int epochs;

    @Option(names = "--rate", defaultValue = "1.0", description = "Step size in evaluation units (default 1.0).")
    private double rate;

    @Option(names = "--pull", defaultValue = "1e-7", description = "Pull towards the starting weights (default 1e-7).")
    private double pull;

    @Option(names = "--held-out", defaultValue = "0.1", description = "Fraction of positions (the last ones) kept to measure fit.")
    private double heldOut;

    @Option(names = "--early-stop", description = "Keep the weights of the epoch that predicted the held-out positions best.")
    private boolean earlyStop;

    @Option(names = "--batch", defaultValue = "0",
            description = "Positions per step, shuffled each epoch (default 0: one step on all of them).")
    private int batch;

    @Option(names = "--scale-per-source", description = {"Fit the score scale of each DATA path on its own and bring its",
            "scores to the first one's: one teacher per path, for mixing teachers whose centipawns differ (gpsusi's",
            "are about twice Fairy-Stockfish's)."})
    private boolean scalePerSource;

    @Option(names = "--scale", paramLabel = "S", description = {"Hold the evaluation's logistic scale at S instead of",
            "fitting it to the results of the positions given (to go on learning on the scale a set was trained at)."})
    private Double fixedScale;

    @Option(names = "--score-scale", paramLabel = "S", description = {"Hold the teacher's logistic scale at S instead of",
            "fitting it to the results of the positions given: the targets then mean what they meant for an earlier set."})
    private Double fixedScoreScale;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "Where to write the learned weights.")
    private Path out;

    @Override
    public Integer call() throws IOException {
        if (earlyStop && !(heldOut > 0)) {
            throw new IllegalArgumentException("Bad option. --early-stop needs positions held out (--held-out above 0).");
        }
        if (epochs < 1 || !(rate > 0) || !(lambda >= 0 && lambda <= 1) || !(pull >= 0) || !(heldOut >= 0 && heldOut < 1)
                || batch < 0) {
            throw new IllegalArgumentException("Bad option. --epochs must be 1 or more, --rate above 0, --lambda from 0 to 1, "
                    + "--pull 0 or more, --held-out from 0 to below 1 and --batch 0 or more.");
        }
        if (fixedScale != null && !(fixedScale > 0) || fixedScoreScale != null && !(fixedScoreScale > 0)) {
            throw new IllegalArgumentException("Bad option. --scale and --score-scale must be above 0.");
        }
        PrintWriter console = spec.commandLine().getOut();
        List<SelfPlay.Sample> samples = scalePerSource ? onTheFirstSourcesScale(console) : SampleFiles.readAll(data);
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("No training data. " + data + " hold no positions.");
        }
        EvalWeights initial = handMade ? EvalWeights.handMade() : WeightsFile.read(start);
        double scale = fixedScale != null ? fixedScale : EvalTrainer.bestScale(samples, initial);
        double scoreScale = fixedScoreScale != null ? fixedScoreScale : EvalTrainer.bestScoreScale(samples);
        EvalTrainer trainer = new EvalTrainer(samples, lambda, scoreScale, heldOut);
        EvalTrainer.Fit before = trainer.fit(initial, scale);
        console.printf(Locale.ROOT, "%d positions, scale %.0f, score scale %.0f; error before: training %.5f, held out %.5f%n",
                samples.size(), scale, scoreScale, before.trainingError(), before.heldOutError());
        console.flush();
        EvalTrainer.Settings settings = new EvalTrainer.Settings(scale, lambda, pull, rate, epochs, earlyStop, batch);
        EvalWeights learned = trainer.train(initial, settings, epoch -> {
            if (epoch % 50 == 0) {
                console.printf(Locale.ROOT, "epoch %d%n", epoch);
                console.flush();
            }
        });
        EvalTrainer.Fit after = trainer.fit(learned, scale);
        console.printf(Locale.ROOT, "error after: training %.5f, held out %.5f%s%n", after.trainingError(),
                after.heldOutError(), earlyStop ? " (epoch " + trainer.chosenEpoch() + ", the best on the held-out positions)" : "");
        try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.US_ASCII)) {
            learned.write(writer, String.format(Locale.ROOT,
                    "Learned by 'train' from %d positions (%s): lambda %s, scale %.0f, score scale %.0f, %d epochs, "
                            + "rate %s, pull %s%s%s.", samples.size(), data, lambda, scale, scoreScale, trainer.chosenEpoch(),
                    rate, pull, batch > 0 ? ", batches of " + batch : "",
                    earlyStop ? ", stopped early at the best held-out fit" : ""));
        }
        console.println("wrote " + out);
        return 0;
    }

    /**
     * Read every DATA path as one teacher's samples, fit its score scale, and bring its scores to the first
     * path's scale, so that one score means the same winning chance whichever teacher gave it.
     */
    private List<SelfPlay.Sample> onTheFirstSourcesScale(PrintWriter console) throws IOException {
        List<SelfPlay.Sample> samples = new ArrayList<>();
        double common = 0;
        for (Path path : data) {
            List<SelfPlay.Sample> part = new ArrayList<>();
            SampleFiles.read(path, part);
            if (part.isEmpty()) {
                throw new IllegalArgumentException("No training data. " + path + " holds no positions.");
            }
            double own = EvalTrainer.bestScoreScale(part);
            common = common == 0 ? own : common;
            console.printf(Locale.ROOT, "%s: %d positions, score scale %.0f%n", path, part.size(), own);
            for (SelfPlay.Sample s : part) {
                samples.add(new SelfPlay.Sample(s.sfen(), (int) Math.round(s.score() * common / own), s.result()));
            }
        }
        return samples;
    }
}
