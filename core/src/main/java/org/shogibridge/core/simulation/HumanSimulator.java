package org.shogibridge.core.simulation;

import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * Plays moves on a simulated sensor board the way a person does, and sends every scan to a sink: pieces lifted in
 * any order when capturing, slid across the squares in between (sometimes pausing on one), placed slowly, bumped and
 * put back, turned over after being put down; komadai counts that change early or late; flicker and contact bounce.
 * The same seed gives the same scans.
 *
 * <p>The player knows the board's conventions as its LEDs teach them: without face sensing, an optional promotion
 * that differs from the default is made with the lift-and-replace gesture after the move was taken; a capture whose
 * target never read empty is confirmed by lifting that piece once when the komadai cannot tell it from another.
 *
 * <p>Noise {@code p}: on each scan, with probability p one random square flickers to a wrong reading for one or two
 * scans; and each real change of a square bounces (reads the old value again for single scans) with probability
 * min(1, 20p).
 *
 * <p>Its parts: {@link SensedBoard}, what the board holds and what its sensors read of it; {@link LedGestures}, the
 * gestures made in answer to the LEDs; this class, the hands' habits in making a move.
 */
public final class HumanSimulator {
    private final Variant variant;
    private final InferenceSettings board;
    private final SplittableRandom random;
    private final boolean faces;
    /** What the board physically holds, and what its sensors read of it. */
    private final SensedBoard sensed;
    /** The gestures made in answer to its LEDs. */
    private final LedGestures eyes;
    private final MoveList scratch = new MoveList();
    private int lastTo = -1;

    /**
     * Return a simulator for a board read with these inference settings (their timers shape the player's gestures),
     * scanned every {@code scanMillis}, starting at time 0 with an empty board.
     */
    public HumanSimulator(Variant variant, InferenceSettings board, double noise, long seed, int scanMillis,
            Consumer<SensorSnapshot> sink) {
        if (noise < 0 || noise > 1 || scanMillis < 1) {
            throw new IllegalArgumentException("Bad simulation. Noise must be 0..1 and the scan period at least 1 ms.");
        }
        this.variant = variant;
        this.board = board;
        this.random = new SplittableRandom(seed);
        this.faces = board.faceSensing();
        this.sensed = new SensedBoard(variant, faces, noise, scanMillis, random, sink);
        this.eyes = new LedGestures(sensed, board);
    }

    /**
     * Watch the board's LEDs, as a player does: the promotion gesture is made once the choice is shown, and a capture
     * the board cannot tell apart is confirmed only when the candidates blink.
     */
    public void watch(LedFrame frame) {
        eyes.watch(frame);
    }

    /**
     * How the promotion gestures went, for a run's summary: how many were made, the longest the hands waited for the
     * choice to blink (simulated time), and how many they made without seeing it (8 s passed).
     */
    public String promotionGestures() {
        return eyes.summary();
    }

    /** Return the simulated clock in milliseconds: the time of the next scan. */
    public long timeMillis() {
        return sensed.time();
    }

    /** Put a position on the board and let it rest long enough to be judged. */
    public void setUp(Position position) {
        sensed.load(position);
        rest();
    }

    /** Scan an unchanged board for a while. */
    public void idle(long millis) {
        hold(millis);
    }

    /** Lift the piece on a square off the board (the hand holds it), and scan for a moment. */
    public void liftPiece(int square) {
        lift(square);
        hold(between(60, 200));
    }

    /**
     * Put a piece on a square (a sensor reading: {@link SensorSnapshot#OCCUPIED}, or a face with face sensing), and
     * scan for a moment.
     */
    public void placePiece(int square, byte reading) {
        placePiece(square, reading, between(60, 200));
    }

    /** Put a piece on a square and scan for {@code holdMillis}: a player about to press the clock at once. */
    public void placePiece(int square, byte reading, long holdMillis) {
        place(square, reading);
        hold(holdMillis);
    }

    /** Take a piece of a type from a side's komadai ({@code delta} -1) or put one there (+1), and scan for a moment. */
    public void changeKomadaiCount(Side side, int type, int delta) {
        if (sensed.komadai(side, type) + delta < 0) {
            throw new IllegalArgumentException("Empty komadai. No " + Piece.letter(type) + " to take.");
        }
        changeKomadai(side, type, delta);
        hold(between(60, 200));
    }

    /**
     * Return true if the board physically shows this position: every square as its sensors would read it, and every
     * komadai count (a move asked of the hands is made only on the position it was asked for).
     */
    public boolean shows(Position position) {
        return sensed.shows(position);
    }

    /** Return what the square physically holds, as a sensor reading. */
    public byte truth(int square) {
        return sensed.truth(square);
    }

    /** Make {@code move} (legal in {@code before}, which is left unchanged) by hand, then rest until it is judged. */
    public void play(Position before, int move) {
        if (random.nextDouble() < 0.1) {
            bump(before, move);
        }
        Side mover = before.sideToMove();
        int to = Move.to(move);
        byte after = SensorSnapshot.readingOf(Move.pieceAfter(move), faces);
        boolean gesture = !faces && board.promotionWindowMillis() > 0 && optionalPromotion(before, move)
                && Move.promotes(move) != board.promoteByDefault();
        if (Move.isDrop(move)) {
            int type = Piece.type(Move.piece(move));
            boolean late = random.nextDouble() < 0.25;
            if (!late) {
                changeKomadai(mover, type, -1);
                hold(between(120, 500));
            }
            place(to, after);
            if (late) {
                hold(between(30, 400));
                changeKomadai(mover, type, -1);
            }
        } else if (Move.captured(move) == 0) {
            lift(Move.from(move));
            hold(between(60, 300));
            slide(before, move);
            placeMaybeTurning(before, move, after);
        } else if (capture(before, move, after, gesture)) {
            gesture = false; // already made before the late komadai update
        }
        if (gesture) {
            eyes.promote(to);
        }
        lastTo = to;
        rest();
    }

    /** Return true if the promotion gesture was made here. */
    private boolean capture(Position before, int move, byte after, boolean gesture) {
        Side mover = before.sideToMove();
        int from = Move.from(move);
        int to = Move.to(move);
        int capturedType = Move.handType(move);
        double order = random.nextDouble();
        boolean komadaiLate = random.nextDouble() < 0.5;
        if (order < 0.15) {
            // The captured piece is pushed off as the capturing one slides on: the target never reads empty.
            lift(from);
            hold(between(60, 300));
            set(to, after);
            hold(between(50, 500));
            changeKomadai(mover, capturedType, +1);
            if (sameKindCaptureElsewhere(before, move)
                    && eyes.waitForLed(to, c -> c == LedFrame.Colour.YELLOW, LedFrame.Pattern.FAST_BLINK, board.settleMillis() + 800)) {
                hold(between(100, 300));
                lift(to);
                hold(between(120, 250));
                set(to, after);
            }
            return false;
        }
        if (order < 0.6) {
            lift(to);
            hold(between(80, 400));
            if (!komadaiLate) {
                changeKomadai(mover, capturedType, +1);
                hold(between(50, 300));
            }
            lift(from);
            hold(between(60, 300));
        } else {
            lift(from);
            hold(between(60, 300));
            lift(to);
            hold(between(60, 300));
            if (!komadaiLate) {
                changeKomadai(mover, capturedType, +1);
            }
        }
        place(to, after);
        if (komadaiLate) {
            if (gesture && eyes.watching() && !eyes.waitForChoice(to, 3000)) {
                // The board may wait for the captured piece on the komadai before it offers the choice: a player who
                // sees no blink puts it there, then looks again (holding it while waiting for a blink that waits for
                // it cost minutes of a firmware game, and is no player's way).
                hold(between(50, 600));
                changeKomadai(mover, capturedType, +1);
                eyes.promote(to);
                return true;
            }
            if (gesture) {
                eyes.promote(to);
            }
            hold(between(50, 600));
            changeKomadai(mover, capturedType, +1);
            return gesture;
        }
        return false;
    }

    // ---------------------------------------------------------------- gestures and habits

    /** A piece not involved in the move is knocked off its square and put back. */
    private void bump(Position before, int move) {
        int sq = random.nextInt(sensed.squares());
        // The previous move's destination is left alone: lifting and replacing it is the promotion gesture.
        if (sensed.truth(sq) == SensorSnapshot.EMPTY || sq == lastTo || sq == Move.to(move)
                || !Move.isDrop(move) && sq == Move.from(move)) {
            return;
        }
        byte reading = sensed.truth(sq);
        lift(sq);
        hold(between(40, 350));
        set(sq, reading);
        hold(between(60, 200));
    }

    /** A slider dragged along the board touches each square it crosses; now and then it rests on one. */
    private void slide(Position before, int move) {
        boolean slider = Piece.isRanged(Piece.type(Move.piece(move)));
        int from = Move.from(move);
        int to = Move.to(move);
        int df = variant.file(to) - variant.file(from);
        int dr = variant.rank(to) - variant.rank(from);
        int steps = Math.max(Math.abs(df), Math.abs(dr));
        boolean line = df == 0 || dr == 0 || Math.abs(df) == Math.abs(dr);
        if (!slider || !line || steps < 2 || random.nextDouble() < 0.4) {
            return;
        }
        for (int i = 1; i < steps; i++) {
            int sq = variant.square(variant.file(from) + Integer.signum(df) * i, variant.rank(from) + Integer.signum(dr) * i);
            byte reading = SensorSnapshot.readingOf(Move.piece(move), faces);
            set(sq, reading);
            boolean pause = random.nextDouble() < 0.05 && safePause(before, move, sq);
            hold(pause ? board.settleMillis() + between(100, 400) : between(10, 50));
            set(sq, SensorSnapshot.EMPTY);
        }
    }

    /** A pause mid-slide is taken as a move; avoid pausing where that move (either promotion choice) would mate. */
    private boolean safePause(Position before, int move, int square) {
        int from = Move.from(move);
        MoveGenerator.generateLegal(before, scratch);
        int[] pauses = new int[2];
        int n = 0;
        for (int i = 0; i < scratch.size(); i++) {
            int m = scratch.get(i);
            if (!Move.isDrop(m) && Move.from(m) == from && Move.to(m) == square) {
                pauses[n++] = m;
            }
        }
        for (int i = 0; i < n; i++) {
            Position p = before.copy();
            p.doMove(pauses[i]);
            MoveGenerator.generateLegal(p, scratch);
            if (scratch.size() == 0) {
                return false;
            }
        }
        return n > 0;
    }

    /** With face sensing, a promoting piece is sometimes put down unpromoted first and turned over a moment later. */
    private void placeMaybeTurning(Position before, int move, byte after) {
        int to = Move.to(move);
        if (faces && Move.promotes(move) && optionalPromotion(before, move) && random.nextDouble() < 0.3) {
            place(to, SensorSnapshot.FACE_UP);
            hold(between(80, 450));
            lift(to);
            hold(between(60, 200));
            set(to, after);
            return;
        }
        place(to, after);
    }

    /** Put a piece down, sometimes slowly: the sensor wavers before it holds. */
    private void place(int square, byte reading) {
        if (random.nextDouble() < 0.25) {
            int wavers = 1 + random.nextInt(3);
            for (int i = 0; i < wavers; i++) {
                set(square, reading);
                hold((1 + random.nextInt(5)) * (long) sensed.scanMillis());
                set(square, SensorSnapshot.EMPTY);
                hold((1 + random.nextInt(5)) * (long) sensed.scanMillis());
            }
        }
        set(square, reading);
    }

    private void lift(int square) {
        set(square, SensorSnapshot.EMPTY);
    }

    /** Rest after a move: long enough for the board to be judged, plus thinking time. */
    private void rest() {
        long judgedAt = sensed.lastChange() + (long) board.debounceScans() * sensed.scanMillis() + board.settleMillis();
        hold(Math.max(0, judgedAt - sensed.time()) + between(60, 600));
    }

    private void set(int square, byte reading) {
        sensed.set(square, reading);
    }

    private void changeKomadai(Side side, int type, int delta) {
        sensed.changeKomadai(side, type, delta);
    }

    private void hold(long millis) {
        sensed.hold(millis);
    }

    // ---------------------------------------------------------------- what the player knows of the rules

    private static boolean optionalPromotion(Position before, int move) {
        if (Move.isDrop(move)) {
            return false;
        }
        int other = Move.of(Move.from(move), Move.to(move), Move.piece(move), Move.captured(move), !Move.promotes(move));
        return Rules.violation(before, other) == null;
    }

    /** Another capture by the same piece would take the same kind: the komadai cannot tell them apart. */
    private boolean sameKindCaptureElsewhere(Position before, int move) {
        MoveGenerator.generateLegal(before, scratch);
        int kind = Piece.unpromoted(Piece.type(Move.captured(move)));
        for (int i = 0; i < scratch.size(); i++) {
            int m = scratch.get(i);
            if (!Move.isDrop(m) && Move.from(m) == Move.from(move) && Move.to(m) != Move.to(move)
                    && Move.captured(m) != 0 && Piece.unpromoted(Piece.type(Move.captured(m))) == kind) {
                return true;
            }
        }
        return false;
    }

    private long between(int low, int high) {
        return sensed.between(low, high);
    }
}
