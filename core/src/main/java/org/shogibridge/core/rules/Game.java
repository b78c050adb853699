package org.shogibridge.core.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A game in progress: the moves played from a start position and, once it is over, its result.
 *
 * <p>Every move is checked by the rules core. In {@link Mode#TOURNAMENT} an illegal move ends the game
 * and its author loses, with the rule named in the result; in {@link Mode#CASUAL} it is refused and the game
 * goes on. After each move the game looks for checkmate, the try rule, sennichite (with perpetual check)
 * and the move limit, in that order.
 */
public final class Game {
    /** How illegal moves are treated. */
    public enum Mode { TOURNAMENT, CASUAL }

    /**
     * The rules a game is played under.
     *
     * @param mode        tournament (illegal move loses) or casual (illegal move refused, takebacks allowed)
     * @param impasseRule which entering-king declaration rule applies
     * @param tryRule     whether reaching the enemy king's start square wins
     * @param maxMoves    the number of moves after which the game is drawn, 0 for no limit
     */
    public record Settings(Mode mode, Impasse.Rule impasseRule, boolean tryRule, int maxMoves) {
        public Settings {
            if (maxMoves < 0) {
                throw new IllegalArgumentException("Invalid settings. maxMoves must not be negative: " + maxMoves + ".");
            }
        }

        /** Return tournament rules with the 27-point declaration, no try rule and no move limit. */
        public static Settings tournament() {
            return new Settings(Mode.TOURNAMENT, Impasse.Rule.POINTS_27, false, 0);
        }

        /** Return casual rules with the 27-point declaration, no try rule and no move limit. */
        public static Settings casual() {
            return new Settings(Mode.CASUAL, Impasse.Rule.POINTS_27, false, 0);
        }
    }

    private final Position start;
    private final Position position;
    private final Settings settings;
    private final List<Integer> moves = new ArrayList<>();
    /** Whether each move played gave check; perpetual check is judged from it. */
    private final List<Boolean> gaveCheck = new ArrayList<>();
    private final MoveList scratch = new MoveList();
    /** Per colour, the square the enemy king starts on in the variant: where the try rule wins. */
    private final int[] trySquares = new int[2];
    private GameResult result;

    /** Return a game from a start position under the given settings. */
    public Game(Position start, Settings settings) {
        this.start = start.copy();
        this.position = start.copy();
        this.settings = settings;
        Position initial = Position.start(start.variant());
        for (Side side : Side.values()) {
            trySquares[side.index()] = initial.kingSquare(side.opponent());
        }
    }

    /** Return a game from the variant's start position. */
    public Game(Variant variant, Settings settings) {
        this(Position.start(variant), settings);
    }

    /**
     * Return the game these moves make from a start position, each checked by the rules so the repetition history is
     * whole (a saved game read back after a restart).
     *
     * @throws IllegalArgumentException "Illegal game. ..." naming the first move that is illegal or comes after the end
     */
    public static Game replay(Position start, Settings settings, List<Integer> moves) {
        Game game = new Game(start, settings);
        for (int i = 0; i < moves.size(); i++) {
            int move = moves.get(i);
            if (game.isOver()) {
                throw new IllegalArgumentException("Illegal game. The game is over before move " + (i + 1) + ".");
            }
            Violation violation = Rules.violation(game.position, move);
            if (violation != null) {
                throw new IllegalArgumentException("Illegal game. Move " + (i + 1) + " " + Usi.format(start.variant, move)
                        + " is illegal: " + violation.description() + ".");
            }
            game.play(move);
        }
        return game;
    }

    /** Return a copy of the current position. */
    public Position position() {
        return position.copy();
    }

    /** Return the side to move in the current position. */
    public Side sideToMove() {
        return position.sideToMove();
    }

    /** Return a copy of the start position. */
    public Position startPosition() {
        return start.copy();
    }

    /** Return the settings. */
    public Settings settings() {
        return settings;
    }

    /** Return the moves played, in order. */
    public List<Integer> moves() {
        return Collections.unmodifiableList(moves);
    }

    /** Return the result once the game is over. */
    public Optional<GameResult> result() {
        return Optional.ofNullable(result);
    }

    /** Return true once the game is over. */
    public boolean isOver() {
        return result != null;
    }

    /** Play a move for the side to move; return null if it was played, or the rule it breaks. */
    public Violation play(int move) {
        return play(position.sideToMove(), move);
    }

    /** Play a move in USI notation for the side to move; return null if played, or the rule it breaks. */
    public Violation play(String usi) {
        return play(Usi.parseMove(position, usi));
    }

    /**
     * Play a move made by {@code mover}. A move by the side not to move breaks {@link Violation#WRONG_TURN}.
     * Return null if the move was played, or the rule it breaks.
     */
    public Violation play(Side mover, int move) {
        requireInProgress();
        Violation violation = mover != position.sideToMove() ? Violation.WRONG_TURN : Rules.violation(position, move);
        if (violation != null) {
            if (settings.mode() == Mode.TOURNAMENT) {
                Side offender = violation == Violation.WRONG_TURN ? offenderOfWrongTurn(mover, move) : mover;
                result = new GameResult(offender.opponent(), Termination.ILLEGAL_MOVE, violation, moves.size(),
                        (offender == Side.BLACK ? "Black" : "White") + " played an illegal move ("
                                + violation.description() + ")");
            }
            return violation;
        }
        int complete = Rules.complete(position, move);
        position.doMove(complete);
        moves.add(complete);
        gaveCheck.add(position.inCheck());
        result = judgeAfterMove(mover);
        return null;
    }

    /** A piece of the other side moved out of turn: its owner is the offender. */
    private Side offenderOfWrongTurn(Side mover, int move) {
        if (mover != position.sideToMove()) {
            return mover;
        }
        int piece = Move.isDrop(move) ? Move.piece(move) : position.pieceAt(Move.from(move));
        return Side.of(Piece.colour(piece));
    }

    private GameResult judgeAfterMove(Side mover) {
        int plies = moves.size();
        MoveGenerator.generateLegal(position, scratch);
        if (scratch.size() == 0) {
            boolean check = position.inCheck();
            return new GameResult(mover, check ? Termination.CHECKMATE : Termination.NO_LEGAL_MOVES, null, plies, "");
        }
        if (settings.tryRule() && reachedTrySquare(mover)) {
            return new GameResult(mover, Termination.TRY, null, plies, "king reached " + Usi.square(position.variant,
                    position.kingSquare(mover)));
        }
        GameResult repetition = judgeRepetition();
        if (repetition != null) {
            return repetition;
        }
        if (settings.maxMoves() > 0 && plies >= settings.maxMoves()) {
            return new GameResult(null, Termination.MAX_MOVES, null, plies, settings.maxMoves() + " moves");
        }
        return null;
    }

    private boolean reachedTrySquare(Side side) {
        return position.kingSquare(side) == trySquares[side.index()] && !position.inCheck(side);
    }

    /** Sennichite: the current position for the fourth time; perpetual check if one side checked throughout. */
    private GameResult judgeRepetition() {
        // Only this game's moves count: a start position set up by moves has a history whose checks we don't know.
        int plies = moves.size();
        long key = position.key();
        int occurrences = 1;
        int first = plies;
        for (int back = 2; back <= plies; back += 2) {
            if (position.keyBefore(back) == key) {
                occurrences++;
                first = plies - back;
            }
        }
        if (occurrences < 4) {
            return null;
        }
        // Moves index i (0-based) led from position i to i + 1; the cycle is the moves after `first`.
        for (Side checker : Side.values()) {
            boolean allChecks = true;
            boolean any = false;
            for (int i = first; i < plies; i++) {
                if (moverOf(i) == checker) {
                    any = true;
                    allChecks &= gaveCheck.get(i);
                }
            }
            if (any && allChecks) {
                return new GameResult(checker.opponent(), Termination.PERPETUAL_CHECK, null, plies,
                        (checker == Side.BLACK ? "Black" : "White") + " gave check with every move of the repetition");
            }
        }
        return new GameResult(null, Termination.SENNICHITE, null, plies, "fourth repetition of the position");
    }

    private Side moverOf(int moveIndex) {
        return moveIndex % 2 == 0 ? start.sideToMove() : start.sideToMove().opponent();
    }

    /** The side resigns; return the result. */
    public GameResult resign(Side side) {
        requireInProgress();
        result = new GameResult(side.opponent(), Termination.RESIGNATION, null, moves.size(), "");
        return result;
    }

    /**
     * Record a foul the board saw but that is not a move, such as a move taken back in tournament play: the
     * offender loses. Return the result.
     */
    public GameResult foul(Side offender, Violation violation, String detail) {
        requireInProgress();
        result = new GameResult(offender.opponent(), Termination.ILLEGAL_MOVE, violation, moves.size(), detail);
        return result;
    }

    /**
     * An arbiter declares the result (a resignation said aloud, a flag seen on a club clock, a repetition the board
     * missed); return it. A winner is needed for every ending but a draw by repetition, impasse or move limit.
     */
    public GameResult adjudicate(Side winner, Termination termination, String detail) {
        requireInProgress();
        requireFitting(winner, termination);
        result = new GameResult(winner, termination, null, moves.size(), detail);
        return result;
    }

    /**
     * Check that a declared winner fits the ending, before anything changes.
     *
     * @throws IllegalArgumentException "No winner. ..." or "A draw. ..." when they do not agree
     */
    public static void requireFitting(Side winner, Termination termination) {
        boolean drawable = termination == Termination.SENNICHITE || termination == Termination.IMPASSE_DECLARATION
                || termination == Termination.MAX_MOVES;
        if (winner == null && !drawable) {
            throw new IllegalArgumentException("No winner. A " + termination.name().toLowerCase().replace('_', ' ')
                    + " needs a winner.");
        }
        if (winner != null && (termination == Termination.SENNICHITE || termination == Termination.MAX_MOVES)) {
            throw new IllegalArgumentException("A draw. A " + termination.name().toLowerCase().replace('_', ' ')
                    + " has no winner.");
        }
    }

    /** The side's flag fell; return the result. */
    public GameResult timeForfeit(Side side) {
        requireInProgress();
        result = new GameResult(side.opponent(), Termination.TIME_FORFEIT, null, moves.size(), "");
        return result;
    }

    /**
     * The side to move declares an entering-king win under the game's impasse rule; return the result (a
     * declaration whose conditions are not met loses).
     */
    public GameResult declareImpasse() {
        requireInProgress();
        Side declarer = position.sideToMove();
        Impasse.Count count = Impasse.count(position);
        Impasse.Verdict verdict = Impasse.judge(position, settings.impasseRule());
        Side winner = switch (verdict) {
            case WIN -> declarer;
            case DRAW -> null;
            case LOSS -> declarer.opponent();
        };
        String detail = settings.impasseRule() == Impasse.Rule.NONE ? "declarations are not allowed"
                : count.points() + " points, " + count.piecesInZone() + " pieces in the zone"
                        + (count.kingInZone() ? "" : ", king not in the zone") + (count.inCheck() ? ", in check" : "");
        result = new GameResult(winner, Termination.IMPASSE_DECLARATION, null, moves.size(), detail);
        return result;
    }

    /**
     * Take back the last move (casual play); a result that move produced is cleared. Return false if there is
     * no move to take back or the game is played under tournament rules.
     */
    public boolean takeBack() {
        if (moves.isEmpty() || settings.mode() != Mode.CASUAL) {
            return false;
        }
        position.undoMove(moves.remove(moves.size() - 1));
        gaveCheck.remove(gaveCheck.size() - 1);
        result = null;
        return true;
    }

    /**
     * Withdraw the last move whatever the mode: a move entered by mistake (a slide read while it paused, a board put
     * back by the players or an arbiter's takeback); a result it produced is cleared. Return false if there is no move.
     */
    public boolean withdrawLastMove() {
        if (moves.isEmpty()) {
            return false;
        }
        position.undoMove(moves.remove(moves.size() - 1));
        gaveCheck.remove(gaveCheck.size() - 1);
        result = null;
        return true;
    }

    /** Return the legal moves of the current position. */
    public int[] legalMoves() {
        MoveGenerator.generateLegal(position, scratch);
        return scratch.toArray();
    }

    private void requireInProgress() {
        if (result != null) {
            throw new IllegalStateException("Game over. " + result.describe() + ".");
        }
    }
}
