package org.shogibridge.core.inference;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.inference.LedFrame.Pattern;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.PieceNames;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/**
 * Guides the player in setting up a position by the LEDs, one square at a time (issue 86: a tsume set up from an
 * empty board, or from the last game's position by its differences alone). First every piece that must go comes off
 * (the squares red at once), then each piece is put on its square (the square blinking green, yellow for a promoted
 * piece face down, the piece named in words), then Black's komadai gets its pieces (green, red when it has too many).
 *
 * <p>A board of presence sensors cannot tell one piece from another, so a square whose piece must change is emptied
 * and filled again; when the board's pieces are not known (it did not show the last game), every piece on it is
 * taken off first. The guide reads debounced scans and only moves forward; when the last step is done and the board
 * still differs (a piece knocked over on the way), it starts again from what the board shows. A player who sets the
 * position up in another order is done as soon as the board shows it, each piece to change having been off its
 * square once.
 */
public final class SetUpGuide {
    /** What the player does next. */
    public enum Kind { REMOVE, PLACE, KOMADAI, DONE }

    /**
     * One step.
     *
     * @param kind    what to do
     * @param squares the squares to empty (REMOVE) or the one to fill (PLACE)
     * @param piece   the piece to put (PLACE), or the komadai piece type (KOMADAI)
     * @param count   KOMADAI: how many of {@code piece} Black's komadai must hold
     */
    public record Step(Kind kind, List<Integer> squares, int piece, int count) {
    }

    private static final Step DONE = new Step(Kind.DONE, List.of(), 0, 0);

    private final Position target;
    private final boolean faceSensing;
    private final int debounceScans;
    private final List<Step> steps = new ArrayList<>();
    private final SensorSnapshot last;
    private final LedFrame leds;
    /** Squares whose piece must change: done only once each was seen empty (presence alone cannot tell the change). */
    private boolean[] mustEmpty;
    private final boolean[] seenEmpty;
    private int next;
    private int stableScans;
    private boolean done;

    /**
     * @param target the position to set up (White's komadai is not read: a tsume's defender holds every remaining
     *               piece, kept off the board in the box)
     * @param known  the position the board shows, or null when not known
     */
    public SetUpGuide(Position target, Position known, boolean faceSensing, int debounceScans) {
        this.target = target.copy();
        this.faceSensing = faceSensing;
        this.debounceScans = debounceScans;
        this.last = new SensorSnapshot(target.variant());
        this.leds = new LedFrame(target.variant().squares());
        this.seenEmpty = new boolean[target.variant().squares()];
        this.mustEmpty = new boolean[target.variant().squares()];
        if (known != null) {
            plan(known::pieceAt);
        }
        showStep();
    }

    /** Take one scan; return true if it moved the set-up on (a step done, or the whole). */
    public boolean read(SensorSnapshot snapshot) {
        stableScans = snapshot.sameReadings(last) ? Math.min(stableScans + 1, debounceScans) : 1;
        last.copyFrom(snapshot);
        if (done || stableScans < debounceScans) {
            return false; // judged on steady readings only (a board already set up is judged at once)
        }
        if (steps.isEmpty()) { // the board was not known: plan from its first steady reading
            plan(sq -> snapshot.reading(sq) == SensorSnapshot.EMPTY ? Piece.EMPTY : -1);
        }
        for (int sq = 0; sq < seenEmpty.length; sq++) {
            seenEmpty[sq] |= snapshot.reading(sq) == SensorSnapshot.EMPTY;
        }
        int before = next;
        while (next < steps.size() && satisfied(steps.get(next), snapshot)) {
            next++;
        }
        if (shows(snapshot) && everyChangeSeen()) {
            done = true; // set up, in the order the LEDs asked or another
        } else if (next == steps.size()) {
            next = 0; // something moved on the way: start again from what the board shows
            plan(sq -> snapshot.reading(sq) == SensorSnapshot.readingOf(target.pieceAt(sq), faceSensing)
                    ? target.pieceAt(sq) : snapshot.reading(sq) == SensorSnapshot.EMPTY ? Piece.EMPTY : -1);
        }
        showStep();
        return done || next != before;
    }

    public boolean done() {
        return done;
    }

    public Step step() {
        return done || next >= steps.size() ? DONE : steps.get(next);
    }

    public LedFrame leds() {
        return leds;
    }

    /** The step in a player's words: ５一に玉を置いてください。 */
    public String japanese() {
        Step s = step();
        Variant v = target.variant();
        return switch (s.kind()) {
            case REMOVE -> "赤い升の駒をすべて盤から取ってください。";
            case PLACE -> JapaneseNotation.square(v, s.squares().get(0)) + "に" + side(s.piece()) + "の"
                    + PieceNames.japanese(Piece.type(s.piece())) + "を置いてください。";
            case KOMADAI -> "先手の駒台の" + PieceNames.japanese(s.piece()) + "を" + s.count() + "枚にしてください。";
            case DONE -> "並べ終わりました。";
        };
    }

    public String english() {
        Step s = step();
        Variant v = target.variant();
        return switch (s.kind()) {
            case REMOVE -> "Take every piece off the red squares (" + s.squares().size() + ").";
            case PLACE -> "Put " + (Piece.colour(s.piece()) == 0 ? "Black's " : "White's ")
                    + Piece.sfen(Piece.code(Piece.type(s.piece()), 0)) + " on " + Usi.square(v, s.squares().get(0)) + ".";
            case KOMADAI -> "Make Black's komadai hold " + s.count() + " " + Piece.letter(s.piece()) + ".";
            case DONE -> "Set up.";
        };
    }

    private static String side(int piece) {
        return Piece.colour(piece) == 0 ? "先手" : "後手";
    }

    /** What stands on a square as far as the guide knows: a piece code, EMPTY, or -1 for an unknown piece. */
    private interface Known {
        int at(int square);
    }

    private void plan(Known known) {
        steps.clear();
        java.util.Arrays.fill(mustEmpty, false);
        java.util.Arrays.fill(seenEmpty, false);
        Variant v = target.variant();
        List<Integer> remove = new ArrayList<>();
        List<Integer> place = new ArrayList<>();
        for (int sq = 0; sq < v.squares(); sq++) {
            int have = known.at(sq);
            int want = target.pieceAt(sq);
            if (have == want) {
                continue;
            }
            if (have != Piece.EMPTY) {
                remove.add(sq);
                mustEmpty[sq] = want != Piece.EMPTY; // a piece to change, not only to take off
            }
            if (want != Piece.EMPTY) {
                place.add(sq);
            }
        }
        if (!remove.isEmpty()) {
            steps.add(new Step(Kind.REMOVE, List.copyOf(remove), 0, 0));
        }
        // the defender's king first, then its other pieces, then the attacker's: how a problem is read
        place.sort((a, b) -> Integer.compare(order(target.pieceAt(a)) * 1000 + a, order(target.pieceAt(b)) * 1000 + b));
        for (int sq : place) {
            steps.add(new Step(Kind.PLACE, List.of(sq), target.pieceAt(sq), 0));
        }
        for (int i = 0; i < v.handTypeCount(); i++) {
            int type = v.handType(i);
            steps.add(new Step(Kind.KOMADAI, List.of(), type, target.handCount(Side.BLACK, type)));
        }
    }

    private static int order(int piece) {
        if (Piece.colour(piece) == 1) {
            return Piece.type(piece) == Piece.KING ? 0 : 1;
        }
        return 2;
    }

    private boolean satisfied(Step s, SensorSnapshot snapshot) {
        return switch (s.kind()) {
            case REMOVE -> allEmpty(s.squares(), snapshot);
            case PLACE -> snapshot.reading(s.squares().get(0)) == SensorSnapshot.readingOf(s.piece(), faceSensing);
            case KOMADAI -> snapshot.komadai(Side.BLACK, s.piece()) == s.count();
            case DONE -> true;
        };
    }

    private boolean everyChangeSeen() {
        for (int sq = 0; sq < mustEmpty.length; sq++) {
            if (mustEmpty[sq] && !seenEmpty[sq]) {
                return false;
            }
        }
        return true;
    }

    private static boolean allEmpty(List<Integer> squares, SensorSnapshot snapshot) {
        for (int i = 0; i < squares.size(); i++) {
            if (snapshot.reading(squares.get(i)) != SensorSnapshot.EMPTY) {
                return false;
            }
        }
        return true;
    }

    /** The board shows the target: every square, and Black's komadai. */
    private boolean shows(SensorSnapshot snapshot) {
        Variant v = target.variant();
        for (int sq = 0; sq < v.squares(); sq++) {
            if (snapshot.reading(sq) != SensorSnapshot.readingOf(target.pieceAt(sq), faceSensing)) {
                return false;
            }
        }
        for (int i = 0; i < v.handTypeCount(); i++) {
            int type = v.handType(i);
            if (snapshot.komadai(Side.BLACK, type) != target.handCount(Side.BLACK, type)) {
                return false;
            }
        }
        return true;
    }

    private void showStep() {
        leds.clear();
        Step s = step();
        switch (s.kind()) {
            case REMOVE -> s.squares().forEach(sq -> leds.set(sq, Colour.RED, Pattern.STEADY));
            case PLACE -> leds.set(s.squares().get(0), Piece.isPromoted(Piece.type(s.piece())) ? Colour.YELLOW : Colour.GREEN,
                    Pattern.BLINK);
            case KOMADAI -> leds.setKomadai(Side.BLACK,
                    last.komadai(Side.BLACK, s.piece()) > s.count() ? Colour.RED : Colour.GREEN, Pattern.BLINK);
            case DONE -> { }
        }
    }
}
