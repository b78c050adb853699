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
 */
public final class HumanSimulator {
    private final Variant variant;
    private final InferenceSettings board;
    private final double noise;
    private final int scanMillis;
    private final Consumer<SensorSnapshot> sink;
    private final SplittableRandom random;
    private final boolean faces;

    // The physical truth, and the sensor errors laid over it.
    private final byte[] truth;
    private final int[] komadai = new int[2 * Piece.TYPES];
    private final int[] flickerScans;
    private final byte[] flickerReading;
    private final int[] bounceScans;
    private final byte[] bounceReading;
    private final SensorSnapshot snapshot;
    private final MoveList scratch = new MoveList();
    private long time;
    private long lastChange;
    private int lastTo = -1;
    private LedFrame leds;
    private int gestures;
    private long longestBlinkWait;
    private int blinksMissed;
    private int gesturesAgain;

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
        this.noise = noise;
        this.scanMillis = scanMillis;
        this.sink = sink;
        this.random = new SplittableRandom(seed);
        this.faces = board.faceSensing();
        int n = variant.squares();
        truth = new byte[n];
        flickerScans = new int[n];
        flickerReading = new byte[n];
        bounceScans = new int[n];
        bounceReading = new byte[n];
        snapshot = new SensorSnapshot(variant);
    }

    /**
     * Watch the board's LEDs, as a player does: the promotion gesture is made once the choice is shown, and a capture
     * the board cannot tell apart is confirmed only when the candidates blink.
     */
    public void watch(LedFrame frame) {
        this.leds = frame;
    }

    /**
     * How the promotion gestures went, for a run's summary: how many were made, the longest the hands waited for the
     * choice to blink (simulated time), and how many they made without seeing it (8 s passed).
     */
    public String promotionGestures() {
        return gestures + " promotion gestures, the longest wait for the blink " + longestBlinkWait + " ms, "
                + blinksMissed + " not seen, " + gesturesAgain + " made again (not read)";
    }

    /**
     * Scan until the square shows a promotion choice (yellow or green, blinking: docs/leds.md), or the time runs out;
     * return true if it did. Another blink is not the choice: the white blink of a piece lifted from that square (the
     * captured one) can still be on the board when the capturing piece is put down, and a gesture made then is part of
     * the move (FirmwareBoardIT over a pseudo-terminal: the gesture answered it, and 8h2b was recorded 8h2b+).
     */
    private boolean waitForChoice(int square, long maxMillis) {
        return waitForLed(square, c -> c == LedFrame.Colour.YELLOW || c == LedFrame.Colour.GREEN, LedFrame.Pattern.BLINK,
                maxMillis);
    }

    /** Scan until the square shows a colour {@code wanted} takes in the pattern, or the time runs out; return true if it did. */
    private boolean waitForLed(int square, java.util.function.Predicate<LedFrame.Colour> wanted, LedFrame.Pattern pattern,
            long maxMillis) {
        if (leds == null) {
            hold(board.settleMillis() + between(150, 300));
            return true;
        }
        for (long waited = 0; waited < maxMillis; waited += scanMillis) {
            if (leds.pattern(square) == pattern && wanted.test(leds.colour(square))) {
                return true;
            }
            scan();
        }
        return false;
    }

    /** Return the simulated clock in milliseconds: the time of the next scan. */
    public long timeMillis() {
        return time;
    }

    /** Put a position on the board and let it rest long enough to be judged. */
    public void setUp(Position position) {
        SensorSnapshot image = SensorSnapshot.of(position, faces);
        for (int sq = 0; sq < truth.length; sq++) {
            truth[sq] = image.reading(sq);
        }
        for (Side side : Side.values()) {
            for (int type : variant.handTypes()) {
                komadai[side.index() * Piece.TYPES + type] = position.handCount(side, type);
            }
        }
        lastChange = time;
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
        if (komadai[side.index() * Piece.TYPES + type] + delta < 0) {
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
        for (int sq = 0; sq < truth.length; sq++) {
            if (truth[sq] != SensorSnapshot.readingOf(position.pieceAt(sq), faces)) {
                return false;
            }
        }
        for (Side side : Side.values()) {
            for (int type : variant.handTypes()) {
                if (komadai[side.index() * Piece.TYPES + type] != position.handCount(side, type)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Return what the square physically holds, as a sensor reading. */
    public byte truth(int square) {
        return truth[square];
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
            promotionGesture(to);
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
                    && waitForLed(to, c -> c == LedFrame.Colour.YELLOW, LedFrame.Pattern.FAST_BLINK, board.settleMillis() + 800)) {
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
            if (gesture && leds != null && !waitForChoice(to, 3000)) {
                // The board may wait for the captured piece on the komadai before it offers the choice: a player who
                // sees no blink puts it there, then looks again (holding it while waiting for a blink that waits for
                // it cost minutes of a firmware game, and is no player's way).
                hold(between(50, 600));
                changeKomadai(mover, capturedType, +1);
                promotionGesture(to);
                return true;
            }
            if (gesture) {
                promotionGesture(to);
            }
            hold(between(50, 600));
            changeKomadai(mover, capturedType, +1);
            return gesture;
        }
        return false;
    }

    // ---------------------------------------------------------------- gestures and habits

    /**
     * Lift the piece on its destination and put it back once the LED shows the promotion choice: toggles it. Without
     * a watched LED frame, the player waits as long as the board takes to judge. A player waits for the choice to be
     * shown, through a board that goes away meanwhile (8 s); a gesture made blind after that is one a board that
     * acknowledges its LEDs does not take (issue 97), and the player makes it again once the unwanted choice blinks.
     */
    private void promotionGesture(int to) {
        if (leds == null) {
            long judgedAt = lastChange + (long) board.debounceScans() * scanMillis + board.settleMillis();
            hold(Math.max(0, judgedAt - time));
        } else {
            long before = time;
            if (!waitForChoice(to, 8_000)) {
                blinksMissed++;
            }
            longestBlinkWait = Math.max(longestBlinkWait, time - before);
        }
        gestures++;
        hold(between(100, 300));
        liftAndReplace(to);
        if (leds != null) {
            // The player looks: the target blinks yellow while promoting, green while not. A gesture the board did
            // not read (its cable pulled meanwhile) leaves the other colour blinking once it is back: made again.
            LedFrame.Colour unwanted = board.promoteByDefault() ? LedFrame.Colour.YELLOW : LedFrame.Colour.GREEN;
            for (int again = 0; again < 3 && choiceStaysUnwanted(to, unwanted); again++) {
                gesturesAgain++;
                hold(between(100, 300));
                liftAndReplace(to);
            }
        }
    }

    /**
     * Whether the choice the player did not want goes on blinking for 2 s after their gesture (the Pi's answer to a
     * gesture it read comes within a second or two, even late); dark LEDs (the board away) are waited through, for
     * 30 s, and a steady light means the choice is closed.
     */
    private boolean choiceStaysUnwanted(int to, LedFrame.Colour unwanted) {
        long unwantedFor = 0;
        for (long waited = 0; waited < 30_000; waited += scanMillis) {
            boolean lit = leds.colour(to) != LedFrame.Colour.OFF;
            if (lit && leds.pattern(to) == LedFrame.Pattern.STEADY || lit && leds.colour(to) != unwanted) {
                return false;
            }
            unwantedFor = lit ? unwantedFor + scanMillis : 0;
            if (unwantedFor >= 2_000) {
                return true;
            }
            scan();
        }
        return false;
    }

    private void liftAndReplace(int to) {
        byte reading = truth[to];
        lift(to);
        hold(between(150, 300));
        set(to, reading);
    }

    /** A piece not involved in the move is knocked off its square and put back. */
    private void bump(Position before, int move) {
        int sq = random.nextInt(truth.length);
        // The previous move's destination is left alone: lifting and replacing it is the promotion gesture.
        if (truth[sq] == SensorSnapshot.EMPTY || sq == lastTo || sq == Move.to(move)
                || !Move.isDrop(move) && sq == Move.from(move)) {
            return;
        }
        byte reading = truth[sq];
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
                hold((1 + random.nextInt(5)) * (long) scanMillis);
                set(square, SensorSnapshot.EMPTY);
                hold((1 + random.nextInt(5)) * (long) scanMillis);
            }
        }
        set(square, reading);
    }

    private void lift(int square) {
        set(square, SensorSnapshot.EMPTY);
    }

    /** Rest after a move: long enough for the board to be judged, plus thinking time. */
    private void rest() {
        long judgedAt = lastChange + (long) board.debounceScans() * scanMillis + board.settleMillis();
        hold(Math.max(0, judgedAt - time) + between(60, 600));
    }

    // ---------------------------------------------------------------- the physical board and its sensors

    private void set(int square, byte reading) {
        byte old = truth[square];
        if (old == reading) {
            return;
        }
        truth[square] = reading;
        lastChange = time;
        if (random.nextDouble() < Math.min(1, 20 * noise)) {
            bounceScans[square] = 1 + random.nextInt(4);
            bounceReading[square] = old;
        }
    }

    private void changeKomadai(Side side, int type, int delta) {
        komadai[side.index() * Piece.TYPES + type] += delta;
        lastChange = time;
    }

    private void hold(long millis) {
        for (long t = 0; t < millis; t += scanMillis) {
            scan();
        }
    }

    private void scan() {
        if (noise > 0 && random.nextDouble() < noise) {
            int sq = random.nextInt(truth.length);
            flickerScans[sq] = 1 + random.nextInt(2);
            flickerReading[sq] = wrongReading(truth[sq]);
        }
        for (int sq = 0; sq < truth.length; sq++) {
            byte reading = truth[sq];
            if (flickerScans[sq] > 0) {
                reading = flickerReading[sq];
                flickerScans[sq]--;
            } else if (bounceScans[sq] > 0) {
                reading = bounceScans[sq] % 2 == 1 ? bounceReading[sq] : truth[sq];
                bounceScans[sq]--;
            }
            snapshot.reading(sq, reading);
        }
        for (Side side : Side.values()) {
            for (int type : variant.handTypes()) {
                snapshot.komadai(side, type, komadai[side.index() * Piece.TYPES + type]);
            }
        }
        snapshot.timeMillis(time);
        sink.accept(snapshot);
        time += scanMillis;
    }

    private byte wrongReading(byte reading) {
        if (reading == SensorSnapshot.EMPTY) {
            return faces ? SensorSnapshot.FACE_UP : SensorSnapshot.OCCUPIED;
        }
        if (!faces || random.nextBoolean()) {
            return SensorSnapshot.EMPTY;
        }
        return reading == SensorSnapshot.FACE_UP ? SensorSnapshot.FACE_DOWN : SensorSnapshot.FACE_UP;
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
        return low + random.nextInt(high - low + 1);
    }
}
