package org.shogibridge.device.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.journal.GameArchive;
import org.shogibridge.device.journal.Journal;
import org.shogibridge.device.mqtt.MqttLink;
import org.shogibridge.device.state.RecordHeaders;
import org.shogibridge.device.state.StateJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread that makes changes durable and public, in order: each change of the game is appended to the journal and
 * forced to disk, and only then published; a finished game's record files are written to the games directory, and
 * only then does the journal forget it. Running apart from the board loop, a slow SD card never stalls a scan.
 *
 * <p>Nothing is published that is not on disk. When the journal cannot be written (a full or read-only card), the
 * change and every later one wait here in order, unpublished, the {@link StorageListener} is told (the daemon stops
 * the board from accepting moves and {@code status} says why), and the journal is tried again every second; once it
 * takes them, they are published and the board goes on. A record file that cannot be written stays in the journal
 * and is tried again likewise.
 */
final class Outlet implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(Outlet.class);
    private static final long CHECKPOINT_MILLIS = 5_000;
    /**
     * How many of the newest finished games' records stay retained on the broker (and are published again at each
     * connection, for a broker that lost them): a hub away through several games still gets each of them.
     */
    static final int RETAINED_RECORDS = 20;

    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final Journal journal;
    private final GameArchive archive;
    private final MqttLink link;
    private final MonotonicClock clock;
    private final String event;
    /** The event's round ({@code round}), published with each state; null when the configuration gives none. */
    private final Integer round;
    private final String board;
    private volatile boolean running = true;
    private volatile GameState lastState;
    /** The last state published, sent again at each connection: a broker that restarted lost its retained one. */
    private String lastStateJson;
    /** The retained board-against-board messages, by name, sent again at each connection for the same reason. */
    private final java.util.Map<String, String> retainedRemote = new java.util.LinkedHashMap<>();
    private long lastCheckpoint;
    /** When the last state was made durable: a clock checkpoint adds the time since. */
    private long stateTime;
    private long lastLoggedSeq = -1;
    private Thread thread;
    /** Changes not yet on disk, oldest first: while any waits, later changes wait behind it. */
    private final ArrayDeque<Change> unwritten = new ArrayDeque<>();
    private String journalProblem;
    private String archiveProblem;
    private long nextRetry;
    private volatile StorageListener storageListener = problem -> { };

    /** Told when the journal stops taking changes ({@code problem} says why) and when it takes them again (null). */
    interface StorageListener {
        void storage(String problem);
    }

    private static final long RETRY_MILLIS = 1_000;
    private static final int MAX_QUEUED_REPLIES = 256;
    private final AtomicInteger queuedReplies = new AtomicInteger();
    private final AtomicLong droppedReplies = new AtomicLong();

    private java.util.function.BiConsumer<SessionEvent, Long> published = (event, at) -> { };

    private record Reply(String verb, String json) {
    }

    private record Analysis(String json) {
    }

    private record Reviewed(String json) {
    }

    private record Spoken(String json) {
    }

    /** A message of board against board (docs/remote-play.md), published in turn with the changes before it. */
    private record Remote(String name, String json, boolean retained) {
    }

    /** A change of the game and the wall-clock time it was made (published as the state's {@code time}). */
    private record Change(SessionEvent event, long epochMillis) {
    }

    Outlet(Journal journal, GameArchive archive, MqttLink link, MonotonicClock clock, String event, String board, Integer round) {
        this.journal = journal;
        this.archive = archive;
        this.link = link;
        this.clock = clock;
        this.event = event;
        this.round = round;
        this.board = board;
    }

    /** What a broker may have lost (one that restarted without persistence), published again at each connection. */
    private void publishAgain() {
        publishRecentRecords();
        if (lastStateJson != null) {
            link.state(lastStateJson); // replaces a waiting one, which is this one or older
        }
        retainedRemote.forEach((name, json) -> link.remote(name, json, true));
    }

    /** Publish the newest finished games' records again each time the broker is reached (it may have lost them). */
    private void publishRecentRecords() {
        try {
            List<String> ids = archive.ids();
            List<String> recent = new java.util.ArrayList<>(ids.subList(0, Math.min(RETAINED_RECORDS, ids.size())));
            java.util.Collections.reverse(recent); // oldest first, as they were played
            for (String gameId : recent) {
                Path kifu = archive.file(gameId, "kifu");
                if (kifu != null) {
                    link.record(gameId, Files.readString(kifu));
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            log.warn("The recent games' records could not be read for the broker: {}", e.getMessage());
        }
    }

    /**
     * Be told of each change once it is journaled and published (on the outlet thread): the voice speaks then, and a
     * finished game's review begins. Listeners are told in the order they were added.
     */
    void onPublished(java.util.function.BiConsumer<SessionEvent, Long> listener) {
        this.published = this.published.andThen(listener);
    }

    void onStorage(StorageListener listener) {
        this.storageListener = listener;
    }

    /** Start the thread; {@code died} is told if it ends by an error it cannot go on from (out of memory). */
    void start(Thread.UncaughtExceptionHandler died) {
        thread = new Thread(this, "outlet");
        thread.setUncaughtExceptionHandler(died);
        thread.start();
    }

    /** Journal and publish a change (called from the board loop). */
    void change(SessionEvent event) {
        long now = System.currentTimeMillis();
        if (event instanceof SessionEvent.GameEnded ended) {
            RecordHeaders.add(ended.record(), this.event, RecordHeaders.place(board, ended.state().black(), ended.state().white()),
                    round, ended.state().gameId(), now);
        }
        queue.add(new Change(event, now));
    }

    /**
     * Publish a command's answer. Answers wait at most {@value #MAX_QUEUED_REPLIES} deep (a flood's {@code Busy.}
     * answers when the broker is slow): beyond that one is dropped and counted, never a change of the game.
     */
    void reply(String verb, String json) {
        if (queuedReplies.incrementAndGet() > MAX_QUEUED_REPLIES) {
            queuedReplies.decrementAndGet();
            if (droppedReplies.getAndIncrement() % 1000 == 0) {
                log.warn("Command answers dropped: {} so far; commands arrive faster than they can be answered.", droppedReplies.get());
            }
            return;
        }
        queue.add(new Reply(verb, json));
    }

    void analysis(String json) {
        queue.add(new Analysis(json));
    }

    /** Publish a finished game's review (retained), in turn with the changes before it; it is on disk already. */
    void review(String json) {
        queue.add(new Reviewed(json));
    }

    /**
     * Publish a message of board against board on {@code remote/<name>}, in turn with the changes before it: a retained
     * one is kept until the broker has it (and sent again at each connection); another only if the broker is there.
     */
    void remote(String name, String json, boolean retained) {
        queue.add(new Remote(name, json, retained));
    }

    /** Publish a {@code voice} message, in turn with the changes before it. */
    void voice(String json) {
        queue.add(new Spoken(json));
    }

    @Override
    public void run() {
        link.onConnected(this::publishAgain);
        writeRecords(); // finished games a stop left in the journal
        while (running || !queue.isEmpty()) {
            try {
                Object item = queue.poll(50, TimeUnit.MILLISECONDS);
                while (item != null) {
                    handle(item);
                    item = queue.poll();
                }
                retryStorage();
                checkpoint();
                link.pump(clock.millis());
            } catch (InterruptedException e) {
                running = false;
            } catch (RuntimeException e) {
                log.error("Outlet: {}", e.toString(), e);
            }
        }
    }

    private void handle(Object item) {
        if (item instanceof Change timed) {
            unwritten.add(timed);
            writeWaitingChanges();
        } else if (item instanceof Reply reply) {
            queuedReplies.decrementAndGet();
            link.reply(reply.verb(), reply.json());
        } else if (item instanceof Analysis analysis) {
            link.analysis(analysis.json());
        } else if (item instanceof Reviewed reviewed) {
            link.review(reviewed.json());
        } else if (item instanceof Spoken spoken) {
            link.voice(spoken.json());
        } else if (item instanceof Remote remote) {
            if (remote.retained()) {
                retainedRemote.put(remote.name(), remote.json());
                link.remote(remote.name(), remote.json(), true);
            } else if (link.connected()) {
                link.remote(remote.name(), remote.json(), false); // a ping or its answer is worth nothing later
            }
        }
    }

    /** Journal the waiting changes in order, publishing each once it is on disk; stop at the first that fails. */
    private void writeWaitingChanges() {
        while (!unwritten.isEmpty()) {
            Change timed = unwritten.peek();
            try {
                journal.append(timed.event());
            } catch (IOException e) {
                journalFailed(e);
                return;
            }
            unwritten.poll();
            if (timed.event() instanceof SessionEvent.GameEnded) {
                writeRecords(); // before the end is published: a viewer told of the end finds the record files
            }
            publish(timed);
            published.accept(timed.event(), timed.epochMillis());
        }
        if (journalProblem != null) {
            journalProblem = null;
            log.info("The journal is written again; {} is accepting moves.", board);
            reportStorage();
        }
    }

    private void journalFailed(IOException e) {
        nextRetry = clock.millis() + RETRY_MILLIS;
        if (journalProblem == null) {
            journalProblem = describe(e, "The journal") + " Moves are not accepted until it can be written again.";
            log.error("{} ({} change(s) wait, unpublished).", journalProblem, unwritten.size());
            reportStorage();
        }
    }

    /** Write the record files of finished games the journal still holds; it forgets each one written. */
    private void writeRecords() {
        for (String gameId : journal.unarchivedGames()) {
            try {
                byte[][] files = journal.recordFiles(gameId);
                archive.save(gameId, files[0], files[1]);
                journal.archived(gameId);
                link.record(gameId, new String(files[0], java.nio.charset.StandardCharsets.UTF_8));
                forgetOldestRetainedRecord();
            } catch (IOException e) {
                nextRetry = clock.millis() + RETRY_MILLIS;
                if (archiveProblem == null) {
                    archiveProblem = describe(e, "The record of game " + gameId)
                            + " The game is safe in the journal and is written as soon as there is room.";
                    log.error(archiveProblem);
                    reportStorage();
                }
                return;
            }
        }
        if (archiveProblem != null) {
            archiveProblem = null;
            log.info("Every finished game's record is written again.");
            reportStorage();
        }
    }

    /** The game that has just left the newest {@link #RETAINED_RECORDS}: its record is no longer kept on the broker. */
    private void forgetOldestRetainedRecord() {
        try {
            List<String> ids = archive.ids();
            if (ids.size() > RETAINED_RECORDS) {
                link.forgetRecord(ids.get(RETAINED_RECORDS));
            }
        } catch (IOException e) {
            log.debug("Listing the games: {}", e.getMessage());
        }
    }

    private void retryStorage() {
        if ((journalProblem == null && archiveProblem == null) || clock.millis() < nextRetry) {
            return;
        }
        nextRetry = clock.millis() + RETRY_MILLIS;
        writeWaitingChanges();
        if (journalProblem == null) {
            writeRecords();
        }
    }

    private void reportStorage() {
        String problem = journalProblem != null ? journalProblem : archiveProblem;
        link.problem(problem, journalProblem != null);
        storageListener.storage(journalProblem);
    }

    /** "Disk full. The journal could not be written (...)." and the like, loud and plain. */
    private static String describe(IOException e, String what) {
        String message = String.valueOf(e.getMessage());
        String category = message.contains("No space left") ? "Disk full." : message.contains("Read-only")
                || e instanceof java.nio.file.AccessDeniedException ? "Storage read-only." : "Storage failed.";
        return category + " " + what + " could not be written (" + message + ").";
    }

    private void publish(Change timed) {
        SessionEvent change = timed.event();
        GameState state = change.stateOrNull();
        lastState = state;
        stateTime = clock.millis();
        if (change instanceof SessionEvent.MovePlayed || change instanceof SessionEvent.MoveUndone) {
            link.move(StateJson.move(change, event, board));
        }
        lastStateJson = StateJson.state(state, event, board, round, timed.epochMillis());
        link.state(lastStateJson);
        link.pump(clock.millis()); // viewers first, the log line after
        logChange(change);
    }

    /** A running clock is saved every few seconds, so a crash costs at most that much of the mover's time. */
    private void checkpoint() {
        GameState state = lastState;
        long now = clock.millis();
        if (state == null || state.result() != null || state.clock().running() == null || now - lastCheckpoint < CHECKPOINT_MILLIS
                || journalProblem != null) {
            return;
        }
        lastCheckpoint = now;
        try {
            journal.checkpoint(state.seq(), state.clock().advanced(now - stateTime));
        } catch (IOException e) {
            log.warn("Clock checkpoint not written: {}", e.getMessage());
        }
    }

    private void logChange(SessionEvent change) {
        GameState s = change.stateOrNull();
        if (change instanceof SessionEvent.GameStarted started) {
            log.info("Game {} started: {} (black) vs {} (white){}.", s.gameId(), s.black().name(), s.white().name(),
                    started.handicap() == null ? "" : ", " + started.handicap());
        } else if (change instanceof SessionEvent.MovePlayed m) {
            log.info("Game {} move {}: {} {} ({} ms){}.", s.gameId(), m.ply(), m.usi(), m.japanese(), m.elapsedMillis(),
                    m.computer() ? ", computer" : "");
        } else if (change instanceof SessionEvent.MoveUndone u) {
            log.info("Game {}: {} taken back.", s.gameId(), u.usi());
        } else if (change instanceof SessionEvent.GameEnded) {
            log.info("Game {} ended: {} ({} moves), recorded in {}.", s.gameId(),
                    s.result().winner() == null ? s.result().reason() : s.result().winner().name().toLowerCase() + " wins by " + s.result().reason(),
                    s.plies(), archive.directory());
        } else if (s.resumed() && lastLoggedSeq < 0) {
            log.info("Game {} resumed at move {} after a restart.", s.gameId(), s.plies());
        } else if (change instanceof SessionEvent.StatusChanged && s.engineMove() != null) {
            log.info("Game {}: {} plays {}, shown on the LEDs.", s.gameId(), s.player(s.sideToMove()).name(), s.engineMove());
        } else if (change instanceof SessionEvent.StatusChanged) {
            log.info("Game {}: board {}{}.", s.gameId(), s.status().kind().name().toLowerCase().replace('_', ' '),
                    s.status().detail().isEmpty() ? "" : " (" + s.status().detail() + ")");
        }
        lastLoggedSeq = s.seq();
    }

    /** Finish what is queued, publish {@code offline} and close the journal. */
    void stop() {
        running = false;
        if (thread != null) {
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        link.close();
        try {
            journal.close();
        } catch (IOException e) {
            log.warn("Closing the journal: {}", e.getMessage());
        }
    }
}
