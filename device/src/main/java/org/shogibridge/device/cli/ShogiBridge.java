package org.shogibridge.device.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of shogi-bridge.jar: every feature is a subcommand. */
@Command(name = "shogi-bridge", mixinStandardHelpOptions = true, version = "shogi-bridge 0.1.0",
        description = "Turns a real wooden shogi board into a connected one.",
        subcommands = {PerftCommand.class, ConvertCommand.class, ReplayCommand.class, UsiCommand.class,
                MatchCommand.class, MateCommand.class, SelfPlayCommand.class, TrainCommand.class, BenchCommand.class,
                CommandLine.HelpCommand.class})
public final class ShogiBridge {

    /** Return the command line, configured as every entry point and test uses it. */
    public static CommandLine commandLine() {
        return new CommandLine(new ShogiBridge())
                .setExecutionExceptionHandler((e, cmd, parseResult) -> {
                    if (e instanceof IllegalArgumentException) {
                        cmd.getErr().println(e.getMessage());
                        return 2;
                    }
                    throw e;
                });
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
