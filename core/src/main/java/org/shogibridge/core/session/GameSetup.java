package org.shogibridge.core.session;

import org.shogibridge.core.rules.Game;

/**
 * How a new game set up by command is played, each part null to keep the last game's: it holds for the games after it
 * too, until another set-up changes it (the next round of a club evening is one press).
 *
 * @param timeControl the clock, {@link TimeControl#NONE} for none
 * @param mode        casual (takebacks) or tournament (an illegal move loses)
 * @param black       who plays Black (sente)
 * @param white       who plays White (gote)
 */
public record GameSetup(TimeControl timeControl, Game.Mode mode, Player black, Player white) {
    /** Keep everything as the last game had it. */
    public static final GameSetup SAME = new GameSetup(null, null, null, null);
}
