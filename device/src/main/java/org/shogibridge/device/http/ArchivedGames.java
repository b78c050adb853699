package org.shogibridge.device.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.record.Ending;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.device.journal.GameArchive;

/**
 * The recorded games as the page opens them: {@code /games/index.json} (the ids, newest first) and
 * {@code /games/<id>.json}, a finished game in the shape of a {@code state} message (docs/mqtt.md), read from its KIF
 * so that the board view shows it with stepping; {@code .kif} (Shift_JIS) and {@code .jkf} are made from it too.
 */
public final class ArchivedGames {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The formats made from a game's KIF on request, besides the kifu and csa files kept. */
    static final Map<String, RecordFormat> CONVERTED = Map.of("kif", RecordFormat.KIF, "jkf", RecordFormat.JKF);

    private final GameArchive archive;

    ArchivedGames(GameArchive archive) {
        this.archive = archive;
    }

    /** {@code {"games": [id...]}}, newest first. */
    String index() throws IOException {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode games = root.putArray("games");
        archive.ids().forEach(games::add);
        return root.toString();
    }

    /** The game read from its KIF, or null if there is no such game. */
    GameRecord record(String id) throws IOException {
        Path kifu = archive.file(id, "kifu");
        return kifu == null ? null : RecordFormat.read(kifu.getFileName().toString(), Files.readAllBytes(kifu));
    }

    /** The game as a finished {@code state}: start, moves in USI and Japanese, times, players and result. */
    /**
     * Return a recorded game's title as a page heads it: its 棋戦 (else the event), the day it began and the players,
     * from the record's headers (issue 82: an imported game was titled by its file's hash).
     */
    static String title(String event, GameRecord record) {
        java.util.Map<String, String> h = record.headers();
        String what = h.getOrDefault("棋戦", event == null ? "" : event).strip();
        String began = h.getOrDefault("開始日時", "").strip();
        String day = began.matches("\\d{4}[/-]\\d{1,2}[/-]\\d{1,2}.*") ? began.split("[ T]")[0].replace('/', '-') : "";
        String players = "▲" + h.getOrDefault(GameRecord.BLACK, "先手") + " △" + h.getOrDefault(GameRecord.WHITE, "後手");
        return java.util.stream.Stream.of(what, day, players).filter(s -> !s.isEmpty())
                .collect(java.util.stream.Collectors.joining(" "));
    }

    public static String json(String id, String event, String board, GameRecord record) {
        ObjectNode root = JSON.createObjectNode();
        root.put("seq", 0).put("game", id).put("event", event).put("board", board).put("title", title(event, record))
                .put("variant", record.variant().name().toLowerCase(Locale.ROOT)).put("startSfen", record.startSfen());
        ArrayNode usi = root.putArray("moves");
        ArrayNode japanese = root.putArray("movesJapanese");
        ArrayNode millis = root.putArray("moveMillis");
        Position position = record.startPosition();
        int previousTo = -1;
        for (RecordedMove recorded : record.mainLine().moves()) {
            int move = recorded.move();
            usi.add(Usi.format(record.variant(), move));
            japanese.add(JapaneseNotation.format(position, move, previousTo, JapaneseNotation.Marks.TRIANGLES));
            millis.add(Math.max(0, recorded.elapsedMillis()));
            previousTo = Move.to(move);
            position.doMove(move);
        }
        root.put("sfen", position.toSfen()).put("sideToMove", position.sideToMove() == Side.BLACK ? "black" : "white")
                .put("check", position.inCheck());
        ObjectNode clock = root.putObject("clock").put("black", 0).put("white", 0).put("byoyomi", 0).putNull("running")
                .put("moveMillis", 0);
        clock.putObject("timeControl").put("mainMillis", 0).put("byoyomiMillis", 0).put("incrementMillis", 0);
        ObjectNode players = root.putObject("players");
        players.putObject("black").put("name", record.headers().getOrDefault(GameRecord.BLACK, "先手")).put("type", "human");
        players.putObject("white").put("name", record.headers().getOrDefault(GameRecord.WHITE, "後手")).put("type", "human");
        Ending ending = record.mainLine().ending();
        Side winner = ending == null ? null : ending.winner(position.sideToMove());
        root.putObject("result").put("winner", winner == null ? null : winner == Side.BLACK ? "black" : "white")
                .put("reason", reason(ending)).put("detail", "");
        root.putNull("lastMove").putNull("engineMove");
        root.putObject("boardStatus").put("status", "matched").putArray("squares");
        root.put("resumed", false);
        return root.toString();
    }

    /** The reason a state message gives for a record's ending. */
    private static String reason(Ending ending) {
        if (ending == null) {
            return "unfinished";
        }
        return switch (ending) {
            case RESIGNATION -> "resignation";
            case CHECKMATE -> "checkmate";
            case REPETITION -> "sennichite";
            case IMPASSE, ENTERING_KING_WIN -> "impasse_declaration";
            case TIME_UP -> "time_forfeit";
            case ILLEGAL_MOVE, OPPONENT_ILLEGAL -> "illegal_move";
            case MAX_MOVES -> "max_moves";
            default -> "unfinished";
        };
    }
}
