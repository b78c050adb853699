package org.shogibridge.device.usi;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.io.TextFiles;

/** Evaluation weights files, as {@code train} writes them and the {@code EvalFile} option loads them. */
public final class WeightsFile {
    /** A weights file is about 100 KB; anything over 16 MiB is not one. */
    private static final long MAX_BYTES = 16L << 20;

    private WeightsFile() {
    }

    /** Read a weights file, or return the built-in weights for null; a bad file is a clear error. */
    public static EvalWeights read(Path file) {
        return read(file, null);
    }

    /** Read a weights file, or return the variant's built-in weights for null (any variant's for a null variant). */
    public static EvalWeights read(Path file, Variant variant) {
        if (file == null) {
            return variant == null ? EvalWeights.builtIn() : EvalWeights.builtIn(variant);
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IllegalArgumentException("Invalid weights. " + file + " is not a regular file.");
        }
        try (Reader reader = new StringReader(new String(TextFiles.readBytes(file, MAX_BYTES), StandardCharsets.US_ASCII))) {
            return EvalWeights.read(reader, file.toString());
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("Invalid weights. File not found: " + file + ".", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("Invalid weights. " + file + ": " + e.getMessage(), e);
        }
    }
}
