package org.shogibridge.core.record;

import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link GameRecord} as a reader meets its moves: keeps the position at the end of the line being
 * read, and opens variations (KIF {@code 変化：N手}, JKF forks) from the right position.
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
        return current.firstPly + current.line.moves().size();
    }

    /** Return the destination of the last move, which 同 refers to, or -1. */
    int previousTo() {
        List<RecordedMove> moves = current.line.moves();
        return moves.isEmpty() ? current.startPreviousTo : Move.to(moves.get(moves.size() - 1).move());
    }

    /** Return the last move of the current line, or null. */
    RecordedMove lastMove() {
        List<RecordedMove> moves = current.line.moves();
        return moves.isEmpty() ? null : moves.get(moves.size() - 1);
    }

    boolean hasEnded() {
        return current.line.ending() != null;
    }

    /** Append a legal move to the current line. */
    RecordedMove play(int move) {
        if (hasEnded()) {
            throw new IllegalArgumentException("a move after the end of the game ("
                    + current.line.ending().kif() + ")");
        }
        RecordedMove recorded = new RecordedMove(move);
        recorded.comments().addAll(current.pendingComments);
        current.pendingComments.clear();
        current.line.moves().add(recorded);
        current.position.doMove(move);
        return recorded;
    }

    void end(Ending ending, long elapsedMillis) {
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
        } else if (!line.moves().isEmpty()) {
            lastMove().comments().add(text);
        } else if (current.parent == null) {
            record.comments().add(text);
        } else {
            current.pendingComments.add(text);
        }
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
        throw new IllegalArgumentException("no line has a move " + ply + " to branch from");
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
