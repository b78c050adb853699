package org.shogibridge.device.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.shogibridge.core.tsume.TsumeProblem;
import org.shogibridge.core.tsume.TsumeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A board's progress through the built-in tsume, kept in {@code tsume.json} in the data directory: the problems
 * solved, the tries of each, the last one played. Written whole to a temporary file and moved over the old one, so
 * a power cut leaves the old or the new. A file that cannot be read is set aside ({@code tsume.json.bad}) and the
 * board starts again, as a player would rather than lose the board.
 */
public final class TsumeProgress {
    private static final Logger log = LoggerFactory.getLogger(TsumeProgress.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final TsumeSet set;
    private final Set<String> solved = new LinkedHashSet<>();
    private final Map<String, Integer> tries = new LinkedHashMap<>();
    private String last;

    public TsumeProgress(Path file, TsumeSet set) {
        this.file = file;
        this.set = set;
        if (Files.exists(file)) {
            try {
                JsonNode root = JSON.readTree(Files.readAllBytes(file));
                root.path("solved").forEach(id -> solved.add(id.asText()));
                root.path("tries").fields().forEachRemaining(e -> tries.put(e.getKey(), e.getValue().asInt()));
                last = root.path("last").isTextual() ? root.path("last").asText() : null;
            } catch (IOException | RuntimeException e) {
                log.warn("Tsume progress. {} could not be read ({}); set aside as {}.bad, starting again.", file, e.getMessage(),
                        file.getFileName());
                try {
                    Files.move(file, file.resolveSibling(file.getFileName() + ".bad"), StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException moveFailed) {
                    log.warn("Tsume progress. {} could not be set aside: {}.", file, moveFailed.getMessage());
                }
            }
        }
    }

    /** The problem a board's player gets next: the first unsolved after the last one played. */
    public synchronized Optional<TsumeProblem> next() {
        return set.next(solved, last);
    }

    /** A try of a problem ended, solved or not; the file is written before this returns. */
    public synchronized void ended(String id, boolean wasSolved) {
        tries.merge(id, 1, Integer::sum);
        if (wasSolved) {
            solved.add(id);
        }
        last = id;
        try {
            Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(temporary, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(kept()).getBytes(StandardCharsets.UTF_8));
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            log.warn("Tsume progress. {} could not be written: {}.", file, e.getMessage());
        }
    }

    /** What the file keeps: the problems solved, the tries of each, the last one played. */
    private ObjectNode kept() {
        ObjectNode root = JSON.createObjectNode();
        root.putArray("solved").addAll(solved.stream().map(JSON.getNodeFactory()::textNode).toList());
        ObjectNode t = root.putObject("tries");
        tries.forEach(t::put);
        root.put("last", last);
        return root;
    }

    /** The set with this board's progress, as {@code /tsume.json} serves it: every problem, solved or not. */
    public synchronized ObjectNode json() {
        ObjectNode root = kept();
        var problems = root.putArray("problems");
        for (TsumeProblem p : set.problems()) {
            problems.addObject().put("id", p.id()).put("plies", p.plies()).put("title", p.japaneseTitle())
                    .put("titleEnglish", p.englishTitle()).put("solved", solved.contains(p.id()))
                    .put("tries", tries.getOrDefault(p.id(), 0));
        }
        return root;
    }
}
