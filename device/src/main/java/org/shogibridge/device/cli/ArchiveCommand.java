package org.shogibridge.device.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.shogibridge.device.hub.ArchiveImport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code archive}: the hub's archive of games, searchable on the hub's page at {@code /#/archive}. */
@Command(name = "archive", mixinStandardHelpOptions = true, description = "The hub's archive of games.",
        subcommands = ArchiveCommand.Import.class)
public final class ArchiveCommand {

    /** {@code archive import DIR}: a club's old KIF and CSA files into the archive. */
    @Command(name = "import", mixinStandardHelpOptions = true,
            description = {"Load KIF, KI2, CSA and JKF files (a folder and its subfolders) into the archive.",
                    "Each file that cannot be read is reported with its line; the others are loaded."})
    static final class Import implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR", description = "The folder of records.")
        private Path folder;

        @Option(names = "--data-dir", paramLabel = "DIR", description = "The hub's data directory (default ./shogi-bridge-hub).")
        private Path dataDir = Path.of("shogi-bridge-hub");

        @Override
        public Integer call() throws Exception {
            ArchiveImport.Summary summary = ArchiveImport.run(folder, dataDir, spec.commandLine().getOut());
            return summary.refused() == 0 ? 0 : 1;
        }
    }
}
