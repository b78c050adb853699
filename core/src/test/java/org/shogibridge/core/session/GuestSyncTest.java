package org.shogibridge.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Side;

/** How a guest board's game is made to match its host's (board against board): Black hosts, White is the guest. */
class GuestSyncTest {
    private static GuestSync sync(List<String> own, List<String> host) {
        return GuestSync.of(own, host, Side.WHITE, Side.BLACK);
    }

    @Test
    void theSameGameNeedsNothing() {
        assertEquals(GuestSync.NOTHING, sync(List.of("7g7f", "3c3d"), List.of("7g7f", "3c3d")));
    }

    @Test
    void theHostsNewMoveIsShownForThePersonToCarryOut() {
        assertEquals(new GuestSync(0, List.of("2g2f"), true), sync(List.of("7g7f", "3c3d"), List.of("7g7f", "3c3d", "2g2f")));
    }

    @Test
    void theGuestsOwnMoveOnItsWayToTheHostIsKept() {
        assertEquals(GuestSync.NOTHING, sync(List.of("7g7f", "3c3d"), List.of("7g7f")));
    }

    @Test
    void aHostMoveTheHostTookBackIsTakenBackHere() {
        assertEquals(new GuestSync(1, List.of(), false), sync(List.of("7g7f", "3c3d", "2g2f"), List.of("7g7f", "3c3d")));
        assertEquals(new GuestSync(2, List.of(), false), sync(List.of("7g7f", "3c3d"), List.of()));
    }

    @Test
    void anotherMoveOfTheHostReplacesTheOneTakenBack() {
        assertEquals(new GuestSync(1, List.of("6g6f"), false), sync(List.of("7g7f", "3c3d", "2g2f"), List.of("7g7f", "3c3d", "6g6f")));
    }

    @Test
    void aGuestAwayForSeveralMovesGetsThemAllAtOnce() {
        assertEquals(new GuestSync(0, List.of("3c3d", "2g2f", "8c8d"), false),
                sync(List.of("7g7f"), List.of("7g7f", "3c3d", "2g2f", "8c8d")));
    }

    @Test
    void theGuestsMoveTheHostDidNotTakeGivesWayToTheHostsGame() {
        // The guest proposed 3c3d; the host's game has 4a3b there (taken back there and played again): the host wins.
        assertEquals(new GuestSync(1, List.of("4a3b", "2g2f"), false),
                sync(List.of("7g7f", "3c3d"), List.of("7g7f", "4a3b", "2g2f")));
    }
}
