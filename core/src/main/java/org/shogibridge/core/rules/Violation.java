package org.shogibridge.core.rules;

/** The rule an illegal move breaks, as recorded when a tournament game is lost by an illegal move. */
public enum Violation {
    /** The piece moved belongs to the side not to move, or a side moved twice. */
    WRONG_TURN("wrong turn", "手番違い"),
    /** The piece cannot move that way, the path is blocked, the target holds an own piece, the piece is not in hand, or it may not promote there. */
    IMPOSSIBLE_MOVEMENT("impossible movement", "動けない手"),
    /** An unpromoted piece moved or dropped where it could never move again (pawn or lance on the last rank, knight on the last two). */
    DEAD_PIECE("dead piece", "行き所のない駒"),
    /** Nifu: a pawn dropped on a file where the same side already has an unpromoted pawn. */
    NIFU("two pawns on a file (nifu)", "二歩"),
    /** Uchifuzume: a pawn drop that gives immediate checkmate. */
    UCHIFUZUME("pawn-drop mate (uchifuzume)", "打ち歩詰め"),
    /** The mover's own king is in check after the move. */
    LEFT_IN_CHECK("king left in check", "王手放置");

    private final String description;
    private final String japanese;

    Violation(String description, String japanese) {
        this.description = description;
        this.japanese = japanese;
    }

    /**
     * Return whether a move breaking this rule is one the piece can physically make (left in check, nifu,
     * uchifuzume, a dead piece), so that a record can show it as the foul that lost the game. A wrong turn or an
     * impossible movement names no such move.
     */
    public boolean isRecordableFoul() {
        return this != WRONG_TURN && this != IMPOSSIBLE_MOVEMENT;
    }

    /** Return the rule's Japanese name, as a player or an arbiter says it (二歩, 王手放置). */
    public String japanese() {
        return japanese;
    }

    /** Return a short English description for messages and records. */
    public String description() {
        return description;
    }
}
