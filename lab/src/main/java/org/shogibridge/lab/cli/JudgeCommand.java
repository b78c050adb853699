package org.shogibridge.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.lab.match.MatchRunner;
import org.shogibridge.lab.match.MoveJudge;
import org.shogibridge.lab.match.Openings;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.UsiEngineException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code judge}: an engine's moves on a set of positions, scored by a stronger engine. */
@Command(name = "judge", mixinStandardHelpOptions = true,
        description = {"Let an engine choose a move on each position at a time per move, and a judge engine score "
                + "it against the judge's own choice at a fixed node count.",
                "Ends with 'judged N positions: average loss L cp, ...' for the engine."})
public final class JudgeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--engine", required = true, paramLabel = "CMD", description = "Command line of the engine judged.")
    private String engine;

    @Option(names = "--option", paramLabel = "NAME=VALUE", description = "A USI option for the engine (repeatable).")
    private Map<String, String> options = Map.of();

    @Option(names = "--judge", required = true, paramLabel = "CMD", description = "Command line of the judge engine.")
    private String judge;

    @Option(names = "--judge-option", paramLabel = "NAME=VALUE", description = "A USI option for the judge (repeatable).")
    private Map<String, String> judgeOptions = Map.of();

    @Option(names = "--judge-nodes", paramLabel = "N", defaultValue = "200000",
            description = "Judge nodes per position scored (default 200000).")
    private long judgeNodes;

    @Option(names = "--positions", required = true, paramLabel = "FILE",
            description = "Positions, one USI position per line (as in an openings file); the last position of each line is judged.")
    private Path positions;

    @Option(names = "--variant", paramLabel = "V", defaultValue = "standard",
            description = "standard, okisaki or minishogi (default standard).")
    private String variant;

    @Option(names = "--byoyomi", paramLabel = "MS", defaultValue = "300", description = "The engine's time per move in ms (default 300).")
    private long byoyomi;

    @Option(names = "--engine-nodes", paramLabel = "N", defaultValue = "0",
            description = "The engine's nodes per move instead of --byoyomi: a stand-in for a slower machine, such as a "
                    + "Pi (default 0: use --byoyomi).")
    private long engineNodes;

    @Option(names = "--cap", paramLabel = "CP", defaultValue = "1000",
            description = "Scores are clamped to plus or minus CP, a mate counting as CP (default 1000).")
    private int cap;

    @Option(names = "--cache", paramLabel = "FILE", description = "Keep the judge's verdicts in FILE and reuse them.")
    private Path cache;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Write one line per position: SFEN, move, judge's move, their values and the loss.")
    private Path out;

    @Override
    public Integer call() throws IOException {
        if (judgeNodes < 1 || byoyomi < 1 || byoyomi > 3_600_000 || cap < 1 || engineNodes < 0) {
            throw new IllegalArgumentException("Bad option. --judge-nodes, --byoyomi and --cap must be 1 or more, "
                    + "--byoyomi at most 3600000 ms, --engine-nodes 0 or more.");
        }
        Variant v = Variant.byId(variant);
        List<GameRecord> lines = Openings.read(positions, v);
        PrintWriter console = spec.commandLine().getOut();
        MoveJudge moveJudge = new MoveJudge(new MoveJudge.Settings(byoyomi, engineNodes, "nodes " + judgeNodes, cap));
        if (cache != null) {
            moveJudge.readCache(cache);
        }
        List<MoveJudge.Judgement> judged = new ArrayList<>();
        try (UsiClient engineClient = new UsiClient(UsiClient.Config.of(UsiClient.splitCommand(engine), options));
             UsiClient judgeClient = new UsiClient(new UsiClient.Config(UsiClient.splitCommand(judge), judgeOptions,
                     Duration.ofSeconds(30), Duration.ofSeconds(60)))) {
            engineClient.start();
            judgeClient.start();
            MatchRunner.selectVariant(engineClient, v);
            MatchRunner.selectVariant(judgeClient, v);
            for (int i = 0; i < lines.size(); i++) {
                MoveJudge.Judgement j = moveJudge.judge(lines.get(i).positionAfterMainLine(), engineClient, judgeClient);
                if (j != null) {
                    judged.add(j);
                }
                console.printf(Locale.ROOT, "%d/%d: %s%n", i + 1, lines.size(), j == null ? "decided, skipped"
                        : j.move() + " (judge " + j.judgeMove() + "), loss " + j.loss());
                console.flush();
            }
        } catch (UsiEngineException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return 1;
        } finally {
            if (cache != null) {
                moveJudge.writeCache(cache);
            }
        }
        if (out != null) {
            StringBuilder text = new StringBuilder("# SFEN\tmove\tjudge's move\tvalue\tjudge's value\tloss\n");
            for (MoveJudge.Judgement j : judged) {
                text.append(j.sfen()).append('\t').append(j.move()).append('\t').append(j.judgeMove()).append('\t')
                        .append(j.value()).append('\t').append(j.judgeValue()).append('\t').append(j.loss()).append('\n');
            }
            Files.writeString(out, text);
        }
        console.println(summary(judged, lines.size(), moveJudge));
        console.flush();
        return 0;
    }

    /** Return the closing line: average loss, agreement with the judge, large losses, and the judge's work. */
    static String summary(List<MoveJudge.Judgement> judged, int total, MoveJudge moveJudge) {
        long sum = 0;
        int same = 0;
        int over100 = 0;
        int over300 = 0;
        for (MoveJudge.Judgement j : judged) {
            sum += j.loss();
            same += j.move().equals(j.judgeMove()) ? 1 : 0;
            over100 += j.loss() >= 100 ? 1 : 0;
            over300 += j.loss() >= 300 ? 1 : 0;
        }
        int n = judged.size();
        return String.format(Locale.ROOT, "judged %d positions (%d decided, skipped): average loss %.1f cp, "
                        + "the judge's move %.1f %%, losses of 100+ %d, of 300+ %d (judge searches %d, from the cache %d)",
                n, total - n, n == 0 ? 0.0 : (double) sum / n, n == 0 ? 0.0 : 100.0 * same / n, over100, over300,
                moveJudge.searches(), moveJudge.cached());
    }
}
