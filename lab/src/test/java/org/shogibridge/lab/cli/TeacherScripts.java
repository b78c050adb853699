package org.shogibridge.lab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.shogibridge.device.usi.TestEngines;

/** Teachers for the tests of {@code teach} and {@code relabel}: this build's engine behind a shell script. */
final class TeacherScripts {
    private TeacherScripts() {
    }

    /**
     * Write {@code dir/name}: a script that runs {@code setUp} once, then {@code filter} on every line it is sent
     * (in {@code $line}; it may exit, sleep or count), then passes the line to this build's engine.
     */
    static Path engineBehind(Path dir, String name, String setUp, String filter) throws IOException {
        Path script = dir.resolve(name);
        Files.writeString(script, String.join("\n",
                "#!/bin/sh",
                setUp,
                "while IFS= read -r line; do",
                filter,
                "  printf '%s\\n' \"$line\"",
                "done | exec " + TestEngines.builtinCommandLine(),
                ""));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }
}
