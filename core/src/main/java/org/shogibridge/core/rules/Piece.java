package org.shogibridge.core.rules;

/**
 * Piece types and packed piece codes.
 *
 * <p>A piece code packs a type and a colour into 5 bits: {@code code = type | colour << 4}, colour 0 is
 * Black and 1 is White, and {@link #EMPTY} is 0. Promoted types are the base type plus {@link #PROMOTION}
 * (pawn 1 promotes to 9, rook 6 to 14); the Okisaki queen never promotes and has its own type 15.
 */
public final class Piece {
    public static final int EMPTY = 0;
    public static final int PAWN = 1;
    public static final int LANCE = 2;
    public static final int KNIGHT = 3;
    public static final int SILVER = 4;
    public static final int BISHOP = 5;
    public static final int ROOK = 6;
    public static final int GOLD = 7;
    public static final int KING = 8;
    public static final int PRO_PAWN = 9;
    public static final int PRO_LANCE = 10;
    public static final int PRO_KNIGHT = 11;
    public static final int PRO_SILVER = 12;
    public static final int HORSE = 13;
    public static final int DRAGON = 14;
    public static final int QUEEN = 15;

    public static final int PROMOTION = 8;
    public static final int TYPES = 16;
    public static final int CODES = 32;

    /** Letters of the USI/SFEN notation by type; promoted types are written with a leading '+'. */
    private static final String LETTERS = ".PLNSBRGKPLNSBRQ";

    private Piece() {
    }

    /** Return the piece code of a type for a colour index. */
    public static int code(int type, int colour) {
        return type | colour << 4;
    }

    /** Return the type of a piece code. */
    public static int type(int code) {
        return code & 15;
    }

    /** Return the colour index (0 Black, 1 White) of a non-empty piece code. */
    public static int colour(int code) {
        return code >>> 4;
    }

    /** Return true if the type can promote (pawn, lance, knight, silver, bishop, rook). */
    public static boolean canPromote(int type) {
        return type >= PAWN && type <= ROOK;
    }

    /** Return true if the type moves any distance along some line (lance, bishop, rook, queen, horse, dragon). */
    public static boolean isRanged(int type) {
        return type == LANCE || type == BISHOP || type == ROOK || type == QUEEN || type == HORSE || type == DRAGON;
    }

    /** Return true if the type is a promoted one. */
    public static boolean isPromoted(int type) {
        return type >= PRO_PAWN && type <= DRAGON;
    }

    /** Return the type a captured piece becomes in hand: promoted pieces revert to their base type. */
    public static int unpromoted(int type) {
        return isPromoted(type) ? type - PROMOTION : type;
    }

    /** Return the SFEN text of a piece code, for example "P", "+r" or "Q". */
    public static String sfen(int code) {
        int type = type(code);
        String letter = String.valueOf(LETTERS.charAt(type));
        if (colour(code) == 1) {
            letter = letter.toLowerCase();
        }
        return isPromoted(type) ? "+" + letter : letter;
    }

    /** Return the unpromoted type for an upper-case SFEN letter, or -1 when the letter names no piece. */
    public static int typeOfLetter(char upperCaseLetter) {
        return switch (upperCaseLetter) {
            case 'P' -> PAWN;
            case 'L' -> LANCE;
            case 'N' -> KNIGHT;
            case 'S' -> SILVER;
            case 'B' -> BISHOP;
            case 'R' -> ROOK;
            case 'G' -> GOLD;
            case 'K' -> KING;
            case 'Q' -> QUEEN;
            default -> -1;
        };
    }

    /** Return the upper-case letter of a type, ignoring promotion. */
    public static char letter(int type) {
        return LETTERS.charAt(type);
    }
}
