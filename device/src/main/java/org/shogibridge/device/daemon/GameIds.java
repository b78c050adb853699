package org.shogibridge.device.daemon;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.Supplier;

/** Each new game's id, also its file name: the date and time it began and the board ({@code 20261203-141502-b1}), never twice. */
final class GameIds implements Supplier<String> {
    private final String boardId;
    private String last;

    GameIds(String boardId) {
        this.boardId = boardId;
    }

    @Override
    public String get() {
        String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)) + "-" + boardId;
        if (id.equals(last) || last != null && last.startsWith(id + "-")) {
            id = id + "-" + System.nanoTime() % 1000;
        }
        last = id;
        return id;
    }
}
