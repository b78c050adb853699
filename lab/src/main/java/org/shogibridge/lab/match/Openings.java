package org.shogibridge.lab.match;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.io.TextFiles;

/**
 * Match openings: one per line, as a USI position ({@code startpos moves 7g7f 3c3d}, {@code sfen ... moves ...},
 * with or without the word {@code position}); blank lines and lines starting with # are skipped.
 */
public final class Openings {
    private Openings() {
    }

    /** Read an openings file; a bad line is reported with the file and line number. */
    public static List<GameRecord> read(Path file, Variant variant) throws IOException {
        List<String> lines = TextFiles.readLines(file);
        List<GameRecord> openings = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            GameRecord opening;
            try {
                opening = UsiRecord.readLine(line, variant);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Invalid opening. " + file + " line " + (i + 1) + ": " + e.getMessage());
            }
            if (opening.variant() != variant) {
                throw new IllegalArgumentException("Invalid opening. " + file + " line " + (i + 1) + " is a "
                        + opening.variant().id() + " position, the match plays " + variant.id() + ".");
            }
            openings.add(opening);
        }
        if (openings.isEmpty()) {
            throw new IllegalArgumentException("Invalid openings file. " + file + " has no opening.");
        }
        return openings;
    }

    /** Return the single opening "the start position of the variant". */
    public static List<GameRecord> startOnly(Variant variant) {
        return List.of(new GameRecord(Position.start(variant)));
    }
}
