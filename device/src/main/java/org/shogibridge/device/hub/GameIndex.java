package org.shogibridge.device.hub;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.device.state.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The archive's index: every kept game under a data directory (each event's {@code events/<event>/games/} and the
 * imported records in {@code imported/}), searchable by player, event, date and result. The record files are the
 * archive; the index is SQLite in one file ({@code archive.sqlite}) made from them, and made again from them when it
 * is missing, damaged or of another version. One connection, used by one caller at a time.
 */
public final class GameIndex implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GameIndex.class);
    /** Bumped when the table changes: an index of another version is made again from the files. */
    private static final int SCHEMA = 1;
    private static final int OPENING_MOVES = 6;
    static final String FILE = "archive.sqlite";

    /** One game of the archive, as the index lists it. {@code file} is relative to the data directory. */
    public record Entry(String id, String event, String title, int round, String board, String sente, String gote, String date,
            String result, String ending, int moves, String opening, String file) {
    }

    /**
     * What to look for; null or blank fields match everything. {@code player} matches either side, {@code event} the
     * event's id or title, both in part; dates are {@code 2026-11-26}, both ends included.
     */
    public record Query(String player, String event, String from, String to, String result) {
    }

    private final Path dataDir;
    private final Connection db;

    private GameIndex(Path dataDir, Connection db) {
        this.dataDir = dataDir;
        this.db = db;
    }

    /** Open the index of a data directory, making it again if it is missing or damaged, and add files it lacks. */
    public static GameIndex open(Path dataDir) throws IOException {
        Files.createDirectories(dataDir);
        Path file = dataDir.resolve(FILE);
        GameIndex index = null;
        try {
            index = new GameIndex(dataDir, connect(file));
            index.check();
        } catch (SQLException e) {
            if (index != null) {
                index.close();
            }
            Path aside = file.resolveSibling(FILE + ".damaged");
            log.warn("Archive index {} unreadable ({}); made again from the record files (the old one is kept as {}).",
                    file, e.getMessage(), aside.getFileName());
            Files.move(file, aside, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            try {
                index = new GameIndex(dataDir, connect(file));
                index.check();
            } catch (SQLException again) {
                throw new IOException("Archive index " + file + " cannot be made: " + again.getMessage(), again);
            }
        }
        int added = index.addMissing();
        if (added > 0) {
            log.info("Archive index: {} game(s) added from the record files.", added);
        }
        return index;
    }

    private static Connection connect(Path file) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file);
    }

    /** Make sure the file is an index of this version, creating the table in a new file. */
    private void check() throws SQLException {
        try (Statement s = db.createStatement()) {
            try (ResultSet ok = s.executeQuery("PRAGMA quick_check")) {
                if (!ok.next() || !ok.getString(1).equals("ok")) {
                    throw new SQLException("the file is damaged");
                }
            }
            int version;
            try (ResultSet v = s.executeQuery("PRAGMA user_version")) {
                version = v.next() ? v.getInt(1) : 0;
            }
            if (version != SCHEMA) {
                s.executeUpdate("DROP TABLE IF EXISTS games");
                s.executeUpdate("CREATE TABLE games (id TEXT PRIMARY KEY, event TEXT, title TEXT, round INTEGER, board TEXT,"
                        + " sente TEXT, gote TEXT, date TEXT, result TEXT, ending TEXT, moves INTEGER, opening TEXT, file TEXT)");
                s.executeUpdate("CREATE INDEX games_sente ON games (sente)");
                s.executeUpdate("CREATE INDEX games_gote ON games (gote)");
                s.executeUpdate("CREATE INDEX games_event ON games (event, round, board)");
                s.executeUpdate("CREATE INDEX games_date ON games (date)");
                s.executeUpdate("PRAGMA user_version = " + SCHEMA);
            }
            s.executeQuery("SELECT count(*) FROM games").close();
        }
    }

    /** Add every record file the index lacks; return how many. An unreadable file is logged and left out. */
    private int addMissing() throws IOException {
        Set<String> known = new HashSet<>();
        try (Statement s = db.createStatement(); ResultSet rows = s.executeQuery("SELECT file FROM games")) {
            while (rows.next()) {
                known.add(rows.getString(1));
            }
        } catch (SQLException e) {
            throw new IOException("Archive index: " + e.getMessage(), e);
        }
        int added = 0;
        for (Path file : recordFiles()) {
            if (!known.contains(relative(file))) {
                try {
                    add(file);
                    added++;
                } catch (RuntimeException e) {
                    log.warn("Archive: {} left out: {}", file, e.getMessage());
                }
            }
        }
        return added;
    }

    /** Every kept record file (KIF in UTF-8) under the data directory. */
    private List<Path> recordFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        Path events = dataDir.resolve("events");
        if (Files.isDirectory(events)) {
            try (Stream<Path> all = Files.walk(events, 3)) {
                all.filter(p -> p.getFileName().toString().endsWith(".kifu") && p.getParent().getFileName().toString().equals("games"))
                        .sorted().forEach(files::add);
            }
        }
        Path imported = dataDir.resolve("imported");
        if (Files.isDirectory(imported)) {
            try (Stream<Path> all = Files.list(imported)) {
                all.filter(p -> p.getFileName().toString().endsWith(".kifu")).sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** Index a record file under the data directory (again, if it was: the entry is replaced). */
    public synchronized Entry add(Path file) throws IOException {
        GameRecord record = RecordFormat.read(file.getFileName().toString(), Files.readAllBytes(file));
        Entry entry = entry(file, record);
        try (PreparedStatement insert = db.prepareStatement("INSERT OR REPLACE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
            insert.setString(1, entry.id());
            insert.setString(2, entry.event());
            insert.setString(3, entry.title());
            insert.setInt(4, entry.round());
            insert.setString(5, entry.board());
            insert.setString(6, entry.sente());
            insert.setString(7, entry.gote());
            insert.setString(8, entry.date());
            insert.setString(9, entry.result());
            insert.setString(10, entry.ending());
            insert.setInt(11, entry.moves());
            insert.setString(12, entry.opening());
            insert.setString(13, entry.file());
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IOException("Archive index: " + e.getMessage(), e);
        }
        return entry;
    }

    /** The games that match, newest first, at most {@code limit}. */
    public synchronized List<Entry> search(Query q, int limit) throws IOException {
        StringBuilder sql = new StringBuilder("SELECT * FROM games WHERE 1=1");
        List<String> args = new ArrayList<>();
        if (given(q.player())) {
            sql.append(" AND (sente LIKE ? ESCAPE '\\' OR gote LIKE ? ESCAPE '\\')");
            args.add(like(q.player()));
            args.add(like(q.player()));
        }
        if (given(q.event())) { // the event's id or its title, in part
            sql.append(" AND (event LIKE ? ESCAPE '\\' OR title LIKE ? ESCAPE '\\')");
            args.add(like(q.event()));
            args.add(like(q.event()));
        }
        condition(sql, args, "date >= ?", q.from());
        condition(sql, args, "date <= ?", q.to());
        condition(sql, args, "result = ?", q.result());
        sql.append(" ORDER BY date DESC, id DESC LIMIT ").append(Math.max(1, limit));
        try (PreparedStatement select = db.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) {
                select.setString(i + 1, args.get(i));
            }
            try (ResultSet rows = select.executeQuery()) {
                List<Entry> found = new ArrayList<>();
                while (rows.next()) {
                    found.add(entry(rows));
                }
                return found;
            }
        } catch (SQLException e) {
            throw new IOException("Archive index: " + e.getMessage(), e);
        }
    }

    /** The game with this id, or null. */
    public synchronized Entry get(String id) throws IOException {
        try (PreparedStatement select = db.prepareStatement("SELECT * FROM games WHERE id = ?")) {
            select.setString(1, id);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? entry(rows) : null;
            }
        } catch (SQLException e) {
            throw new IOException("Archive index: " + e.getMessage(), e);
        }
    }

    /** A game's record file. */
    public Path file(Entry entry) {
        return dataDir.resolve(entry.file());
    }

    /** A LIKE pattern that finds the text anywhere, its own % and _ taken as they are. */
    private static String like(String text) {
        return "%" + text.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    private static boolean given(String field) {
        return field != null && !field.isBlank();
    }

    private static void condition(StringBuilder sql, List<String> args, String test, String value) {
        if (given(value)) {
            sql.append(" AND ").append(test);
            args.add(value.strip());
        }
    }

    private static Entry entry(ResultSet r) throws SQLException {
        return new Entry(r.getString("id"), r.getString("event"), r.getString("title"), r.getInt("round"), r.getString("board"),
                r.getString("sente"), r.getString("gote"), r.getString("date"), r.getString("result"), r.getString("ending"),
                r.getInt("moves"), r.getString("opening"), r.getString("file"));
    }

    /** What the index keeps of a record: from its headers, its moves and where it lies. */
    private Entry entry(Path file, GameRecord record) {
        String name = file.getFileName().toString();
        String id = name.substring(0, name.length() - ".kifu".length());
        Path parent = file.getParent();
        boolean eventGame = parent.getFileName().toString().equals("games") && parent.getParent() != null
                && parent.getParent().getParent() != null && parent.getParent().getParent().getFileName().toString().equals("events");
        var headers = record.headers();
        String title = headers.getOrDefault("棋戦", "");
        String event = eventGame ? parent.getParent().getFileName().toString() : title;
        int round;
        try {
            round = Integer.parseInt(headers.getOrDefault("回戦", "0").strip());
        } catch (NumberFormatException e) {
            round = 0;
        }
        Position end = record.positionAfterMainLine();
        Ending ending = record.mainLine().ending();
        String result = "*";
        if (ending != null && ending != Ending.INTERRUPTION && ending != Ending.SEALED_MOVE) {
            Side winner = ending.winner(end.sideToMove());
            result = winner == null ? "½-½" : winner == Side.BLACK ? "1-0" : "0-1";
        }
        return new Entry(id, event, title, round, headers.getOrDefault("場所", ""), headers.getOrDefault(GameRecord.BLACK, ""),
                headers.getOrDefault(GameRecord.WHITE, ""), date(headers.getOrDefault("開始日時", ""), id), result,
                ending == null ? "" : ending.kif(), record.mainLine().moves().size(), opening(record), relative(file));
    }

    /** The date of a game, {@code 2026-11-26}: from 開始日時 ({@code 2026/11/26 10:00:00}), else from a daemon's game id. */
    private static String date(String started, String id) {
        String fromId = RecordHeaders.startTime(id);
        String text = started.isBlank() && fromId != null ? fromId : started.strip();
        java.util.regex.Matcher m = DATE.matcher(text);
        return m.find() ? String.format("%s-%02d-%02d", m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))) : "";
    }

    private static final java.util.regex.Pattern DATE = java.util.regex.Pattern.compile("^(\\d{4})[/-](\\d{1,2})[/-](\\d{1,2})");

    /** The first moves in Japanese notation: ▲７六歩 △３四歩 ... */
    private static String opening(GameRecord record) {
        Position p = record.startPosition();
        StringBuilder out = new StringBuilder();
        int previousTo = -1;
        List<RecordedMove> moves = record.mainLine().moves();
        for (int i = 0; i < moves.size() && i < OPENING_MOVES; i++) {
            int move = moves.get(i).move();
            out.append(i == 0 ? "" : " ").append(JapaneseNotation.format(p, move, previousTo, JapaneseNotation.Marks.TRIANGLES));
            previousTo = Move.to(move);
            p.doMove(move);
        }
        return out.toString();
    }

    private String relative(Path file) {
        return dataDir.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }

    @Override
    public synchronized void close() {
        try {
            db.close();
        } catch (SQLException e) {
            log.debug("close", e);
        }
    }
}
