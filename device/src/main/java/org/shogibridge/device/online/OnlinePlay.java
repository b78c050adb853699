package org.shogibridge.device.online;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Termination;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.device.config.OnlineSettings;
import org.shogibridge.device.threads.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The board playing on lishogi: follows the account's event stream, plays each game it starts on the board, and keeps
 * the board and the server agreeing ({@link OnlineGame#next}). Three threads of its own: the event stream, the game
 * stream (each read a line at a time, reconnected with back-off when they drop) and one that acts, so the game is
 * only ever changed from one place; the board's game is reached through {@link Table}, whose calls run on the
 * daemon's board loop.
 */
public final class OnlinePlay implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(OnlinePlay.class);
    private static final long MAX_BACKOFF_MILLIS = 30_000;

    /** What online play asks of the game on the board (each call is carried out on the daemon's board loop). */
    public interface Table {
        /** The board's moves so far, in USI. */
        List<String> moves() throws Exception;

        /** Start a game: the start (null: the usual), who plays, the clock, and the record's headers. */
        void newGame(String startSfen, Player black, Player white, TimeControl clock, Map<String, String> headers);

        /** The opponent's move of this ply: shown on the LEDs, for the player to carry out. */
        void opponentMoved(int ply, String usi);

        /** Take the board's game back to this many moves. */
        void takeBack(int plies);

        /** The server's clocks. */
        void clocks(long blackMillis, long whiteMillis);

        /** The server ended the game after these moves (the whole game, in USI: the board may not have shown the last). */
        void ended(List<String> moves, Side winner, Termination termination, String status);
    }

    private final LishogiApi api;
    private final OnlineSettings settings;
    private final Table table;
    private final String account;
    private final ScheduledExecutorService acting = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("online"));
    private final Thread events;
    private volatile Thread gameReader;
    private volatile boolean running = true;
    /** The game being played, touched only on the acting thread. */
    private OnlineGame game;
    private String gameShown;
    /** The seek posted and not yet met (its request held open), or null; touched only on the acting thread. */
    private LishogiApi.Seek seek;

    /**
     * Sign in with the token and follow the account's events.
     *
     * @throws IllegalArgumentException "Online play refused. lishogi says ..." when the site refuses the token
     */
    public static OnlinePlay start(OnlineSettings settings, Table table) throws IOException, InterruptedException {
        LishogiApi api = new LishogiApi(settings.site(), settings.token());
        LishogiApi.Reply me;
        try {
            me = api.account();
        } catch (IOException e) {
            throw new IllegalArgumentException("Online play unavailable. " + settings.site() + " cannot be reached ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                    + "); check online.url and the network.");
        }
        if (!me.ok() || !me.body().hasNonNull("id")) {
            throw new IllegalArgumentException("Online play refused. lishogi says " + me.error()
                    + " (a token with the scope board:play: docs/online.md).");
        }
        NdjsonReader events; // opened here: a token without the board's scope is refused now, not later
        try {
            events = api.events();
        } catch (LishogiApi.StreamRefused e) {
            throw new IllegalArgumentException("Online play refused. lishogi says " + e.getMessage()
                    + " (a token with the scope board:play: docs/online.md).");
        } catch (IOException e) {
            throw new IllegalArgumentException("Online play unavailable. " + settings.site() + " cannot be reached ("
                    + e.getMessage() + "); check online.url and the network.");
        }
        OnlinePlay play = new OnlinePlay(api, settings, table, me.body().get("id").asText(), events);
        play.events.start();
        log.info("Online: signed in to {} as {}.", settings.site().getHost(), me.body().path("username").asText(play.account));
        return play;
    }

    private OnlinePlay(LishogiApi api, OnlineSettings settings, Table table, String account, NdjsonReader firstEvents) {
        this.api = api;
        this.settings = settings;
        this.table = table;
        this.account = account;
        this.events = DaemonThreads.named("online-events").newThread(() -> followEvents(firstEvents));
    }

    /** The board changed (a move was played or taken back): check whether a move is to be sent. */
    public void boardChanged() {
        log.debug("Online: the board changed.");
        act(this::reconcile);
    }

    /**
     * Ask the site, off the caller's thread: {@code seek} posts the configured seek in the lobby; resign, abort,
     * draw/yes, takeback/yes... act on the game in progress. The answer is null when there is no game to act on.
     */
    public CompletableFuture<LishogiApi.Reply> ask(String command) {
        CompletableFuture<LishogiApi.Reply> answer = new CompletableFuture<>();
        act(() -> {
            try {
                if (command.equals("seek")) {
                    withdrawSeek();
                    seek = api.seek(settings.seek());
                    answer.complete(seek.reply());
                } else {
                    answer.complete(gameShown == null ? null : api.command(gameShown, command));
                }
            } catch (IOException | InterruptedException e) {
                answer.completeExceptionally(e);
            }
        });
        return answer;
    }

    // ---------------------------------------------------------------- the streams

    private void followEvents(NdjsonReader first) {
        long backoff = 1_000;
        NdjsonReader opened = first;
        while (running) {
            try (NdjsonReader stream = opened != null ? opened : api.events()) {
                opened = null;
                backoff = 1_000;
                JsonNode event;
                while (running && (event = stream.next()) != null) {
                    switch (event.path("type").asText()) {
                        case "gameStart" -> startReading(event.path("game").path("id").asText());
                        case "challenge" -> answerChallenge(event.path("challenge"));
                        default -> log.debug("Online event: {}", event.path("type").asText());
                    }
                }
            } catch (IOException e) {
                log.warn("Online: the event stream dropped ({}); following it again in {} s.", e.getMessage(), backoff / 1000);
            } catch (InterruptedException e) {
                return;
            }
            backoff = pause(backoff);
        }
    }

    /** Withdraw a seek still open (a game began, or the daemon stops). */
    private void withdrawSeek() {
        if (seek != null) {
            try {
                seek.close();
            } catch (IOException e) {
                log.debug("seek", e);
            }
            seek = null;
        }
    }

    private void startReading(String gameId) {
        act(this::withdrawSeek);
        Thread old = gameReader;
        if (old != null) {
            old.interrupt();
        }
        Thread reader = DaemonThreads.named("online-game").newThread(() -> readGame(gameId));
        gameReader = reader;
        reader.start();
    }

    /** Read a game's stream to its end, opening it again (from the whole game) whenever it drops. */
    private void readGame(String gameId) {
        long backoff = 1_000;
        boolean over = false;
        while (running && !over && gameReader == Thread.currentThread()) {
            try (NdjsonReader stream = api.game(gameId)) {
                backoff = 1_000;
                JsonNode line;
                while ((line = stream.next()) != null) {
                    JsonNode taken = line;
                    String type = line.path("type").asText();
                    if (type.equals("gameFull") || type.equals("gameState")) {
                        act(() -> take(gameId, taken));
                        over |= type.equals("gameState") && !List.of("created", "started").contains(line.path("status").asText());
                    } else if (type.equals("chatLine")) {
                        log.info("Online chat ({}): {}: {}", line.path("room").asText(), line.path("username").asText(),
                                line.path("text").asText());
                    }
                }
            } catch (IOException e) {
                log.warn("Online: the game stream of {} dropped ({}); reading it again in {} s.", gameId, e.getMessage(),
                        backoff / 1000);
            } catch (InterruptedException e) {
                return;
            }
            if (!over) {
                backoff = pause(backoff);
            }
        }
    }

    private long pause(long backoff) {
        try {
            Thread.sleep(backoff);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
    }

    private void answerChallenge(JsonNode challenge) throws IOException, InterruptedException {
        String id = challenge.path("id").asText();
        if (!settings.acceptChallenges() || id.isEmpty() || challenge.path("challenger").path("id").asText().equalsIgnoreCase(account)) {
            return;
        }
        String variant = challenge.path("variant").path("key").asText("standard");
        if (!OnlineGame.PLAYABLE_VARIANTS.contains(variant)) {
            log.info("Online: declined challenge {} ({} is not played on this board).", id, variant);
            api.decline(id, "variant");
        } else if (gameShown != null && game != null && !game.over()) {
            api.decline(id, "later");
        } else {
            LishogiApi.Reply accepted = api.accept(id);
            log.info("Online: accepted challenge {} ({}).", id, accepted.ok() ? "ok" : accepted.error());
        }
    }

    // ---------------------------------------------------------------- on the acting thread

    private void act(Runnable task) {
        if (running) {
            acting.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    log.warn("Online: {}", e.toString());
                }
            });
        }
    }

    /** Take a line of the game stream: a whole game (the first line, and after each reconnection) or its new state. */
    private void take(String gameId, JsonNode line) {
        long now = System.currentTimeMillis();
        if (line.path("type").asText().equals("gameFull")) {
            OnlineGame full = OnlineGame.of(line, account, now);
            if (!full.playable()) {
                log.warn("Online: game {} is {}, which this board does not play; it is not played here.", gameId, full.variant());
                return;
            }
            if (!gameId.equals(gameShown)) {
                gameShown = gameId;
                OnlineGame.Player black = full.player(Side.BLACK);
                OnlineGame.Player white = full.player(Side.WHITE);
                JsonNode clock = full.clockConfig();
                TimeControl control = clock.isObject() ? new TimeControl(clock.path("initial").asLong(),
                        clock.path("byoyomi").asLong(), clock.path("increment").asLong()) : TimeControl.NONE;
                String site = settings.site().getHost();
                table.newGame(full.initialSfen(), player(full, Side.BLACK, black), player(full, Side.WHITE, white), control,
                        Map.of("場所", site, "棋戦", site + " " + full.url(settings.site()),
                                "備考", "先手 " + describe(black) + "、後手 " + describe(white)));
            } else if (game != null) {
                full.carrySent(game); // a reconnection: what was sent stays sent
            }
            game = full;
        } else if (game != null) {
            game.state(line, now);
        }
        if (game != null) {
            table.clocks(game.clocks().senteMillis(), game.clocks().goteMillis());
            reconcile();
            if (game.over()) {
                end();
            }
        }
    }

    /** Bring the board and the server to agree: show the opponent's move, send ours, or take back. */
    private void reconcile() {
        if (game == null) {
            return;
        }
        List<String> board;
        try {
            board = table.moves();
        } catch (Exception e) {
            log.warn("Online: the board's game could not be read ({}).", e.getMessage());
            return;
        }
        OnlineGame.Step step = game.next(board);
        log.debug("Online: board {} and server {}: {}", board, game.moves(), step);
        if (step instanceof OnlineGame.Step.Show show) {
            table.opponentMoved(board.size(), show.usi().get(0));
        } else if (step instanceof OnlineGame.Step.Send send) {
            send(send);
        } else if (step instanceof OnlineGame.Step.TakeBack back) {
            table.takeBack(back.plies());
        }
    }

    private void send(OnlineGame.Step.Send send) {
        try {
            LishogiApi.Reply reply = api.move(game.id(), send.usi());
            if (reply.ok()) {
                game.sent(send.ply());
            } else if (reply.status() == 400) {
                log.warn("Online: lishogi refused the move {} ({}); the board takes it back.", send.usi(), reply.error());
                game.refused(send.ply());
                table.takeBack(send.ply() - 1);
            } else { // 429 (the API waits as asked before its next call) or the site's own trouble
                log.warn("Online: the move {} was not taken ({}); it is sent again.", send.usi(), reply.error());
                retry();
            }
        } catch (IOException e) {
            log.warn("Online: the move {} could not be sent ({}); it is sent again.", send.usi(), e.getMessage());
            retry();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void retry() {
        if (running) {
            acting.schedule(this::reconcile, 1, TimeUnit.SECONDS);
        }
    }

    private void end() {
        String status = game.status();
        if (status.equals("aborted") || status.equals("nostart")) {
            log.info("Online: game {} was aborted.", game.id());
            return;
        }
        Termination termination = switch (status) {
            case "mate", "stalemate" -> Termination.CHECKMATE;
            case "outoftime", "timeout" -> Termination.TIME_FORFEIT;
            case "repetition" -> Termination.SENNICHITE;
            case "perpetualcheck" -> Termination.PERPETUAL_CHECK;
            case "impasse27", "draw" -> Termination.IMPASSE_DECLARATION;
            case "tryrule" -> Termination.TRY;
            case "cheat" -> Termination.ILLEGAL_MOVE;
            default -> Termination.RESIGNATION;
        };
        table.ended(game.moves(), game.winner(), termination, status);
    }

    private static Player player(OnlineGame full, Side side, OnlineGame.Player p) {
        return side == full.side() ? Player.human(p.name()) : Player.online(p.name());
    }

    private static String describe(OnlineGame.Player p) {
        return (p.title() == null ? "" : p.title() + " ") + p.name() + (p.rating() > 0 ? " (" + p.rating() + ")" : "");
    }

    @Override
    public void close() {
        act(this::withdrawSeek); // before the last task: a seek left open would start a game no one plays
        running = false;
        events.interrupt();
        Thread reader = gameReader;
        if (reader != null) {
            reader.interrupt();
        }
        acting.shutdown();
        try {
            acting.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
