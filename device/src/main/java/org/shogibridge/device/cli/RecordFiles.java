package org.shogibridge.device.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;

/** Reading a record file named on the command line, with errors that name the file. */
final class RecordFiles {
    private RecordFiles() {
    }

    /** Read and check a record in any supported format; a file that cannot be read is a usage error. */
    static GameRecord read(Path input) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(input);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read " + input + ": " + e.getMessage());
        }
        return RecordFormat.read(input.toString(), bytes);
    }
}
