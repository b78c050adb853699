package org.shogibridge.lab.match;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.record.UsiRecord;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.GameResult;
import org.shogibridge.core.rules.Impasse;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.rules.Violation;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.UsiEngineException;

/**
 * Plays engine-vs-engine games over USI. Each opening is played twice, the engines swapping colours; every
 * game is judged by the rules core (an illegal or malformed move loses, as does an engine that fails to
 * answer in time; sennichite and perpetual check, entering-king declarations and the move limit end games as
 * the rules say), written as KIF if asked, and reported as it ends.
 */
public final class MatchRunner {
    /**
     * What to play.
     *
     * @param variant   the variant of every game
     * @param games     how many games
     * @param limit     what each engine is given per move: a byoyomi (no main time) or a node count
     * @param openings  start positions, each used for two games in turn
     * @param kifOut    directory for one KIF per game, or null
     * @param maxPlies  a game still going after this many plies is a draw
     */
    public record Settings(Variant variant, int games, MoveLimit limit, List<GameRecord> openings, Path kifOut, int maxPlies) {
    }

    private final Settings settings;
    private final PrintWriter progress;

    public MatchRunner(Settings settings, PrintWriter progress) {
        this.settings = settings;
        this.progress = progress;
    }

    /** Play the match between two started engines and return the first engine's result. */
    public EloEstimate run(UsiClient first, UsiClient second) throws IOException {
        if (settings.kifOut() != null) {
            Files.createDirectories(settings.kifOut());
        }
        selectVariant(first, settings.variant());
        selectVariant(second, settings.variant());
        int wins = 0;
        int losses = 0;
        int draws = 0;
        for (int g = 0; g < settings.games(); g++) {
            GameRecord opening = settings.openings().get((g / 2) % settings.openings().size());
            boolean firstIsBlack = g % 2 == 0;
            UsiClient black = firstIsBlack ? first : second;
            UsiClient white = firstIsBlack ? second : first;
            PlayedGame played = play(opening, black, white);
            GameResult result = played.game.result().orElseThrow();
            Side firstSide = firstIsBlack ? Side.BLACK : Side.WHITE;
            if (result.winner() == null) {
                draws++;
            } else if (result.winner() == firstSide) {
                wins++;
            } else {
                losses++;
            }
            tellGameOver(black, result, Side.BLACK);
            tellGameOver(white, result, Side.WHITE);
            if (settings.kifOut() != null) {
                writeKif(g + 1, played, black.name(), white.name());
            }
            progress.printf(Locale.ROOT, "game %d/%d: %s (black) vs %s (white): %s, %d plies%s; %s so far %d-%d-%d%n",
                    g + 1, settings.games(), black.name(), white.name(), outcome(result), result.plies(),
                    played.note.isEmpty() ? "" : " (" + played.note + ")", first.name(), wins, losses, draws);
            progress.flush();
        }
        return EloEstimate.of(wins, losses, draws);
    }

    /** Set a started engine's UCI_Variant to the variant; an engine without that option can play standard only. */
    public static void selectVariant(UsiClient engine, Variant variant) throws IOException {
        try {
            engine.selectVariant(variant);
        } catch (UsiEngineException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** A game and what the record should say about how it ended. */
    private record PlayedGame(Game game, List<Long> millis, String note) {
    }

    private PlayedGame play(GameRecord opening, UsiClient black, UsiClient white) {
        Game game = new Game(opening.startPosition(), new Game.Settings(Game.Mode.TOURNAMENT, Impasse.Rule.POINTS_27,
                false, settings.maxPlies()));
        for (int move : opening.mainLine().moveArray()) {
            game.play(move);
        }
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < game.moves().size(); i++) {
            millis.add(0L);
        }
        String note = "";
        for (UsiClient engine : List.of(black, white)) {
            try {
                engine.newGame();
            } catch (UsiEngineException e) {
                Side side = engine == black ? Side.BLACK : Side.WHITE;
                game.timeForfeit(side);
                return new PlayedGame(game, millis, e.getMessage());
            }
        }
        String goCommand = settings.limit().goCommand();
        while (!game.isOver()) {
            Position position = game.position();
            Side side = position.sideToMove();
            UsiClient engine = side == Side.BLACK ? black : white;
            long start = System.nanoTime();
            UsiClient.BestMove answer;
            try {
                answer = engine.go(positionCommand(game), goCommand, settings.limit().budget());
            } catch (UsiEngineException e) {
                game.timeForfeit(side);
                note = e.getMessage();
                break;
            }
            long spent = (System.nanoTime() - start) / 1_000_000;
            switch (answer.move()) {
                case "resign" -> game.resign(side);
                case "win" -> game.declareImpasse();
                default -> {
                    int move;
                    try {
                        move = Usi.parseMove(position, answer.move());
                    } catch (IllegalArgumentException e) {
                        game.foul(side, Violation.IMPOSSIBLE_MOVEMENT, engine.name() + " sent '" + answer.move() + "'");
                        note = engine.name() + " sent '" + answer.move() + "'";
                        break;
                    }
                    Violation violation = game.play(move);
                    if (violation != null) {
                        note = engine.name() + " played " + answer.move() + " (" + violation.description() + ")";
                    } else {
                        millis.add(spent);
                    }
                }
            }
        }
        return new PlayedGame(game, millis, note);
    }

    private static String positionCommand(Game game) {
        return UsiRecord.write(GameRecord.of(game)).strip();
    }

    private static void tellGameOver(UsiClient engine, GameResult result, Side side) {
        engine.gameOver(result.winner() == null ? "draw" : result.winner() == side ? "win" : "lose");
    }

    private static String outcome(GameResult result) {
        String score = result.winner() == null ? "1/2-1/2" : result.winner() == Side.BLACK ? "1-0" : "0-1";
        return score + " " + result.termination().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private void writeKif(int number, PlayedGame played, String blackName, String whiteName) throws IOException {
        Game game = played.game;
        GameRecord record = GameRecord.of(game);
        record.headers().put(GameRecord.BLACK, blackName);
        record.headers().put(GameRecord.WHITE, whiteName);
        record.headers().put("持ち時間", settings.limit().recordHeader());
        List<RecordedMove> moves = record.mainLine().moves();
        for (int i = 0; i < moves.size(); i++) {
            moves.get(i).elapsedMillis(played.millis.get(i));
        }
        if (!played.note.isEmpty()) {
            record.mainLine().endingComments().clear();
            record.mainLine().endingComments().add(played.note);
        }
        Path file = settings.kifOut().resolve(String.format(Locale.ROOT, "game-%03d.kif", number));
        Files.write(file, RecordFormat.KIF.encode(record));
    }
}
