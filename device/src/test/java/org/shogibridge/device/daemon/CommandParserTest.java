package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.device.board.BoardButton;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSetup;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.TimeControl;

/** Every command read into its typed form, and every way a command is refused, with the answer the sender reads. */
class CommandParserTest {
    private final CommandParser simulated = new CommandParser(Variant.STANDARD, null, false);

    private RemoteCommand parse(CommandParser parser, String verb, String json) {
        return parser.parse(verb, json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsEachVerbIntoItsCommand() {
        assertEquals(Position.start(Variant.STANDARD).toSfen(),
                ((RemoteCommand.NewGame) parse(simulated, "new-game", "")).start().toSfen());
        assertEquals(Handicap.ofName("二枚落ち").orElseThrow().startPosition().toSfen(),
                ((RemoteCommand.NewGame) parse(simulated, "new-game", "{\"handicap\":\"二枚落ち\"}")).start().toSfen());
        assertEquals(new RemoteCommand.Resign(Side.WHITE), parse(simulated, "resign", "{\"side\":\"gote\"}"));
        assertEquals(new RemoteCommand.Resign(null), parse(simulated, "resign", "{\"id\":\"7\"}"));
        assertEquals(new RemoteCommand.Tutor(true), parse(simulated, "tutor", "{\"on\":true}"));
        assertEquals(new RemoteCommand.Tsume("3-01"), parse(simulated, "tsume", "{\"problem\":\"3-01\"}"));
        assertEquals(new RemoteCommand.Tsume(null), parse(simulated, "tsume", "{}"), "the next unsolved one");
        assertEquals(new RemoteCommand.TakeBack(), parse(simulated, "takeback", "{}"));
        assertEquals(new RemoteCommand.Promote(false), parse(simulated, "promote", "{\"promote\":false}"));
        assertEquals(new RemoteCommand.Level(7, Side.BLACK), parse(simulated, "level", "{\"level\":7,\"side\":\"black\"}"));
        assertEquals(new RemoteCommand.Players(Player.human("羽生"), Player.engine(3)),
                parse(simulated, "players", "{\"black\":{\"type\":\"human\",\"name\":\"羽生\"},\"white\":{\"type\":\"engine\",\"level\":3}}"));
        assertEquals(new RemoteCommand.SimPlay("7g7f"), parse(simulated, "sim", "{\"action\":\"play\",\"usi\":\"7g7f\"}"));
        assertEquals(new RemoteCommand.SimPlace(Usi.parseSquare(Variant.STANDARD, "5e"), SensorSnapshot.OCCUPIED),
                parse(simulated, "sim", "{\"action\":\"place\",\"square\":\"5e\"}"));
        assertEquals(new RemoteCommand.SimKomadai(Side.BLACK, Piece.typeOfLetter('P'), -1),
                parse(simulated, "sim", "{\"action\":\"take\",\"side\":\"black\",\"piece\":\"p\"}"));
        assertEquals(new RemoteCommand.SimPress(BoardButton.WHITE_CLOCK, 100), parse(simulated, "sim", "{\"action\":\"press\",\"side\":\"white\"}"));
        assertEquals(new RemoteCommand.SimPress(BoardButton.BLACK_CLOCK, 100), parse(simulated, "sim", "{\"action\":\"press\",\"button\":\"black-clock\"}"));
        assertEquals(new RemoteCommand.SimPress(BoardButton.MENU, 1_200),
                parse(simulated, "sim", "{\"action\":\"press\",\"button\":\"menu\",\"hold-millis\":1200}"));
    }

    @Test
    void aNewGameCarriesItsSetUpAndTheArbiterHasClockAndResultCommands() {
        RemoteCommand.NewGame game = (RemoteCommand.NewGame) parse(simulated, "new-game", "{\"handicap\":\"two-pieces\","
                + "\"time\":{\"main-seconds\":600,\"byoyomi-seconds\":30},\"mode\":\"tournament\",\"analysis\":true,"
                + "\"black\":{\"type\":\"human\",\"name\":\"上手\"},\"white\":{\"type\":\"engine\",\"level\":4}}");
        assertEquals(new GameSetup(new TimeControl(600_000, 30_000, 0), Game.Mode.TOURNAMENT, Player.human("上手"), Player.engine(4)),
                game.setup());
        assertEquals(Boolean.TRUE, game.analysis());
        assertEquals(GameSetup.SAME, ((RemoteCommand.NewGame) parse(simulated, "new-game", "{}")).setup(), "nothing said: kept");
        assertEquals(TimeControl.NONE, ((RemoteCommand.NewGame) parse(simulated, "new-game", "{\"time\":{}}")).setup().timeControl(),
                "an empty time control is a game without a clock");
        assertEquals(new RemoteCommand.Clock(RemoteCommand.Clock.Action.PAUSE, null, 0), parse(simulated, "clock", "{\"action\":\"pause\"}"));
        assertEquals(new RemoteCommand.Clock(RemoteCommand.Clock.Action.SET, Side.WHITE, 90_000),
                parse(simulated, "clock", "{\"action\":\"set\",\"side\":\"white\",\"seconds\":90}"));
        assertEquals(new RemoteCommand.Result(null, Termination.SENNICHITE), parse(simulated, "result", "{\"winner\":\"draw\",\"reason\":\"sennichite\"}"));
        assertEquals(new RemoteCommand.Result(Side.BLACK, Termination.TIME_FORFEIT),
                parse(simulated, "result", "{\"winner\":\"black\",\"reason\":\"time-forfeit\"}"));
        Player usi = new Player("Fairy", Player.Kind.USI, 0, "fairy-stockfish");
        CommandParser withUsi = new CommandParser(Variant.STANDARD, null, false, usi);
        assertEquals(usi, ((RemoteCommand.NewGame) parse(withUsi, "new-game", "{\"white\":{\"type\":\"usi\"}}")).setup().white());
    }

    @Test
    void aBoardThatSensesFacesReadsAPlacedPieceFaceUp() {
        CommandParser faces = new CommandParser(Variant.STANDARD, null, true);
        assertEquals(SensorSnapshot.FACE_UP, ((RemoteCommand.SimPlace) parse(faces, "sim", "{\"action\":\"place\",\"square\":\"5e\"}")).reading());
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of("tsume", "{\"problem\":\"9-99\"}", "Unknown tsume. '9-99' is not in the built-in set (3-01 to 7-10)."),
                Arguments.of("tsume", "{\"problem\":301}", "Malformed command. 'problem' must be a string."),
                Arguments.of("bogus", "{}", "Unknown command. 'bogus' is not one of abort, clock, hint, impasse, level, new-game, players, promote, resign, result, seek, sim, takeback, tsume, tutor."),
                Arguments.of("resign", "{", "Malformed command. Not JSON: it ends before the object is closed."),
                Arguments.of("resign", "{\"side\":blak}", "Malformed command. Not JSON: unexpected text before character 13."),
                Arguments.of("resign", "[".repeat(2000), "Malformed command. Not JSON: nested more than 8 deep."),
                Arguments.of("players", "{\"black\":{\"name\":{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":{\"f\":{\"g\":1}}}}}}}}}",
                        "Malformed command. Not JSON: nested more than 8 deep."),
                Arguments.of("resign", "[1]", "Malformed command. The payload must be a JSON object."),
                Arguments.of("resign", "{\"side\":\"black\"} {}", "Malformed command. Not JSON: more follows the object."),
                Arguments.of("resign", "{\"side\":\"black\",\"side\":\"white\"}", "Malformed command. Not JSON: a field is given twice ('side')."),
                Arguments.of("resign", "{\"who\":\"black\"}", "Malformed command. 'resign' has no field 'who' (fields: side)."),
                Arguments.of("takeback", "{\"ply\":3}", "Malformed command. 'takeback' has no field 'ply'."),
                Arguments.of("resign", "{\"side\":\"north\"}", "Malformed command. 'side' must be black or white, not 'north'."),
                Arguments.of("resign", "{\"side\":1}", "Malformed command. 'side' must be a string."),
                Arguments.of("new-game", "{\"sfen\":\"9/9 b -\",\"handicap\":\"香落ち\"}", "Malformed command. Give an sfen or a handicap, not both."),
                Arguments.of("new-game", "{\"handicap\":\"百枚落ち\"}", "Unknown handicap. '百枚落ち'."),
                Arguments.of("new-game", "{\"sfen\":\"lnsgkgsnl b -\"}", "Invalid SFEN. "),
                Arguments.of("promote", "{\"promote\":\"yes\"}", "Malformed command. 'promote' must be true or false."),
                Arguments.of("promote", "{}", "Malformed command. 'promote' must be true or false."),
                Arguments.of("level", "{\"level\":11}", "Malformed command. 'level' must be a whole number from 1 to 10."),
                Arguments.of("level", "{\"level\":2.5}", "Malformed command. 'level' must be a whole number from 1 to 10."),
                Arguments.of("players", "{\"black\":\"me\"}", "Malformed command. 'black' must be an object with type and name or level."),
                Arguments.of("players", "{\"white\":{\"type\":\"cat\"}}", "Malformed command. 'white.type' must be human, engine or usi."),
                Arguments.of("players", "{\"white\":{\"type\":\"engine\",\"level\":0}}", "Malformed command. 'white.level' must be 1 to 10."),
                Arguments.of("players", "{\"white\":{\"type\":\"usi\"}}", "No USI engine. The board's configuration names none (players.*.command)."),
                Arguments.of("new-game", "{\"time\":\"10分\"}", "Malformed command. 'time' must be an object with main-seconds, byoyomi-seconds and increment-seconds."),
                Arguments.of("new-game", "{\"time\":{\"minutes\":10}}", "Malformed command. 'time' has no field 'minutes' (fields: byoyomi-seconds, increment-seconds, main-seconds)."),
                Arguments.of("new-game", "{\"time\":{\"main-seconds\":-5}}", "Malformed command. 'time.main-seconds' must be a whole number of seconds from 0 to 36000."),
                Arguments.of("new-game", "{\"time\":{\"byoyomi-seconds\":3600}}", "Malformed command. 'time.byoyomi-seconds' must be a whole number of seconds from 0 to 600."),
                Arguments.of("new-game", "{\"mode\":\"blitz\"}", "Malformed command. 'mode' must be casual or tournament, not 'blitz'."),
                Arguments.of("new-game", "{\"analysis\":\"on\"}", "Malformed command. 'analysis' must be true or false."),
                Arguments.of("new-game", "{\"black\":{\"type\":\"engine\",\"level\":12}}", "Malformed command. 'black.level' must be 1 to 10."),
                Arguments.of("clock", "{\"action\":\"stop\"}", "Malformed command. 'action' must be start, pause or set, not 'stop'."),
                Arguments.of("clock", "{\"action\":\"set\",\"side\":\"black\"}", "Malformed command. 'seconds' is missing."),
                Arguments.of("clock", "{\"action\":\"set\",\"seconds\":60}", "Malformed command. 'side' is missing."),
                Arguments.of("clock", "{\"action\":\"set\",\"side\":\"black\",\"seconds\":1.5}", "Malformed command. 'seconds' must be a whole number of seconds from 0 to 36000."),
                Arguments.of("result", "{\"winner\":\"black\"}", "Malformed command. 'reason' is missing."),
                Arguments.of("result", "{\"winner\":\"nobody\",\"reason\":\"resignation\"}", "Malformed command. 'winner' must be black, white or draw, not 'nobody'."),
                Arguments.of("result", "{\"winner\":\"black\",\"reason\":\"tired\"}", "Malformed command. 'reason' must be one of illegal-move, impasse, max-moves, perpetual-check, resignation, sennichite, time-forfeit, not 'tired'."),
                Arguments.of("sim", "{}", "Malformed command. 'action' is missing."),
                Arguments.of("sim", "{\"action\":\"jump\"}", "Malformed command. 'action' must be play, lift, place, take, put, press or set-up, not 'jump'."),
                Arguments.of("sim", "{\"action\":\"play\"}", "Malformed command. 'usi' is missing."),
                Arguments.of("sim", "{\"action\":\"lift\",\"square\":\"0z\"}", "Malformed command. 'square' must be a square such as 7g, not '0z'."),
                Arguments.of("sim", "{\"action\":\"put\",\"side\":\"white\",\"piece\":\"K\"}",
                        "Malformed command. 'piece' must be a piece a komadai holds (P, L, N, S, G, B, R...), not 'K'."),
                Arguments.of("sim", "{\"action\":\"press\"}", "Malformed command. 'side' is missing."),
                Arguments.of("sim", "{\"action\":\"press\",\"button\":\"start\"}",
                        "Malformed command. 'button' must be black-clock, white-clock or menu, not 'start'."),
                Arguments.of("sim", "{\"action\":\"press\",\"button\":\"menu\",\"hold-millis\":60000}",
                        "Malformed command. 'hold-millis' must be a whole number from 0 to 10000."));
    }

    @ParameterizedTest
    @MethodSource("refusals")
    void aBadCommandIsRefusedWithWhatWasWrong(String verb, String json, String expected) {
        String error = assertThrows(IllegalArgumentException.class, () -> parse(simulated, verb, json)).getMessage();
        assertTrue(error.startsWith(expected), error);
        assertTrue(!error.contains("com.fasterxml") && !error.contains("Source:"), "no parser internals: " + error);
    }

    @Test
    void anOversizedOrNonUtf8PayloadIsRefused() {
        assertEquals("Command too large. 5000 bytes; at most 4096.",
                assertThrows(IllegalArgumentException.class, () -> simulated.parse("takeback", new byte[5000])).getMessage());
        assertEquals("Malformed command. The payload is not UTF-8.",
                assertThrows(IllegalArgumentException.class, () -> simulated.parse("takeback", new byte[] {'{', (byte) 0xff, '}'})).getMessage());
    }

    @Test
    void handicapsAndSimulationAreRefusedWhereTheyDoNotApply() {
        CommandParser minishogi = new CommandParser(Variant.MINISHOGI, null, false);
        assertEquals("No handicap. Handicaps exist only in standard shogi.",
                assertThrows(IllegalArgumentException.class, () -> parse(minishogi, "new-game", "{\"handicap\":\"香落ち\"}")).getMessage());
        CommandParser serial = new CommandParser(Variant.STANDARD, "serial", false);
        assertEquals("Not simulated. cmd/sim plays a simulated board; this one is serial.",
                assertThrows(IllegalArgumentException.class, () -> parse(serial, "sim", "{\"action\":\"play\",\"usi\":\"7g7f\"}")).getMessage());
    }
}
