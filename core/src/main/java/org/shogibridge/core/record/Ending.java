package org.shogibridge.core.record;

import java.util.Optional;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Side;

/**
 * How a recorded game or line ends, as the record says (the rules core is not asked). Results are relative to
 * the side to move after the last move (after the foul, when the line keeps one: {@link MoveLine#foul}):
 * {@link #ILLEGAL_MOVE} means the side to move lost by a foul, {@link #OPPONENT_ILLEGAL} that the side to move
 * won because the other side fouled.
 */
public enum Ending {
    RESIGNATION("投了", "%TORYO"),
    INTERRUPTION("中断", "%CHUDAN"),
    REPETITION("千日手", "%SENNICHITE"),
    CHECKMATE("詰み", "%TSUMI"),
    NO_CHECKMATE("不詰", "%FUZUMI"),
    IMPASSE("持将棋", "%JISHOGI"),
    TIME_UP("切れ負け", "%TIME_UP"),
    ILLEGAL_MOVE("反則負け", "%ILLEGAL_MOVE"),
    /** CSA and JKF name the side that fouled: {@code %+ILLEGAL_ACTION} or {@code %-ILLEGAL_ACTION}. */
    OPPONENT_ILLEGAL("反則勝ち", null),
    ENTERING_KING_WIN("入玉勝ち", "%KACHI"),
    DRAW("引き分け", "%HIKIWAKE"),
    MAX_MOVES("最大手数", "%MAX_MOVES"),
    TAKEBACK("待った", "%MATTA"),
    /** KIF and KI2 only; CSA and JKF have no sealed move and write {@code %CHUDAN}. */
    SEALED_MOVE("封じ手", null),
    ERROR("エラー", "%ERROR");

    private final String kif;
    private final String csa;

    Ending(String kif, String csa) {
        this.kif = kif;
        this.csa = csa;
    }

    /** Return the ending that records a result of the rules core, given the side to move after the last move. */
    public static Ending of(GameResult result, Side toMove) {
        return switch (result.termination()) {
            case CHECKMATE, NO_LEGAL_MOVES -> CHECKMATE;
            case RESIGNATION -> RESIGNATION;
            case ILLEGAL_MOVE, PERPETUAL_CHECK -> result.winner() == toMove ? OPPONENT_ILLEGAL : ILLEGAL_MOVE;
            case SENNICHITE -> REPETITION;
            case IMPASSE_DECLARATION -> result.winner() == null ? IMPASSE
                    : result.winner() == toMove ? ENTERING_KING_WIN : ILLEGAL_MOVE;
            case TIME_FORFEIT -> TIME_UP;
            case MAX_MOVES -> MAX_MOVES;
            case TRY -> OPPONENT_ILLEGAL;
        };
    }

    /** Return the side that won, given the side to move after the last move, or null for no winner (draw, interruption). */
    public Side winner(Side toMove) {
        return switch (this) {
            case RESIGNATION, CHECKMATE, TIME_UP, ILLEGAL_MOVE -> toMove.opponent();
            case OPPONENT_ILLEGAL, ENTERING_KING_WIN -> toMove;
            default -> null;
        };
    }

    /** Return whether the ending says a side fouled. */
    public boolean isFoul() {
        return this == ILLEGAL_MOVE || this == OPPONENT_ILLEGAL;
    }

    /** Return the word of a KIF terminal line, for example 投了. */
    public String kif() {
        return kif;
    }

    /**
     * Return the CSA special move, for example {@code %TORYO}.
     *
     * @param blackToMove whether Black is to move after the last move
     */
    public String csa(boolean blackToMove) {
        if (this == OPPONENT_ILLEGAL) {
            return blackToMove ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION";
        }
        return csa != null ? csa : "%CHUDAN";
    }

    /** Return the JKF special, for example TORYO: the CSA special without its %. */
    public String jkf(boolean blackToMove) {
        return csa(blackToMove).substring(1);
    }

    /** Return the ending of a KIF terminal word; also accepts 時間切れ, 不戦敗 spellings and 81Dojo's Time-up. */
    public static Optional<Ending> ofKif(String word) {
        String w = word.strip();
        for (Ending e : values()) {
            if (e.kif.equals(w)) {
                return Optional.of(e);
            }
        }
        return switch (w) {
            case "時間切れ", "Time-up", "Time-Up" -> Optional.of(TIME_UP);
            case "入玉宣言", "宣言勝ち" -> Optional.of(ENTERING_KING_WIN);
            default -> Optional.empty();
        };
    }

    /**
     * Return the ending of a CSA special move or JKF special (with or without %).
     *
     * @param blackToMove whether Black is to move after the last move, to read ILLEGAL_ACTION
     */
    public static Optional<Ending> ofCsa(String special, boolean blackToMove) {
        String s = special.startsWith("%") ? special : "%" + special;
        if (s.equals("%+ILLEGAL_ACTION") || s.equals("%-ILLEGAL_ACTION")) {
            boolean blackFouled = s.charAt(1) == '+';
            return Optional.of(blackFouled == blackToMove ? ILLEGAL_MOVE : OPPONENT_ILLEGAL);
        }
        for (Ending e : values()) {
            if (s.equals(e.csa)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
