package org.shogibridge.core.session;

import java.util.List;

/**
 * What the physical board shows compared with the game, as published in the state.
 *
 * @param kind    the situation
 * @param squares the squares concerned, in USI (to fix, the candidates' targets, the illegal move's squares)
 * @param detail  a short English explanation (the illegal move, the pending promotion, the candidates), or empty
 * @param spoken  the same in a Japanese player's words, or empty: a correction's steps (also said aloud), the move
 *                asked about (「▲２三歩 成りますか」), the illegal move and its rule, the candidates
 * @param komadai the komadai slots a correction concerns, as {@code side:letter} ({@code black:P}), or none
 */
public record BoardStatus(Kind kind, List<String> squares, String detail, String spoken, List<String> komadai) {
    /** What the board shows; {@code HALTED}: no move is accepted, the game cannot be kept on disk (the detail says why). */
    public enum Kind { MATCHED, CORRECTION_NEEDED, PROMOTION_PENDING, AMBIGUOUS, ILLEGAL_MOVE, OFFLINE, HALTED }

    public static final BoardStatus MATCHED = new BoardStatus(Kind.MATCHED, List.of(), "");
    public static final BoardStatus OFFLINE = new BoardStatus(Kind.OFFLINE, List.of(), "");

    public BoardStatus {
        squares = List.copyOf(squares);
        komadai = List.copyOf(komadai);
    }

    /** A status about squares only. */
    public BoardStatus(Kind kind, List<String> squares, String detail, String spoken) {
        this(kind, squares, detail, spoken, List.of());
    }

    /** A status with nothing to say aloud. */
    public BoardStatus(Kind kind, List<String> squares, String detail) {
        this(kind, squares, detail, "");
    }
}
