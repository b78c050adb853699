package org.shogibridge.core.session;

import java.util.List;
import org.shogibridge.core.rules.Side;

/**
 * What a guest board's game does to match its host's (board against board, docs/remote-play.md): the host owns the
 * game, so the guest takes back what the two do not share and plays what the host has beyond. One exception: the
 * guest's own last move, sent to the host and not yet taken there (the host's game is one move behind, and that move
 * is the guest's to make), is kept; only the host's refusal takes it back.
 *
 * @param takeBack  how many of the guest's last moves to take back
 * @param play      the host's moves to play after that, in USI
 * @param showLast  whether the last of them is the host's own, to be shown on the LEDs and carried out by the person
 *                  (a move the host just made); otherwise all are played at once and the board follows
 */
record GuestSync(int takeBack, List<String> play, boolean showLast) {

    static final GuestSync NOTHING = new GuestSync(0, List.of(), false);

    /**
     * @param own        the guest's moves, in USI
     * @param host       the host's moves, in USI
     * @param guestSide  the side the guest board's person plays
     * @param firstMover the side that made the first move of the game
     */
    static GuestSync of(List<String> own, List<String> host, Side guestSide, Side firstMover) {
        int shared = 0;
        while (shared < own.size() && shared < host.size() && own.get(shared).equals(host.get(shared))) {
            shared++;
        }
        int extra = own.size() - shared;
        if (host.size() == shared && (extra == 0 || extra == 1 && mover(shared, firstMover) == guestSide)) {
            return NOTHING; // the same game, or the guest's move on its way to the host
        }
        List<String> missing = List.copyOf(host.subList(shared, host.size()));
        boolean showLast = extra == 0 && missing.size() == 1 && mover(host.size() - 1, firstMover) != guestSide;
        return new GuestSync(extra, missing, showLast);
    }

    /** Return the side that makes the move of index {@code ply} (0 for the first). */
    private static Side mover(int ply, Side firstMover) {
        return ply % 2 == 0 ? firstMover : firstMover.opponent();
    }
}
