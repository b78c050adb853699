package org.shogibridge.device.daemon;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Supplier;
import org.shogibridge.core.menu.BoardMenu;
import org.shogibridge.core.menu.MenuChoice;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.review.ReviewSummary;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.speech.Announcer.Utterance;
import org.shogibridge.core.speech.Language;
import org.shogibridge.device.voice.Voice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out what a player chooses in the board's menu, on the board loop, as the same {@link RemoteCommand}s a page
 * sends (one way to start a game, take back or resign, whoever asks); a choice that cannot be carried out is said
 * ("できません"). The menu's words go to the voice.
 */
final class MenuChoices implements BoardMenu.Listener {
    private static final Logger log = LoggerFactory.getLogger(MenuChoices.class);

    /** Carries out a command on the board loop (the daemon's). */
    interface Commands {
        void execute(RemoteCommand command, RemoteCommands.Reply reply);
    }

    private final Commands commands;
    private final Supplier<GameSession> session;
    private final Voice voice;
    private final Language language;
    private final Player configuredBlack;
    private final Player configuredWhite;
    private final BoardLoop loop;
    private final Supplier<PostGameReview.Reviewed> reviews;
    private BoardMenu menu;
    /** The game whose mistakes 検討 walks, and the one shown last. */
    private String walkedGame;
    private int walked;

    /**
     * @param configuredBlack sente's player in the configuration: the menu's new games keep the person's name and
     *                        the engine (built-in or USI) that it names
     */
    MenuChoices(Commands commands, Supplier<GameSession> session, Voice voice, Language language, Player configuredBlack,
            Player configuredWhite, BoardLoop loop, Supplier<PostGameReview.Reviewed> reviews) {
        this.reviews = reviews;
        this.commands = commands;
        this.session = session;
        this.voice = voice;
        this.language = language;
        this.configuredBlack = configuredBlack;
        this.configuredWhite = configuredWhite;
        this.loop = loop;
    }

    /** The menu this carries out (made after this, since it reports here). */
    void menu(BoardMenu boardMenu) {
        this.menu = boardMenu;
    }

    @Override
    public void chosen(MenuChoice choice) {
        log.info("Menu: {}.", choice);
        if (choice instanceof MenuChoice.NewGame c) {
            newGame(c);
        } else if (choice instanceof MenuChoice.Level c) {
            commands.execute(new RemoteCommand.Level(c.level(), null), quietly());
        } else if (choice instanceof MenuChoice.Hint) {
            hint();
        } else if (choice instanceof MenuChoice.TakeBack) {
            commands.execute(new RemoteCommand.TakeBack(), orRefused());
        } else if (choice instanceof MenuChoice.Resign) {
            commands.execute(new RemoteCommand.Resign(resigningSide()), orRefused());
        } else if (choice instanceof MenuChoice.Voice c) {
            voice.on(c.on());
        } else if (choice instanceof MenuChoice.Tutor c) {
            session.get().tutor(c.on());
        } else if (choice instanceof MenuChoice.Review) {
            review();
        } else if (choice instanceof MenuChoice.Tsume) {
            commands.execute(new RemoteCommand.Tsume(null), orRefused());
        }
    }

    /**
     * The last game's review: the first time its summary is said and its worst mistake shown on the LEDs (the move
     * played red, the better one yellow); each time after, the next mistake, round again after the last.
     */
    private void review() {
        PostGameReview.Reviewed reviewed = reviews.get();
        if (reviewed == null) {
            menu.refused(); // no game reviewed yet
            return;
        }
        List<ReviewSummary.Mistake> mistakes = reviewed.summary().mistakes();
        boolean first = !reviewed.gameId().equals(walkedGame);
        walkedGame = reviewed.gameId();
        walked = first || mistakes.isEmpty() ? 0 : (walked + 1) % mistakes.size();
        if (first || mistakes.isEmpty()) {
            say(Utterance.in(language, "menu", reviewed.summary().text(language)));
        } else {
            say(Utterance.in(language, "menu", mistakes.get(walked).text(language)));
        }
        if (mistakes.isEmpty()) {
            return;
        }
        ReviewSummary.Mistake m = mistakes.get(walked);
        int better = m.better() != 0 ? m.better() : m.move();
        menu.showMistake(Move.isDrop(m.move()) ? -1 : Move.from(m.move()), Move.to(m.move()),
                Move.isDrop(better) ? -1 : Move.from(better), Move.to(better), m.side(), loop.now() + BoardMenu.HINT_MILLIS,
                session.get().leds());
    }

    @Override
    public void say(Utterance utterance) {
        GameState state = session.get().state();
        voice.say(utterance, state.seq(), state.gameId(), System.currentTimeMillis());
    }

    /** A new game: the variant's start or the handicap's, the person on their side and the engine at the level. */
    private void newGame(MenuChoice.NewGame c) {
        Position start = c.handicap() == null ? Position.start(session.get().state().position().variant())
                : c.handicap().startPosition();
        Player person = configuredBlack.isComputer() ? configuredWhite.isComputer() ? null : configuredWhite : configuredBlack;
        if (person == null) {
            person = Player.human(c.human() == Side.BLACK ? "先手" : "後手");
        }
        Player computer = configuredBlack.isComputer() ? configuredBlack : configuredWhite.isComputer() ? configuredWhite
                : Player.engine(c.level());
        if (computer.kind() == Player.Kind.ENGINE) {
            computer = computer.withLevel(c.level());
        }
        // The new game first, then its players: the game it ends keeps the players it had.
        commands.execute(new RemoteCommand.NewGame(start), orRefused());
        commands.execute(new RemoteCommand.Players(c.human() == Side.BLACK ? person : computer,
                c.human() == Side.BLACK ? computer : person), orRefused());
    }

    /** The side that resigns: the one person's against a computer, else the side to move. */
    private Side resigningSide() {
        GameState s = session.get().state();
        if (s.black().isComputer() != s.white().isComputer()) {
            return s.black().isComputer() ? Side.WHITE : Side.BLACK;
        }
        return s.position().sideToMove();
    }

    private void hint() {
        GameState asked = session.get().state();
        if (asked.result() != null || (asked.position().sideToMove() == Side.BLACK ? asked.black() : asked.white()).isComputer()) {
            menu.refused();
            return;
        }
        commands.execute(new RemoteCommand.Hint(), new RemoteCommands.Reply() {
            @Override
            public void ok(ObjectNode extra) {
                loop.post(() -> showHint(asked, extra.get("hint").asText()));
            }

            @Override
            public void error(String message) {
                loop.post(menu::refused);
            }
        });
    }

    /** Light the hint and say it, if the game is still where it was when the hint was asked. */
    private void showHint(GameState asked, String usi) {
        GameSession game = session.get();
        if (game.state().seq() != asked.seq()) {
            return; // the game moved on while the engine thought
        }
        Position position = asked.position();
        int move = Usi.parseLegalMove(position, usi);
        menu.showHint(Move.isDrop(move) ? -1 : Move.from(move), Move.to(move), position.sideToMove(),
                loop.now() + BoardMenu.HINT_MILLIS, game.leds());
        String text = JapaneseNotation.format(position, move, -1, JapaneseNotation.Marks.NONE);
        say(Utterance.in(language, "menu", language == Language.JA ? "ヒント " + text : "Hint " + usi));
    }

    private RemoteCommands.Reply orRefused() {
        return new RemoteCommands.Reply() {
            @Override
            public void ok(ObjectNode extra) {
            }

            @Override
            public void error(String message) {
                log.info("Menu: {}", message);
                menu.refused();
            }
        };
    }

    /** A level with no engine to set is only remembered by the menu for the next game. */
    private static RemoteCommands.Reply quietly() {
        return new RemoteCommands.Reply() {
            @Override
            public void ok(ObjectNode extra) {
            }

            @Override
            public void error(String message) {
            }
        };
    }
}
