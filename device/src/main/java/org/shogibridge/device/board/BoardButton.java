package org.shogibridge.device.board;

import org.shogibridge.core.rules.Side;

/** A board's buttons: the two clock buttons and the menu button (each optional on real hardware). */
public enum BoardButton {
    BLACK_CLOCK, WHITE_CLOCK, MENU;

    /** Return the clock button of a side. */
    public static BoardButton clockOf(Side side) {
        return side == Side.BLACK ? BLACK_CLOCK : WHITE_CLOCK;
    }

    /** Return the side whose clock this is, or null for the menu button. */
    public Side side() {
        return this == MENU ? null : this == BLACK_CLOCK ? Side.BLACK : Side.WHITE;
    }
}
