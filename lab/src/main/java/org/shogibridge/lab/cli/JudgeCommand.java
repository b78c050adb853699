package org.shogibridge.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.lab.match.MatchRunner;
import org.shogibridge.lab.match.MoveJudge;
import org.shogibridge.lab.match.MoveLimit;
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

    @Option(names = "--positions", paramLabel = "FILE",
            description = "Positions, one USI position per line (as in an openings file); the last position of each line is judged.")
    private Path positions;

    @Option(names = "--games", paramLabel = "FILE",
            description = "Instead of --positions: whole games, one USI position per line; every position from "
                    + "--from-ply to --to-ply of each game is judged, in the game's order.")
    private Path games;

    @Option(names = "--from-ply", paramLabel = "N", defaultValue = "20",
            description = "With --games: the first position judged, in moves from the game's start (default 20).")
    private int fromPly;

    @Option(names = "--to-ply", paramLabel = "N", defaultValue = "120",
            description = "With --games: the last position judged (default 120).")
    private int toPly;

    @Option(names = "--keep-table",
            description = "With --games: the engine keeps its table from one position of a game to the next and "
                    + "searches every position from the game's start, as the daemon's analysis follows a game "
                    + "(without it, the table is cleared before each position judged).")
    private boolean keepTable;

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
        if ((positions == null) == (games == null)) {
            throw new IllegalArgumentException("Bad option. Give either --positions or --games.");
        }
        if (games == null && keepTable) {
            throw new IllegalArgumentException("Bad option. --keep-table follows a game, so it needs --games.");
        }
        if (fromPly < 0 || toPly < fromPly) {
            throw new IllegalArgumentException("Bad option. --from-ply must be 0 or more and --to-ply at least --from-ply.");
        }
        Variant v = Variant.byId(variant);
        List<GameRecord> lines = Openings.read(games != null ? games : positions, v);
        PrintWriter console = spec.commandLine().getOut();
        MoveLimit engineLimit = new MoveLimit(byoyomi, engineNodes);
        MoveJudge moveJudge = new MoveJudge(new MoveJudge.Settings(engineLimit, "nodes " + judgeNodes, cap));
        if (cache != null) {
            moveJudge.readCache(cache);
        }
        List<MoveJudge.Judgement> judged = new ArrayList<>();
        int total = 0;
        try (UsiClient engineClient = new UsiClient(UsiClient.Config.of(UsiClient.splitCommand(engine), options));
             UsiClient judgeClient = new UsiClient(new UsiClient.Config(UsiClient.splitCommand(judge), judgeOptions,
                     Duration.ofSeconds(30), Duration.ofSeconds(60)))) {
            engineClient.start();
            judgeClient.start();
            MatchRunner.selectVariant(engineClient, v);
            MatchRunner.selectVariant(judgeClient, v);
            for (int i = 0; i < lines.size(); i++) {
                if (games != null) {
                    total += judgeGame(lines.get(i), i + 1, moveJudge, engineClient, judgeClient, judged, console);
                    continue;
                }
                MoveJudge.Judgement j = moveJudge.judge(lines.get(i).positionAfterMainLine(), engineClient, judgeClient);
                add(j, judged, console, (i + 1) + "/" + lines.size());
                total++;
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
        console.println(summary(judged, total, moveJudge));
        console.flush();
        return 0;
    }

    /**
     * Judge the positions of one game from --from-ply to --to-ply, in order; return how many were asked. The engine
     * is given each position with the moves that led to it. With --keep-table it searches every position from
     * the game's start on one table, as the daemon's analysis follows a game; without, the table is cleared before
     * each position judged.
     */
    private int judgeGame(GameRecord game, int number, MoveJudge moveJudge, UsiClient engineClient,
                          UsiClient judgeClient, List<MoveJudge.Judgement> judged, PrintWriter console)
            throws UsiEngineException {
        int[] moves = game.mainLine().moveArray();
        int last = Math.min(toPly, moves.length);
        Position start = game.startPosition();
        Position position = start.copy();
        if (keepTable) {
            engineClient.newGame();
        }
        int asked = 0;
        for (int ply = 0; ply <= last; ply++) {
            if (ply > 0) {
                position.doMove(moves[ply - 1]);
            }
            if (ply < fromPly && !keepTable) {
                continue;
            }
            if (!keepTable) {
                engineClient.newGame();
            }
            String command = UsiRecord.write(GameRecord.of(start, Arrays.stream(moves, 0, ply).boxed().toList(),
                    null, Move.NONE)).strip();
            UsiClient.BestMove answer = moveJudge.engineMove(command, engineClient);
            if (ply >= fromPly) {
                add(moveJudge.judge(position, answer, judgeClient), judged, console, "game " + number + " ply " + ply);
                asked++;
            }
        }
        return asked;
    }

    private static void add(MoveJudge.Judgement j, List<MoveJudge.Judgement> judged, PrintWriter console, String where) {
        if (j != null) {
            judged.add(j);
        }
        console.printf(Locale.ROOT, "%s: %s%n", where, j == null ? "decided, skipped"
                : j.move() + " (judge " + j.judgeMove() + "), loss " + j.loss());
        console.flush();
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
