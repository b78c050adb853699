package org.shogibridge.device.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The real records under src/test/resources/records, copied to a folder where commands can read them as files. */
final class TestRecords {
    private TestRecords() {
    }

    static Path copy(Path dir, String name) throws IOException {
        Path file = dir.resolve(name);
        try (InputStream in = TestRecords.class.getResourceAsStream("/records/" + name)) {
            Files.copy(in, file);
        }
        return file;
    }
}
