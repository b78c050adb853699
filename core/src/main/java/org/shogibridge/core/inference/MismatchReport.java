package org.shogibridge.core.inference;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.core.inference.InferenceEvent.BoardMatched;
import org.shogibridge.core.inference.InferenceEvent.CorrectionNeeded;
import org.shogibridge.core.inference.InferenceEvent.IllegalMove;
import org.shogibridge.core.inference.InferenceEvent.MoveAmbiguous;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Violation;

/**
 * What is wrong with a board that fits no move, and what has been said about it: since when it has been wrong, the
 * illegal move or ambiguity announced, the correction demanded (events and LEDs), and in tournament mode the
 * {@link PendingFoul} whose wrong-position timer is running. Each thing is announced once, until the board matches.
 */
final class MismatchReport {
    private static final long NEVER = SettledBoard.NEVER;

    private final SettledBoard board;
    private final LedGuide guide;
    private final Consumer<InferenceEvent> emit;
    /** The position the board must be brought back to: the game's, with the engine's move carried out if one is expected. */
    private final Supplier<Position> target;

    private long since = NEVER;
    private boolean correctionShown;
    private Correction shownCorrection;
    private boolean illegalShown;
    private String shownIllegal;
    private List<String> shownAmbiguity;
    private PendingFoul pendingFoul;
    private long illegalSince;
    private boolean illegalSeen;

    MismatchReport(SettledBoard board, LedGuide guide, Consumer<InferenceEvent> emit, Supplier<Position> target) {
        this.board = board;
        this.guide = guide;
        this.emit = emit;
        this.target = target;
    }

    /** A judgement of the settled board begins: a foul must be seen again to stay pending. */
    void beginJudgement() {
        pendingFoul = null;
        illegalSeen = false;
    }

    /** The judgement ended: an illegal move not seen in it may be announced again later. */
    void endJudgement() {
        if (!illegalSeen) {
            shownIllegal = null;
        }
    }

    /** The board fits nothing; after the wrong-position time a correction is demanded, at once if {@code atOnce}. */
    void mismatch(long now, boolean atOnce) {
        startIfNot(now);
        if (atOnce && !correctionShown) {
            demandCorrection(now);
        } else if (correctionShown) {
            updateCorrection(now);
        }
    }

    /** Start the wrong-position timer unless it runs already (a komadai not yet updated, a candidate shown). */
    void startIfNot(long now) {
        if (since == NEVER) {
            since = now;
        }
    }

    /** The player is choosing where to put a piece, which is no mistake: stop the wrong-position timer. */
    void choosing() {
        since = NEVER;
    }

    /** Show (once) an illegal move on the board; in tournament mode it is a foul once its timer runs out. */
    void illegal(Side offender, int move, Violation violation, String description, int shownMove, long now, long at) {
        illegalSeen = true;
        if (!description.equals(shownIllegal)) {
            shownIllegal = description;
            illegalShown = true;
            illegalSince = now;
            pendingFoul = new PendingFoul(offender, move, violation, description, illegalSince);
            emit.accept(new IllegalMove(pendingFoul, false, at));
        } else {
            // The same illegal board judged again: its wrong-position timer keeps running.
            pendingFoul = new PendingFoul(offender, move, violation, description, illegalSince);
        }
        startIfNot(now);
        if (!correctionShown) {
            guide.illegal(shownMove);
        } else {
            updateCorrection(now);
        }
    }

    /** Show (once) the candidates of an ambiguous board; the LEDs are already drawn. */
    void ambiguity(List<String> candidates, long now, long at) {
        if (!candidates.equals(shownAmbiguity)) {
            shownAmbiguity = List.copyOf(candidates);
            emit.accept(new MoveAmbiguous(shownAmbiguity, at));
        }
        startIfNot(now);
    }

    /** Run the wrong-position timer: demand the correction when it runs out. */
    void tick(long now, long wrongPositionMillis) {
        if (since != NEVER && !correctionShown && now - since >= wrongPositionMillis) {
            demandCorrection(now);
        }
    }

    /** Return the pending foul whose wrong-position time has run out, and forget it; else null. */
    PendingFoul dueFoul(long now, long wrongPositionMillis) {
        if (pendingFoul == null || now - pendingFoul.sinceMillis() < wrongPositionMillis) {
            return null;
        }
        PendingFoul due = pendingFoul;
        pendingFoul = null;
        return due;
    }

    private void demandCorrection(long now) {
        correctionShown = true;
        updateCorrection(now);
    }

    /** Recompute the correction against the board as it is now; announce it if it changed, and draw it. */
    void updateCorrection(long now) {
        Correction correction = board.correctionTo(target.get());
        if (!correction.equals(shownCorrection)) {
            shownCorrection = correction;
            emit.accept(new CorrectionNeeded(correction, now));
        }
        guide.correction(correction);
    }

    /** The board matches again: forget everything, and say so if anything had been said. */
    void clear(long now) {
        boolean said = correctionShown || illegalShown || shownAmbiguity != null;
        since = NEVER;
        correctionShown = false;
        shownCorrection = null;
        illegalShown = false;
        shownIllegal = null;
        shownAmbiguity = null;
        pendingFoul = null;
        if (said) {
            emit.accept(new BoardMatched(now));
        }
    }

    boolean correctionShown() {
        return correctionShown;
    }

    PendingFoul pendingFoul() {
        return pendingFoul;
    }
}
