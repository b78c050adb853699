package org.shogibridge.device.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of shogi-bridge.jar: every feature is a subcommand. Whatever goes wrong ends as one line on
 * standard error in the form "Category. detail." and an exit code: 2 for a problem with the input (a bad
 * option, file or record), 1 for anything else. No stack trace unless {@code SHOGI_BRIDGE_DEBUG} is set. The developers'
 * tools (matches, training, the daemon's benchmarks) are in the lab module's jar, {@code shogi-bridge-lab.jar}.
 */
@Command(name = "shogi-bridge", mixinStandardHelpOptions = true, version = "shogi-bridge 0.1.0",
        description = "Turns a real wooden shogi board into a connected one.",
        subcommands = {RunCommand.class, HubCommand.class, ArchiveCommand.class, PerftCommand.class, ConvertCommand.class, ReplayCommand.class, UsiCommand.class,
                MateCommand.class, ReviewCommand.class, BenchCommand.class, EmulateBoardCommand.class, SensorTestCommand.class,
                CommandLine.HelpCommand.class})
public final class ShogiBridge {
    /** Exit code of a problem with what the user gave: options, files, records. */
    public static final int USAGE = 2;
    /** Exit code of any other failure. */
    public static final int FAILURE = 1;

    /** Return the command line, configured as every entry point and test uses it. */
    public static CommandLine commandLine() {
        return commandLine(new ShogiBridge(), "shogi-bridge.jar");
    }

    /** Return the command line of a jar's top command (this one's, or the lab's), with the errors handled as here. */
    public static CommandLine commandLine(Object topCommand, String jarName) {
        CommandLine commandLine = new CommandLine(topCommand);
        commandLine.setExecutionExceptionHandler((e, cmd, parseResult) -> {
            PrintWriter err = cmd.getErr();
            err.println(describe(e));
            if (System.getenv("SHOGI_BRIDGE_DEBUG") != null) {
                e.printStackTrace(err);
            }
            err.flush();
            return isUsageProblem(e) ? USAGE : FAILURE;
        });
        CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
        commandLine.setExecutionStrategy(parseResult -> {
            // "shogi-bridge run --help" would print the main help: a word that is no command is an error first.
            if (!parseResult.unmatched().isEmpty()) {
                PrintWriter err = parseResult.commandSpec().commandLine().getErr();
                err.println("Unknown command. '" + parseResult.unmatched().get(0)
                        + "': 'java -jar " + jarName + " --help' lists the commands.");
                err.flush();
                return USAGE;
            }
            return run.execute(parseResult);
        });
        return commandLine;
    }

    /** Return the one-line message for a failure of a command. */
    static String describe(Throwable e) {
        Throwable cause = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof FileSystemException fs) {
            String path = fs.getFile();
            if (fs instanceof NoSuchFileException) {
                return "File not found. " + path + " does not exist (or its folder does not).";
            }
            if (fs instanceof AccessDeniedException) {
                return "Permission denied. " + path + " cannot be read or written.";
            }
            if (fs instanceof NotDirectoryException) {
                return "Not a folder. " + path + " is a file.";
            }
            if (fs instanceof FileAlreadyExistsException || fs instanceof DirectoryNotEmptyException) {
                return "File error. " + path + " already exists.";
            }
            return "File error. " + path + (fs.getReason() == null ? "" : ": " + fs.getReason()) + ".";
        }
        if (cause instanceof IOException) {
            return "Input/output error. " + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
        }
        if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
            return cause.getMessage();
        }
        if (cause instanceof OutOfMemoryError) {
            return "Out of memory. Give Java more with -Xmx, or a smaller input.";
        }
        return "Internal error. " + cause + " (set SHOGI_BRIDGE_DEBUG=1 for the stack trace; please report it).";
    }

    private static boolean isUsageProblem(Throwable e) {
        Throwable cause = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
        return cause instanceof IOException || cause instanceof IllegalArgumentException && cause.getMessage() != null;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
