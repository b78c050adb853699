package org.shogibridge.core.rules;

/**
 * Reads and writes positions in SFEN, as USI defines it for 9x9, extended to 10x10 (ten empty squares
 * are written "10") and 5x5. Errors read "Invalid SFEN. detail." and name the field or character.
 */
public final class Sfen {
    private Sfen() {
    }

    /** Return the position of a SFEN; the variant is the one whose board has as many ranks as the SFEN. */
    public static Position parse(String sfen) {
        String[] fields = fields(sfen);
        return parse(variantOf(fields), fields, true);
    }

    /** Return the position of a SFEN, irregular or not (see {@link #parseIrregular(Variant, String)}). */
    public static Position parseIrregular(String sfen) {
        String[] fields = fields(sfen);
        return parse(variantOf(fields), fields, false);
    }

    private static Variant variantOf(String[] fields) {
        int rows = fields[0].split("/", -1).length;
        for (Variant v : Variant.values()) {
            if (v.ranks() == rows) {
                return v;
            }
        }
        throw error("Board has " + rows + " ranks; expected 9 (standard), 10 (okisaki) or 5 (minishogi)");
    }

    /** Return the position of a SFEN of the given variant. */
    public static Position parse(Variant variant, String sfen) {
        return parse(variant, fields(sfen), true);
    }

    /**
     * Return the position of a SFEN that may be irregular the way composed problems sometimes are: unpromoted
     * pieces that can never move, or two unpromoted pawns of a side on one file. Positions that are impossible
     * (more pieces than the set, two kings of one side, the side not to move in check) are still rejected.
     */
    public static Position parseIrregular(Variant variant, String sfen) {
        return parse(variant, fields(sfen), false);
    }

    private static String[] fields(String sfen) {
        if (sfen == null || sfen.isBlank()) {
            throw error("The position is empty");
        }
        String text = sfen.strip();
        if (text.startsWith("sfen ")) {
            text = text.substring(5).strip();
        }
        String[] fields = text.split("\\s+");
        if (fields.length < 3 || fields.length > 4) {
            throw error("Expected 3 or 4 fields (board, side to move, hand, move number), found " + fields.length
                    + " in '" + text + "'");
        }
        return fields;
    }

    private static Position parse(Variant v, String[] fields, boolean regular) {
        Position p = new Position(v);
        parseBoard(v, p, fields[0]);
        switch (fields[1]) {
            case "b" -> p.setSideToMove(0);
            case "w" -> p.setSideToMove(1);
            default -> throw error("Side to move must be 'b' or 'w', found '" + fields[1] + "'");
        }
        parseHand(v, p, fields[2]);
        if (fields.length == 4) {
            try {
                int number = Integer.parseInt(fields[3]);
                if (number < 1) {
                    throw new NumberFormatException();
                }
                p.setMoveNumber(number);
            } catch (NumberFormatException e) {
                throw error("Move number must be a positive whole number, found '" + fields[3] + "'");
            }
        }
        validate(v, p, regular);
        return p;
    }

    private static void parseBoard(Variant v, Position p, String board) {
        String[] rows = board.split("/", -1);
        if (rows.length != v.ranks()) {
            throw error("Board has " + rows.length + " ranks, expected " + v.ranks() + " for " + v.id());
        }
        for (int r = 0; r < rows.length; r++) {
            String row = rows[r];
            int column = 0;
            for (int i = 0; i < row.length(); i++) {
                char c = row.charAt(i);
                String where = " in rank " + (r + 1) + " ('" + row + "', character " + (i + 1) + ")";
                if (Character.isDigit(c)) {
                    int j = i;
                    while (j < row.length() && Character.isDigit(row.charAt(j))) {
                        j++;
                    }
                    int empty = Integer.parseInt(row.substring(i, j));
                    if (empty == 0) {
                        throw error("Zero empty squares" + where);
                    }
                    column += empty;
                    i = j - 1;
                    if (column > v.files()) {
                        throw error("Too many squares" + where + "; a rank has " + v.files());
                    }
                    continue;
                }
                boolean promoted = c == '+';
                if (promoted) {
                    if (++i == row.length()) {
                        throw error("'+' not followed by a piece" + where);
                    }
                    c = row.charAt(i);
                }
                int type = Piece.typeOfLetter(Character.toUpperCase(c));
                if (type < 0) {
                    throw error("Unknown piece '" + c + "'" + where);
                }
                if (promoted) {
                    if (!Piece.canPromote(type)) {
                        throw error("Piece '" + c + "' cannot be promoted" + where);
                    }
                    type += Piece.PROMOTION;
                }
                if (!v.hasType(type)) {
                    throw error("Piece '" + (promoted ? "+" : "") + c + "' is not used in " + v.id() + where);
                }
                if (column >= v.files()) {
                    throw error("Too many squares" + where + "; a rank has " + v.files());
                }
                int colour = Character.isUpperCase(c) ? 0 : 1;
                p.put(r * v.files() + column, Piece.code(type, colour));
                column++;
            }
            if (column != v.files()) {
                throw error("Rank " + (r + 1) + " ('" + row + "') has " + column + " squares, expected " + v.files());
            }
        }
    }

    private static void parseHand(Variant v, Position p, String hand) {
        if (hand.equals("-")) {
            return;
        }
        int i = 0;
        while (i < hand.length()) {
            int start = i;
            while (i < hand.length() && Character.isDigit(hand.charAt(i))) {
                i++;
            }
            int count = start == i ? 1 : Integer.parseInt(hand.substring(start, i));
            String where = " in hand '" + hand + "' at character " + (start + 1);
            if (i == hand.length()) {
                throw error("Count without a piece" + where);
            }
            char c = hand.charAt(i++);
            int type = Piece.typeOfLetter(Character.toUpperCase(c));
            if (type < 0 || type == Piece.KING || !v.hasType(type)) {
                throw error("'" + c + "' is not a piece that can be held in hand in " + v.id() + where);
            }
            if (count == 0) {
                throw error("Zero pieces" + where);
            }
            int code = Piece.code(type, Character.isUpperCase(c) ? 0 : 1);
            if (p.hand[code] != 0) {
                throw error("Piece '" + c + "' listed twice" + where);
            }
            if (count > v.pieceCount(type)) {
                throw error(count + " pieces of '" + c + "'" + where + ", but the set has " + v.pieceCount(type));
            }
            p.setHand(code, count);
        }
    }

    private static void validate(Variant v, Position p, boolean regular) {
        int[] total = new int[Piece.TYPES];
        int[] kings = new int[2];
        for (int sq = 0; sq < v.squares(); sq++) {
            int pc = p.board[sq];
            if (pc == Piece.EMPTY) {
                continue;
            }
            int type = Piece.type(pc);
            total[Piece.unpromoted(type)]++;
            if (type == Piece.KING) {
                kings[Piece.colour(pc)]++;
            }
            if (regular && v.deadSquare[pc * v.squares() + sq]) {
                throw error("Unpromoted '" + Piece.sfen(pc) + "' on " + Usi.square(v, sq) + " could never move");
            }
        }
        for (int code = 0; code < Piece.CODES; code++) {
            total[Piece.type(code)] += p.hand[code];
        }
        if (kings[0] > 1 || kings[1] > 1) {
            throw error("A side has more than one king");
        }
        for (int type = Piece.PAWN; type < Piece.TYPES; type++) {
            if (total[type] > v.pieceCount(type)) {
                throw error(total[type] + " pieces of type '" + Piece.letter(type) + "', but the " + v.id()
                        + " set has " + v.pieceCount(type));
            }
        }
        for (int colour = 0; colour < 2 && regular; colour++) {
            for (int column = 0; column < v.files(); column++) {
                if (p.pawnsOnColumn[colour * 16 + column] > 1) {
                    throw error("Two unpromoted " + (colour == 0 ? "Black" : "White") + " pawns on file "
                            + (v.files() - column) + " (nifu)");
                }
            }
        }
        if (p.inCheck(p.sideToMove().opponent())) {
            throw error("The side not to move is in check");
        }
    }

    /** Return the SFEN of a position, with the hand written most valuable piece first, Black before White. */
    public static String format(Position p) {
        return format(p.variant, p.board, p.hand, p.sideToMove(), p.moveNumber());
    }

    /**
     * Return the SFEN of a position given as arrays: {@code board} indexed by square as {@link Variant#square}
     * numbers them, {@code hand} by piece code.
     */
    public static String format(Variant v, int[] board, int[] hand, Side sideToMove, int moveNumber) {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < v.ranks(); r++) {
            if (r > 0) {
                sb.append('/');
            }
            int empty = 0;
            for (int c = 0; c < v.files(); c++) {
                int pc = board[r * v.files() + c];
                if (pc == Piece.EMPTY) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(Piece.sfen(pc));
            }
            if (empty > 0) {
                sb.append(empty);
            }
        }
        sb.append(sideToMove == Side.BLACK ? " b " : " w ");
        int length = sb.length();
        for (int colour = 0; colour < 2; colour++) {
            for (int type : v.handTypes) {
                int count = hand[Piece.code(type, colour)];
                if (count > 1) {
                    sb.append(count);
                }
                if (count > 0) {
                    sb.append(Piece.sfen(Piece.code(type, colour)));
                }
            }
        }
        if (sb.length() == length) {
            sb.append('-');
        }
        return sb.append(' ').append(moveNumber).toString();
    }

    private static SfenException error(String detail) {
        return new SfenException("Invalid SFEN. " + detail + ".");
    }
}
