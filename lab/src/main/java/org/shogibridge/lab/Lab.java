package org.shogibridge.lab;

import org.shogibridge.device.cli.ShogiBridge;
import org.shogibridge.lab.cli.BenchBoardLinkCommand;
import org.shogibridge.lab.cli.BenchDaemonCommand;
import org.shogibridge.lab.cli.BenchEventCommand;
import org.shogibridge.lab.cli.BenchHttpCommand;
import org.shogibridge.lab.cli.BenchScanCommand;
import org.shogibridge.lab.cli.BenchUsiCommand;
import org.shogibridge.lab.cli.JudgeCommand;
import org.shogibridge.lab.cli.MatchCommand;
import org.shogibridge.lab.cli.RelabelCommand;
import org.shogibridge.lab.cli.SelfPlayCommand;
import org.shogibridge.lab.cli.TeachCommand;
import org.shogibridge.lab.cli.TrainCommand;
import org.shogibridge.lab.cli.TsumeMakeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of shogi-bridge-lab.jar, the developers' tools: engine matches and judging, self-play, teaching and
 * training, and the benchmarks of the daemon, its web server, the board link, the scan and the USI engine's answer under load. Errors end as in the product jar: one line
 * "Category. detail." and exit code 2 for bad input, 1 for anything else.
 */
@Command(name = "shogi-bridge-lab", mixinStandardHelpOptions = true, version = "shogi-bridge-lab 0.1.0",
        description = "The developers' tools of shogi-bridge: matches, judging, training and benchmarks.",
        subcommands = {MatchCommand.class, JudgeCommand.class, SelfPlayCommand.class, TeachCommand.class,
                RelabelCommand.class, TrainCommand.class, TsumeMakeCommand.class,
                BenchDaemonCommand.class, BenchEventCommand.class, BenchBoardLinkCommand.class, BenchScanCommand.class,
                BenchUsiCommand.class, BenchHttpCommand.class, CommandLine.HelpCommand.class})
public final class Lab {

    /** Return the command line, configured as every entry point and test uses it. */
    public static CommandLine commandLine() {
        return ShogiBridge.commandLine(new Lab(), "shogi-bridge-lab.jar");
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
