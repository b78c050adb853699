package org.shogibridge.device.daemon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Reads a game's CSA file without the rules core, and has Fairy-Stockfish (Debian's {@code fairy-stockfish}, an
 * independent rules engine) play its moves: what the daemon wrote is checked by code that shares nothing with it.
 * Only what a recorder of even games writes is read: the start position, {@code +7776FU}-style moves and comments.
 */
final class IndependentRecordCheck {
    static final Path FAIRY_STOCKFISH = Path.of("/usr/games/fairy-stockfish");
    private static final Map<String, String> DROP_LETTER = Map.of("FU", "P", "KY", "L", "KE", "N", "GI", "S", "KI", "G",
            "KA", "B", "HI", "R");
    private static final List<String> PROMOTED = List.of("TO", "NY", "NK", "NG", "UM", "RY");
    private static final String[] START_RANKS = {"-KY-KE-GI-KI-OU-KI-GI-KE-KY", " * -HI *  *  *  *  * -KA * ",
        "-FU-FU-FU-FU-FU-FU-FU-FU-FU", null, null, null, "+FU+FU+FU+FU+FU+FU+FU+FU+FU", " * +KA *  *  *  *  * +HI * ",
        "+KY+KE+GI+KI+OU+KI+GI+KE+KY"};

    private IndependentRecordCheck() {
    }

    /** Return the moves of an even game's CSA file in USI, tracking the board only to tell a promotion. */
    static List<String> csaMoves(Path csa) throws IOException {
        Map<String, String> board = new HashMap<>(); // "77" -> "FU"
        for (int rank = 1; rank <= 9; rank++) {
            String row = START_RANKS[rank - 1];
            for (int file = 9; row != null && file >= 1; file--) {
                String cell = row.substring((9 - file) * 3, (9 - file) * 3 + 3);
                if (!cell.isBlank() && !cell.trim().equals("*")) {
                    board.put("" + file + rank, cell.substring(1));
                }
            }
        }
        List<String> moves = new ArrayList<>();
        for (String line : Files.readAllLines(csa, StandardCharsets.ISO_8859_1)) {
            for (String part : line.split(",")) {
                if (part.matches("[+-]\\d{4}[A-Z]{2}")) {
                    String from = part.substring(1, 3);
                    String to = part.substring(3, 5);
                    String piece = part.substring(5, 7);
                    String target = usiSquare(to);
                    if (from.equals("00")) {
                        moves.add(DROP_LETTER.get(piece) + "*" + target);
                    } else {
                        boolean promotes = PROMOTED.contains(piece) && !PROMOTED.contains(board.get(from));
                        moves.add(usiSquare(from) + target + (promotes ? "+" : ""));
                        board.remove(from);
                    }
                    board.put(to, piece);
                }
            }
        }
        return moves;
    }

    private static String usiSquare(String csaSquare) {
        return csaSquare.charAt(0) + String.valueOf((char) ('a' + csaSquare.charAt(1) - '1'));
    }

    /**
     * Have Fairy-Stockfish play the moves from the start and return the position it reaches as "board side hand", the
     * hand's letters sorted (engines order a hand differently). An illegal move stops it there, so a wrong record shows.
     */
    static String positionAfter(List<String> usiMoves) throws IOException, InterruptedException {
        Process engine = new ProcessBuilder(FAIRY_STOCKFISH.toString()).redirectErrorStream(true).start();
        try (Writer in = new java.io.OutputStreamWriter(engine.getOutputStream(), StandardCharsets.US_ASCII);
                BufferedReader out = new BufferedReader(new InputStreamReader(engine.getInputStream(), StandardCharsets.US_ASCII))) {
            in.write("usi\nsetoption name UCI_Variant value shogi\nposition startpos moves " + String.join(" ", usiMoves) + "\nd\nquit\n");
            in.flush();
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("Sfen: ")) {
                    return normalized(line.substring(6));
                }
            }
            throw new IOException("fairy-stockfish printed no 'Sfen:' line");
        } finally {
            if (!engine.waitFor(10, TimeUnit.SECONDS)) {
                engine.destroyForcibly();
            }
        }
    }

    /** An SFEN's board, side and hand (sorted), without the move number. */
    static String normalized(String sfen) {
        String[] fields = sfen.trim().split(" ");
        StringBuilder hand = new StringBuilder();
        if (!fields[2].equals("-")) {
            int count = 0;
            for (char c : fields[2].toCharArray()) {
                if (Character.isDigit(c)) {
                    count = count * 10 + (c - '0');
                } else {
                    hand.append(String.valueOf(c).repeat(Math.max(count, 1)));
                    count = 0;
                }
            }
        }
        char[] letters = hand.toString().toCharArray();
        Arrays.sort(letters);
        return fields[0] + " " + fields[1] + " " + new String(letters);
    }
}
