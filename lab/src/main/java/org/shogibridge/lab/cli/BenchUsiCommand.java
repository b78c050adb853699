package org.shogibridge.lab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.Callable;
import org.shogibridge.device.usi.InProcessUsi;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench-usi}: the time from {@code go ... byoyomi B} to {@code bestmove} at the GUI's end of the USI pipe, while
 * busy threads keep every core loaded, as another program on the Pi would. This is where the engine's margin
 * ({@code NetworkDelay}) is shown to be enough; the tests only check that a bestmove comes at all, since a test
 * that asserts a bound this tight fails on a busy machine.
 */
@Command(name = "bench-usi", mixinStandardHelpOptions = true,
        description = "Time go-to-bestmove of the built-in USI engine at a byoyomi, with every core kept busy.")
public final class BenchUsiCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--moves", defaultValue = "6", description = "Moves to play from the start (default 6).")
    private int moves;

    @Option(names = "--byoyomi", defaultValue = "1000", description = "Byoyomi in milliseconds (default 1000).")
    private long byoyomi;

    @Option(names = "--load-threads", defaultValue = "-1",
            description = "Busy threads beside the engine (default: one a core; 0 for a quiet machine).")
    private int loadThreads;

    @Option(names = "--network-delay", defaultValue = "-1",
            description = "The engine's NetworkDelay in milliseconds (default: its own default).")
    private long networkDelay;

    @Override
    public Integer call() throws Exception {
        if (moves < 1 || byoyomi < 1) {
            throw new IllegalArgumentException("Bad option. --moves and --byoyomi must be at least 1.");
        }
        int load = loadThreads < 0 ? Runtime.getRuntime().availableProcessors() : loadThreads;
        AtomicBoolean loaded = new AtomicBoolean(true);
        LongAdder spins = new LongAdder();
        for (int i = 0; i < load; i++) {
            Thread spinner = new Thread(() -> {
                while (loaded.get()) {
                    spins.increment(); // a busy core, as another program would keep it
                }
            }, "bench-usi-load-" + i);
            spinner.setDaemon(true);
            spinner.start();
        }
        PrintWriter out = spec.commandLine().getOut();
        try (InProcessUsi gui = new InProcessUsi()) {
            if (networkDelay >= 0) {
                gui.send("setoption name NetworkDelay value " + networkDelay);
            }
            gui.send("isready"); // as a GUI does before a game: the engine is made (its table allocated) here
            gui.until("readyok", 60_000);
            gui.send("usinewgame");
            List<String> played = new ArrayList<>();
            long[] millis = new long[moves];
            int late = 0;
            for (int move = 0; move < moves; move++) {
                gui.send("position startpos" + (played.isEmpty() ? "" : " moves " + String.join(" ", played)));
                long start = System.nanoTime();
                gui.send("go btime 0 wtime 0 byoyomi " + byoyomi);
                List<String> lines = gui.until("bestmove", 60_000);
                String best = lines.get(lines.size() - 1);
                millis[move] = (System.nanoTime() - start) / 1_000_000;
                late += millis[move] >= byoyomi ? 1 : 0;
                played.add(best.split(" ")[1]);
            }
            long[] sorted = millis.clone();
            Arrays.sort(sorted);
            out.printf("Load: %d busy threads on %d cores%n", load, Runtime.getRuntime().availableProcessors());
            out.printf("go to bestmove (ms), byoyomi %d: %s%n", byoyomi,
                    String.join(", ", Arrays.stream(millis).mapToObj(Long::toString).toList()));
            out.printf("median %d ms, max %d ms; within the byoyomi: %d/%d%n", sorted[sorted.length / 2],
                    sorted[sorted.length - 1], moves - late, moves);
        } finally {
            loaded.set(false);
        }
        out.flush();
        return 0;
    }
}
