package org.shogibridge.lab.cli;

import org.shogibridge.device.cli.CliRun;
import org.shogibridge.lab.Lab;

/** Runs a command of the lab jar in this JVM, as {@code java -jar shogi-bridge-lab.jar ARGS} would. */
final class LabRun {
    private LabRun() {
    }

    static CliRun.Result run(String... args) {
        return CliRun.run(Lab.commandLine(), args);
    }
}
