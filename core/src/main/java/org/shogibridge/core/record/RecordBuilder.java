package org.shogibridge.core.record;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link GameRecord} as a reader meets its moves: keeps the position at the end of the line being
 * read, and opens variations (KIF {@code 変化：N手}, JKF forks) from the right position.
 *
 * <p>An illegal move that the piece could make (a king left in check, nifu...) is held as a pending foul. It
 * becomes the line's {@link MoveLine#foul} when the record says the game ended by it: an ending that the other
 * side won by a foul ({@code 反則勝ち}, {@code %+ILLEGAL_ACTION}) or a comment on it that says 反則. Anything
 * else after it (a move, another ending) or silence makes the record fail with the foul's own error, which
 * names its line.
 */
final class RecordBuilder {
    /** A line being read, with what is needed to branch from any of its moves. */
    final class Branch {
        private final MoveLine line;
        private final int firstPly;
        private final Position start;
        private final int startPreviousTo;
        private final Branch parent;
        private final Position position;
        private final List<String> pendingComments = new ArrayList<>();
        private RecordedMove foul;
        private RecordFormatException foulError;
        private boolean foulStated;

        private Branch(MoveLine line, int firstPly, Position start, int startPreviousTo, Branch parent) {
            this.line = line;
            this.firstPly = firstPly;
            this.start = start;
            this.startPreviousTo = startPreviousTo;
            this.parent = parent;
            this.position = start.copy();
        }

        private boolean contains(int ply) {
            return ply >= firstPly && ply < firstPly + line.moves().size();
        }
    }

    private final GameRecord record;
    private final List<Branch> branches = new ArrayList<>();
    private Branch current;

    RecordBuilder(GameRecord record) {
        this.record = record;
        this.current = new Branch(record.mainLine(), 1, record.startPosition(), -1, null);
        branches.add(current);
    }

    GameRecord record() {
        return record;
    }

    Branch current() {
        return current;
    }

    void select(Branch branch) {
        current = branch;
    }

    /** Return the position at the end of the current line (live: do not modify). */
    Position position() {
        return current.position;
    }

    /** Return the number of the next move in the current line, counting from 1 at the start position. */
    int nextPly() {
        return current.firstPly + current.line.moves().size() + (current.foul != null ? 1 : 0);
    }

    /** Return the side to move after the last move of the current line, counting a pending foul as played. */
    Side sideToMoveAfterLine() {
        Side toMove = current.position.sideToMove();
        return current.foul != null ? toMove.opponent() : toMove;
    }

    /** Return the destination of the last move, which 同 refers to, or -1. */
    int previousTo() {
        List<RecordedMove> moves = current.line.moves();
        return moves.isEmpty() ? current.startPreviousTo : Move.to(moves.get(moves.size() - 1).move());
    }

    /** Return the last move of the current line, the pending foul included, or null. */
    RecordedMove lastMove() {
        if (current.foul != null) {
            return current.foul;
        }
        List<RecordedMove> moves = current.line.moves();
        return moves.isEmpty() ? null : moves.get(moves.size() - 1);
    }

    boolean hasEnded() {
        return current.line.ending() != null;
    }

    /** Return the ending of the current line, or null. */
    Ending ending() {
        return current.line.ending();
    }

    /** Throw the pending foul's error: another move after an illegal one means it did not end the game. */
    void checkNoFoul() {
        if (current.foul != null) {
            throw current.foulError;
        }
    }

    /** Append a legal move to the current line. */
    RecordedMove play(int move) {
        checkNoFoul();
        if (hasEnded()) {
            throw new IllegalArgumentException("Move after the end. The game ended with "
                    + current.line.ending().kif());
        }
        RecordedMove recorded = new RecordedMove(move);
        recorded.comments().addAll(current.pendingComments);
        current.pendingComments.clear();
        current.line.moves().add(recorded);
        current.position.doMove(move);
        return recorded;
    }

    /**
     * Hold an illegal move that may be the foul that ended the game; {@code error} is what the record fails with
     * if it does not say so. Return the move, to take its time and comments.
     */
    RecordedMove foul(int move, RecordFormatException error) {
        if (current.foul != null) {
            throw current.foulError;
        }
        if (hasEnded()) {
            throw error;
        }
        current.foul = new RecordedMove(move);
        current.foul.comments().addAll(current.pendingComments);
        current.pendingComments.clear();
        current.foulError = error;
        return current.foul;
    }

    /** End the current line; after a pending foul only an ending that says the other side won by it fits. */
    void end(Ending ending, long elapsedMillis) {
        if (current.foul != null) {
            if (ending != Ending.OPPONENT_ILLEGAL) {
                throw current.foulError;
            }
            current.foulStated = true;
        }
        current.line.ending(ending).endingElapsedMillis(elapsedMillis);
    }

    void endingTime(long elapsedMillis) {
        current.line.endingElapsedMillis(elapsedMillis);
    }

    /** Attach a comment to the last move, the ending, or (before any move) the record or the next move. */
    void comment(String text) {
        MoveLine line = current.line;
        if (line.ending() != null) {
            line.endingComments().add(text);
        } else if (current.foul != null) {
            current.foul.comments().add(text);
            current.foulStated |= text.contains("反則");
        } else if (!line.moves().isEmpty()) {
            lastMove().comments().add(text);
        } else if (current.parent == null) {
            record.comments().add(text);
        } else {
            current.pendingComments.add(text);
        }
    }

    /** Finish reading: keep each stated foul; an illegal move the record does not call a foul is an error. */
    GameRecord finish() {
        for (Branch branch : branches) {
            if (branch.foul == null) {
                continue;
            }
            if (!branch.foulStated) {
                throw branch.foulError;
            }
            long time = branch.line.endingElapsedMillis();
            branch.line.foul(branch.foul).endingElapsedMillis(time);
        }
        return record;
    }

    /**
     * Open a variation replacing move {@code ply} of the most recently opened line that has that move, as KIF
     * readers do, and make it current.
     */
    Branch variationOfLatest(int ply) {
        for (int i = branches.size() - 1; i >= 0; i--) {
            if (branches.get(i).contains(ply)) {
                return variation(branches.get(i), ply);
            }
        }
        throw new IllegalArgumentException("Bad variation. No line has a move " + ply + " to branch from");
    }

    /** Open a variation replacing move {@code ply} of a line and make it current. */
    Branch variation(Branch of, int ply) {
        Branch owner = of;
        // A variation of a variation's first move is one more alternative to the same move.
        while (owner.parent != null && owner.firstPly == ply) {
            owner = owner.parent;
        }
        Position start = owner.start.copy();
        List<RecordedMove> moves = owner.line.moves();
        int index = ply - owner.firstPly;
        for (int i = 0; i < index; i++) {
            start.doMove(moves.get(i).move());
        }
        int previousTo = index == 0 ? owner.startPreviousTo : Move.to(moves.get(index - 1).move());
        MoveLine line = new MoveLine();
        moves.get(index).alternatives().add(line);
        current = new Branch(line, ply, start, previousTo, owner);
        branches.add(current);
        return current;
    }
}
