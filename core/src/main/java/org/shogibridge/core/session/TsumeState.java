package org.shogibridge.core.session;

import java.util.List;

/**
 * A tsume being solved on the board, as the state shows it. The verdict is the game's result: Black (the solver)
 * winning by checkmate is 正解, White winning is 不正解 (the attack was refuted).
 *
 * @param id         the problem's id in the built-in set
 * @param plies      the problem's length (3, 5, 7)
 * @param setUp      while the board is being set up: the step in words, Japanese; null once set up
 * @param setUpEnglish the same in English
 * @param squares    the squares the set-up step lights, in USI (empty once set up)
 * @param komadai    the komadai slot the step concerns, {@code black:G}, or null
 */
public record TsumeState(String id, int plies, String setUp, String setUpEnglish, List<String> squares, String komadai) {
    public TsumeState {
        squares = List.copyOf(squares);
    }

    /** The result detail of a refuted attack. */
    public static final String REFUTED = "不正解";

    public boolean settingUp() {
        return setUp != null;
    }
}
