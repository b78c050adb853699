package org.shogibridge.device.online;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.shogibridge.core.rules.Side;

/**
 * One lishogi game as the server tells it (the {@code gameFull} and {@code gameState} lines of
 * {@code /api/board/game/stream/:id}, shaped as lishogi's {@code BotJsonView}), set against the game on the board:
 * what the board must do next to agree with the server. The server's move list is the truth: a move of ours is sent
 * only when the board is exactly one move ahead of it and that move was not sent already, so a stream that drops and
 * comes back (with a new {@code gameFull}) never makes a move twice; the opponent's moves are shown only when the
 * board is behind; a takeback the server accepted takes the board back.
 */
public final class OnlineGame {
    /** Variants the board can play; lishogi's others are declined. */
    public static final Set<String> PLAYABLE_VARIANTS = Set.of("standard", "minishogi");
    private static final Set<String> PLAYING = Set.of("created", "started");

    /** A player as lishogi describes one: {@code {id, name, title, rating}} (an AI has no id). */
    public record Player(String id, String name, String title, int rating) {
        static Player of(JsonNode node) {
            String name = node.path("name").asText(null);
            if (name == null && node.has("aiLevel")) {
                name = "lishogi AI level " + node.get("aiLevel").asInt();
            }
            return new Player(node.path("id").asText(null), name == null ? "?" : name, node.path("title").asText(null),
                    node.path("rating").asInt(0));
        }
    }

    /** The clocks as the server last gave them, and when that was (on the daemon's clock). */
    public record Clocks(long senteMillis, long goteMillis, long byoyomiMillis, long incrementMillis, long receivedAtMillis) {
        /** A side's time left now: the server's figure less the time since it was sent, for the side to move. */
        public long left(Side side, Side toMove, long nowMillis) {
            long given = side == Side.BLACK ? senteMillis : goteMillis;
            return side == toMove ? Math.max(0, given - (nowMillis - receivedAtMillis)) : given;
        }
    }

    /** What the board must do next. */
    public sealed interface Step {
        /** Nothing: the board and the server agree, or it is the player's turn to move. */
        record Wait() implements Step {
        }

        /** Show these moves of the server's (the opponent's) on the LEDs, to be carried out on the board. */
        record Show(List<String> usi) implements Step {
        }

        /** Send the board's last move (this ply, this USI) to the server. */
        record Send(int ply, String usi) implements Step {
        }

        /** Take the board back to this many moves (a takeback the server accepted, or a move it refused). */
        record TakeBack(int plies) implements Step {
        }
    }

    private final String id;
    private final String variant;
    private final Side side;
    private final Player sente;
    private final Player gote;
    private final String initialSfen;
    private final JsonNode clockConfig;
    private List<String> moves = List.of();
    private String status = "started";
    private Side winner;
    private Clocks clocks;
    /** The ply of our move sent and not yet in the server's list, or 0. */
    private int sentPly;

    private OnlineGame(String id, String variant, Side side, Player sente, Player gote, String initialSfen, JsonNode clockConfig) {
        this.id = id;
        this.variant = variant;
        this.side = side;
        this.sente = sente;
        this.gote = gote;
        this.initialSfen = initialSfen;
        this.clockConfig = clockConfig;
    }

    /**
     * Read a {@code gameFull} line for the account {@code accountId}.
     *
     * @throws IllegalArgumentException with a "Category. detail." message if the line is not a game this account plays
     */
    public static OnlineGame of(JsonNode full, String accountId, long nowMillis) {
        if (!"gameFull".equals(full.path("type").asText())) {
            throw new IllegalArgumentException("Bad stream. The game stream began with '" + full.path("type").asText()
                    + "', not gameFull.");
        }
        Player sente = Player.of(full.path("sente"));
        Player gote = Player.of(full.path("gote"));
        Side side;
        if (accountId.equalsIgnoreCase(String.valueOf(sente.id()))) {
            side = Side.BLACK;
        } else if (accountId.equalsIgnoreCase(String.valueOf(gote.id()))) {
            side = Side.WHITE;
        } else {
            throw new IllegalArgumentException("Not our game. Neither player of game " + full.path("id").asText()
                    + " is the account " + accountId + ".");
        }
        JsonNode variantNode = full.path("variant");
        String variant = (variantNode.isObject() ? variantNode.path("key") : variantNode).asText("standard");
        String fen = full.path("initialFen").asText("startpos");
        OnlineGame game = new OnlineGame(full.path("id").asText(), variant, side, sente, gote,
                fen.equals("startpos") ? null : fen, full.path("clock"));
        game.state(full.path("state"), nowMillis);
        return game;
    }

    /** Take a {@code gameState} line (or the {@code state} of a {@code gameFull}). */
    public void state(JsonNode state, long nowMillis) {
        String text = state.path("moves").asText("").strip();
        moves = text.isEmpty() ? List.of() : List.copyOf(Arrays.asList(text.split("\\s+")));
        status = state.path("status").asText(status);
        String w = state.path("winner").asText(null);
        winner = w == null ? null : w.equals("sente") || w.equals("black") ? Side.BLACK : Side.WHITE;
        clocks = new Clocks(state.path("btime").asLong(0), state.path("wtime").asLong(0), state.path("byo").asLong(0),
                state.path("binc").asLong(0), nowMillis);
        if (sentPly > 0 && moves.size() >= sentPly) {
            sentPly = 0; // our move is in the server's list now
        }
    }

    /** What the board must do to agree with the server, given the moves on the board (USI, from the game's start). */
    public Step next(List<String> board) {
        int common = 0;
        while (common < board.size() && common < moves.size() && board.get(common).equals(moves.get(common))) {
            common++;
        }
        if (common < board.size()) {
            boolean oneOwnMoveAhead = common == moves.size() && board.size() == moves.size() + 1 && mover(board.size()) == side;
            if (oneOwnMoveAhead && !over()) {
                return sentPly == board.size() ? new Step.Wait() : new Step.Send(board.size(), board.get(board.size() - 1));
            }
            return new Step.TakeBack(common); // the server took moves back, or never had these
        }
        if (common < moves.size()) {
            return new Step.Show(List.copyOf(moves.subList(common, moves.size())));
        }
        return new Step.Wait();
    }

    /** Note that our move of this ply was sent (and answered ok): it is not sent again. */
    public void sent(int ply) {
        sentPly = ply;
    }

    /** Keep what an earlier reading of this game had sent and the server has not shown yet (after a reconnection). */
    public void carrySent(OnlineGame earlier) {
        if (earlier.sentPly > moves.size()) {
            sentPly = earlier.sentPly;
        }
    }

    /** Note that the server refused our move of this ply: the board takes it back (next() says so). */
    public void refused(int ply) {
        if (sentPly == ply) {
            sentPly = 0;
        }
    }

    /** The side that moves at this ply (1 = the first move), counting from the game's start. */
    private Side mover(int ply) {
        Side first = initialSfen != null && initialSfen.split(" ").length > 1 && initialSfen.split(" ")[1].equals("w")
                ? Side.WHITE : Side.BLACK;
        return ply % 2 == 1 ? first : first.opponent();
    }

    public boolean over() {
        return !PLAYING.contains(status);
    }

    public String id() {
        return id;
    }

    public String variant() {
        return variant;
    }

    /** The side the account plays: the human at the board. */
    public Side side() {
        return side;
    }

    public Player player(Side s) {
        return s == Side.BLACK ? sente : gote;
    }

    /** The start position as an SFEN, or null for the usual start. */
    public String initialSfen() {
        return initialSfen;
    }

    public List<String> moves() {
        return moves;
    }

    public String status() {
        return status.toLowerCase(Locale.ROOT);
    }

    public Side winner() {
        return winner;
    }

    public Clocks clocks() {
        return clocks;
    }

    /** The clock's settings: {@code {initial, increment, byoyomi, periods}} in milliseconds, or a missing node. */
    public JsonNode clockConfig() {
        return clockConfig;
    }

    /** The game's page on the site. */
    public String url(java.net.URI site) {
        return site.resolve("/" + id).toString();
    }

    /** Whether the board can play this game's variant. */
    public boolean playable() {
        return PLAYABLE_VARIANTS.contains(variant);
    }

    @Override
    public String toString() {
        return "lishogi game " + id + " (" + variant + ", " + moves.size() + " moves, " + status + ")";
    }
}
