package org.shogibridge.device.usi;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.shogibridge.core.engine.EvalWeights;

/** Evaluation weights files, as {@code train} writes them and the {@code EvalFile} option loads them. */
public final class WeightsFile {
    private WeightsFile() {
    }

    /** Read a weights file, or return the built-in weights for null; a bad file is a clear error. */
    public static EvalWeights read(Path file) {
        if (file == null) {
            return EvalWeights.builtIn();
        }
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            return EvalWeights.read(reader, file.toString());
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("Invalid weights. File not found: " + file + ".", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("Invalid weights. " + e.getMessage(), e);
        }
    }
}
