package org.shogibridge.core.rules;

/** The two players. Black (sente) is the side at the bottom of the diagram; in handicap games White (gote) gives the handicap and moves first. */
public enum Side {
    BLACK, WHITE;

    /** Return 0 for Black, 1 for White: the colour index used in packed piece codes. */
    public int index() {
        return ordinal();
    }

    /** Return the other side. */
    public Side opponent() {
        return this == BLACK ? WHITE : BLACK;
    }

    /** Return the side for a colour index. */
    public static Side of(int index) {
        return index == 0 ? BLACK : WHITE;
    }
}
