package org.shogibridge.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Every way a game ends, each shown by a position that reaches it (and, where it matters, one that does not). */
class GameTest {
    static final Game.Settings TOURNAMENT = Game.Settings.tournament();
    static final Game.Settings CASUAL = Game.Settings.casual();

    static Game game(String sfen, Game.Settings settings) {
        return new Game(Position.fromSfen(sfen), settings);
    }

    static void playAll(Game game, String... moves) {
        for (String move : moves) {
            assertNull(game.play(move), "move " + move + " should be legal");
        }
    }

    @Test
    void checkmateByPawnPushWins() {
        Game game = game("7nk/9/7GP/9/9/9/9/9/4K4 b - 1", TOURNAMENT);
        playAll(game, "1c1b");
        GameResult result = game.result().orElseThrow();
        assertEquals(Side.BLACK, result.winner());
        assertEquals(Termination.CHECKMATE, result.termination());
        assertEquals(1, result.plies());
    }

    @Test
    void noLegalMoveWithoutCheckAlsoLoses() {
        Game game = game("8k/6S2/7G1/9/9/9/9/9/4K4 b - 1", TOURNAMENT);
        playAll(game, "5i5h");
        GameResult result = game.result().orElseThrow();
        assertEquals(Termination.NO_LEGAL_MOVES, result.termination());
        assertEquals(Side.BLACK, result.winner());
    }

    @Test
    void gameGoesOnWhileTheDefenderHasAMove() {
        Game game = game("7nk/9/6G1P/9/9/9/9/9/4K4 b - 1", TOURNAMENT);
        playAll(game, "1c1b+");
        assertFalse(game.isOver());
    }

    @Test
    void fourthRepetitionIsADraw() {
        Game game = new Game(Variant.STANDARD, TOURNAMENT);
        for (int cycle = 0; cycle < 3; cycle++) {
            assertFalse(game.isOver(), "only " + (cycle + 1) + " occurrences so far");
            playAll(game, "5i5h", "5a5b", "5h5i", "5b5a");
        }
        GameResult result = game.result().orElseThrow();
        assertEquals(Termination.SENNICHITE, result.termination());
        assertTrue(result.isDraw());
        assertEquals(12, result.plies());
    }

    @Test
    void aGameFromAPositionReachedByMovesJudgesRepetitionOnItsOwnMoves() {
        // The start position carries the history of the moves that reached it; the game's own count starts at 0.
        Position start = Position.start(Variant.STANDARD);
        for (String move : new String[] {"7g7f", "3c3d", "5i5h", "5a5b", "5h5i", "5b5a"}) {
            start.doMove(Usi.parseMove(start, move));
        }
        Game game = new Game(start, TOURNAMENT);
        for (int cycle = 0; cycle < 3; cycle++) {
            assertFalse(game.isOver(), "cycle " + cycle);
            playAll(game, "5i5h", "5a5b", "5h5i", "5b5a");
        }
        GameResult result = game.result().orElseThrow();
        assertEquals(Termination.SENNICHITE, result.termination());
        assertEquals(12, result.plies());
    }

    @Test
    void perpetualCheckLosesForTheCheckingSide() {
        Game game = game("8k/R8/9/9/9/9/9/9/4K4 b - 1", TOURNAMENT);
        for (int cycle = 0; cycle < 3; cycle++) {
            assertFalse(game.isOver());
            playAll(game, "9b9a", "1a1b", "9a9b", "1b1a");
        }
        GameResult result = game.result().orElseThrow();
        assertEquals(Termination.PERPETUAL_CHECK, result.termination());
        assertEquals(Side.WHITE, result.winner());
    }

    @Test
    void repetitionWithQuietMovesByTheCheckerIsADraw() {
        // Black alternates a check with a quiet rook move: not every move checks, so it is plain sennichite.
        Game game = game("8k/9/R8/9/9/9/9/9/4K4 b - 1", TOURNAMENT);
        for (int cycle = 0; cycle < 3; cycle++) {
            playAll(game, "9c9a", "1a1b", "9a9c", "1b1a");
        }
        assertEquals(Termination.SENNICHITE, game.result().orElseThrow().termination());
        assertTrue(game.result().orElseThrow().isDraw());
    }

    @Test
    void tryRuleWinsOnlyWhenEnabled() {
        String sfen = "9/4K4/9/9/9/9/9/9/k8 b - 1";
        Game withTry = game(sfen, new Game.Settings(Game.Mode.TOURNAMENT, Impasse.Rule.POINTS_27, true, 0));
        playAll(withTry, "5b5a");
        assertEquals(Termination.TRY, withTry.result().orElseThrow().termination());
        assertEquals(Side.BLACK, withTry.result().orElseThrow().winner());

        Game without = game(sfen, TOURNAMENT);
        playAll(without, "5b5a");
        assertFalse(without.isOver());
    }

    @Test
    void impasse27PointsBlackNeeds28() {
        // Ten pieces in the zone worth 26 points: two pawns in hand make 28, one makes 27.
        Game enough = game("RBGGGGBR1/SS2K4/9/9/9/9/9/9/4k4 b 2P 1", TOURNAMENT);
        GameResult win = enough.declareImpasse();
        assertEquals(Side.BLACK, win.winner());
        assertEquals(Termination.IMPASSE_DECLARATION, win.termination());

        Game shortByOne = game("RBGGGGBR1/SS2K4/9/9/9/9/9/9/4k4 b P 1", TOURNAMENT);
        assertEquals(Side.WHITE, shortByOne.declareImpasse().winner());
    }

    @Test
    void impasse27PointsWhiteNeeds27() {
        Game game = game("4K4/9/9/9/9/9/9/4k2ss/1rbggggbr w p 1", TOURNAMENT);
        assertEquals(Side.WHITE, game.declareImpasse().winner());
    }

    @Test
    void impasseNeedsTenPiecesKingInZoneAndNoCheck() {
        // Nine pieces in the zone (a silver moved out), however many points in hand.
        assertEquals(Side.WHITE, game("RBGGGGBR1/S3K4/9/9/9/9/9/9/4k4 b S9P 1", TOURNAMENT).declareImpasse().winner());
        // King outside the zone.
        assertEquals(Side.WHITE, game("RBGGGGBR1/SS7/9/4K4/9/9/9/9/4k4 b 9P 1", TOURNAMENT).declareImpasse().winner());
        // In check from a White pawn on 1a.
        assertEquals(Side.WHITE, game("RBGGGGBRp/SS6K/9/9/9/9/9/9/4k4 b 9P 1", TOURNAMENT).declareImpasse().winner());
    }

    @Test
    void impasse24PointsDrawsFrom24AndWinsFrom31() {
        Game.Settings rule24 = new Game.Settings(Game.Mode.TOURNAMENT, Impasse.Rule.POINTS_24, false, 0);
        assertTrue(game("RBGGGGBR1/SS2K4/9/9/9/9/9/9/4k4 b 2P 1", rule24).declareImpasse().isDraw());
        assertEquals(Side.BLACK, game("RBGGGGBR1/SS2K4/9/9/9/9/9/9/4k4 b 5P 1", rule24).declareImpasse().winner());
        assertEquals(Side.WHITE, game("R1GGGGBR1/SS2K4/9/9/9/9/9/9/4k4 b 9P 1", rule24).declareImpasse().winner(),
                "nine pieces in the zone: the declaration fails whatever the points");
    }

    @Test
    void maxMovesDraws() {
        Game game = new Game(Position.start(Variant.STANDARD),
                new Game.Settings(Game.Mode.TOURNAMENT, Impasse.Rule.POINTS_27, false, 2));
        playAll(game, "7g7f");
        assertFalse(game.isOver());
        playAll(game, "3c3d");
        assertEquals(Termination.MAX_MOVES, game.result().orElseThrow().termination());
        assertTrue(game.result().orElseThrow().isDraw());
    }

    @Test
    void resignationAndTimeForfeit() {
        Game resigned = new Game(Variant.STANDARD, TOURNAMENT);
        assertEquals(Side.WHITE, resigned.resign(Side.BLACK).winner());
        assertThrows(IllegalStateException.class, () -> resigned.play("7g7f"));

        Game flagged = new Game(Variant.MINISHOGI, TOURNAMENT);
        GameResult result = flagged.timeForfeit(Side.WHITE);
        assertEquals(Side.BLACK, result.winner());
        assertEquals(Termination.TIME_FORFEIT, result.termination());
    }

    @Test
    void tournamentIllegalMoveLosesAndNamesTheRule() {
        Game game = game("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", TOURNAMENT);
        assertEquals(Violation.NIFU, game.play("P*5e"));
        GameResult result = game.result().orElseThrow();
        assertEquals(Termination.ILLEGAL_MOVE, result.termination());
        assertEquals(Violation.NIFU, result.violation());
        assertEquals(Side.WHITE, result.winner());
        assertEquals(0, result.plies());
        assertTrue(result.describe().contains("nifu"), result.describe());
    }

    @Test
    void casualIllegalMoveIsRefusedAndPlayGoesOn() {
        Game game = game("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", CASUAL);
        assertEquals(Violation.NIFU, game.play("P*5e"));
        assertFalse(game.isOver());
        assertEquals(0, game.moves().size());
        assertNull(game.play("P*4e"));
    }

    @Test
    void movingOutOfTurnLosesForTheSideThatMoved() {
        Game game = new Game(Variant.STANDARD, TOURNAMENT);
        assertEquals(Violation.WRONG_TURN, game.play("3c3d"));
        assertEquals(Side.BLACK, game.result().orElseThrow().winner(), "White moved on Black's turn");

        Game twice = new Game(Variant.STANDARD, TOURNAMENT);
        playAll(twice, "7g7f");
        Position p = twice.position();
        assertEquals(Violation.WRONG_TURN, twice.play(Side.BLACK, Usi.parseMove(p, "2g2f")));
        assertEquals(Side.WHITE, twice.result().orElseThrow().winner(), "Black moved twice");
    }

    @Test
    void casualTakeBackRestoresThePosition() {
        Game game = new Game(Variant.OKISAKI, CASUAL);
        String before = game.position().toSfen();
        playAll(game, "10h10g");
        assertTrue(game.takeBack());
        assertEquals(before, game.position().toSfen());
        assertFalse(new Game(Variant.OKISAKI, TOURNAMENT).takeBack());
    }

    @Test
    void handicapGamesStartWithWhite() {
        for (Handicap h : Handicap.values()) {
            Game game = new Game(h.startPosition(), TOURNAMENT);
            assertEquals(Side.WHITE, game.position().sideToMove(), h.name());
            assertEquals(h, Handicap.ofBoard(h.sfen()).orElseThrow());
            assertEquals(h, Handicap.ofJapaneseName(h.japaneseName()).orElseThrow());
        }
        Game lance = new Game(Handicap.LANCE.startPosition(), TOURNAMENT);
        assertEquals(Violation.WRONG_TURN, lance.play(Side.BLACK, Usi.parseMove(lance.position(), "7g7f")));
    }
}
