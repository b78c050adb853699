package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.device.http.ArchivedGames;

/**
 * The archive over HTTP: a search ({@code /archive/search.json?player=&event=&from=&to=&result=}), one game in each
 * format or as the board view's JSON ({@code /archive/game/<id>.kifu}), and what a search found as one multi-game
 * KIF or a zip ({@code /archive/download.kifu?...}, {@code /archive/download.zip?...}): a player's games, or an event's.
 */
final class ArchiveFeeds {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The most games one search lists or one download holds. */
    static final int MAX_GAMES = 2_000;

    /** An answer: its type and bytes, or null for "no such game". */
    record Answer(String type, byte[] bytes) {
    }

    private final GameIndex index;
    /** Games whose end the hub's delay still holds back: not listed, not served. */
    private final java.util.function.Predicate<String> heldBack;

    ArchiveFeeds(GameIndex index, java.util.function.Predicate<String> heldBack) {
        this.index = index;
        this.heldBack = heldBack;
    }

    private java.util.List<GameIndex.Entry> search(GameIndex.Query query) throws IOException {
        return index.search(query, MAX_GAMES).stream().filter(e -> !heldBack.test(e.id())).toList();
    }

    /** Answer a path below {@code /archive/} with its query string (or null). */
    Answer answer(String path, String rawQuery) throws IOException {
        Map<String, String> q = query(rawQuery);
        GameIndex.Query query = new GameIndex.Query(q.get("player"), q.get("event"), q.get("from"), q.get("to"), q.get("result"));
        switch (path) {
            case "search.json" -> {
                ObjectNode root = JSON.createObjectNode();
                ArrayNode games = root.putArray("games");
                for (GameIndex.Entry e : search(query)) {
                    games.add(JSON.valueToTree(e));
                }
                return new Answer("application/json", JSON.writeValueAsBytes(root));
            }
            case "download.kifu" -> {
                StringBuilder all = new StringBuilder();
                for (GameIndex.Entry e : search(query)) {
                    all.append(all.isEmpty() ? "" : "\n").append(Files.readString(index.file(e), StandardCharsets.UTF_8));
                }
                return new Answer("text/plain; charset=utf-8", all.toString().getBytes(StandardCharsets.UTF_8));
            }
            case "download.zip" -> {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
                    for (GameIndex.Entry e : search(query)) {
                        zip.putNextEntry(new ZipEntry(e.id() + ".kifu"));
                        zip.write(Files.readAllBytes(index.file(e)));
                        zip.closeEntry();
                    }
                }
                return new Answer("application/zip", bytes.toByteArray());
            }
            default -> {
                return path.startsWith("game/") ? game(path.substring("game/".length())) : null;
            }
        }
    }

    private static final String REVIEW = ".review.json";

    /**
     * One game: {@code <id>.kifu} as kept, {@code .kif}, {@code .csa}, {@code .jkf} made from it, {@code .json} for the
     * board view, {@code .review.json} its review when the board sent one.
     */
    private Answer game(String name) throws IOException {
        if (name.endsWith(REVIEW)) { // its review, kept beside it when the board sent one
            GameIndex.Entry entry = index.get(name.substring(0, name.length() - REVIEW.length()));
            if (entry == null || heldBack.test(entry.id())) {
                return null;
            }
            Path review = index.file(entry).resolveSibling(entry.id() + REVIEW);
            return Files.exists(review) ? new Answer("application/json", Files.readAllBytes(review)) : null;
        }
        int dot = name.lastIndexOf('.');
        if (dot <= 0) {
            return null;
        }
        GameIndex.Entry entry = index.get(name.substring(0, dot));
        if (entry == null || heldBack.test(entry.id())) {
            return null;
        }
        String extension = name.substring(dot + 1);
        byte[] kept = Files.readAllBytes(index.file(entry));
        if (extension.equals("kifu")) {
            return new Answer("text/plain; charset=utf-8", kept);
        }
        GameRecord record = RecordFormat.read(entry.id() + ".kifu", kept);
        if (extension.equals("json")) {
            return new Answer("application/json", ArchivedGames.json(entry.id(), entry.event(), entry.board(), record)
                    .getBytes(StandardCharsets.UTF_8));
        }
        RecordFormat format = EventFeeds.FORMATS.get(extension);
        return format == null ? null : new Answer(format == RecordFormat.JKF ? "application/json"
                : "text/plain; charset=" + (format == RecordFormat.KIF ? "Shift_JIS" : "utf-8"), format.encode(record));
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> q = new LinkedHashMap<>();
        if (raw == null) {
            return q;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                q.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return q;
    }
}
