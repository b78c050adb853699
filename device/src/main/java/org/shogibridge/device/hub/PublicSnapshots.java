package org.shogibridge.device.hub;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The newest public states of each board, by their {@code seq}, for viewers to fetch whole over HTTP when they join
 * or miss a delta ({@code /event/<board>/state/<seq>.json}). Each version's URL never changes what it holds, so a CDN
 * keeps it for ever; only the round index, which names each board's newest, is fetched again. Written by the public
 * feed's thread, read by the web server's.
 */
final class PublicSnapshots {
    /** How many versions of a board are kept: a viewer a few moves behind still gets the one it asked for. */
    static final int KEPT = 16;

    /** One published state. */
    record Snapshot(long seq, byte[] json) {
    }

    private final Map<String, List<Snapshot>> byBoard = new ConcurrentHashMap<>();

    /** Keep a state that is about to be published (before it is, so that its delta's viewers can fetch it). */
    void keep(String board, long seq, String json) {
        byBoard.compute(board, (id, kept) -> {
            List<Snapshot> next = new ArrayList<>(kept == null ? List.of() : kept);
            next.add(new Snapshot(seq, json.getBytes(StandardCharsets.UTF_8)));
            return List.copyOf(next.size() > KEPT ? next.subList(next.size() - KEPT, next.size()) : next);
        });
    }

    /** The board's newest state, or null. */
    Snapshot newest(String board) {
        List<Snapshot> kept = byBoard.get(board);
        return kept == null ? null : kept.get(kept.size() - 1);
    }

    /** The board's state of {@code seq}, or null if it is not kept (older, or never published). */
    Snapshot at(String board, long seq) {
        List<Snapshot> kept = byBoard.getOrDefault(board, List.of());
        for (Snapshot s : kept) {
            if (s.seq() == seq) {
                return s;
            }
        }
        return null;
    }

    /** The URL path of a board's state of {@code seq}. */
    static String path(String board, long seq) {
        return "/event/" + board + "/state/" + seq + ".json";
    }
}
