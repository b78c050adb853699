package org.shogibridge.device.usi;

/**
 * Fairy-Stockfish writes the squares of a board ten files wide its own way in USI, and reads only its own way:
 * file 10 is the one character {@code ':'} ({@code :h:g}, the character after '9'), except on rank a, where
 * every file is two digits ({@code 10a:b}, {@code 01a1b}). This jar writes file numbers as decimals
 * ({@code 10h10g}, {@code 1a1b}), so the moves of a position command are rewritten on the way to the engine,
 * and its moves on the way back. (This jar's parser reads {@code 01a} already; only {@code ':'} needs
 * rewriting back.) Boards nine files wide are written alike by both and need neither.
 */
final class FairyStockfishSquares {
    private FairyStockfishSquares() {
    }

    /** Return a "position ... moves m1 m2 ..." command with its moves in Fairy-Stockfish's squares. */
    static String toEngine(String positionCommand) {
        int at = positionCommand.indexOf(" moves ");
        if (at < 0) {
            return positionCommand;
        }
        StringBuilder out = new StringBuilder(positionCommand.length() + 16);
        out.append(positionCommand, 0, at + " moves".length());
        for (String move : positionCommand.substring(at + " moves ".length()).trim().split("\\s+")) {
            out.append(' ').append(moveToEngine(move));
        }
        return out.toString();
    }

    /** Return one move ({@code 10h10g}, {@code P*10a}) in Fairy-Stockfish's squares ({@code :h:g}, {@code P*10a}). */
    static String moveToEngine(String move) {
        StringBuilder out = new StringBuilder(move.length());
        int i = 0;
        while (i < move.length()) {
            char c = move.charAt(i);
            if (!Character.isDigit(c)) {
                out.append(c);
                i++;
                continue;
            }
            int digits = i;
            while (digits < move.length() && Character.isDigit(move.charAt(digits))) {
                digits++;
            }
            int file = Integer.parseInt(move.substring(i, digits));
            char rank = digits < move.length() ? move.charAt(digits) : ' ';
            if (rank == 'a') {
                out.append(file < 10 ? "0" : "").append(file);
            } else {
                out.append(file == 10 ? ':' : (char) ('0' + file));
            }
            i = digits;
        }
        return out.toString();
    }

    /** Return a move the engine sent ({@code :h:g}) in this jar's squares ({@code 10h10g}). */
    static String fromEngine(String move) {
        return move == null ? null : move.replace(":", "10");
    }
}
