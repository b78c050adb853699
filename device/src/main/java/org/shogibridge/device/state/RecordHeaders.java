package org.shogibridge.device.state;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.session.Player;

/**
 * The headers a finished game's record files get from the daemon, which knows what the session does not: 棋戦 (the
 * event), 場所 (the board), 回戦 (the round, when the configuration gives one), 開始日時 (from the game id, made when the game began) and 終了日時 (when it ended), in the
 * KIF form {@code 2026/11/26 01:37:58}; CSA writes them as {@code $EVENT}, {@code $SITE}, {@code $START_TIME} and
 * {@code $END_TIME}.
 */
public final class RecordHeaders {
    private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);
    private static final DateTimeFormatter KIF = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss", Locale.ROOT);

    private RecordHeaders() {
    }

    /**
     * A game's start as KIF writes it ({@code 2026/11/26 01:37:58}), from a daemon's game id
     * ({@code 20261126-013758-board1}), or null for an id of another form (no start time rather than a wrong one).
     */
    public static String startTime(String gameId) {
        if (gameId == null || gameId.length() < 15) {
            return null;
        }
        try {
            return LocalDateTime.parse(gameId.substring(0, 15), ID).format(KIF);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * The record's 場所: the board, or for board against board both boards, sente's first ({@code kyoto1 対 osaka1}),
     * the same in both boards' records.
     */
    public static String place(String board, Player black, Player white) {
        if (black.kind() != Player.Kind.BOARD && white.kind() != Player.Kind.BOARD) {
            return board;
        }
        String other = (black.kind() == Player.Kind.BOARD ? black : white).boardAddress();
        other = other.substring(other.indexOf('/') + 1);
        return black.kind() == Player.Kind.BOARD ? other + " 対 " + board : board + " 対 " + other;
    }

    public static void add(GameRecord record, String event, String board, Integer round, String gameId, long endedEpochMillis) {
        record.headers().putIfAbsent("棋戦", event); // an online game's site and URL stand
        record.headers().putIfAbsent("場所", board);
        if (round != null) {
            record.headers().put("回戦", round.toString());
        }
        String started = startTime(gameId);
        if (started != null) {
            record.headers().put("開始日時", started);
        }
        record.headers().put("終了日時", LocalDateTime.ofInstant(Instant.ofEpochMilli(endedEpochMillis), ZoneId.systemDefault()).format(KIF));
    }
}
