package org.shogibridge.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.lab.match.EloEstimate;
import org.shogibridge.lab.match.MatchRunner;
import org.shogibridge.lab.match.MoveLimit;
import org.shogibridge.lab.match.Openings;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.UsiEngineException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code match}: engine-vs-engine games over USI, ending with the first engine's score and Elo difference. */
@Command(name = "match", mixinStandardHelpOptions = true,
        description = {"Play USI engines against each other, colours alternating, judged by the rules core.",
                "Ends with 'score W-L-D, elo E +/- M' for the first engine."})
public final class MatchCommand implements Callable<Integer> {
    private static final long MAX_BYOYOMI = 86_400_000L;

    @Spec
    private CommandSpec spec;

    @Option(names = "--engine1", required = true, paramLabel = "CMD", description = "Command line of the first engine.")
    private String engine1;

    @Option(names = "--engine2", required = true, paramLabel = "CMD", description = "Command line of the second engine.")
    private String engine2;

    @Option(names = "--option1", paramLabel = "NAME=VALUE", description = "A USI option for the first engine (repeatable).")
    private Map<String, String> options1 = Map.of();

    @Option(names = "--option2", paramLabel = "NAME=VALUE", description = "A USI option for the second engine (repeatable).")
    private Map<String, String> options2 = Map.of();

    @Option(names = "--variant", paramLabel = "V", defaultValue = "standard",
            description = "standard, okisaki or minishogi (default standard).")
    private String variant;

    @Option(names = "--games", paramLabel = "N", defaultValue = "2", description = "Number of games (default 2).")
    private int games;

    @Option(names = "--byoyomi", paramLabel = "MS", defaultValue = "1000", description = "Time per move in ms (default 1000).")
    private long byoyomi;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "0",
            description = "Nodes per move instead of --byoyomi: a stand-in for a slower machine, such as a Pi "
                    + "(default 0: use --byoyomi).")
    private long nodes;

    @Option(names = "--openings", paramLabel = "FILE",
            description = "Openings, one USI position per line, each played twice (default: the start position).")
    private Path openings;

    @Option(names = "--kif-out", paramLabel = "DIR", description = "Write each game as DIR/game-NNN.kif.")
    private Path kifOut;

    @Option(names = "--max-moves", paramLabel = "N", defaultValue = "320",
            description = "A game still going after N plies is a draw (default 320).")
    private int maxMoves;

    @Override
    public Integer call() throws IOException {
        if (games < 1 || games > 1_000_000 || byoyomi < 1 || byoyomi > MAX_BYOYOMI || maxMoves < 1 || maxMoves > 100_000
                || nodes < 0) {
            throw new IllegalArgumentException("Bad option. --games must be from 1 to 1000000, --byoyomi from 1 to "
                    + MAX_BYOYOMI + " ms (a day), --max-moves from 1 to 100000 and --nodes 0 or more.");
        }
        Variant v = Variant.byId(variant);
        List<GameRecord> starts = openings == null ? Openings.startOnly(v) : Openings.read(openings, v);
        PrintWriter out = spec.commandLine().getOut();
        try (UsiClient first = new UsiClient(UsiClient.Config.of(UsiClient.splitCommand(engine1), options1));
             UsiClient second = new UsiClient(UsiClient.Config.of(UsiClient.splitCommand(engine2), options2))) {
            first.start();
            second.start();
            MoveLimit limit = new MoveLimit(byoyomi, nodes);
            MatchRunner runner = new MatchRunner(new MatchRunner.Settings(v, games, limit, starts, kifOut, maxMoves), out);
            EloEstimate result = runner.run(first, second);
            out.println(result.line());
            out.flush();
            return 0;
        } catch (UsiEngineException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return 1;
        }
    }
}
