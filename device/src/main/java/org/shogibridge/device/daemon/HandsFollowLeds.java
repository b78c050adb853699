package org.shogibridge.device.daemon;

import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.session.GameState;
import org.shogibridge.device.board.SimulatedBoard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulated hands carry out the computer's move shown on the LEDs ({@code board.follow-leds}), once per move:
 * keyed on game, ply and move, since a new game's first computer move is at the same ply as the last game's (issue
 * 82: the hands never carried it out), and forgotten on a takeback so the same move at that ply is carried out again.
 */
final class HandsFollowLeds {
    private static final Logger log = LoggerFactory.getLogger(HandsFollowLeds.class);

    private final SimulatedBoard hands;
    private String carriedOut = "";
    private int carriedOutPly = -1;

    HandsFollowLeds(SimulatedBoard hands) {
        this.hands = hands;
    }

    /** After each change: carry out a computer's move the hands were not yet told of. */
    void changed(GameState state) {
        String engineMove = state.engineMove() == null ? null : state.gameId() + " " + state.plies() + " " + state.engineMove();
        if (engineMove != null && !engineMove.equals(carriedOut)) {
            carriedOut = engineMove;
            carriedOutPly = state.plies();
            Position before = state.position();
            hands.play(before, Usi.parseLegalMove(before, state.engineMove())).exceptionally(refused -> {
                log.warn("Simulated hands: {} (the computer's move waits on the LEDs).", refused.getMessage());
                return null;
            });
        }
        if (state.plies() < carriedOutPly) {
            carriedOut = ""; // a takeback: the next engine move at that ply is carried out again
            carriedOutPly = -1;
        }
    }
}
