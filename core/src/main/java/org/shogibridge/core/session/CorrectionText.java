package org.shogibridge.core.session;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.inference.Correction;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/**
 * A {@link Correction} as the board status a player reads: the squares to fix, and what to do in words ("move the
 * piece on 8d to 8c; put 1 pawn on Black's komadai"), never a count such as {@code -1 P}; and the same steps in
 * Japanese for the voice (「８四の駒を８三に移す、先手の駒台に歩を1枚置く」).
 */
final class CorrectionText {
    private static final String[] PIECE_NAMES = {"", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold",
        "king", "promoted pawn", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon", "queen"};

    private CorrectionText() {
    }

    static BoardStatus status(Variant variant, Correction c) {
        List<String> squares = new ArrayList<>();
        List<String> steps = new ArrayList<>();
        List<String> japanese = new ArrayList<>();
        List<String> komadaiSlots = new ArrayList<>();
        for (Correction.Relocation r : c.relocations()) {
            String from = Usi.square(variant, r.from());
            String to = Usi.square(variant, r.to());
            squares.add(from);
            squares.add(to);
            steps.add("move the piece on " + from + " to " + to);
            japanese.add(JapaneseNotation.square(variant, r.from()) + "の駒を" + JapaneseNotation.square(variant, r.to()) + "に移す");
        }
        for (int sq : c.remove()) {
            squares.add(Usi.square(variant, sq));
            steps.add("take the piece off " + Usi.square(variant, sq));
            japanese.add(JapaneseNotation.square(variant, sq) + "の駒を盤から取る");
        }
        for (int sq : c.place()) {
            squares.add(Usi.square(variant, sq));
            steps.add("put the missing piece on " + Usi.square(variant, sq));
            japanese.add(JapaneseNotation.square(variant, sq) + "に駒を置く");
        }
        for (int sq : c.turnOver()) {
            squares.add(Usi.square(variant, sq));
            steps.add("turn over the piece on " + Usi.square(variant, sq));
            japanese.add(JapaneseNotation.square(variant, sq) + "の駒を裏返す");
        }
        for (Correction.KomadaiChange k : c.komadai()) {
            int n = Math.abs(k.delta());
            String pieces = n + " " + PIECE_NAMES[Piece.unpromoted(k.type())] + (n == 1 ? "" : "s");
            String komadai = (k.side() == Side.BLACK ? "Black's" : "White's") + " komadai";
            komadaiSlots.add((k.side() == Side.BLACK ? "black:" : "white:") + Piece.letter(Piece.unpromoted(k.type())));
            steps.add(k.delta() > 0 ? "put " + pieces + " on " + komadai : "take " + pieces + " off " + komadai);
            String stand = (k.side() == Side.BLACK ? "先手" : "後手") + "の駒台";
            String piece = PieceNames.japanese(Piece.unpromoted(k.type())) + "を" + n + "枚";
            japanese.add(k.delta() > 0 ? stand + "に" + piece + "置く" : stand + "から" + piece + "取る");
        }
        return new BoardStatus(BoardStatus.Kind.CORRECTION_NEEDED, squares, String.join("; ", steps), String.join("、", japanese),
                komadaiSlots);
    }
}
