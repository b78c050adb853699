package org.shogibridge.core.record;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The records under src/test/resources/records (see the README there for their sources and licences). */
final class TestRecords {
    private TestRecords() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = TestRecords.class.getResourceAsStream("/records/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test record " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static GameRecord read(String name) {
        return RecordFormat.read(name, bytes(name));
    }
}
