package org.shogibridge.device.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.ClockState;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SavedGame;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.device.state.StateJson;

/**
 * The crash-safe record of the game in progress: one JSON line per change, appended and forced to disk
 * ({@code fsync}) before the change is published. A finished game stays in the journal, its record files' bytes in its
 * {@code end} line, until {@link #archived} says its files are written; only then is it forgotten.
 *
 * <p>It heals itself: {@link #recover} reads back every line up to the first one that is torn (a power cut mid-write)
 * or unreadable (garbage, zeros), and {@link #open} then rewrites the file from what was read, so new lines never
 * follow a bad one; what was cut is kept beside it ({@code journal.jsonl.damaged-<time>}) for inspection, and the
 * sequence number never goes back, even past a cut line: after any damage it starts past the wall clock's
 * milliseconds, beyond every number used before.
 *
 * <p>Lines: {@code idle} (the sequence number, nothing open), {@code start} (id, start SFEN, players), {@code game}
 * (a whole game at once, written when a change arrives for a game the journal no longer holds), {@code move} (USI,
 * time used, clocks after), {@code undo}, {@code status} (players and clocks), {@code clock} (a checkpoint of a
 * running clock), {@code end} (the result and the record files) and {@code archived}; each with {@code seq}.
 */
public final class Journal implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SEQ = Pattern.compile("\"seq\"\\s*:\\s*(\\d{1,18})");

    private final Path file;
    private FileChannel channel;
    private long lastSeq;
    /** The lines of the game in progress, from its start, as written: what a rewrite keeps. */
    private final List<String> openGame = new ArrayList<>();
    private String openGameId;
    /** The {@code end} lines of finished games whose record files are not written yet, by game id. */
    private final Map<String, String> unarchived = new LinkedHashMap<>();

    private Journal(Path file, Recovered from) throws IOException {
        this.file = file;
        this.lastSeq = from.seq();
        openGame.addAll(from.openGameLines());
        openGameId = from.game() == null ? null : from.game().gameId();
        for (FinishedGame finished : from.unarchived()) {
            unarchived.put(finished.gameId(), finished.line());
        }
    }

    /**
     * Open the journal after {@link #recover}: the file is rewritten from what was recovered (atomically), cutting any
     * damaged tail, and appends go to its end.
     */
    public static Journal open(Path file, Recovered recovered) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Journal journal = new Journal(file, recovered);
        journal.rewrite();
        return journal;
    }

    /** Open an empty or new journal (tests, benchmarks): what it holds is recovered first. */
    public static Journal open(Path file) throws IOException {
        return open(file, recover(file));
    }

    public Path file() {
        return file;
    }

    /** Append the change an event describes and force it to disk. Events without a change are ignored. */
    public void append(SessionEvent event) throws IOException {
        GameState state = event.stateOrNull();
        if (state == null) {
            return;
        }
        if (event instanceof SessionEvent.GameEnded ended) {
            // The end line holds the record files, whole: the game needs no other line until they are written.
            ObjectNode line = lineOf(event);
            line.put("kifu", Base64.getEncoder().encodeToString(RecordFormat.KIFU.encode(ended.record())));
            line.put("csa", Base64.getEncoder().encodeToString(RecordFormat.CSA.encode(ended.record())));
            unarchived.put(state.gameId(), write(line, true));
            openGame.clear();
            openGameId = null;
        } else if (state.result() != null) {
            // The board of a finished game changed: nothing to keep but the number, so it never goes back.
            write(JSON.createObjectNode().put("seq", state.seq()).put("type", "idle"), true);
        } else {
            boolean known = event instanceof SessionEvent.GameStarted || state.gameId().equals(openGameId);
            // A change to a game the journal has let go of (a finished game taken back) brings the whole game.
            String text = write(known ? lineOf(event) : wholeGame(state), true);
            if (!known || event instanceof SessionEvent.GameStarted) {
                openGame.clear();
                openGameId = state.gameId();
            }
            openGame.add(text);
        }
        lastSeq = Math.max(lastSeq, state.seq());
    }

    /** Append a checkpoint of the running clock (not forced: losing it costs at most the time since the last one). */
    public void checkpoint(long seq, ClockState clock) throws IOException {
        ObjectNode line = JSON.createObjectNode().put("seq", seq).put("type", "clock");
        line.set("clock", StateJson.clock(JSON.createObjectNode(), clock));
        write(line, false);
    }

    /**
     * The record files of a finished game are written: forget it. The file is rewritten to what is still open (the
     * game in progress, other unwritten records) or one {@code idle} line that keeps the sequence number.
     */
    public void archived(String gameId) throws IOException {
        if (unarchived.remove(gameId) != null) {
            rewrite();
        }
    }

    /** Return the ids of finished games whose record files are not written yet, oldest first. */
    public List<String> unarchivedGames() {
        return List.copyOf(unarchived.keySet());
    }

    /** Return the record files (KIF, then CSA bytes) kept for a finished game, or null. */
    public byte[][] recordFiles(String gameId) throws IOException {
        String line = unarchived.get(gameId);
        return line == null ? null : recordFilesOf(JSON.readTree(line));
    }

    /** Append a line, forced to disk if asked; a failed write is cut back so no part of it joins the next line. */
    private String write(ObjectNode line, boolean force) throws IOException {
        String text = JSON.writeValueAsString(line);
        ByteBuffer bytes = ByteBuffer.wrap((text + "\n").getBytes(StandardCharsets.UTF_8));
        long size = channel.size();
        try {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            if (force) {
                channel.force(false);
            }
        } catch (IOException e) {
            try {
                channel.truncate(size);
            } catch (IOException ignored) {
                // the next recovery cuts it
            }
            throw e;
        }
        return text;
    }

    /** Replace the file by what is still needed, atomically (a temporary file, forced, then renamed over it). */
    private void rewrite() throws IOException {
        StringBuilder text = new StringBuilder();
        text.append(JSON.writeValueAsString(JSON.createObjectNode().put("seq", lastSeq).put("type", "idle"))).append('\n');
        unarchived.values().forEach(line -> text.append(line).append('\n'));
        openGame.forEach(line -> text.append(line).append('\n'));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
                out.force(true);
            }
            if (channel != null) {
                channel.close();
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            Files.deleteIfExists(tmp); // a full disk leaves the journal as it was, with nothing half-written beside it
            throw e;
        } finally {
            if (channel == null || !channel.isOpen()) {
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            }
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    // ---------------------------------------------------------------- recovery

    /**
     * A finished game whose record files were not written when the daemon stopped.
     *
     * @param gameId the game's id
     * @param kifu   the KIF file's bytes
     * @param csa    the CSA file's bytes
     * @param line   its {@code end} line, as kept
     */
    public record FinishedGame(String gameId, byte[] kifu, byte[] csa, String line) {
    }

    /**
     * What a journal holds after a crash.
     *
     * @param seq             the highest sequence number in the file, also in a line that was cut
     * @param game            the unfinished game, or null
     * @param openGameLines   that game's lines, to keep
     * @param unarchived      finished games whose record files are still to write
     * @param dropped         lines cut (a torn or unreadable line and every line after it)
     * @param damaged         where the original file was kept when lines were cut, or null
     */
    public record Recovered(long seq, SavedGame game, List<String> openGameLines, List<FinishedGame> unarchived, int dropped,
            Path damaged) {
    }

    /**
     * Read a journal file back; a missing file is an empty journal. A damaged file is copied aside (the copy is named
     * in the result), but not changed: {@link #open} cuts it.
     */
    public static Recovered recover(Path file) throws IOException {
        if (!Files.exists(file)) {
            return new Recovered(0, null, List.of(), List.of(), 0, null);
        }
        byte[] bytes = Files.readAllBytes(file);
        String text = new String(bytes, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        long seq = 0;
        Builder game = null;
        List<String> openLines = new ArrayList<>();
        Map<String, FinishedGame> finished = new LinkedHashMap<>();
        int dropped = 0;
        // The last element is what follows the last line break: empty, or a torn line.
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            boolean complete = i < lines.length - 1;
            if (line.isBlank() && complete) {
                continue;
            }
            if (line.isEmpty()) {
                break;
            }
            try {
                if (!complete) {
                    throw new IllegalArgumentException("no line break");
                }
                JsonNode node = JSON.readTree(line);
                long lineSeq = node.get("seq").asLong();
                String type = node.get("type").asText();
                Builder next = apply(game, node, type, finished, line);
                seq = Math.max(seq, lineSeq);
                if (type.equals("start") || type.equals("game")) {
                    openLines.clear();
                }
                game = next;
                if (game == null) {
                    openLines.clear();
                } else if (!type.equals("clock")) {
                    openLines.add(line);
                }
            } catch (IOException | RuntimeException e) {
                // Everything from here on is cut; its numbers still count, so seq never goes back.
                for (int j = i; j < lines.length; j++) {
                    Matcher m = SEQ.matcher(lines[j]);
                    while (m.find()) {
                        seq = Math.max(seq, Long.parseLong(m.group(1)));
                    }
                    if (!lines[j].isEmpty()) {
                        dropped++;
                    }
                }
                break;
            }
        }
        Path damaged = null;
        if (dropped > 0) {
            // A cut line may have taken a number that was published with it: start past every number a daemon can
            // have used, the wall clock's milliseconds (a board makes far fewer than 1,000 changes a second).
            seq = Math.max(seq, System.currentTimeMillis());
            String time = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
            damaged = file.resolveSibling(file.getFileName() + ".damaged-" + time);
            Files.copy(file, damaged, StandardCopyOption.REPLACE_EXISTING);
        }
        return new Recovered(seq, game == null ? null : game.build(seq), game == null ? List.of() : List.copyOf(openLines),
                List.copyOf(finished.values()), dropped, damaged);
    }

    private static Builder apply(Builder game, JsonNode node, String type, Map<String, FinishedGame> finished, String line)
            throws IOException {
        switch (type) {
            case "start", "game" -> {
                Variant variant = Variant.valueOf(node.get("variant").asText());
                Position start = Sfen.parseIrregular(variant, node.get("start").asText());
                Builder next = new Builder(node.get("game").asText(), start, StateJson.readPlayer(node.get("black")),
                        StateJson.readPlayer(node.get("white")));
                if (node.has("time")) { // a journal of an older version has neither: the board's own are used
                    next.timeControl = StateJson.readTimeControl(node.get("time"));
                }
                if (node.has("mode")) {
                    next.mode = Game.Mode.valueOf(node.get("mode").asText().toUpperCase(Locale.ROOT));
                }
                if (type.equals("game")) {
                    JsonNode ms = node.get("ms");
                    int i = 0;
                    for (JsonNode usi : node.get("moves")) {
                        next.play(usi.asText(), ms.get(i++).asLong());
                    }
                    next.clock = StateJson.readClock(node.get("clock"));
                }
                return next;
            }
            case "move" -> {
                require(game, type);
                game.play(node.get("usi").asText(), node.get("ms").asLong());
                game.clock = StateJson.readClock(node.get("clock"));
            }
            case "undo" -> {
                require(game, type);
                if (!game.moves.isEmpty()) {
                    game.position.undoMove(game.moves.remove(game.moves.size() - 1));
                    game.millis.remove(game.millis.size() - 1);
                    game.clock = StateJson.readClock(node.get("clock"));
                }
            }
            case "clock" -> {
                if (game != null) {
                    game.clock = StateJson.readClock(node.get("clock"));
                }
            }
            case "players", "status" -> {
                require(game, type);
                game.black = StateJson.readPlayer(node.get("black"));
                game.white = StateJson.readPlayer(node.get("white"));
                if (node.has("clock")) {
                    game.clock = StateJson.readClock(node.get("clock"));
                }
            }
            case "end" -> {
                byte[][] files = recordFilesOf(node);
                if (files != null) {
                    String id = node.get("game").asText();
                    finished.put(id, new FinishedGame(id, files[0], files[1], line));
                }
                return null;
            }
            case "archived" -> {
                finished.remove(node.get("game").asText());
                return game;
            }
            case "idle" -> {
                return null;
            }
            default -> throw new IllegalArgumentException("unknown line type " + type);
        }
        return game;
    }

    private static byte[][] recordFilesOf(JsonNode end) {
        if (!end.hasNonNull("kifu") || !end.hasNonNull("csa")) {
            return null; // written by an older version, which saved the record before this line
        }
        return new byte[][] {Base64.getDecoder().decode(end.get("kifu").asText()), Base64.getDecoder().decode(end.get("csa").asText())};
    }

    private static void require(Builder game, String type) {
        if (game == null) {
            throw new IllegalArgumentException("a " + type + " line outside a game");
        }
    }

    private static final class Builder {
        final String id;
        final Position start;
        final Position position;
        final List<Integer> moves = new ArrayList<>();
        final List<Long> millis = new ArrayList<>();
        Player black;
        Player white;
        ClockState clock;
        TimeControl timeControl;
        Game.Mode mode;

        Builder(String id, Position start, Player black, Player white) {
            this.id = id;
            this.start = start;
            this.position = start.copy();
            this.black = black;
            this.white = white;
        }

        void play(String usi, long ms) {
            int move = Usi.parseLegalMove(position, usi);
            position.doMove(move);
            moves.add(move);
            millis.add(ms);
        }

        SavedGame build(long seq) {
            ClockState c = clock != null ? clock : new ClockState(0, 0, 0, null, 0);
            return new SavedGame(id, seq, start, moves, millis, c, black, white, timeControl, mode);
        }
    }

    // ---------------------------------------------------------------- lines

    private static ObjectNode lineOf(SessionEvent event) {
        GameState state = event.stateOrNull();
        ObjectNode line = JSON.createObjectNode().put("seq", state.seq());
        if (event instanceof SessionEvent.GameStarted) {
            line.put("type", "start").put("game", state.gameId()).put("variant", state.variant().name())
                    .put("start", state.startSfen());
            setUp(line, state);
            line.set("black", StateJson.savedPlayer(state.black()));
            line.set("white", StateJson.savedPlayer(state.white()));
        } else if (event instanceof SessionEvent.MovePlayed e) {
            line.put("type", "move").put("ply", e.ply()).put("usi", e.usi()).put("ms", e.elapsedMillis());
            line.set("clock", StateJson.clock(JSON.createObjectNode(), state.clock()));
        } else if (event instanceof SessionEvent.MoveUndone e) {
            line.put("type", "undo").put("usi", e.usi());
            line.set("clock", StateJson.clock(JSON.createObjectNode(), state.clock()));
        } else if (event instanceof SessionEvent.GameEnded) {
            line.put("type", "end").put("game", state.gameId()).put("reason", state.result().reason());
        } else {
            line.put("type", "status");
            line.set("black", StateJson.savedPlayer(state.black()));
            line.set("white", StateJson.savedPlayer(state.white()));
            line.set("clock", StateJson.clock(JSON.createObjectNode(), state.clock()));
        }
        return line;
    }

    /** The game's own time control and rules, which a resumed game keeps whatever the board's configuration says. */
    private static void setUp(ObjectNode line, GameState state) {
        StateJson.timeControl(line.putObject("time"), state.timeControl());
        line.put("mode", state.mode().name().toLowerCase(Locale.ROOT));
    }

    /** The whole game of a state in one line: its start, players, moves with their times, and clocks. */
    private static ObjectNode wholeGame(GameState state) {
        ObjectNode line = JSON.createObjectNode().put("seq", state.seq()).put("type", "game").put("game", state.gameId())
                .put("variant", state.variant().name()).put("start", state.startSfen());
        setUp(line, state);
        line.set("black", StateJson.savedPlayer(state.black()));
        line.set("white", StateJson.savedPlayer(state.white()));
        var moves = line.putArray("moves");
        state.moves().forEach(moves::add);
        var ms = line.putArray("ms");
        state.moveMillis().forEach(ms::add);
        line.set("clock", StateJson.clock(JSON.createObjectNode(), state.clock()));
        return line;
    }
}
