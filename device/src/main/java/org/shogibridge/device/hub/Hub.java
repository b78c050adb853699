package org.shogibridge.device.hub;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.device.journal.GameArchive;
import org.shogibridge.device.state.StateRecord;
import org.shogibridge.device.threads.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The event hub, one process per event: hears every board of the event on the club broker, keeps the event's games
 * (finished ones on disk), serves them to relay tools and viewers over HTTP, and republishes the event, delayed, for
 * the world outside the room. The composition root of {@code hub}: it makes the parts and owns the one thread that
 * keeps the broker connections and the public feed going; messages arrive on Paho's thread.
 */
public final class Hub implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Hub.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A board's state is a few kilobytes; anything far larger is not one of ours. */
    private static final int MAX_PAYLOAD_BYTES = 1 << 20;
    private static final long TICK_MILLIS = 100;
    /** Topics a bad message was logged for (bounded: a flood of made-up boards cannot grow it). */
    private static final int MAX_WARNED = 1000;
    private final java.util.Set<String> warned = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The hub's own topic level beside the boards': {@code shogi/v1/<event>/_hub/cmd/<verb>}. */
    static final String HUB_TOPIC = "_hub";
    private static final String EDITED_PAIRINGS = "pairings.csv";
    private static final String ROUND_FILE = "round.txt";

    private final HubSettings settings;
    private final Path eventDir;
    private final EventBoards boards;
    private final EventGames games;
    private final EventFeeds feeds;
    private final HubLink club;
    private final HubLink outside;
    private final PublicFeed publicFeed;
    private final GameIndex index;
    private final Pairings pairings;
    private final HubCommands commands = new HubCommands(new HubCommands.Edits() {
        @Override
        public void round(int round) throws IOException {
            boards.round(round);
            Files.writeString(eventDir.resolve(ROUND_FILE), Integer.toString(round));
        }

        @Override
        public void pairing(Pairings.Pairing pairing) throws IOException {
            pairings.put(pairing);
            pairings.write(eventDir.resolve(EDITED_PAIRINGS));
        }
    });
    private final Thread thread;
    private HubWeb web;
    private volatile boolean running = true;
    /** Released when a board's state arrives, so the public feed need not wait for the next tick. */
    private final Semaphore changed = new Semaphore(0);

    public Hub(HubSettings settings) throws Exception {
        this.settings = settings;
        this.eventDir = Files.createDirectories(settings.dataDir().resolve("events").resolve(settings.event()));
        pairings = settings.pairings() == null ? Pairings.empty() : Pairings.read(settings.pairings());
        Path edited = eventDir.resolve(EDITED_PAIRINGS);
        if (Files.exists(edited)) {
            pairings.putAll(Pairings.read(edited)); // the arbiter's edits win over the organiser's file
        }
        Delay delay = new Delay(settings.delayMoves(), settings.delaySeconds() * 1000L);
        games = new EventGames(eventDir.resolve("games"));
        index = GameIndex.open(settings.dataDir());
        boards = new EventBoards(numbers(), settings.round() != null ? settings.round() : savedRound(), this::saveNumbers, this::keep);
        PublicSnapshots snapshots = new PublicSnapshots();
        feeds = new EventFeeds(settings.event(), settings.title(), boards, games, pairings, delay, System::currentTimeMillis,
                snapshots);
        String id = "shogi-bridge-hub-" + UUID.randomUUID().toString().substring(0, 8);
        club = new HubLink(settings.broker(), id, settings.caFile(), this::heard, settings.eventPrefix() + "/+/+",
                settings.eventPrefix() + "/" + HUB_TOPIC + "/cmd/+", settings.eventPrefix() + "/+/games/+");
        outside = settings.publicBroker().equals(settings.broker()) ? club
                : new HubLink(settings.publicBroker(), id + "-public", settings.caFile(), null);
        publicFeed = new PublicFeed(boards, delay, settings.publicPrefix(), outside, snapshots);
        thread = DaemonThreads.named("hub").newThread(this::run);
    }

    public void start() throws IOException {
        web = new HubWeb(settings, feeds, new ArchiveFeeds(index, feeds::heldBack));
        thread.start();
    }

    public int httpPort() {
        return web.port();
    }

    /** Wait up to {@code millis} until the club broker is connected. */
    public boolean awaitConnected(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (!club.connected() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        return club.connected();
    }

    private void run() {
        while (running) {
            long now = System.currentTimeMillis();
            club.keepConnected(now);
            if (outside != club) {
                outside.keepConnected(now);
            }
            outside.checkDelivered(now);
            try {
                publicFeed.publish(now);
            } catch (RuntimeException e) {
                log.warn("Public feed: {}", e.toString());
            }
            try {
                changed.tryAcquire(TICK_MILLIS, TimeUnit.MILLISECONDS); // a board's change, or the delay's next tick
                changed.drainPermits();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** A message of a board: {@code <root>/<event>/<board>/<kind>}. Bad ones are logged and dropped, never kept. */
    private void heard(String topic, MqttMessage message) {
        String rest = topic.substring(settings.eventPrefix().length() + 1);
        int slash = rest.indexOf('/');
        String board = rest.substring(0, slash);
        String kind = rest.substring(slash + 1);
        if (board.equals(HUB_TOPIC)) {
            if (kind.startsWith("cmd/") && kind.indexOf('/', 4) < 0 && !message.isRetained()) {
                String answer = commands.handle(kind.substring(4), message.getPayload());
                club.publish(topic + "/result", answer, 1, false);
                log.info("Hub command {}: {}", kind.substring(4), answer);
            }
            return;
        }
        if (kind.startsWith("games/") && message.getPayload().length > 0 && message.getPayload().length <= MAX_PAYLOAD_BYTES
                && boards.accepts(board)) {
            keepRecord(board, kind.substring("games/".length()), message.getPayload());
            return;
        }
        if (kind.equals("review") && message.getPayload().length > 0 && message.getPayload().length <= MAX_PAYLOAD_BYTES
                && boards.accepts(board)) {
            keepReview(board, message.getPayload());
            return;
        }
        if (!(kind.equals("state") || kind.equals("status") || kind.equals("analysis")) || message.getPayload().length == 0) {
            return; // moves: the state carries them all; an empty payload clears a retained message
        }
        if (!boards.accepts(board)) {
            if (warned.size() < MAX_WARNED && warned.add("too many boards")) {
                log.warn("Ignored board {}: the event already has {} boards.", board, EventBoards.MAX_BOARDS);
            }
            return;
        }
        if (message.getPayload().length > MAX_PAYLOAD_BYTES) {
            if (warned.size() < MAX_WARNED && warned.add(topic)) {
                log.warn("Ignored {}: {} bytes is not a board's message.", topic, message.getPayload().length);
            }
            return;
        }
        long now = System.currentTimeMillis();
        try {
            JsonNode json = JSON.readTree(new String(message.getPayload(), StandardCharsets.UTF_8));
            switch (kind) {
                case "state" -> {
                    StateRecord.record(json); // a state the rules core cannot replay is refused here, not in a feed
                    boards.state(board, json, now);
                    changed.release(); // republished at once when nothing is held back
                }
                case "status" -> boards.status(board, json.path("status").asText().equals("online"), now);
                default -> publicFeed.analysis(board, json);
            }
        } catch (IOException | IllegalArgumentException e) {
            if (warned.size() < MAX_WARNED && warned.add(topic)) { // once per topic: a stream of bad messages is one line
                log.warn("Ignored {}: {} (further bad messages on it are not logged)", topic, e.getMessage());
            }
        }
    }

    /**
     * Keep a finished game the board sent as its record ({@code games/<id>}, retained): the way a game that ended
     * while the broker or the hub was down still arrives. Once per game id: a game already kept is not read again.
     */
    private void keepRecord(String board, String gameId, byte[] kifu) {
        if (games.has(gameId) || !GameArchive.validId(gameId)) {
            return;
        }
        try {
            GameRecord record = RecordFormat.read(gameId + ".kifu", kifu);
            games.save(gameId, feeds.keptRecord(board, record));
            index.add(games.kifu(gameId));
            changed.release();
            log.info("Kept game {} of board {} from its record ({}).", gameId, board, record.mainLine().ending());
        } catch (IOException | RuntimeException e) {
            if (warned.size() < MAX_WARNED && warned.add("games/" + board)) {
                log.warn("Ignored the record of game {} of board {}: {}", gameId, board, e.getMessage());
            }
        }
    }

    /**
     * Keep a game's review (a board's retained {@code review}) beside the game in the event's archive, so that the
     * archive's page draws it as the board's own page does. Read as JSON first: a board's message, not any bytes.
     */
    private void keepReview(String board, byte[] payload) {
        try {
            String json = new String(payload, StandardCharsets.UTF_8);
            String gameId = JSON.readTree(json).path("game").asText();
            if (!GameArchive.validId(gameId) || !gameId.contains("-" + board)) { // ids end with the board's (GameIds)
                throw new IllegalArgumentException("not a review of this board's game (" + gameId + ")");
            }
            games.saveReview(gameId, json);
            log.info("Kept the review of game {} of board {}.", gameId, board);
        } catch (IOException | RuntimeException e) {
            if (warned.size() < MAX_WARNED && warned.add("review/" + board)) {
                log.warn("Ignored the review of board {}: {}", board, e.getMessage());
            }
        }
    }

    /** Keep a finished game's record on disk (called once per game, on the MQTT thread). */
    private void keep(EventBoards.Board board) {
        if (games.has(board.gameId())) {
            return; // its record arrived first
        }
        try {
            games.save(board.gameId(), feeds.finishedRecord(board));
            index.add(games.kifu(board.gameId()));
            log.info("Kept game {} of board {} ({}).", board.gameId(), board.id(), EventFeeds.result(board.state()));
        } catch (IOException | RuntimeException e) {
            log.error("Storage failed. The game {} of board {} could not be written ({}); it stays in its board's journal.",
                    board.gameId(), board.id(), e.getMessage());
        }
    }

    /** The round the arbiter set last ({@code round.txt}), else 1. */
    private int savedRound() {
        try {
            Path file = eventDir.resolve(ROUND_FILE);
            return Files.exists(file) ? Integer.parseInt(Files.readString(file).strip()) : 1;
        } catch (IOException | NumberFormatException e) {
            log.warn("The saved round is unreadable ({}); round 1.", e.getMessage());
            return 1;
        }
    }

    /** The numbers boards were given earlier in the event ({@code boards.json}), so a board keeps its number. */
    private Map<String, Integer> numbers() {
        Path file = eventDir.resolve("boards.json");
        try {
            return Files.exists(file) ? JSON.readValue(file.toFile(), new TypeReference<Map<String, Integer>>() { }) : Map.of();
        } catch (IOException e) {
            log.warn("Board numbers in {} unreadable ({}); numbering afresh.", file, e.getMessage());
            return Map.of();
        }
    }

    private void saveNumbers(Map<String, Integer> numbers) {
        Path file = eventDir.resolve("boards.json");
        try {
            Path tmp = file.resolveSibling("boards.json.tmp");
            JSON.writeValue(tmp.toFile(), new java.util.TreeMap<>(numbers));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            log.warn("Board numbers could not be kept in {} ({}).", file, e.getMessage());
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (web != null) {
            web.close();
        }
        if (outside != club) {
            outside.close();
        }
        club.close();
        index.close();
    }
}
