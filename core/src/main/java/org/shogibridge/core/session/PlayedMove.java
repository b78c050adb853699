package org.shogibridge.core.session;

import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.WesternNotation;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;

/**
 * One move of a game as the session played it, in every form a view shows: read from the list, never replayed.
 *
 * @param move     the packed {@link Move}
 * @param usi      the move in USI ({@code 7g7f})
 * @param japanese the move in Japanese notation ({@code ▲７六歩}, {@code △同　銀})
 * @param western  the move in Hodges notation ({@code P-7f}), for English speech
 * @param millis   the time it took
 */
public record PlayedMove(int move, String usi, String japanese, String western, long millis) {

    /** The move {@code move} played from {@code before}, after a move to {@code previousTo} (-1 for none). */
    public static PlayedMove of(Position before, int move, int previousTo, long millis) {
        return new PlayedMove(move, Usi.format(before.variant(), move),
                JapaneseNotation.format(before, move, previousTo, JapaneseNotation.Marks.TRIANGLES),
                WesternNotation.HODGES.format(before, move), millis);
    }
}
