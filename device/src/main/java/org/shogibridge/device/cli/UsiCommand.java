package org.shogibridge.device.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.shogibridge.device.usi.UsiEngineServer;
import picocli.CommandLine.Command;

/** {@code usi}: the built-in engine as a USI engine on standard input and output. */
@Command(name = "usi", mixinStandardHelpOptions = true,
        description = "Run the built-in engine as a USI engine on standard input/output.")
final class UsiCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        new UsiEngineServer(in, out).run();
        return 0;
    }
}
