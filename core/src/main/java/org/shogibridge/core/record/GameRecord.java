package org.shogibridge.core.record;

import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Rules;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A game record in memory, whatever format it came from: the start position, the headers, the comments before
 * the first move, and the main line with its variations and ending.
 *
 * <p>The start may be irregular (see {@link Sfen#parseIrregular(Variant, String)}): composed problems are
 * recorded too. Every move is legal.
 *
 * <p>Header keys are the KIF ones (開始日時, 棋戦, 持ち時間...); the players are always {@link #BLACK} and
 * {@link #WHITE}, which KIF writes as 下手 and 上手 in handicap games and CSA as {@code N+} and {@code N-}.
 */
public final class GameRecord {
    public static final String BLACK = "先手";
    public static final String WHITE = "後手";

    private final Variant variant;
    private final String startSfen;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final List<String> comments = new ArrayList<>();
    private final MoveLine mainLine = new MoveLine();

    /** Create an empty record of a game from this position. */
    public GameRecord(Position start) {
        this.variant = start.variant();
        this.startSfen = start.toSfen();
    }

    /** Create an empty record of a game from the variant's usual start. */
    public GameRecord(Variant variant) {
        this(Position.start(variant));
    }

    /** Return the record of a game as the rules core played it: start, moves and, once it is over, its ending. */
    public static GameRecord of(Game game) {
        return of(game.startPosition(), game.moves(), game.result().orElse(null), Move.NONE);
    }

    /**
     * Return the record of a game: its start, its moves, and its ending if {@code result} is not null. A game lost by
     * an illegal move that is known ({@code foulMove}, else {@link Move#NONE}) keeps it as the line's foul if the
     * piece could physically make it (nifu, a king left in check...); a move no piece can make (a pawn jumping two
     * squares) is not a move a record can hold, so the line ends with the foul and the result's detail says what it was.
     */
    public static GameRecord of(Position start, List<Integer> moves, GameResult result, int foulMove) {
        GameRecord record = new GameRecord(start);
        Position after = start.copy();
        for (int move : moves) {
            record.mainLine().moves().add(new RecordedMove(move));
            after.doMove(move);
        }
        if (result != null) {
            if (foulMove != Move.NONE && isRecordableFoul(after, foulMove)) {
                record.mainLine().foul(new RecordedMove(foulMove));
            } else {
                record.mainLine().ending(Ending.of(result, after.sideToMove()));
            }
            if (result.detail() != null && !result.detail().isEmpty()) {
                record.mainLine().endingComments().add(result.detail());
            }
        }
        return record;
    }

    private static boolean isRecordableFoul(Position p, int move) {
        Violation violation = Rules.violation(p, move);
        return violation != null && violation.isRecordableFoul();
    }

    public Variant variant() {
        return variant;
    }

    /** Return the SFEN of the start position. */
    public String startSfen() {
        return startSfen;
    }

    /** Return a fresh copy of the start position. */
    public Position startPosition() {
        return Sfen.parseIrregular(variant, startSfen);
    }

    /** Return a fresh position after the main line's moves: where the record leaves the game. */
    public Position positionAfterMainLine() {
        Position p = startPosition();
        for (int move : mainLine.moveArray()) {
            p.doMove(move);
        }
        return p;
    }

    /** Return whether the game starts from the variant's usual start position. */
    public boolean hasStandardStart() {
        return startSfen.equals(Position.start(variant).toSfen());
    }

    /** Return the standard handicap the game starts from, if any. */
    public Optional<Handicap> handicap() {
        if (variant != Variant.STANDARD) {
            return Optional.empty();
        }
        return Handicap.ofBoard(startSfen).filter(h -> h.startPosition().toSfen().equals(startSfen));
    }

    /** Return the key under which the record keeps a header: 下手 and 上手 become {@link #BLACK} and {@link #WHITE}. */
    public static String canonicalKey(String key) {
        return switch (key) {
            case "下手" -> BLACK;
            case "上手" -> WHITE;
            default -> key;
        };
    }

    /** Return the headers in the order the record gives them (mutable). */
    public Map<String, String> headers() {
        return headers;
    }

    /** Return the comments before the first move (mutable). */
    public List<String> comments() {
        return comments;
    }

    public MoveLine mainLine() {
        return mainLine;
    }
}
