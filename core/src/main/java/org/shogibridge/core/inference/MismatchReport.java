package org.shogibridge.core.inference;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.core.inference.Observation.BoardMatched;
import org.shogibridge.core.inference.Observation.CorrectionNeeded;
import org.shogibridge.core.inference.Observation.IllegalMove;
import org.shogibridge.core.inference.Observation.MoveAmbiguous;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
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
    private final Consumer<Observation> emit;

    private long since = NEVER;
    private boolean correctionShown;
    private Correction shownCorrection;
    private boolean illegalShown;
    private String shownIllegal;
    private List<String> shownAmbiguity;
    private PendingFoul pendingFoul;
    private long illegalSince;
    private boolean illegalSeen;

    MismatchReport(SettledBoard board, LedGuide guide, Consumer<Observation> emit) {
        this.board = board;
        this.guide = guide;
        this.emit = emit;
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

    /**
     * The board fits nothing; after the wrong-position time a correction is demanded, at once if {@code atOnce}.
     * {@code target} is the position the board must be brought back to (the game's, with an engine's move carried out).
     */
    void mismatch(long now, boolean atOnce, Position target) {
        startIfNot(now);
        if (atOnce && !correctionShown) {
            demandCorrection(now, target);
        } else if (correctionShown) {
            updateCorrection(now, target);
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
    void illegal(Side offender, int move, Violation violation, String description, int shownMove, long now, long at,
            Position target) {
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
            updateCorrection(now, target);
        }
    }

    /**
     * A piece of the side to move went to an empty square it may not reach, or a piece left the komadai for a square
     * it may not be dropped on (nifu, a dead piece, pawn-drop mate): flag it. In tournament mode it becomes a foul if
     * it is still on the board when the wrong-position time runs out. Return false if the board shows no such move.
     */
    boolean illegalShown(Reading r, MoveMatcher matcher, long now) {
        int move = matcher.shownMove(r.position);
        if (move == Move.NONE) {
            return false;
        }
        Violation violation = Rules.violation(r.position, move);
        if (violation == null) {
            return false;
        }
        illegal(r.position.sideToMove(), move, violation, Usi.format(r.position.variant(), move), move, now,
                board.lastChange(), r.target());
        return true;
    }

    /**
     * The squares equal the reading's position: a komadai still to update is a pending correction, not an error, and
     * a board wrong before is said to match again. Return true if the LEDs should show the game.
     */
    boolean squaresMatch(Reading r, long now) {
        if (board.komadaiShow(r.position)) {
            clear(now);
            return true;
        }
        int taken = board.onePieceTakenFromKomadai(r.position);
        if (!correctionShown && r.computerMove == Move.NONE && taken != 0) {
            choosing(); // a piece in the hand of the player to move, about to be dropped
            guide.pieceFromKomadai(r.position, taken);
            return false;
        }
        startIfNot(now);
        if (correctionShown) {
            updateCorrection(now, r.target());
            return false;
        }
        return true;
    }

    /** Tournament mode: the board shows the last move(s) put back, which is a side moving twice. */
    void putBackInTournament(Reading r, Side firstToMove, long now) {
        int last = r.lastMove();
        Side offender = r.moves.size() % 2 == 1 ? firstToMove : firstToMove.opponent();
        illegal(offender, Move.NONE, Violation.WRONG_TURN, "taking back " + Usi.format(r.position.variant(), last)
                + " (a side moved twice)", last, now, board.lastChange(), r.target());
    }

    /** One piece of the side to move is off its square: light where it may go. Return false for any other board. */
    boolean liftedPieceShown(Reading r) {
        // One own piece in the fingers, nothing else changed: a piece put on a komadai meanwhile (its own, say) is a
        // mistake the wrong-position timer must reach, never a choice waited on for ever.
        if (board.diffCount() != 1 || !board.isEmpty(board.diff(0)) || !board.komadaiShow(r.position)) {
            return false;
        }
        int piece = r.position.pieceAt(board.diff(0));
        if (correctionShown || Piece.colour(piece) != r.position.sideToMove().index()) {
            return false;
        }
        choosing(); // the player is choosing where to put it, not making a mistake
        guide.liftedPiece(r.position, board.diff(0));
        return true;
    }

    /** The {@code n} candidates of the matcher fit the board equally well: light them, and say so once. */
    void ambiguity(MoveMatcher matcher, int n, long now) {
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            moves.add(Usi.format(matcher.variant(), matcher.candidate(i)));
        }
        guide.candidates(matcher, n);
        ambiguity(moves, now, board.lastChange());
    }

    /** Show (once) the candidates of an ambiguous board; the LEDs are already drawn. */
    private void ambiguity(List<String> candidates, long now, long at) {
        if (!candidates.equals(shownAmbiguity)) {
            shownAmbiguity = List.copyOf(candidates);
            emit.accept(new MoveAmbiguous(shownAmbiguity, at));
        }
        startIfNot(now);
    }

    /** Run the wrong-position timer: demand the correction (to the target asked for then) when it runs out. */
    void tick(long now, long wrongPositionMillis, Supplier<Position> target) {
        if (since != NEVER && !correctionShown && now - since >= wrongPositionMillis) {
            demandCorrection(now, target.get());
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

    private void demandCorrection(long now, Position target) {
        correctionShown = true;
        updateCorrection(now, target);
    }

    /** Recompute the correction against the board as it is now; announce it if it changed, and draw it. */
    void updateCorrection(long now, Position target) {
        Correction correction = board.correctionTo(target);
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
}
