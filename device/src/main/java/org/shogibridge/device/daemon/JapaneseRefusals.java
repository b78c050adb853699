package org.shogibridge.device.daemon;

import java.util.Map;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.IllegalMoveException;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;

/**
 * A refused command in a player's words: the {@code japanese} field of every {@code cmd/<verb>/result} that says
 * {@code "ok":false} (issue 82). The English {@code error} ("Category. detail.") stays for tools and logs; the page
 * shows this one, which never holds a USI move or a SFEN.
 */
final class JapaneseRefusals {
    /** The Japanese sentence of each category a command can be refused with. */
    private static final Map<String, String> BY_CATEGORY = Map.ofEntries(
            Map.entry("Board changed", "盤が変わりました。今の局面からもう一度指してください。"),
            Map.entry("Game over", "対局は終わっています。新規対局を始めてください。"),
            Map.entry("Nothing to take back", "戻す手がありません。"),
            Map.entry("No promotion pending", "成るか成らないかを選ぶ手はありません。"),
            Map.entry("No engine to set", "コンピュータが指していないので、レベルは変えられません。"),
            Map.entry("No clock", "この対局には持ち時間がありません。"),
            Map.entry("Clock stopped", "時計は止まっています。"),
            Map.entry("Empty komadai", "駒台にその駒がありません。"),
            Map.entry("Empty square", "そのマスに駒がありません。"),
            Map.entry("Occupied square", "そのマスにはもう駒があります。"),
            Map.entry("Bad simulation", "シミュレーションの盤ではできない操作です。"),
            Map.entry("Not a quiet move", "駒を取る手や成る手ではできません。"),
            Map.entry("Busy", "命令が多すぎます。少し待ってからもう一度送ってください。"),
            Map.entry("Malformed command", "命令の形が正しくありません。"),
            Map.entry("Command too large", "命令が大きすぎます。"),
            Map.entry("Unknown command", "知らない命令です。"),
            Map.entry("Invalid player", "対局者の指定が正しくありません。"),
            Map.entry("Invalid time", "時間の指定が正しくありません。"),
            Map.entry("Invalid time control", "持ち時間の指定が正しくありません。"),
            Map.entry("Unknown handicap", "その手合割はありません。"),
            Map.entry("No handicap", "この将棋には駒落ちがありません。"),
            Map.entry("Wrong variant", "この盤とは違う将棋の局面です。"),
            Map.entry("Not simulated", "本物の盤です。駒は盤の上で動かしてください。"),
            Map.entry("Not online", "ネット対局の設定がありません。"),
            Map.entry("No USI engine", "外部エンジンが設定されていません。"),
            Map.entry("Invalid SFEN", "局面の指定が正しくありません。"),
            Map.entry("Invalid USI move", "その手は読めません。"),
            Map.entry("No winner", "その終わり方には勝った側が要ります。"),
            Map.entry("A draw", "その終わり方は引き分けです。勝った側は選べません。"),
            Map.entry("Illegal computer move", "コンピュータの手が正しくありません。"),
            Map.entry("Command failed", "うまくいきませんでした。もう一度試してください。"),
            Map.entry("No hint", "指せる手がありません。"),
            Map.entry("Unknown tsume", "その詰将棋はありません。"),
            Map.entry("No tsume", "詰将棋は本将棋の盤だけで出題できます。"),
            Map.entry("Online", "lishogi につながりません。"),
            Map.entry("No online game", "lishogi の対局がありません。"),
            Map.entry("Online refused", "lishogi に断られました。"),
            Map.entry("Storage failed", "記録を保存できませんでした。対局は失われていません。"));

    private JapaneseRefusals() {
    }

    /** Return the Japanese words of a refusal: the move and the broken rule for an illegal move, else its category's. */
    static String of(RuntimeException refusal) {
        if (refusal instanceof IllegalMoveException illegal) {
            return illegalMove(illegal);
        }
        return ofMessage(refusal.getMessage());
    }

    /** Return the Japanese words of an English "Category. detail." message. */
    static String ofMessage(String message) {
        String text = message == null ? "" : message;
        int end = text.indexOf('.');
        String category = end > 0 ? text.substring(0, end) : text;
        String japanese = BY_CATEGORY.get(category);
        if (japanese == null && category.startsWith("Illegal move")) {
            return "その手は指せません。";
        }
        return japanese != null ? japanese : "できませんでした。";
    }

    /** Say which move and which rule: 「二歩です（▲５五歩打）。」 */
    private static String illegalMove(IllegalMoveException illegal) {
        Position p = illegal.position();
        int move = illegal.move();
        int piece = Move.piece(move);
        Side mover = Move.isDrop(move) ? p.sideToMove() : Side.of(Piece.colour(piece));
        String words = (mover == Side.BLACK ? "▲" : "△") + JapaneseNotation.square(p.variant(), Move.to(move))
                + PieceNames.japanese(Piece.type(piece)) + (Move.isDrop(move) ? "打" : Move.promotes(move) ? "成" : "");
        String rule = switch (illegal.violation()) {
            case WRONG_TURN -> (p.sideToMove() == Side.BLACK ? "先手" : "後手") + "の手番です";
            case IMPOSSIBLE_MOVEMENT -> "その駒はそこへ動けません";
            case DEAD_PIECE -> "行き所のない駒になります";
            case NIFU -> "二歩です";
            case UCHIFUZUME -> "打ち歩詰めです";
            case LEFT_IN_CHECK -> "王手を放置しています";
        };
        return rule + "（" + words + "）。";
    }
}
