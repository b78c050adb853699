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
import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.session.ClockState;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SavedGame;
import org.shogibridge.core.session.SessionEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The crash-safe record of the game in progress: one JSON line per change, appended and forced to disk
 * ({@code fsync}) before the change is published. After a crash, {@link #recover} reads it back: a torn last line
 * (power lost mid-write) is dropped, never fatal. When a game ends and its record is safely in the games directory,
 * the journal is compacted to one line that keeps the sequence number.
 *
 * <p>Lines: {@code start} (id, start SFEN, players), {@code move} (USI, time used, clocks after), {@code undo},
 * {@code players}, {@code clock} (a checkpoint of a running clock), {@code status} and {@code end}; each with
 * {@code seq}.
 */
public final class Journal implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Journal.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private FileChannel channel;

    /** Open (creating) the journal file; appends go to its end. */
    public Journal(Path file) throws IOException {
        this.file = file;
        Files.createDirectories(file.toAbsolutePath().getParent());
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    public Path file() {
        return file;
    }

    /** Append the change an event describes and force it to disk. Events without a change are ignored. */
    public void append(SessionEvent event) throws IOException {
        ObjectNode line = lineOf(event);
        if (line != null) {
            write(line);
        }
    }

    /** Append a checkpoint of the running clock (not forced: losing it costs at most the time since the last one). */
    public void checkpoint(long seq, ClockState clock) throws IOException {
        ObjectNode line = JSON.createObjectNode().put("seq", seq).put("type", "clock");
        line.set("clock", clockJson(clock));
        channel.write(ByteBuffer.wrap((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8)));
    }

    private void write(ObjectNode line) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
        channel.force(false);
    }

    /** Replace the journal by one line that keeps the sequence number: the finished game is in the games directory. */
    public void compact(long seq) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        byte[] line = (JSON.writeValueAsString(JSON.createObjectNode().put("seq", seq).put("type", "idle")) + "\n")
                .getBytes(StandardCharsets.UTF_8);
        try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write(ByteBuffer.wrap(line));
            out.force(true);
        }
        channel.close();
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /**
     * What a journal holds after a crash: the last sequence number, and the unfinished game if there is one.
     *
     * @param seq       the last sequence number written
     * @param game      the unfinished game, or null
     * @param dropped   lines dropped (a torn or unreadable tail), for the log
     */
    public record Recovered(long seq, SavedGame game, int dropped) {
    }

    /** Read a journal file back; a missing file is an empty journal. */
    public static Recovered recover(Path file) throws IOException {
        if (!Files.exists(file)) {
            return new Recovered(0, null, 0);
        }
        byte[] bytes = Files.readAllBytes(file);
        String text = new String(bytes, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        long seq = 0;
        Builder game = null;
        int dropped = 0;
        // The last element is what follows the last line break: empty, or a torn line.
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            boolean complete = i < lines.length - 1;
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                if (!complete) {
                    throw new IOException("no line break");
                }
                node = JSON.readTree(line);
                seq = Math.max(seq, node.get("seq").asLong());
                game = apply(game, node);
            } catch (IOException | RuntimeException e) {
                dropped = lines.length - i - (lines[lines.length - 1].isEmpty() ? 1 : 0);
                log.warn("Journal {} line {} is torn or unreadable ({}); it and the {} lines after it are dropped.",
                        file, i + 1, e.getMessage(), Math.max(0, dropped - 1));
                break;
            }
        }
        return new Recovered(seq, game == null ? null : game.build(seq), dropped);
    }

    private static Builder apply(Builder game, JsonNode node) {
        String type = node.get("type").asText();
        switch (type) {
            case "start" -> {
                Position start = Sfen.parseIrregular(variant(node.get("variant").asText()), node.get("start").asText());
                return new Builder(node.get("game").asText(), start, player(node.get("black")), player(node.get("white")));
            }
            case "move" -> {
                require(game, type);
                int move = Usi.parseLegalMove(game.position, node.get("usi").asText());
                game.position.doMove(move);
                game.moves.add(move);
                game.millis.add(node.get("ms").asLong());
                game.clock = clock(node.get("clock"));
            }
            case "undo" -> {
                require(game, type);
                if (!game.moves.isEmpty()) {
                    game.position.undoMove(game.moves.remove(game.moves.size() - 1));
                    game.millis.remove(game.millis.size() - 1);
                    game.clock = clock(node.get("clock"));
                }
            }
            case "clock" -> {
                if (game != null) {
                    game.clock = clock(node.get("clock"));
                }
            }
            case "players" -> {
                require(game, type);
                game.black = player(node.get("black"));
                game.white = player(node.get("white"));
            }
            case "end", "idle" -> {
                return null;
            }
            case "status" -> {
            }
            default -> throw new IllegalArgumentException("unknown line type " + type);
        }
        return game;
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

        Builder(String id, Position start, Player black, Player white) {
            this.id = id;
            this.start = start;
            this.position = start.copy();
            this.black = black;
            this.white = white;
        }

        SavedGame build(long seq) {
            ClockState c = clock != null ? clock : new ClockState(0, 0, 0, null, 0);
            return new SavedGame(id, seq, start, moves, millis, c, black, white);
        }
    }

    // ---------------------------------------------------------------- lines

    private static ObjectNode lineOf(SessionEvent event) {
        GameState state = event.stateOrNull();
        if (state == null) {
            return null;
        }
        ObjectNode line = JSON.createObjectNode().put("seq", state.seq());
        if (event instanceof SessionEvent.GameStarted) {
            line.put("type", "start").put("game", state.gameId()).put("variant", state.variant().name())
                    .put("start", state.startSfen());
            line.set("black", playerJson(state.black()));
            line.set("white", playerJson(state.white()));
        } else if (event instanceof SessionEvent.MovePlayed e) {
            line.put("type", "move").put("ply", e.ply()).put("usi", e.usi()).put("ms", e.elapsedMillis());
            line.set("clock", clockJson(state.clock()));
        } else if (event instanceof SessionEvent.MoveUndone e) {
            line.put("type", "undo").put("usi", e.usi());
            line.set("clock", clockJson(state.clock()));
        } else if (event instanceof SessionEvent.GameEnded) {
            line.put("type", "end").put("game", state.gameId()).put("reason", state.result().reason());
        } else {
            line.put("type", "players");
            line.set("black", playerJson(state.black()));
            line.set("white", playerJson(state.white()));
        }
        return line;
    }

    private static ObjectNode playerJson(Player p) {
        return JSON.createObjectNode().put("name", p.name()).put("kind", p.kind().name()).put("level", p.level())
                .put("command", p.command());
    }

    private static Player player(JsonNode node) {
        return new Player(node.get("name").asText(), Player.Kind.valueOf(node.get("kind").asText()), node.get("level").asInt(),
                node.get("command").asText());
    }

    private static ObjectNode clockJson(ClockState c) {
        return JSON.createObjectNode().put("black", c.blackMillis()).put("white", c.whiteMillis())
                .put("byoyomi", c.byoyomiMillis()).put("running", c.running() == null ? null : c.running().name())
                .put("move", c.moveMillis());
    }

    private static ClockState clock(JsonNode node) {
        JsonNode running = node.get("running");
        return new ClockState(node.get("black").asLong(), node.get("white").asLong(), node.get("byoyomi").asLong(),
                running == null || running.isNull() ? null : Side.valueOf(running.asText()), node.get("move").asLong());
    }

    private static org.shogibridge.core.rules.Variant variant(String name) {
        return org.shogibridge.core.rules.Variant.valueOf(name);
    }

}
