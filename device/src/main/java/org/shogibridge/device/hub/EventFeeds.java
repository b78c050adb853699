package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.rules.Side;
import org.shogibridge.device.state.RecordHeaders;
import org.shogibridge.device.http.HttpReplies.Feed;
import org.shogibridge.device.state.StateRecord;

/**
 * The event as files for relay tools and viewers: the round index ({@code index.json}), each board's game as KIF
 * (UTF-8 {@code .kifu} and Shift_JIS {@code .kif}), CSA, JKF and JSON, every game in one KIF ({@code all.kifu}) and
 * in a zip. Each is made from the board's newest state as the delay lets it be seen, so a takeback rewrites the main
 * line, and is made again only when what it shows has changed; its ETag is a hash of its bytes.
 */
final class EventFeeds {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final Map<String, RecordFormat> FORMATS = Map.of("kifu", RecordFormat.KIFU, "kif", RecordFormat.KIF,
            "csa", RecordFormat.CSA, "jkf", RecordFormat.JKF);

    private final String event;
    private final String title;
    private final EventBoards boards;
    private final EventGames games;
    private final Pairings pairings;
    private final Delay delay;
    private final LongSupplier clock;
    private final PublicSnapshots snapshots;
    /** The newest feed of each name, with the key of what it showed: made again only when that changes. */
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(String key, Feed feed) {
    }

    EventFeeds(String event, String title, EventBoards boards, EventGames games, Pairings pairings, Delay delay, LongSupplier clock,
            PublicSnapshots snapshots) {
        this.snapshots = snapshots;
        this.event = event;
        this.title = title;
        this.boards = boards;
        this.games = games;
        this.pairings = pairings;
        this.delay = delay;
        this.clock = clock;
    }

    /** A board's game as it may be seen now, with what the feeds need of it. */
    private record Shown(EventBoards.Board board, JsonNode state, Delay.Visible visible) {
        String key(long names) {
            return board.version() + "/" + visible.plies() + "/" + visible.ended() + "/" + names;
        }
    }

    private Shown shown(EventBoards.Board board) {
        Delay.Visible visible = delay.visible(board, clock.getAsLong());
        return new Shown(board, Delay.state(board, visible), visible);
    }

    // ---------------------------------------------------------------- the feeds

    /** {@code /event/index.json}: the round index. */
    Feed index() throws IOException {
        // A guest's board of board against board mirrors the game its host's board shows: listed once, by the host.
        List<Shown> shown = boards.boards().stream().filter(b -> b.state() != null && !TeamMatch.isGuest(b.state()))
                .map(this::shown).toList();
        StringBuilder key = new StringBuilder(boards.round() + ":" + games.version());
        shown.forEach(s -> key.append(';').append(s.key(pairings.version())).append(s.board().online())
                .append(':').append(newestSeq(s.board().id())));
        return cached("index", key.toString(), () -> {
            ObjectNode root = JSON.createObjectNode().put("event", event).put("title", title).put("round", boards.round());
            ArrayNode list = root.putArray("boards");
            List<TeamMatch.Game> matchGames = new ArrayList<>();
            for (Shown s : shown) {
                EventBoards.Board b = s.board();
                String[] names = names(b);
                ObjectNode entry = list.addObject().put("board", b.id()).put("number", b.number()).put("round", b.round());
                entry.putObject("sente").put("name", names[0]);
                entry.putObject("gote").put("name", names[1]);
                entry.put("result", result(s.state())).put("moves", s.visible().plies())
                        .put("status", b.online() ? "online" : "offline").put("game", b.gameId())
                        .put("kif", "/event/" + b.id() + ".kifu").put("json", "/event/" + b.id() + ".json")
                        .put("version", version(b.id())); // ?v= of it: this version of every feed of the board, for ever
                long seq = newestSeq(b.id());
                if (seq >= 0) {
                    entry.put("state", PublicSnapshots.path(b.id(), seq)); // what the public feed's viewers start from
                }
                String guest = TeamMatch.guestOf(s.state());
                if (guest != null) {
                    entry.put("remote", guest); // the other board of board against board
                }
                matchGames.add(new TeamMatch.Game(pairings.of(b.round(), b.id()), result(s.state())));
            }
            TeamMatch.score(root.putArray("match"), matchGames);
            standings(root.putArray("standings"), kept(playing()));
            return JSON.writeValueAsBytes(root);
        }, "application/json");
    }

    private long newestSeq(String board) {
        PublicSnapshots.Snapshot newest = snapshots.newest(board);
        return newest == null ? -1 : newest.seq();
    }

    /** {@code /event/<board>/state/<seq>.json}: a public state as published, or null if it is not kept. */
    PublicSnapshots.Snapshot publicState(String board, long seq) {
        return snapshots.at(board, seq);
    }

    /**
     * The version of what a board's feeds show (a hash of its JSON feed, which carries all they do: moves, times,
     * names, result), or null for no such board: {@code /event/<board>.<ext>?v=<version>} never changes.
     */
    String version(String board) throws IOException {
        Feed json = board(board, "json");
        return json == null ? null : json.etag().replace("\"", "");
    }

    /** The URL of a board's newest public state, or null. */
    String newestPublicState(String board) {
        long seq = newestSeq(board);
        return seq < 0 ? null : PublicSnapshots.path(board, seq);
    }

    /** {@code /event/<board>.<extension>}, or null when there is no such board or format. */
    Feed board(String id, String extension) throws IOException {
        EventBoards.Board board = boards.get(id);
        if (board == null || board.state() == null || !(extension.equals("json") || FORMATS.containsKey(extension))) {
            return null;
        }
        Shown s = shown(board);
        if (extension.equals("json")) {
            return cached(id + ".json", s.key(pairings.version()), () -> JSON.writeValueAsBytes(json(s)), "application/json");
        }
        RecordFormat format = FORMATS.get(extension);
        return cached(id + "." + extension, s.key(pairings.version()), () -> format.encode(record(s)), type(format));
    }

    /** {@code /event/all.kifu}: the event's finished games, then the games in progress, each a whole KIF. */
    Feed all() throws IOException {
        List<Shown> playing = playing();
        return cached("all.kifu", allKey(playing), () -> {
            StringBuilder all = new StringBuilder();
            for (GameRecord record : everyGame(playing)) {
                if (!all.isEmpty()) {
                    all.append('\n'); // a blank line, then the next game's own "#KIF version=2.0" line
                }
                all.append(RecordFormat.KIFU.write(record));
            }
            return all.toString().getBytes(StandardCharsets.UTF_8);
        }, type(RecordFormat.KIFU));
    }

    /** {@code /event/games.zip}: the same games, one KIF file each. */
    Feed zip() throws IOException {
        List<Shown> playing = playing();
        return cached("games.zip", allKey(playing), () -> {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
                for (String id : kept(playing)) {
                    entry(zip, id + ".kifu", RecordFormat.KIFU.encode(games.record(id)));
                }
                for (Shown s : playing) {
                    entry(zip, s.board().gameId() + ".kifu", RecordFormat.KIFU.encode(record(s)));
                }
            }
            return bytes.toByteArray();
        }, "application/zip");
    }

    // ---------------------------------------------------------------- what the feeds are made of

    /** The boards whose game is in progress or whose end is still held back: shown as the delay lets them be. */
    private List<Shown> playing() {
        List<Shown> playing = new ArrayList<>();
        for (EventBoards.Board b : boards.boards()) {
            if (b.state() != null) {
                Shown s = shown(b);
                if (!s.visible().ended() || !games.has(b.gameId())) {
                    playing.add(s);
                }
            }
        }
        return playing;
    }

    /** The kept games that are not among those still playing (oldest first). */
    private List<String> kept(List<Shown> playing) throws IOException {
        java.util.Set<String> shownLive = new java.util.HashSet<>();
        playing.forEach(s -> shownLive.add(s.board().gameId()));
        return games.ids().stream().filter(id -> !shownLive.contains(id)).toList();
    }

    private String allKey(List<Shown> playing) {
        StringBuilder key = new StringBuilder(Long.toString(games.version()));
        playing.forEach(s -> key.append(';').append(s.key(pairings.version())));
        return key.toString();
    }

    private List<GameRecord> everyGame(List<Shown> playing) throws IOException {
        List<GameRecord> all = new ArrayList<>();
        for (String id : kept(playing)) {
            GameRecord record = games.record(id);
            if (record != null) {
                all.add(record);
            }
        }
        for (Shown s : playing) {
            all.add(record(s));
        }
        return all;
    }

    /** Whether a game is on a board whose end the delay still holds back (the archive must not tell it either). */
    boolean heldBack(String gameId) {
        for (EventBoards.Board b : boards.boards()) {
            if (gameId.equals(b.gameId()) && !shown(b).visible().ended()) {
                return true;
            }
        }
        return false;
    }

    /** The record of a finished game as the hub keeps it (its whole line and end, whatever the delay). */
    GameRecord finishedRecord(EventBoards.Board board) {
        return record(new Shown(board, board.state(), new Delay.Visible(board.moves(), true)));
    }

    /**
     * A game the board sent as its record file, with the event's headers as {@link #finishedRecord} gives them: the
     * names from the pairing where the board has only the default ones, the title, the board, and the round the
     * record names (else the board's).
     */
    GameRecord keptRecord(String boardId, GameRecord record) {
        EventBoards.Board b = boards.get(boardId);
        String roundHeader = record.headers().get("回戦");
        int round = roundHeader != null && roundHeader.matches("\\d{1,4}") ? Integer.parseInt(roundHeader)
                : b != null ? b.round() : boards.round();
        eventHeaders(record, boardId, round, names(round, boardId, record.headers().getOrDefault(GameRecord.BLACK, ""),
                record.headers().getOrDefault(GameRecord.WHITE, "")));
        return record;
    }

    /** The event's headers of a game kept or shown: the players' names, the title, the board and the round. */
    private void eventHeaders(GameRecord record, String boardId, int round, String[] names) {
        record.headers().put(GameRecord.BLACK, names[0]);
        record.headers().put(GameRecord.WHITE, names[1]);
        record.headers().put("棋戦", title);
        record.headers().put("場所", boardId);
        record.headers().put("回戦", Integer.toString(round));
    }

    private GameRecord record(Shown s) {
        GameRecord record = StateRecord.record(s.state());
        EventBoards.Board b = s.board();
        eventHeaders(record, b.id(), b.round(), names(b));
        String started = RecordHeaders.startTime(b.gameId());
        if (started != null) {
            record.headers().put("開始日時", started);
        }
        return record;
    }

    private ObjectNode json(Shown s) {
        JsonNode state = s.state();
        String[] names = names(s.board());
        ObjectNode root = JSON.createObjectNode().put("board", s.board().id()).put("number", s.board().number())
                .put("round", s.board().round()).put("game", s.board().gameId());
        root.putObject("sente").put("name", names[0]);
        root.putObject("gote").put("name", names[1]);
        root.set("moves", state.path("moves"));
        root.set("japanese", state.path("movesJapanese"));
        root.set("moveMillis", state.path("moveMillis"));
        root.set("startSfen", state.path("startSfen"));
        root.set("sfen", state.path("sfen"));
        root.set("clock", state.path("clock"));
        root.put("result", result(state));
        root.set("ending", state.path("result"));
        return root;
    }

    /** The players' names: the board's own, or the pairing's where the board has only the default ones. */
    private String[] names(EventBoards.Board b) {
        JsonNode players = b.state().path("players");
        return names(b.round(), b.id(), players.path("black").path("name").asText(""), players.path("white").path("name").asText(""));
    }

    private String[] names(int round, String boardId, String sente, String gote) {
        Pairings.Pairing pairing = pairings.of(round, boardId);
        if (pairing != null) {
            sente = isDefault(sente) ? pairing.sente() : sente;
            gote = isDefault(gote) ? pairing.gote() : gote;
        }
        return new String[] {sente, gote};
    }

    private static boolean isDefault(String name) {
        return name.isBlank() || name.equals("Sente") || name.equals("Gote") || name.equals("先手") || name.equals("後手");
    }

    /** The result as relay tools write it: {@code 1-0} sente won, {@code 0-1} gote won, {@code ½-½}, or {@code *}. */
    static String result(JsonNode state) {
        JsonNode result = state.path("result");
        if (!result.isObject() || result.path("reason").asText().equals("unfinished")) {
            return "*";
        }
        String winner = result.path("winner").asText("");
        return winner.equals("black") ? "1-0" : winner.equals("white") ? "0-1" : "½-½";
    }

    /** Each player's points over the event's finished games: a win 1, a draw ½. */
    private void standings(ArrayNode out, List<String> kept) throws IOException {
        Map<String, double[]> table = new LinkedHashMap<>(); // points, wins, draws, losses
        for (String id : kept) {
            GameRecord record = TeamMatch.isGuestCopy(id, kept) ? null : games.record(id); // one game counts once
            if (record == null || record.mainLine().ending() == null || record.mainLine().ending() == Ending.INTERRUPTION) {
                continue;
            }
            Side winner = record.mainLine().ending().winner(record.positionAfterMainLine().sideToMove());
            String black = record.headers().getOrDefault(GameRecord.BLACK, "先手");
            String white = record.headers().getOrDefault(GameRecord.WHITE, "後手");
            score(table, black, winner == null ? 0.5 : winner == Side.BLACK ? 1 : 0);
            score(table, white, winner == null ? 0.5 : winner == Side.WHITE ? 1 : 0);
        }
        table.entrySet().stream().sorted((a, b) -> Double.compare(b.getValue()[0], a.getValue()[0])).forEach(e -> out.addObject()
                .put("name", e.getKey()).put("points", e.getValue()[0]).put("wins", (int) e.getValue()[1])
                .put("draws", (int) e.getValue()[2]).put("losses", (int) e.getValue()[3]));
    }

    private static void score(Map<String, double[]> table, String name, double points) {
        double[] row = table.computeIfAbsent(name, n -> new double[4]);
        row[0] += points;
        row[points == 1 ? 1 : points == 0.5 ? 2 : 3]++;
    }

    // ---------------------------------------------------------------- caching

    private interface Maker {
        byte[] make() throws IOException;
    }

    private Feed cached(String name, String key, Maker maker, String type) throws IOException {
        Cached hit = cache.get(name);
        if (hit != null && hit.key().equals(key)) {
            return hit.feed();
        }
        byte[] bytes = maker.make();
        Feed previous = hit == null ? null : hit.feed();
        String etag = etag(bytes);
        // unchanged bytes keep their time, so If-Modified-Since pollers see no change either
        long modified = previous != null && previous.etag().equals(etag) ? previous.modifiedMillis() : clock.getAsLong();
        Feed feed = Feed.of(type, bytes, etag, modified);
        cache.put(name, new Cached(key, feed));
        return feed;
    }

    private static String etag(byte[] bytes) {
        try {
            return "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String type(RecordFormat format) {
        return format == RecordFormat.JKF ? "application/json"
                : "text/plain; charset=" + (format == RecordFormat.KIF ? "Shift_JIS" : "utf-8");
    }

    private static void entry(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(bytes);
        zip.closeEntry();
    }
}
