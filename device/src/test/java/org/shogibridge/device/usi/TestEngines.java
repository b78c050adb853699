package org.shogibridge.device.usi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/** Engines for tests: this build's own USI engine as a child JVM, and scripted misbehaving ones. */
public final class TestEngines {
    private TestEngines() {
    }

    /** Return the command that runs this build's {@code usi} subcommand in a fresh JVM. */
    public static List<String> builtin() {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(classPath);
        command.add("org.shogibridge.device.cli.ShogiBridge");
        command.add("usi");
        return command;
    }

    /** Return the builtin command as one command line (for the match subcommand's --engine options). */
    public static String builtinCommandLine() {
        StringBuilder sb = new StringBuilder();
        for (String word : builtin()) {
            sb.append('\'').append(word).append("' ");
        }
        return sb.toString().strip();
    }

    /**
     * Write a shell-script engine that completes the handshake and answers {@code go} with the given shell
     * commands (for example {@code exit 3}, {@code sleep 60}, or {@code echo "bestmove 1a1b"}); they find the
     * last "position" command in {@code $position}.
     */
    public static Path script(Path dir, String name, String onGo) throws IOException {
        return executable(dir.resolve(name),
                "#!/bin/sh",
                "while read -r line; do",
                "  case \"$line\" in",
                "    usi) echo \"id name " + name + "\"; echo usiok ;;",
                "    isready) echo readyok ;;",
                "    position*) position=\"$line\" ;;",
                "    go*) " + onGo + " ;;",
                "    quit) exit 0 ;;",
                "  esac",
                "done");
    }

    /** Write an executable script of these lines (for engines that need more than {@link #script} offers). */
    public static Path executable(Path file, String... lines) throws IOException {
        Files.writeString(file, String.join("\n", lines) + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }
}
