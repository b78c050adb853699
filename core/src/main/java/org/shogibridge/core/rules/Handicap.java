package org.shogibridge.core.rules;

import java.util.Optional;

/**
 * The standard handicaps of standard shogi, as named by the KIF 手合割 header. The handicap giver (White,
 * uwate) removes pieces from their own side and moves first. "Left" is the giver's left, the 1st file.
 */
public enum Handicap {
    LANCE("香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    RIGHT_LANCE("右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    BISHOP("角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ROOK("飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ROOK_LANCE("飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    TWO_PIECES("二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    THREE_PIECES("三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    FOUR_PIECES("四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    FIVE_PIECES("五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    LEFT_FIVE_PIECES("左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    SIX_PIECES("六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    LEFT_SEVEN_PIECES("左七枚落ち", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    RIGHT_SEVEN_PIECES("右七枚落ち", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    EIGHT_PIECES("八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    TEN_PIECES("十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");

    private final String japaneseName;
    private final String sfen;

    Handicap(String japaneseName, String sfen) {
        this.japaneseName = japaneseName;
        this.sfen = sfen;
    }

    /** Return the name used in KIF headers (手合割), for example 香落ち. */
    public String japaneseName() {
        return japaneseName;
    }

    /** Return the SFEN of the start position, White to move. */
    public String sfen() {
        return sfen;
    }

    /** Return a fresh start position of the handicap. */
    public Position startPosition() {
        return Position.fromSfen(Variant.STANDARD, sfen);
    }

    /** Return the handicap whose start position has this board (side to move and hands ignored). */
    public static Optional<Handicap> ofBoard(String sfen) {
        String board = sfen.strip().split("\\s+")[0];
        for (Handicap h : values()) {
            if (h.sfen.startsWith(board + " ")) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }

    /** Return the handicap whose start position has the board of this position (side to move and hands ignored). */
    public static Optional<Handicap> of(Position position) {
        if (position.variant() != Variant.STANDARD) {
            return Optional.empty();
        }
        for (Handicap h : values()) {
            if (h.startPosition().sameSquares(position)) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }

    /** Return the handicap with this Japanese name ({@code 角落ち}) or English one ({@code bishop}, {@code two-pieces}). */
    public static Optional<Handicap> ofName(String name) {
        for (Handicap h : values()) {
            if (h.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-').equals(name.strip())) {
                return Optional.of(h);
            }
        }
        return ofJapaneseName(name);
    }

    /** Return the handicap with this Japanese name. */
    public static Optional<Handicap> ofJapaneseName(String name) {
        for (Handicap h : values()) {
            if (h.japaneseName.equals(name.strip())) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }
}
