package org.shogibridge.core.inference;

import java.util.Arrays;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * The board as the inference believes it: every square and komadai count debounced, when each square last emptied
 * and filled, when anything last changed, and how the board differs from a position. Reading a snapshot that
 * changes nothing allocates nothing.
 */
final class SettledBoard {
    static final long NEVER = Long.MIN_VALUE;
    /** What no sensor reads: a channel not yet known since the board was (re)started. */
    private static final int UNKNOWN = -1;

    private final boolean faces;
    private final Debouncer squareDebouncer;
    private final Debouncer komadaiDebouncer;
    private final byte[] board;
    private final int[] komadai = new int[2 * Piece.TYPES];
    private final long[] lastLift;
    private final long[] lastPlace;
    private final int[] diff;
    private int diffCount;
    private boolean started;
    /** Channels (squares and komadai counts) with no reading held yet since the board was (re)started. */
    private int unknown;
    private long lastChange;

    SettledBoard(Variant variant, InferenceSettings settings) {
        this.faces = settings.faceSensing();
        int n = variant.squares();
        this.squareDebouncer = new Debouncer(n, settings.debounceScans());
        this.komadaiDebouncer = new Debouncer(komadai.length, settings.debounceScans());
        this.board = new byte[n];
        this.lastLift = new long[n];
        this.lastPlace = new long[n];
        this.diff = new int[n];
        restart();
    }

    /** What reading a snapshot changed. */
    enum Change { NONE, KOMADAI, BOARD }

    /**
     * Take one scan. Every reading goes through the debouncers, the first ones too: the board is started once each
     * square and komadai count has held one reading for the debounce's scans (a sensor flickering in the first scan
     * after start-up or a reconnection, then a stalled link, made a start position read as a handicap: issue 97).
     * Return what changed.
     */
    Change read(SensorSnapshot snapshot) {
        long now = snapshot.timeMillis();
        byte[] raw = snapshot.squares();
        int[] rawKomadai = snapshot.komadaiCounts();
        if (!started) {
            return readFirst(raw, rawKomadai, now);
        }
        boolean boardChanged = false;
        boolean komadaiChanged = false;
        for (int sq = 0; sq < board.length; sq++) {
            byte reading = normalized(raw[sq]);
            if (squareDebouncer.update(sq, reading)) {
                if (board[sq] == SensorSnapshot.EMPTY) {
                    lastPlace[sq] = now;
                } else if (reading == SensorSnapshot.EMPTY) {
                    lastLift[sq] = now;
                }
                board[sq] = reading;
                boardChanged = true;
            }
        }
        for (int k = 0; k < komadai.length; k++) {
            if (komadaiDebouncer.update(k, rawKomadai[k])) {
                komadai[k] = rawKomadai[k];
                komadaiChanged = true;
            }
        }
        if (boardChanged || komadaiChanged) {
            lastChange = now;
        }
        return boardChanged ? Change.BOARD : komadaiChanged ? Change.KOMADAI : Change.NONE;
    }

    /** The first readings: each channel is known once one reading held; the board starts when all are known. */
    private Change readFirst(byte[] raw, int[] rawKomadai, long now) {
        for (int sq = 0; sq < board.length; sq++) {
            byte reading = normalized(raw[sq]);
            if (squareDebouncer.update(sq, reading)) {
                unknown -= board[sq] == UNKNOWN ? 1 : 0;
                board[sq] = reading;
            }
        }
        for (int k = 0; k < komadai.length; k++) {
            if (komadaiDebouncer.update(k, rawKomadai[k])) {
                unknown -= komadai[k] == UNKNOWN ? 1 : 0;
                komadai[k] = rawKomadai[k];
            }
        }
        if (unknown > 0) {
            return Change.NONE;
        }
        started = true;
        lastChange = now;
        return Change.BOARD;
    }

    /** Forget the debounced state: the board is read anew (at start-up, and after the board was offline). */
    void restart() {
        started = false;
        Arrays.fill(board, (byte) UNKNOWN);
        Arrays.fill(komadai, UNKNOWN);
        for (int sq = 0; sq < board.length; sq++) {
            squareDebouncer.force(sq, UNKNOWN);
        }
        for (int k = 0; k < komadai.length; k++) {
            komadaiDebouncer.force(k, UNKNOWN);
        }
        unknown = board.length + komadai.length;
        Arrays.fill(lastLift, NEVER);
        Arrays.fill(lastPlace, NEVER);
    }

    boolean started() {
        return started;
    }

    /** Return the time of the scan at which the board last changed: when the player finished what is judged. */
    long lastChange() {
        return lastChange;
    }

    private byte normalized(byte reading) {
        return !faces && reading != SensorSnapshot.EMPTY ? SensorSnapshot.OCCUPIED : reading;
    }

    byte reading(int square) {
        return board[square];
    }

    /** Return true if the square's last scan differs from its debounced reading: a lift or a placing under way. */
    boolean changing(int square) {
        return squareDebouncer.changing(square);
    }

    boolean isEmpty(int square) {
        return board[square] == SensorSnapshot.EMPTY;
    }

    /** Return true if the square reads as {@code piece} would (or as empty for {@link Piece#EMPTY}). */
    boolean shows(int square, int piece) {
        return board[square] == SensorSnapshot.readingOf(piece, faces);
    }

    int komadaiCount(Side side, int type) {
        return komadai[side.index() * Piece.TYPES + type];
    }

    /** Compare the squares with a position; the differing squares become {@link #diff(int)}. */
    void computeDiff(Position position) {
        diffCount = 0;
        for (int sq = 0; sq < board.length; sq++) {
            if (!shows(sq, position.pieceAt(sq))) {
                diff[diffCount++] = sq;
            }
        }
    }

    int diffCount() {
        return diffCount;
    }

    int diff(int i) {
        return diff[i];
    }

    /** Return a copy of the differing squares (a rare path: two moves made before the board settled). */
    int[] diffCopy() {
        return Arrays.copyOf(diff, diffCount);
    }

    /** Return true if every square shows the position (hands are not compared). */
    boolean squaresShow(Position position) {
        for (int sq = 0; sq < board.length; sq++) {
            if (!shows(sq, position.pieceAt(sq))) {
                return false;
            }
        }
        return true;
    }

    /** Return true if both komadai hold what the position's hands hold. */
    boolean komadaiShow(Position position) {
        for (Side side : Side.values()) {
            for (int type : position.variant().handTypes()) {
                if (komadaiCount(side, type) != position.handCount(side, type)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Return the type of the one piece missing from the komadai of the side to move, if that is the only difference
     * between the komadai and the hands (a piece in the player's fingers, about to be dropped); else 0.
     */
    int onePieceTakenFromKomadai(Position position) {
        Side mover = position.sideToMove();
        int taken = 0;
        for (Side side : Side.values()) {
            for (int type : position.variant().handTypes()) {
                int delta = position.handCount(side, type) - komadaiCount(side, type);
                if (delta != 0) {
                    if (side != mover || delta != 1 || taken != 0) {
                        return 0;
                    }
                    taken = type;
                }
            }
        }
        return taken;
    }

    /** Return true if the target of the move was filled again after its piece left the origin. */
    boolean refilledAfterLift(int move) {
        return !Move.isDrop(move) && lastPlace[Move.to(move)] > lastLift[Move.from(move)];
    }

    /** Return what must change to make the board show {@code target}. */
    Correction correctionTo(Position target) {
        return Correction.between(board, komadai, target, faces);
    }
}
