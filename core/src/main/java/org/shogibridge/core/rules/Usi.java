package org.shogibridge.core.rules;

/**
 * USI coordinates and moves: {@code 7g7f}, {@code 8h2b+}, {@code P*5e}. On 10x10 the file is a decimal
 * number 1..10 and the rank a letter a..j ({@code 10j10i}, {@code Q*10c}).
 */
public final class Usi {
    private Usi() {
    }

    /** Return the USI name of a square, for example "7g" or "10j". */
    public static String square(Variant v, int square) {
        return Integer.toString(v.file(square)) + (char) ('a' + v.rank(square) - 1);
    }

    /** Return the square a USI name such as "7g" or "10j" denotes. */
    public static int parseSquare(Variant v, String text) {
        int[] square = readSquare(v, text, 0);
        if (square[1] != text.length()) {
            throw error(text, "unexpected text after the square");
        }
        return square[0];
    }

    /** Return the USI text of a move. */
    public static String format(Variant v, int move) {
        if (Move.isDrop(move)) {
            return Piece.letter(Piece.type(Move.piece(move))) + "*" + square(v, Move.to(move));
        }
        return square(v, Move.from(move)) + square(v, Move.to(move)) + (Move.promotes(move) ? "+" : "");
    }

    /** Return moves in USI text separated by single spaces (a line of play, as "pv" and "moves" write it). */
    public static String formatLine(Variant v, int[] moves) {
        StringBuilder sb = new StringBuilder();
        for (int move : moves) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(format(v, move));
        }
        return sb.toString();
    }

    /**
     * Return the move a USI text describes in the position, with its pieces read from the board. The move is
     * well formed but not checked for legality: see {@link #parseLegalMove} and {@link Rules#violation}.
     */
    public static int parseMove(Position p, String text) {
        Variant v = p.variant;
        String t = text == null ? "" : text.strip();
        if (t.length() >= 4 && t.charAt(1) == '*') {
            int type = Piece.typeOfLetter(t.charAt(0));
            if (type < 0 || type == Piece.KING || !v.hasType(type)) {
                throw error(t, "'" + t.charAt(0) + "' is not a piece that can be dropped in " + v.id());
            }
            int[] to = readSquare(v, t, 2);
            if (to[1] != t.length()) {
                throw error(t, "unexpected text after the square");
            }
            return Move.drop(Piece.code(type, p.sideToMove), to[0]);
        }
        int[] from = readSquare(v, t, 0);
        int[] to = readSquare(v, t, from[1]);
        boolean promote = to[1] < t.length() && t.charAt(to[1]) == '+';
        if (to[1] + (promote ? 1 : 0) != t.length()) {
            throw error(t, "unexpected text after the squares");
        }
        return Rules.complete(p, Move.of(from[0], to[0], 0, 0, promote));
    }

    /** Return the legal move a USI text describes; throws with the broken rule if it is not legal. */
    public static int parseLegalMove(Position p, String text) {
        int move = parseMove(p, text);
        Violation violation = Rules.violation(p, move);
        if (violation != null) {
            throw new IllegalMoveException("Illegal move. '" + text.strip() + "' in " + p.toSfen() + ": "
                    + violation.description() + ".", p, move, violation);
        }
        return move;
    }

    /** Read a square at index; return {square, index after it}. */
    private static int[] readSquare(Variant v, String text, int index) {
        int i = index;
        while (i < text.length() && Character.isDigit(text.charAt(i))) {
            i++;
        }
        if (i == index || i == text.length()) {
            throw error(text, "expected a square (file number and rank letter) at character " + (index + 1));
        }
        int file = Integer.parseInt(text.substring(index, Math.min(i, index + 3)));
        int rank = text.charAt(i) - 'a' + 1;
        if (file < 1 || file > v.files() || rank < 1 || rank > v.ranks() || i - index > 2) {
            throw error(text, "square '" + text.substring(index, i + 1) + "' is not on the " + v.files() + "x"
                    + v.ranks() + " board");
        }
        return new int[] {v.square(file, rank), i + 1};
    }

    private static SfenException error(String text, String detail) {
        return new SfenException("Invalid USI move. '" + text + "': " + detail + ".");
    }
}
