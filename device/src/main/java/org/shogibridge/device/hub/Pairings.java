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
 * {@code round,board,sente,gote} (a first line of column names is skipped; UTF-8, or Excel's UTF-8 with a BOM).
 * A pairing names the players where the boards' own configurations do not.
 */
final class Pairings {
    /** One game of the draw. */
    record Pairing(int round, String board, String sente, String gote) {
    }

    static final Pairings NONE = new Pairings(Map.of());

    private final Map<String, Pairing> byRoundAndBoard;

    private Pairings(Map<String, Pairing> byRoundAndBoard) {
        this.byRoundAndBoard = byRoundAndBoard;
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
            if (cells.length != 4) {
                throw new IllegalArgumentException("Bad pairing file. " + file + " line " + (i + 1)
                        + ": expected round,board,sente,gote, found " + cells.length + " cells.");
            }
            int round;
            try {
                round = Integer.parseInt(cells[0].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Bad pairing file. " + file + " line " + (i + 1) + ": the round '"
                        + cells[0].strip() + "' is not a number.");
            }
            Pairing pairing = new Pairing(round, cells[1].strip(), cells[2].strip(), cells[3].strip());
            if (pairings.put(key(round, pairing.board()), pairing) != null) {
                throw new IllegalArgumentException("Bad pairing file. " + file + " line " + (i + 1) + ": board "
                        + pairing.board() + " is paired twice in round " + round + ".");
            }
        }
        return new Pairings(Map.copyOf(pairings));
    }

    /** The pairing of a board in a round, or null. */
    Pairing of(int round, String board) {
        return byRoundAndBoard.get(key(round, board));
    }

    private static String key(int round, String board) {
        return round + "/" + board;
    }
}
