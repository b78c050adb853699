package org.shogibridge.core.speech;

import org.shogibridge.core.session.GameState;

/**
 * What the board says in English ({@code voice.language: en}): moves in Hodges notation read as words ({@code P-7f} →
 * "pawn to 7 f", {@code S7bx8c+} → "silver 7 b takes 8 c, promotes", {@code N*3e} → "knight drop 3 e"), the game's
 * end ("Gote wins by resignation in 9 moves") and the clock's calls. An English speech engine reads these as written.
 */
public final class EnglishReadings {
    private static final String PIECES = "PLNSGBRKQ";
    private static final String[] NAMES = {"pawn", "lance", "knight", "silver", "gold", "bishop", "rook", "king", "queen"};
    private static final String[] PROMOTED = {"tokin", "promoted lance", "promoted knight", "promoted silver", "", "horse",
        "dragon", "", ""};

    private EnglishReadings() {
    }

    /** Return the words of a move in Hodges notation. */
    public static String move(String hodges) {
        StringBuilder words = new StringBuilder();
        int i = 0;
        boolean promoted = hodges.charAt(0) == '+';
        if (promoted) {
            i++;
        }
        int piece = PIECES.indexOf(hodges.charAt(i++));
        if (piece < 0) {
            throw new IllegalArgumentException("No reading. '" + hodges + "' is not a move in Hodges notation.");
        }
        words.append(promoted ? PROMOTED[piece] : NAMES[piece]);
        while (i < hodges.length()) {
            char c = hodges.charAt(i++);
            switch (c) {
                case '-' -> words.append(" to");
                case 'x' -> words.append(" takes");
                case '*' -> words.append(" drop");
                case '+' -> words.append(", promotes");
                case '=' -> words.append(", does not promote");
                default -> {
                    // a square: its file's digits, then its rank's letter
                    int start = i - 1;
                    while (i < hodges.length() && Character.isDigit(hodges.charAt(i))) {
                        i++;
                    }
                    words.append(' ').append(hodges, start, i).append(' ').append(hodges.charAt(i++));
                }
            }
        }
        return words.toString();
    }

    /** Return how a finished game ended, in words: "Gote wins by resignation in 9 moves". */
    public static String end(GameState state) {
        GameState.Outcome result = state.result();
        String reason = result.reason().replace('_', ' ');
        int moves = state.plies();
        String count = " in " + moves + (moves == 1 ? " move" : " moves");
        if (result.winner() == null) {
            return "Draw by " + reason + count;
        }
        return (result.winner() == org.shogibridge.core.rules.Side.BLACK ? "Sente" : "Gote") + " wins by " + reason + count;
    }

    /** Return a main-time warning: "5 minutes left", "1 minute left". */
    static String minutesLeft(int minutes) {
        return minutes + (minutes == 1 ? " minute" : " minutes") + " left";
    }
}
