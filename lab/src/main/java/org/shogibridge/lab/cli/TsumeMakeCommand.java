package org.shogibridge.lab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.tsume.TsumeProblem;
import org.shogibridge.core.tsume.TsumeSet;
import org.shogibridge.lab.tsume.TsumeMaker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tsume-make}: the built-in tsume set from the positions of real games. Each game's positions from
 * {@code --from-ply} on, and of its last {@code --last} plies, are tried in order; a game gives at most one problem of each length; files are read in name
 * order, so the same records make the same set.
 */
@Command(name = "tsume-make", mixinStandardHelpOptions = true,
        description = {"Make the built-in tsume set from positions of real games (every record under DIR).",
                "Writes core/src/main/resources/org/shogibridge/core/tsume/tsume.tsv unless --out says otherwise."})
public final class TsumeMakeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--records", paramLabel = "DIR", defaultValue = "../shared/fixtures/records",
            description = "Game records to take positions from (default ../shared/fixtures/records).")
    private Path records;

    @Option(names = "--lengths", split = ",", defaultValue = "3,5,7", description = "Lengths of problem (default 3,5,7).")
    private List<Integer> lengths;

    @Option(names = "--per-length", defaultValue = "10", description = "Problems of each length (default 10).")
    private int perLength;

    @Option(names = "--from-ply", defaultValue = "30", description = "The first ply of a game tried (default 30).")
    private int fromPly;

    @Option(names = "--last", defaultValue = "16",
            description = "Only the game's last plies are tried, where mates are (default 16).")
    private int last;

    @Option(names = "--out", paramLabel = "FILE",
            defaultValue = "core/src/main/resources/org/shogibridge/core/tsume/tsume.tsv", description = "The set's file.")
    private Path out;

    @Override
    public Integer call() throws IOException {
        PrintWriter console = spec.commandLine().getOut();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(records)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        Map<Integer, List<TsumeProblem>> found = new TreeMap<>();
        lengths.forEach(n -> found.put(n, new ArrayList<>()));
        Set<String> seen = new HashSet<>();
        TsumeMaker maker = new TsumeMaker();
        for (Path file : files) {
            if (found.values().stream().allMatch(l -> l.size() >= perLength)) {
                break;
            }
            GameRecord game;
            try {
                game = RecordFormat.read(file.toString(), Files.readAllBytes(file));
            } catch (RuntimeException e) {
                continue; // not a record (a licence, a note) or one the readers refuse
            }
            Set<Integer> fromThisGame = new HashSet<>();
            Position p = game.startPosition();
            int[] moves = game.mainLine().moveArray();
            for (int ply = 0; ply < moves.length; ply++) {
                if (ply >= fromPly && ply >= moves.length - last) {
                    List<Integer> wanted = lengths.stream()
                            .filter(n -> found.get(n).size() < perLength && !fromThisGame.contains(n)).toList();
                    String source = records.relativize(file) + " ply " + ply;
                    Optional<TsumeProblem> made = wanted.isEmpty() ? Optional.empty() : maker.make(p, source, wanted);
                    if (made.isPresent() && seen.add(made.get().sfen())) {
                        TsumeProblem m = made.get();
                        fromThisGame.add(m.plies());
                        List<TsumeProblem> ofLength = found.get(m.plies());
                        String id = m.plies() + "-" + String.format("%02d", ofLength.size() + 1);
                        ofLength.add(new TsumeProblem(id, m.plies(), m.sfen(), m.solution(), m.source()));
                        console.println(id + "  " + m.sfen() + "  " + String.join(" ", m.solution()) + "  (" + source + ")");
                        console.flush();
                    }
                }
                p.doMove(moves[ply]);
            }
        }
        List<TsumeProblem> all = new ArrayList<>();
        found.values().forEach(all::addAll);
        Files.write(out, TsumeSet.lines(all), StandardCharsets.UTF_8);
        console.println("Wrote " + all.size() + " problems to " + out + ".");
        return 0;
    }
}
