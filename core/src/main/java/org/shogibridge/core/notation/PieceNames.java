package org.shogibridge.core.notation;

import org.shogibridge.core.rules.Piece;

/**
 * The names of piece types in Japanese (move text and board diagrams) and in CSA. The queen of Okisaki shogi
 * is 妃 and {@code QU}.
 */
public final class PieceNames {
    /** Move-text names by type, as Kakinoki's KIF writes them. */
    private static final String[] JAPANESE = {
        "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "竜", "妃"};
    /** One-character names by type, as board diagrams write them. */
    private static final String[] BOARD = {
        "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍", "妃"};
    private static final String[] CSA = {
        "", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY", "QU"};

    private PieceNames() {
    }

    /** Return the Japanese name of a piece type used in moves, for example 歩, 成香, 竜. */
    public static String japanese(int type) {
        return JAPANESE[type];
    }

    /** Return the one-character Japanese name of a piece type used in board diagrams, for example 杏. */
    public static String boardJapanese(int type) {
        return BOARD[type];
    }

    /** Return the CSA code of a piece type, for example FU or RY. */
    public static String csa(int type) {
        return CSA[type];
    }

    /** Return the type of a CSA piece code, or -1. */
    public static int ofCsa(String code) {
        for (int type = 1; type < CSA.length; type++) {
            if (CSA[type].equals(code)) {
                return type;
            }
        }
        return -1;
    }

    /**
     * Return the type whose Japanese name starts {@code text} at {@code index}, packed with the name's length
     * as {@code type | length << 8}, or -1. Accepts every common spelling: 王/玉, 竜/龍, 成香/杏, 成桂/圭,
     * 成銀/全.
     */
    public static int readJapanese(CharSequence text, int index) {
        if (index >= text.length()) {
            return -1;
        }
        char c = text.charAt(index);
        if (c == '成' && index + 1 < text.length()) {
            switch (text.charAt(index + 1)) {
                case '香': return Piece.PRO_LANCE | 2 << 8;
                case '桂': return Piece.PRO_KNIGHT | 2 << 8;
                case '銀': return Piece.PRO_SILVER | 2 << 8;
                default: return -1;
            }
        }
        int type = switch (c) {
            case '歩' -> Piece.PAWN;
            case '香' -> Piece.LANCE;
            case '桂' -> Piece.KNIGHT;
            case '銀' -> Piece.SILVER;
            case '金' -> Piece.GOLD;
            case '角' -> Piece.BISHOP;
            case '飛' -> Piece.ROOK;
            case '玉', '王' -> Piece.KING;
            case 'と' -> Piece.PRO_PAWN;
            case '杏' -> Piece.PRO_LANCE;
            case '圭' -> Piece.PRO_KNIGHT;
            case '全' -> Piece.PRO_SILVER;
            case '馬' -> Piece.HORSE;
            case '竜', '龍' -> Piece.DRAGON;
            case '妃' -> Piece.QUEEN;
            default -> -1;
        };
        return type < 0 ? -1 : type | 1 << 8;
    }
}
