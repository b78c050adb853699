package org.shogibridge.lab.cli;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.lab.teach.UsiTeacher;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.UsiVariants;
import picocli.CommandLine.Option;

/** The options of the commands that ask a teacher engine ({@code teach}, {@code relabel}): which engine, how long. */
final class TeacherOptions {
    @Option(names = "--teacher", required = true, paramLabel = "COMMAND",
            description = "The teacher's command line, e.g. /usr/games/fairy-stockfish.")
    String command;

    @Option(names = "--teacher-option", paramLabel = "NAME=VALUE",
            description = {"A USI option for the teacher (repeatable), e.g. UCI_Variant=minishogi. gpsusi keeps the",
                    "options it was last given for its next start (/usr/share/gpsshogi-data/gpsusi.conf): give a",
                    "later match against it its defaults again (LimitDepth=10, BookDepth=30)."})
    private Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--nodes", defaultValue = "20000", description = "Teacher nodes per position (default 20000).")
    private long nodes;

    @Option(names = "--depth", defaultValue = "0", description = "Teacher depth per position instead of nodes.")
    private int depth;

    @Option(names = "--byoyomi", paramLabel = "MS", defaultValue = "0",
            description = {"A clock per position instead of nodes: 'go btime 0 wtime 0 byoyomi MS', for a teacher",
                    "that takes nothing else (gpsusi, with --teacher-option LimitDepth=4 to keep it short)."})
    private long byoyomi;

    @Option(names = "--teacher-timeout", paramLabel = "MS", defaultValue = "10000",
            description = "How long the teacher may take per position before it is restarted (default 10000).")
    private long timeoutMillis;

    /** Refuse limits that make no sense, in the product's error form. */
    void validate() {
        if (nodes < 1 || depth < 0 || byoyomi < 0 || (depth > 0 && byoyomi > 0) || timeoutMillis < 1) {
            throw new IllegalArgumentException("Bad option. --nodes and --teacher-timeout must be 1 or more, --depth and "
                    + "--byoyomi 0 or more (--depth and --byoyomi not both).");
        }
    }

    /** Return the limit as the teacher's go command takes it: "depth D", "btime 0 wtime 0 byoyomi MS" or "nodes N". */
    String limit() {
        // gpsusi dies on "go nodes" and "go depth": it takes a clock only, and its LimitDepth option bounds the search.
        return depth > 0 ? "depth " + depth
                : byoyomi > 0 ? "btime 0 wtime 0 byoyomi " + byoyomi
                : "nodes " + nodes;
    }

    /**
     * Return how to start the teacher for a variant: its options, with UCI_Variant set if the teacher declares that
     * option and it was not given (Fairy-Stockfish plays chess unless told). It goes in the options so that a
     * restart keeps it.
     */
    UsiClient.Config config(Variant variant) throws Exception {
        Map<String, String> withVariant = new LinkedHashMap<>(options);
        if (!withVariant.containsKey("UCI_Variant")) {
            UsiClient.Config probe = UsiClient.Config.of(UsiClient.splitCommand(command), options);
            try (UsiClient client = startedClient(probe)) {
                if (client.optionNames().contains("UCI_Variant")) {
                    withVariant.put("UCI_Variant", UsiVariants.nameFor(variant, client.optionChoices("UCI_Variant")));
                } else if (variant != Variant.STANDARD) {
                    throw new IllegalArgumentException("Teacher. '" + client.name() + "' has no UCI_Variant option, so it "
                            + "cannot judge " + variant.id() + " positions.");
                }
            }
        }
        return new UsiClient.Config(UsiClient.splitCommand(command), withVariant, Duration.ofSeconds(30),
                Duration.ofMillis(timeoutMillis));
    }

    /** Start a teacher of that configuration, asking at this limit. */
    UsiTeacher startTeacher(UsiClient.Config config) throws Exception {
        return new UsiTeacher(startedClient(config), limit());
    }

    private static UsiClient startedClient(UsiClient.Config config) throws Exception {
        UsiClient client = new UsiClient(config);
        client.start();
        return client;
    }
}
