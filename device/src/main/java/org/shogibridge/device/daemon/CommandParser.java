package org.shogibridge.device.daemon;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Game;
import org.shogibridge.core.rules.Handicap;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSetup;
import org.shogibridge.core.tsume.TsumeSet;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.device.board.BoardButton;
import org.shogibridge.device.mqtt.MqttLink;

/**
 * Reads a command published on {@code cmd/<verb>} into a typed {@link RemoteCommand}: a JSON object of at most 4 KiB
 * with only the fields its verb knows (and an optional {@code id}). Everything that can be checked without the game is
 * checked here; a bad command throws {@link IllegalArgumentException} with a "Category. detail." message that names the
 * field, and changes nothing.
 */
final class CommandParser {
    /** How deep a command's JSON may nest: the deepest command (new-game's players) needs 2. */
    static final int MAX_NESTING = 8;
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build()).build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** The fields each verb accepts (besides {@code id}). */
    static final Map<String, Set<String>> VERBS = Map.ofEntries(
            Map.entry("new-game", Set.of("sfen", "handicap", "time", "mode", "black", "white", "analysis")),
            Map.entry("resign", Set.of("side")),
            Map.entry("takeback", Set.of()),
            Map.entry("seek", Set.of()),
            Map.entry("abort", Set.of()),
            Map.entry("level", Set.of("level", "side")),
            Map.entry("players", Set.of("black", "white")),
            Map.entry("promote", Set.of("promote")),
            Map.entry("hint", Set.of()),
            Map.entry("tutor", Set.of("on")),
            Map.entry("tsume", Set.of("problem")),
            Map.entry("clock", Set.of("action", "side", "seconds")),
            Map.entry("result", Set.of("winner", "reason")),
            Map.entry("impasse", Set.of()),
            Map.entry("sim", Set.of("action", "usi", "square", "piece", "side", "button", "hold-millis")));
    /** How long a simulated press holds its button unless told: a short press. */
    private static final int SHORT_PRESS_MILLIS = 100;
    private static final int MAX_HOLD_MILLIS = 10_000;
    /** The longest main time a set-up or an arbiter may give (a title match's 9 hours, with room). */
    private static final int MAX_MAIN_SECONDS = 10 * 3600;
    private static final int MAX_PER_MOVE_SECONDS = 600;

    private final Variant variant;
    /** What the board is, when it is not simulated ({@code serial}, {@code wired}...); null for a simulated board. */
    private final String realBoard;
    private final boolean faceSensing;
    /** The external USI engine the board's configuration names, which a command may choose by type, or null. */
    private final Player usiEngine;

    /**
     * @param variant     the game's variant (squares, hands, start positions)
     * @param realBoard   the board's source when it is a real one (cmd/sim is then refused), or null when simulated
     * @param faceSensing whether the board's sensors tell a piece's face (what a placed piece reads)
     * @param usiEngine   the configured external USI engine a player of {@code "type": "usi"} is, or null for none
     */
    CommandParser(Variant variant, String realBoard, boolean faceSensing, Player usiEngine) {
        this.variant = variant;
        this.realBoard = realBoard;
        this.faceSensing = faceSensing;
        this.usiEngine = usiEngine;
    }

    CommandParser(Variant variant, String realBoard, boolean faceSensing) {
        this(variant, realBoard, faceSensing, null);
    }

    /** Read a command from its payload. */
    RemoteCommand parse(String verb, byte[] payload) {
        return command(verb, json(verb, payload));
    }

    /** Return the command's JSON object, checked against its verb's fields. */
    static JsonNode json(String verb, byte[] payload) {
        Set<String> fields = VERBS.get(verb);
        if (fields == null) {
            throw new IllegalArgumentException("Unknown command. '" + verb + "' is not one of "
                    + String.join(", ", VERBS.keySet().stream().sorted().toList()) + ".");
        }
        if (payload.length > MqttLink.MAX_COMMAND_BYTES) {
            throw new IllegalArgumentException("Command too large. " + payload.length + " bytes; at most "
                    + MqttLink.MAX_COMMAND_BYTES + ".");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(payload)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("Malformed command. The payload is not UTF-8.");
        }
        if (text.isBlank()) {
            text = "{}";
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Malformed command. Not JSON: " + jsonProblem(e) + ".");
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("Malformed command. The payload must be a JSON object.");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (!name.equals("id") && !fields.contains(name)) {
                throw new IllegalArgumentException("Malformed command. '" + verb + "' has no field '" + name + "'"
                        + (fields.isEmpty() ? "" : " (fields: " + String.join(", ", fields.stream().sorted().toList()) + ")") + ".");
            }
        }
        return node;
    }

    /** Read a command from its JSON object, already checked by {@link #json}. */
    RemoteCommand command(String verb, JsonNode c) {
        return switch (verb) {
            case "new-game" -> newGame(c);
            case "clock" -> clock(c);
            case "result" -> result(c);
            case "resign" -> new RemoteCommand.Resign(side(text(c, "side")));
            case "takeback" -> new RemoteCommand.TakeBack();
            case "seek" -> new RemoteCommand.Seek();
            case "abort" -> new RemoteCommand.Abort();
            case "impasse" -> new RemoteCommand.Impasse();
            case "hint" -> new RemoteCommand.Hint();
            case "promote" -> {
                JsonNode p = c.get("promote");
                if (p == null || !p.isBoolean()) {
                    throw new IllegalArgumentException("Malformed command. 'promote' must be true or false.");
                }
                yield new RemoteCommand.Promote(p.asBoolean());
            }
            case "tutor" -> {
                JsonNode on = c.get("on");
                if (on == null || !on.isBoolean()) {
                    throw new IllegalArgumentException("Malformed command. 'on' must be true or false.");
                }
                yield new RemoteCommand.Tutor(on.asBoolean());
            }
            case "level" -> {
                JsonNode value = c.get("level");
                if (value == null || !value.isInt() || value.asInt() < 1 || value.asInt() > 10) {
                    throw new IllegalArgumentException("Malformed command. 'level' must be a whole number from 1 to 10.");
                }
                yield new RemoteCommand.Level(value.asInt(), side(text(c, "side")));
            }
            case "tsume" -> new RemoteCommand.Tsume(tsumeProblem(text(c, "problem")));
            case "players" -> new RemoteCommand.Players(player(c.get("black"), "black"), player(c.get("white"), "white"));
            case "sim" -> sim(c);
            default -> throw new IllegalArgumentException("Unknown command. " + verb + ".");
        };
    }

    private RemoteCommand newGame(JsonNode c) {
        String modeName = text(c, "mode");
        Game.Mode mode = modeName == null ? null : switch (modeName) {
            case "casual" -> Game.Mode.CASUAL;
            case "tournament" -> Game.Mode.TOURNAMENT;
            default -> throw new IllegalArgumentException("Malformed command. 'mode' must be casual or tournament, not '" + modeName + "'.");
        };
        JsonNode analysis = c.get("analysis");
        if (analysis != null && !analysis.isBoolean()) {
            throw new IllegalArgumentException("Malformed command. 'analysis' must be true or false.");
        }
        GameSetup setup = new GameSetup(timeControl(c.get("time")), mode, player(c.get("black"), "black"),
                player(c.get("white"), "white"));
        return new RemoteCommand.NewGame(start(c), setup, analysis == null ? null : analysis.asBoolean());
    }

    /**
     * {@code time}: {@code {"main-seconds": 600, "byoyomi-seconds": 30, "increment-seconds": 0}}, each part optional
     * (0); all zero is a game without a clock.
     */
    private static TimeControl timeControl(JsonNode time) {
        if (time == null) {
            return null;
        }
        if (!time.isObject()) {
            throw new IllegalArgumentException("Malformed command. 'time' must be an object with main-seconds, byoyomi-seconds and increment-seconds.");
        }
        for (Iterator<String> names = time.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (!Set.of("main-seconds", "byoyomi-seconds", "increment-seconds").contains(name)) {
                throw new IllegalArgumentException("Malformed command. 'time' has no field '" + name
                        + "' (fields: byoyomi-seconds, increment-seconds, main-seconds).");
            }
        }
        long main = seconds(time, "main-seconds", "time.main-seconds", MAX_MAIN_SECONDS);
        long byoyomi = seconds(time, "byoyomi-seconds", "time.byoyomi-seconds", MAX_PER_MOVE_SECONDS);
        long increment = seconds(time, "increment-seconds", "time.increment-seconds", MAX_PER_MOVE_SECONDS);
        return new TimeControl(main * 1000, byoyomi * 1000, increment * 1000);
    }

    /** A whole number of seconds from 0 to {@code max}, 0 when absent. */
    private static long seconds(JsonNode node, String field, String name, int max) {
        JsonNode value = node.get(field);
        if (value == null) {
            return 0;
        }
        if (!value.isInt() || value.asInt() < 0 || value.asInt() > max) {
            throw new IllegalArgumentException("Malformed command. '" + name + "' must be a whole number of seconds from 0 to " + max + ".");
        }
        return value.asInt();
    }

    /** {@code clock}: {@code start} or {@code pause} the clock, or {@code set} a side's main time to {@code seconds}. */
    private static RemoteCommand clock(JsonNode c) {
        String action = requiredText(c, "action");
        return switch (action) {
            case "start" -> new RemoteCommand.Clock(RemoteCommand.Clock.Action.START, null, 0);
            case "pause" -> new RemoteCommand.Clock(RemoteCommand.Clock.Action.PAUSE, null, 0);
            case "set" -> {
                if (!c.has("seconds")) {
                    throw new IllegalArgumentException("Malformed command. 'seconds' is missing.");
                }
                yield new RemoteCommand.Clock(RemoteCommand.Clock.Action.SET, side(requiredText(c, "side")),
                        seconds(c, "seconds", "seconds", MAX_MAIN_SECONDS) * 1000);
            }
            default -> throw new IllegalArgumentException("Malformed command. 'action' must be start, pause or set, not '" + action + "'.");
        };
    }

    /** The endings an arbiter may declare, by the name a command gives. */
    private static final Map<String, Termination> REASONS = Map.of("resignation", Termination.RESIGNATION,
            "time-forfeit", Termination.TIME_FORFEIT, "illegal-move", Termination.ILLEGAL_MOVE,
            "sennichite", Termination.SENNICHITE, "perpetual-check", Termination.PERPETUAL_CHECK,
            "impasse", Termination.IMPASSE_DECLARATION, "max-moves", Termination.MAX_MOVES);

    /** {@code result}: an arbiter's decision, the winner ({@code black}, {@code white} or {@code draw}) and the reason. */
    private static RemoteCommand result(JsonNode c) {
        String winner = requiredText(c, "winner");
        String reason = requiredText(c, "reason");
        Termination termination = REASONS.get(reason);
        if (termination == null) {
            throw new IllegalArgumentException("Malformed command. 'reason' must be one of "
                    + String.join(", ", REASONS.keySet().stream().sorted().toList()) + ", not '" + reason + "'.");
        }
        if (!Set.of("black", "white", "sente", "gote", "draw").contains(winner)) {
            throw new IllegalArgumentException("Malformed command. 'winner' must be black, white or draw, not '" + winner + "'.");
        }
        return new RemoteCommand.Result(winner.equals("draw") ? null : side(winner), termination);
    }

    private Position start(JsonNode c) {
        String sfen = text(c, "sfen");
        String handicapName = text(c, "handicap");
        if (sfen != null && handicapName != null) {
            throw new IllegalArgumentException("Malformed command. Give an sfen or a handicap, not both.");
        }
        if (sfen != null) {
            return Sfen.parse(variant, sfen); // throws "Invalid SFEN. ..." for a bad one
        }
        if (handicapName != null) {
            if (variant != Variant.STANDARD) {
                throw new IllegalArgumentException("No handicap. Handicaps exist only in standard shogi.");
            }
            return Handicap.ofName(handicapName).orElseThrow(() -> new IllegalArgumentException("Unknown handicap. '" + handicapName + "'."))
                    .startPosition();
        }
        return Position.start(variant);
    }

    private Player player(JsonNode node, String field) {
        if (node == null) {
            return null;
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException("Malformed command. '" + field + "' must be an object with type and name or level.");
        }
        String type = text(node, "type");
        String name = text(node, "name");
        if ("human".equals(type)) {
            return Player.human(name == null ? (field.equals("black") ? Player.SENTE : Player.GOTE) : name);
        }
        if ("engine".equals(type)) {
            JsonNode level = node.get("level");
            int l = level == null ? 5 : level.isInt() ? level.asInt() : -1;
            if (l < 1 || l > 10) {
                throw new IllegalArgumentException("Malformed command. '" + field + ".level' must be 1 to 10.");
            }
            return name == null ? Player.engine(l) : new Player(name, Player.Kind.ENGINE, l, "");
        }
        if ("usi".equals(type)) {
            if (usiEngine == null) {
                throw new IllegalArgumentException("No USI engine. The board's configuration names none (players.*.command).");
            }
            return usiEngine;
        }
        throw new IllegalArgumentException("Malformed command. '" + field + ".type' must be human, engine or usi.");
    }

    /** The parser's complaint in words a sender understands, without its class names and options. */
    /** Say what is wrong with the JSON in a sender's words, not the parser's (no class names, no token codes). */
    private static String jsonProblem(JsonProcessingException e) {
        String problem = String.valueOf(e.getOriginalMessage());
        if (e instanceof StreamConstraintsException) {
            return "nested more than " + MAX_NESTING + " deep";
        }
        if (problem.startsWith("Trailing token")) {
            return "more follows the object";
        }
        if (problem.startsWith("Duplicate field")) {
            return "a field is given twice (" + problem.substring("Duplicate field ".length()) + ")";
        }
        if (problem.contains("end-of-input")) {
            return "it ends before the object is closed";
        }
        long at = e.getLocation() == null ? -1 : e.getLocation().getCharOffset();
        return at < 0 ? "unexpected text" : "unexpected text before character " + (at + 1);
    }

    private RemoteCommand sim(JsonNode c) {
        if (realBoard != null) {
            throw new IllegalArgumentException("Not simulated. cmd/sim plays a simulated board; this one is " + realBoard + ".");
        }
        String action = requiredText(c, "action");
        return switch (action) {
            case "play" -> new RemoteCommand.SimPlay(requiredText(c, "usi"));
            case "lift" -> new RemoteCommand.SimLift(square(c));
            case "place" -> new RemoteCommand.SimPlace(square(c), faceSensing ? SensorSnapshot.FACE_UP : SensorSnapshot.OCCUPIED);
            case "take", "put" -> {
                Side side = side(requiredText(c, "side"));
                String piece = requiredText(c, "piece");
                int type = piece.length() == 1 ? Piece.typeOfLetter(Character.toUpperCase(piece.charAt(0))) : 0;
                if (type <= 0 || Arrays.stream(variant.handTypes()).noneMatch(t -> t == type)) {
                    throw new IllegalArgumentException("Malformed command. 'piece' must be a piece a komadai holds (P, L, N, S, G, B, R...), not '" + piece + "'.");
                }
                yield new RemoteCommand.SimKomadai(side, type, action.equals("take") ? -1 : +1);
            }
            case "press" -> press(c);
            case "set-up" -> new RemoteCommand.SimSetUp();
            default -> throw new IllegalArgumentException("Malformed command. 'action' must be play, lift, place, take, put, press or set-up, not '" + action + "'.");
        };
    }

    /** {@code press}: a {@code button} (black-clock, white-clock, menu) or a {@code side}'s clock, held {@code hold-millis}. */
    private static RemoteCommand press(JsonNode c) {
        String name = text(c, "button");
        BoardButton button;
        if (name == null) {
            button = BoardButton.clockOf(side(requiredText(c, "side")));
        } else {
            button = switch (name) {
                case "black-clock" -> BoardButton.BLACK_CLOCK;
                case "white-clock" -> BoardButton.WHITE_CLOCK;
                case "menu" -> BoardButton.MENU;
                default -> throw new IllegalArgumentException("Malformed command. 'button' must be black-clock, white-clock or menu, not '" + name + "'.");
            };
        }
        JsonNode hold = c.get("hold-millis");
        if (hold != null && (!hold.isInt() || hold.asInt() < 0 || hold.asInt() > MAX_HOLD_MILLIS)) {
            throw new IllegalArgumentException("Malformed command. 'hold-millis' must be a whole number from 0 to " + MAX_HOLD_MILLIS + ".");
        }
        return new RemoteCommand.SimPress(button, hold == null ? SHORT_PRESS_MILLIS : hold.asInt());
    }

    private int square(JsonNode c) {
        String name = requiredText(c, "square");
        try {
            return Usi.parseSquare(variant, name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Malformed command. 'square' must be a square such as 7g, not '" + name + "'.");
        }
    }

    private static Side side(String name) {
        if (name == null) {
            return null;
        }
        return switch (name) {
            case "black", "sente" -> Side.BLACK;
            case "white", "gote" -> Side.WHITE;
            default -> throw new IllegalArgumentException("Malformed command. 'side' must be black or white, not '" + name + "'.");
        };
    }

    /** Return a text field, or null if absent; a field of another type is refused. */
    /** A problem of the built-in tsume set by its id, or null (the next one). */
    private static String tsumeProblem(String id) {
        if (id != null && TsumeSet.builtIn().byId(id).isEmpty()) {
            throw new IllegalArgumentException("Unknown tsume. '" + id + "' is not in the built-in set ("
                    + TsumeSet.builtIn().problems().get(0).id() + " to "
                    + TsumeSet.builtIn().problems().get(TsumeSet.builtIn().problems().size() - 1).id() + ").");
        }
        return id;
    }

    private static String text(JsonNode command, String field) {
        JsonNode value = command.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException("Malformed command. '" + field + "' must be a string.");
        }
        return value.asText();
    }

    private static String requiredText(JsonNode command, String field) {
        String value = text(command, field);
        if (value == null) {
            throw new IllegalArgumentException("Malformed command. '" + field + "' is missing.");
        }
        return value;
    }
}
