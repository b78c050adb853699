package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/** Runs a jar's command line in this JVM, as {@code java -jar JAR ARGS} would, and keeps what it printed. */
public final class CliRun {
    private CliRun() {
    }

    /** What a command did: its exit code, its standard output's lines and its standard error. */
    public record Result(int exitCode, List<String> out, String err) {
        public String lastLine() {
            return out.get(out.size() - 1);
        }
    }

    public static Result run(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Result(code, out.toString().lines().toList(), err.toString());
    }

    /** Bad input: exit code 2 and one line "Category. detail." holding {@code expected}, never a stack trace. */
    public static void assertOneClearLine(Result run, String expected) {
        String err = run.err().strip();
        assertEquals(2, run.exitCode(), err);
        assertTrue(err.contains(expected), err);
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);
    }
}
