package org.shogibridge.device.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.shogibridge.core.engine.MateSolver;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.device.io.TextFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mate}: the mate solver on positions given as SFEN, one line of result each. */
@Command(name = "mate", mixinStandardHelpOptions = true,
        description = {"Solve mate problems (tsume): the side to move mates by continuous checks.",
                "Prints per position: 'mate N: <moves>', 'nomate' or 'timeout', with nodes and milliseconds."})
public final class MateCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--time", paramLabel = "MS", defaultValue = "60000", description = "Time per problem in ms (default 60000).")
    private long millis;

    @Option(names = "--tsv", paramLabel = "FILE",
            description = "Read SFENs from the first column of a tab-separated file (a header line is skipped).")
    private Path tsv;

    @Parameters(paramLabel = "SFEN", arity = "0..*", description = "Positions as SFEN (quote each one).")
    private List<String> sfens = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        if (millis < 1) {
            throw new IllegalArgumentException("Bad option. --time must be 1 ms or more, not " + millis + ".");
        }
        List<Position> problems = new ArrayList<>();
        for (int i = 0; i < sfens.size(); i++) {
            problems.add(position(sfens.get(i), "argument " + (i + 1)));
        }
        if (tsv != null) {
            List<String> lines = TextFiles.readLines(tsv);
            for (int i = 0; i < lines.size(); i++) {
                String first = lines.get(i).split("\t")[0].strip();
                if (!first.isEmpty() && !first.equals("sfen") && !first.startsWith("#")) {
                    problems.add(position(first, tsv + " line " + (i + 1)));
                }
            }
        }
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("No problem. Give SFENs or --tsv FILE.");
        }
        PrintWriter out = spec.commandLine().getOut();
        MateSolver solver = new MateSolver();
        for (Position p : problems) {
            MateSolver.Result r = solver.solve(p, 0, millis);
            String answer = switch (r.status()) {
                case MATE -> "mate " + r.moves().length + ": " + Usi.formatLine(p.variant(), r.moves());
                case NO_MATE -> "nomate";
                case TIMEOUT -> "timeout";
            };
            out.printf(Locale.ROOT, "%s (%d nodes, %d ms)%n", answer, r.nodes(), r.millis());
        }
        out.flush();
        return 0;
    }

    private static Position position(String sfen, String where) {
        try {
            return Position.fromSfen(sfen);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid position. " + where + ": " + e.getMessage());
        }
    }
}
