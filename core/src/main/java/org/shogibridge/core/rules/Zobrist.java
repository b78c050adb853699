package org.shogibridge.core.rules;

import java.util.SplittableRandom;

/** Random keys for position hashing, the same for every run (fixed seed), sized for the largest board. */
final class Zobrist {
    static final int MAX_SQUARES = 100;
    static final int MAX_IN_HAND = 21;

    /** [pieceCode * MAX_SQUARES + square]. */
    static final long[] PIECE_SQUARE = new long[Piece.CODES * MAX_SQUARES];
    /** [pieceCode * MAX_IN_HAND + count]: the key of holding exactly count pieces of that code in hand. */
    static final long[] HAND = new long[Piece.CODES * MAX_IN_HAND];
    static final long WHITE_TO_MOVE;

    static {
        SplittableRandom random = new SplittableRandom(0x5106_1B21_D6E5L);
        for (int i = 0; i < PIECE_SQUARE.length; i++) {
            PIECE_SQUARE[i] = random.nextLong();
        }
        for (int i = 0; i < HAND.length; i++) {
            // Holding none adds nothing, so an empty hand and a position without hands hash alike.
            HAND[i] = i % MAX_IN_HAND == 0 ? 0 : random.nextLong();
        }
        WHITE_TO_MOVE = random.nextLong();
    }

    private Zobrist() {
    }
}
