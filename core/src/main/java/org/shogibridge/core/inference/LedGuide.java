package org.shogibridge.core.inference;

import org.shogibridge.core.inference.LedFrame.Colour;
import org.shogibridge.core.inference.LedFrame.Pattern;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;

/**
 * Draws the LED language of docs/leds.md into one {@link LedFrame}: the last move or the engine's move at rest,
 * where a lifted piece may go, the candidates of an ambiguous board, an illegal move, and the way back to the game.
 */
final class LedGuide {
    private final LedFrame leds;
    private final MoveList legal = new MoveList();

    LedGuide(LedFrame leds) {
        this.leds = leds;
    }

    LedFrame frame() {
        return leds;
    }

    /**
     * At rest: a promotion choice still open (green origin, blinking target: yellow while promoting), else the engine's
     * move to carry out (blue), else the last move (green).
     */
    void idle(Position position, int lastMove, int pendingMove, int computerMove) {
        leds.clear();
        if (pendingMove != Move.NONE) {
            if (!Move.isDrop(pendingMove)) {
                leds.set(Move.from(pendingMove), Colour.GREEN, Pattern.STEADY);
            }
            leds.set(Move.to(pendingMove), Move.promotes(pendingMove) ? Colour.YELLOW : Colour.GREEN, Pattern.BLINK);
        } else if (computerMove != Move.NONE) {
            if (Move.isDrop(computerMove)) {
                leds.setKomadai(position.sideToMove(), Colour.BLUE, Pattern.BLINK);
                leds.set(Move.to(computerMove), Colour.BLUE, Pattern.BLINK);
            } else {
                leds.set(Move.from(computerMove), Colour.BLUE, Pattern.BLINK);
                leds.set(Move.to(computerMove), Colour.BLUE, Pattern.STEADY);
            }
        } else if (lastMove != Move.NONE) {
            if (!Move.isDrop(lastMove)) {
                leds.set(Move.from(lastMove), Colour.GREEN, Pattern.STEADY);
            }
            leds.set(Move.to(lastMove), Colour.GREEN, Pattern.STEADY);
        }
    }

    /** A piece lifted from {@code square}: blink it and light every square it may legally go to. */
    void liftedPiece(Position position, int square) {
        leds.clear();
        leds.set(square, Colour.WHITE, Pattern.BLINK);
        MoveGenerator.generateLegal(position, legal);
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (!Move.isDrop(m) && Move.from(m) == square) {
                leds.set(Move.to(m), Colour.WHITE, Pattern.STEADY);
            }
        }
    }

    /** A piece of {@code type} taken from the mover's komadai: blink the komadai and light where it may be dropped. */
    void pieceFromKomadai(Position position, int type) {
        leds.clear();
        leds.setKomadai(position.sideToMove(), Colour.WHITE, Pattern.BLINK);
        MoveGenerator.generateLegal(position, legal);
        for (int i = 0; i < legal.size(); i++) {
            int m = legal.get(i);
            if (Move.isDrop(m) && Piece.type(Move.piece(m)) == type) {
                leds.set(Move.to(m), Colour.WHITE, Pattern.STEADY);
            }
        }
    }

    /** Several moves fit: their targets blink yellow fast. */
    void candidates(MoveMatcher matcher, int n) {
        leds.clear();
        for (int i = 0; i < n; i++) {
            leds.set(Move.to(matcher.candidate(i)), Colour.YELLOW, Pattern.FAST_BLINK);
        }
    }

    /** An illegal move: its squares blink red fast. */
    void illegal(int move) {
        leds.clear();
        leds.set(Move.to(move), Colour.RED, Pattern.FAST_BLINK);
        if (!Move.isDrop(move)) {
            leds.set(Move.from(move), Colour.RED, Pattern.FAST_BLINK);
        }
    }

    /**
     * The way back to the game: pieces to carry red to green (the first pair blinking), pieces to remove red, squares to
     * fill green, pieces to turn over yellow, komadai to fix green (gain) or red (lose).
     */
    void correction(Correction correction) {
        leds.clear();
        boolean first = true;
        for (Correction.Relocation r : correction.relocations()) {
            Pattern p = first ? Pattern.BLINK : Pattern.STEADY;
            leds.set(r.from(), Colour.RED, p);
            leds.set(r.to(), Colour.GREEN, p);
            first = false;
        }
        for (int sq : correction.remove()) {
            leds.set(sq, Colour.RED, Pattern.STEADY);
        }
        for (int sq : correction.place()) {
            leds.set(sq, Colour.GREEN, Pattern.STEADY);
        }
        for (int sq : correction.turnOver()) {
            leds.set(sq, Colour.YELLOW, Pattern.BLINK);
        }
        for (Correction.KomadaiChange k : correction.komadai()) {
            leds.setKomadai(k.side(), k.delta() > 0 ? Colour.GREEN : Colour.RED, Pattern.BLINK);
        }
    }
}
