package org.shogibridge.core.inference;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Violation;

/**
 * An illegal act the board shows, waiting to become a lost game: in tournament mode it is recorded as a foul if the
 * board still shows it when the wrong-position time runs out. Plain data, so it can be logged and journaled.
 *
 * @param offender    the side that broke the rule
 * @param move        the illegal move on the board, or {@link Move#NONE} for an act that is not a move (a move taken
 *                    back in tournament play)
 * @param violation   the rule broken
 * @param description what the board shows, for example {@code 5e5a} or {@code taking back 7g7f (a side moved twice)}
 * @param sinceMillis when the board first showed it
 */
public record PendingFoul(Side offender, int move, Violation violation, String description, long sinceMillis) {
}
