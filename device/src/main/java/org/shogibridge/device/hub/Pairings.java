package org.shogibridge.device.hub;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The organiser's pairings: who plays sente and gote on which board in which round, from a CSV file of lines
 * {@code round,board,sente,gote} (a first line of column names is skipped; UTF-8, or Excel's UTF-8 with a BOM); a team
 * match (board against board, docs/remote-play.md) adds each side's team: {@code round,board,sente,gote,sente-team,gote-team}.
 * A pairing names the players where the boards' own configurations do not. The arbiter edits them from the hub's page
 * ({@link HubCommands}); the edits are kept beside the event's games.
 */
final class Pairings {
    /** One game of the draw; the teams are empty outside a team match. */
    record Pairing(int round, String board, String sente, String gote, String senteTeam, String goteTeam) {
        Pairing(int round, String board, String sente, String gote) {
            this(round, board, sente, gote, "", "");
        }

        /** Whether the game counts in a team match: both sides have a team. */
        boolean teams() {
            return !senteTeam.isEmpty() && !goteTeam.isEmpty();
        }
    }

    private final Map<String, Pairing> byRoundAndBoard;
    private final java.util.concurrent.atomic.AtomicLong version = new java.util.concurrent.atomic.AtomicLong();

    private Pairings(Map<String, Pairing> byRoundAndBoard) {
        this.byRoundAndBoard = new java.util.concurrent.ConcurrentHashMap<>(byRoundAndBoard);
    }

    /** No pairings (yet): the boards' own names stand. */
    static Pairings empty() {
        return new Pairings(Map.of());
    }

    /** Read a pairing file; a bad line is an error that names the file and the line. */
    static Pairings read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Map<String, Pairing> pairings = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replace("\uFEFF", "").strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split(",", -1);
            if (i == 0 && !cells[0].strip().matches("\\d+")) {
                continue; // the column names
            }
            if (cells.length != 4 && cells.length != 6) {
                throw new IllegalArgumentException("Bad pairing file. " + file + " line " + (i + 1)
                        + ": expected round,board,sente,gote (and sente-team,gote-team), found " + cells.length + " cells.");
            }
            int round;
            try {
                round = Integer.parseInt(cells[0].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Bad pairing file. " + file + " line " + (i + 1) + ": the round '"
                        + cells[0].strip() + "' is not a number.");
            }
            Pairing pairing = cells.length == 6
                    ? new Pairing(round, cells[1].strip(), cells[2].strip(), cells[3].strip(), cells[4].strip(), cells[5].strip())
                    : new Pairing(round, cells[1].strip(), cells[2].strip(), cells[3].strip());
            if (pairings.put(key(round, pairing.board()), pairing) != null) {
                throw new IllegalArgumentException("Bad pairing file. " + file + " line " + (i + 1) + ": board "
                        + pairing.board() + " is paired twice in round " + round + ".");
            }
        }
        return new Pairings(Map.copyOf(pairings));
    }

    /** Set (or replace) a board's pairing in a round: the arbiter's edit of the names keeps the teams. */
    void put(Pairing pairing) {
        Pairing before = byRoundAndBoard.get(key(pairing.round(), pairing.board()));
        if (before != null && pairing.senteTeam().isEmpty() && pairing.goteTeam().isEmpty()) {
            pairing = new Pairing(pairing.round(), pairing.board(), pairing.sente(), pairing.gote(), before.senteTeam(), before.goteTeam());
        }
        byRoundAndBoard.put(key(pairing.round(), pairing.board()), pairing);
        version.incrementAndGet();
    }

    /** Grows with every edit: the feeds that show names are made again. */
    long version() {
        return version.get();
    }

    /** Take every pairing of another table over this one's. */
    void putAll(Pairings other) {
        byRoundAndBoard.putAll(other.byRoundAndBoard);
        version.incrementAndGet();
    }

    /** Write the pairings as a file {@link #read} reads, by round and board. */
    void write(Path file) throws IOException {
        boolean teams = byRoundAndBoard.values().stream().anyMatch(p -> !p.senteTeam().isEmpty() || !p.goteTeam().isEmpty());
        StringBuilder csv = new StringBuilder(teams ? "round,board,sente,gote,sente-team,gote-team\n" : "round,board,sente,gote\n");
        byRoundAndBoard.values().stream().sorted(java.util.Comparator.comparingInt(Pairing::round).thenComparing(Pairing::board))
                .forEach(p -> csv.append(p.round()).append(',').append(p.board()).append(',').append(p.sente()).append(',')
                        .append(p.gote()).append(teams ? "," + p.senteTeam() + "," + p.goteTeam() : "").append('\n'));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, csv, StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** The pairing of a board in a round, or null. */
    Pairing of(int round, String board) {
        return byRoundAndBoard.get(key(round, board));
    }

    private static String key(int round, String board) {
        return round + "/" + board;
    }
}
