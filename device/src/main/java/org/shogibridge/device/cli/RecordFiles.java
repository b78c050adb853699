package org.shogibridge.device.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.device.io.TextFiles;

/** Reading a record file named on the command line, with errors that name the file. */
final class RecordFiles {
    private RecordFiles() {
    }

    /** Read and check a record in any supported format, at most {@link RecordFormat#MAX_BYTES} of it. */
    static GameRecord read(Path input) throws IOException {
        return RecordFormat.read(input.toString(), TextFiles.readBytes(input, RecordFormat.MAX_BYTES));
    }
}
