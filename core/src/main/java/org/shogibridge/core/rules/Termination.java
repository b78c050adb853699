package org.shogibridge.core.rules;

/** How a game ended. */
public enum Termination {
    /** The side to move is in check and has no legal move. */
    CHECKMATE,
    /** The side to move is not in check but has no legal move; in shogi that loses too. */
    NO_LEGAL_MOVES,
    RESIGNATION,
    /** Tournament mode: a side played an illegal move and lost; the result names the rule. */
    ILLEGAL_MOVE,
    /** The same position (board, hands, side to move) for the fourth time: a draw. */
    SENNICHITE,
    /** A repetition in which every move of one side gave check: that side loses. */
    PERPETUAL_CHECK,
    /** An entering-king declaration: won, drawn, or lost when its conditions were not met. */
    IMPASSE_DECLARATION,
    /** Try rule: a king reached the square the enemy king started on. */
    TRY,
    TIME_FORFEIT,
    /** The configured maximum number of moves was reached: a draw. */
    MAX_MOVES
}
