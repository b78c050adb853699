package org.shogibridge.core.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shogibridge.core.inference.Observation;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;

/**
 * What the board shows compared with the game, as the status a player reads: an observation that changes no game (a
 * promotion being chosen, an illegal move, a correction, candidates) in words and squares, Japanese first.
 */
final class ReadingStatus {
    private ReadingStatus() {
    }

    /** Return the status an observation of {@code game}'s board means, or empty if it changes no status. */
    static Optional<BoardStatus> of(Observation observation, Game game) {
        Variant variant = game.startPosition().variant();
        if (observation instanceof Observation.PromotionPending e) {
            return Optional.of(new BoardStatus(BoardStatus.Kind.PROMOTION_PENDING, List.of(Usi.square(variant, Move.to(e.move()))),
                    e.usi() + (e.promote() ? " promoting" : " not promoting"), promotionQuestion(game, e.move())));
        } else if (observation instanceof Observation.IllegalMove e && !e.foul()) {
            List<String> squares = new ArrayList<>();
            int move = e.details().move();
            if (move != Move.NONE) {
                if (!Move.isDrop(move)) {
                    squares.add(Usi.square(variant, Move.from(move)));
                }
                squares.add(Usi.square(variant, Move.to(move)));
            }
            return Optional.of(new BoardStatus(BoardStatus.Kind.ILLEGAL_MOVE, squares,
                    e.description() + ": " + e.violation().description(), illegalInJapanese(game, move, e.violation())));
        } else if (observation instanceof Observation.CorrectionNeeded e) {
            return Optional.of(CorrectionText.status(variant, e.correction()));
        } else if (observation instanceof Observation.MoveAmbiguous e) {
            return Optional.of(new BoardStatus(BoardStatus.Kind.AMBIGUOUS, e.candidates(), String.join(" ", e.candidates()),
                    candidatesInJapanese(game, e.candidates())));
        } else if (observation instanceof Observation.BoardMatched) {
            return Optional.of(BoardStatus.MATCHED);
        }
        return Optional.empty();
    }

    /** 「▲２三歩 成りますか」: the move the board shows, asked about its promotion. */
    private static String promotionQuestion(Game game, int move) {
        int promoting = Move.of(Move.from(move), Move.to(move), Move.piece(move), Move.captured(move), true);
        String text = inJapanese(game, promoting);
        return (text.endsWith("成") ? text.substring(0, text.length() - 1) : text) + " 成りますか";
    }

    /** 「▲５五歩打 (二歩)」: the illegal move as the board shows it, and the rule it breaks. */
    private static String illegalInJapanese(Game game, int move, Violation violation) {
        return move == Move.NONE ? violation.japanese() : inJapanese(game, move) + " (" + violation.japanese() + ")";
    }

    /** 「▲７七角 か ▲７七桂」: the moves the board may show. */
    private static String candidatesInJapanese(Game game, List<String> candidates) {
        List<String> moves = new ArrayList<>();
        for (String usi : candidates) {
            try {
                moves.add(inJapanese(game, Usi.parseLegalMove(game.position(), usi)));
            } catch (IllegalArgumentException e) {
                moves.add(usi); // not a move of this position: shown as the board reported it
            }
        }
        return String.join(" か ", moves);
    }

    /** A move of the current position in Japanese notation; an illegal one by its squares and piece. */
    private static String inJapanese(Game game, int move) {
        List<Integer> moves = game.moves();
        int previousTo = moves.isEmpty() ? -1 : Move.to(moves.get(moves.size() - 1));
        try {
            return JapaneseNotation.format(game.position(), move, previousTo, JapaneseNotation.Marks.TRIANGLES);
        } catch (RuntimeException e) { // a move the rules refuse may not be one the notation can name
            return JapaneseNotation.square(game.startPosition().variant(), Move.to(move));
        }
    }
}
