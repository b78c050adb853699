package org.shogibridge.core.session;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;

/**
 * The whole state of one board's game at one moment, immutable: exactly what the daemon publishes as {@code state}.
 *
 * @param seq          a number that grows with every change, also across restarts
 * @param gameId       the game's id (also its file name in the games directory)
 * @param variant      the variant
 * @param startSfen    the start position
 * @param played       the moves played, each in USI, Japanese and Western notation with its time: the one list of
 *                     the game's moves (the views read it and never replay the game)
 * @param sideToMove   the side to move
 * @param clock        the clocks
 * @param timeControl  the game's time control
 * @param mode         the game's rules: casual (takebacks) or tournament (an illegal move loses)
 * @param black        Black's player (sente)
 * @param white        White's player (gote)
 * @param result       the result, or null while the game goes on
 * @param status       what the board shows compared with the game
 * @param engineMove   the computer's move the board must carry out, in USI, or null
 * @param resumed      true if the game was resumed after the daemon restarted
 * @param position     the current position ({@link #sfen} is its text)
 * @param tutor        whether the tutor is on
 * @param advice       the tutor's warning in force, or null
 * @param tsume        the tsume being solved, or null in an ordinary game
 */
public record GameState(long seq, String gameId, Variant variant, String startSfen, List<PlayedMove> played, Side sideToMove, ClockState clock, TimeControl timeControl,
        Game.Mode mode, Player black, Player white, Outcome result, BoardStatus status, String engineMove,
        boolean resumed, Position position, boolean tutor, TutorAdvice advice, TsumeState tsume) {

    /**
     * How a game ended.
     *
     * @param winner the winner, or null for a draw or an unfinished game
     * @param reason how: the rules core's termination in lower case ({@code checkmate}, {@code resignation}, ...),
     *               or {@code unfinished} for a game abandoned by a new one
     * @param detail a short English explanation
     */
    public record Outcome(Side winner, String reason, String detail) {
    }

    public GameState {
        played = List.copyOf(played);
        position = position.copy();
    }

    /** Return the number of moves played. */
    public int plies() {
        return played.size();
    }

    /** Return the moves in USI. */
    public List<String> moves() {
        List<String> usi = new ArrayList<>(played.size());
        played.forEach(m -> usi.add(m.usi()));
        return usi;
    }

    /** Return the moves in Japanese notation ({@code ▲７六歩}). */
    public List<String> movesJapanese() {
        List<String> japanese = new ArrayList<>(played.size());
        played.forEach(m -> japanese.add(m.japanese()));
        return japanese;
    }

    /** Return the time each move took. */
    public List<Long> moveMillis() {
        List<Long> millis = new ArrayList<>(played.size());
        played.forEach(m -> millis.add(m.millis()));
        return millis;
    }

    /** Return the current position as SFEN. */
    public String sfen() {
        return position.toSfen();
    }

    /** Return a fresh copy of the current position. */
    @Override
    public Position position() {
        return position.copy();
    }

    /** Return the last move in USI, or null before the first move. */
    public String lastMove() {
        return played.isEmpty() ? null : played.get(played.size() - 1).usi();
    }

    /** Return the player of a side. */
    public Player player(Side side) {
        return side == Side.BLACK ? black : white;
    }
}
