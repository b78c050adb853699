package org.shogibridge.device.hub;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.device.journal.GameArchive;

/**
 * The event's finished games on the hub's disk, one KIF and one CSA file each (named by the daemon's game id, which
 * carries its start time and board), written when the hub hears the game end: the event's record survives the
 * boards, and the archive is built from these files.
 */
final class EventGames {
    private final GameArchive files;
    private long version;
    /** Records read from their files, by game id (an event's games: bounded by what the event played). */
    private final java.util.Map<String, GameRecord> read = new java.util.HashMap<>();

    EventGames(Path directory) throws IOException {
        this.files = new GameArchive(directory);
    }

    Path directory() {
        return files.directory();
    }

    /** Keep a finished game (again, if the board sent its end twice: the file is replaced). */
    synchronized void save(String gameId, GameRecord record) throws IOException {
        files.save(gameId, record);
        read.remove(gameId);
        version++;
    }

    /** Keep a game's review (the board's {@code review} message) beside its record, as the board keeps it. */
    void saveReview(String gameId, String json) throws IOException {
        files.saveReview(gameId, json);
    }

    /** Grows with each game kept. */
    synchronized long version() {
        return version;
    }

    /** The ids of the kept games, oldest first. */
    List<String> ids() throws IOException {
        List<String> ids = new ArrayList<>(files.ids());
        java.util.Collections.reverse(ids);
        return ids;
    }

    /**
     * A kept game's record, read from its KIF once (the index's standings, all.kifu and the zip are made again on
     * every change of the event: a game kept does not change, so its file is not read again). Callers only read it.
     */
    synchronized GameRecord record(String gameId) throws IOException {
        GameRecord cached = read.get(gameId);
        if (cached != null) {
            return cached;
        }
        Path kifu = files.file(gameId, "kifu");
        GameRecord record = kifu == null ? null : RecordFormat.read(kifu.getFileName().toString(), Files.readAllBytes(kifu));
        if (record != null) {
            read.put(gameId, record);
        }
        return record;
    }

    /** A kept game's KIF file, or null. */
    Path kifu(String gameId) {
        return files.file(gameId, "kifu");
    }

    boolean has(String gameId) {
        return files.file(gameId, "kifu") != null;
    }
}
