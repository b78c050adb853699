package org.shogibridge.lab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.lab.match.Openings;
import picocli.CommandLine.Option;

/** The options of the commands that play training games ({@code selfplay}, {@code teach}): what they start from. */
final class GameSourceOptions {
    @Option(names = "--variant", defaultValue = "standard", description = "standard, okisaki or minishogi.")
    private String variantId;

    @Option(names = "--openings", paramLabel = "FILE", description = "Openings, one USI position per line, used in turn.")
    private Path openingsFile;

    @Option(names = "--max-plies", defaultValue = "320", description = "Plies after which a game is drawn (default 320).")
    int maxPlies;

    Variant variant() {
        return Variant.byId(variantId);
    }

    /** The openings of --openings, or the variant's start position alone. */
    List<GameRecord> openings() throws IOException {
        return openingsFile == null ? Openings.startOnly(variant()) : Openings.read(openingsFile, variant());
    }
}
