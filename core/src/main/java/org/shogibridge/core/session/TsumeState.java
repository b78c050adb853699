package org.shogibridge.core.session;

/**
 * A tsume being solved on the board, as the state shows it. The verdict is the game's result: Black (the solver)
 * winning by checkmate is 正解, White winning is 不正解 (the attack was refuted).
 *
 * @param id         the problem's id in the built-in set
 * @param plies      the problem's length (3, 5, 7)
 * @param setUp      while the board is being set up: the step in words, Japanese; null once set up
 * @param setUpEnglish the same in English
 */
public record TsumeState(String id, int plies, String setUp, String setUpEnglish) {
    /** The result detail of a refuted attack. */
    public static final String REFUTED = "不正解";

    public boolean settingUp() {
        return setUp != null;
    }
}
