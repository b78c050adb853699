package org.shogibridge.device.daemon;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.shogibridge.core.engine.Engine;
import org.shogibridge.core.engine.EvalParams;
import org.shogibridge.core.engine.EvalWeights;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.review.GameReviewer;
import org.shogibridge.core.review.ReviewComments;
import org.shogibridge.core.review.ReviewSummary;
import org.shogibridge.core.review.ReviewedMove;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.speech.Language;
import org.shogibridge.device.io.TextFiles;
import org.shogibridge.device.journal.GameArchive;
import org.shogibridge.device.state.ReviewJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A review of every finished game ({@code review.enabled}, docs/learning.md), after its record is on disk: on a thread
 * of its own with an engine of its own (one search thread, a small table), each position searched only while no
 * computer player of a game in progress is thinking. The record files are then written again with the review's
 * comments, the review beside them, and only then is it published (retained), so a viewer told of a review finds it
 * in the files. A daemon stopped mid-review reviews the game again at its next start.
 */
final class PostGameReview implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PostGameReview.class);
    /** How long a review waits between looks at a game's computer player that is thinking. */
    private static final long YIELD_MILLIS = 20;

    private final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(task, "review");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });
    private final GameArchive archive;
    private final long nodes;
    private final BooleanSupplier gameThinking;
    private final Consumer<String> publish;
    private volatile boolean closed;
    /** The newest game reviewed since the start, for the menu's 検討; null before the first. */
    private volatile Reviewed latest;

    /** A reviewed game: its id, the position its moves start from, and the summary of its mistakes. */
    record Reviewed(String gameId, Position start, int[] moves, ReviewSummary summary) {
    }

    /**
     * @param nodes        the node budget per position
     * @param gameThinking true while a game's computer player thinks: the review waits
     * @param publish      takes the review's JSON once it is on disk
     */
    PostGameReview(GameArchive archive, long nodes, BooleanSupplier gameThinking, Consumer<String> publish) {
        this.archive = archive;
        this.nodes = nodes;
        this.gameThinking = gameThinking;
        this.publish = publish;
    }

    /**
     * Review a game that has just ended (called once its end is on disk and published), if a person played in it: a
     * game between computers (the demo) teaches nobody, and would keep a core busy game after game.
     */
    void after(SessionEvent event, long epochMillis) {
        if (event instanceof SessionEvent.GameEnded ended && ended.state().plies() > 0) {
            Set<Side> people = people(ended.state());
            String gameId = ended.state().gameId();
            if (people.isEmpty()) {
                return;
            }
            try {
                // Pending on disk first: a daemon that stops before the review thread takes it up reviews it next start.
                archive.reviewBegun(gameId);
            } catch (IOException e) {
                log.warn("Review of game {} not noted: {}", gameId, e.getMessage());
            }
            try {
                thread.execute(() -> review(gameId, people));
            } catch (java.util.concurrent.RejectedExecutionException stopping) {
                // the game ended as the daemon stopped (issue 97: a stack trace in a test's log)
                log.debug("Review of game {} left for the next start: the daemon stops.", gameId);
            }
        }
    }

    /** Review the games whose review a stopped daemon began and did not finish. */
    void catchUp() {
        thread.execute(() -> {
            try {
                for (String gameId : archive.pendingReviews()) {
                    review(gameId, EnumSet.allOf(Side.class)); // who was a person is not in the record: both sides
                }
            } catch (IOException e) {
                log.warn("Review: the games could not be listed ({}).", e.getMessage());
            }
        });
    }

    /** Return the sides a person played: their moves are the ones summed up. */
    private static Set<Side> people(GameState state) {
        Set<Side> people = EnumSet.noneOf(Side.class);
        if (state.tsume() != null) {
            return people; // a tsume is checked as it is played: 正解 or its refutation
        }
        if (state.black().kind() == Player.Kind.HUMAN) {
            people.add(Side.BLACK);
        }
        if (state.white().kind() == Player.Kind.HUMAN) {
            people.add(Side.WHITE);
        }
        return people;
    }

    private void review(String gameId, Set<Side> people) {
        Path kifu = archive.file(gameId, "kifu");
        if (kifu == null || closed) {
            return;
        }
        try {
            long began = System.nanoTime();
            GameRecord record = RecordFormat.read(kifu.toString(), TextFiles.readBytes(kifu, RecordFormat.MAX_BYTES));
            int[] moves = record.mainLine().moveArray();
            if (moves.length == 0) {
                return;
            }
            archive.reviewBegun(gameId);
            // An engine a review: the game's variant's weights, and a 4 MB table (the game's engine keeps its 16 MB).
            Engine engine = new Engine(4, EvalWeights.builtIn(record.startPosition().variant()), EvalParams.DEFAULT, 1);
            List<ReviewedMove> review = new GameReviewer(engine, nodes).review(record.startPosition(), moves,
                    this::waitWhileAGameThinks);
            if (closed) {
                return; // stopped mid-review: reviewed again at the next start
            }
            ReviewSummary summary = ReviewSummary.of(record.startPosition(), review, people);
            // The KIF in ShogiHome's form, the CSA (read from its own file) in the floodgate form; a review done again
            // after a stop first takes out what the first one wrote.
            ReviewComments.clear(record);
            ReviewComments.write(record, review, ReviewComments.BUILT_IN_ENGINE);
            Path csaFile = archive.file(gameId, "csa");
            GameRecord csa = csaFile == null ? record : RecordFormat.read(csaFile.toString(),
                    TextFiles.readBytes(csaFile, RecordFormat.MAX_BYTES));
            if (csa != record) {
                ReviewComments.clear(csa);
                ReviewComments.writeFloodgate(csa, review);
            }
            archive.save(gameId, RecordFormat.KIFU.encode(record), RecordFormat.CSA.encode(csa));
            String json = ReviewJson.of(gameId, record.startPosition(), review, summary,
                    ReviewComments.BUILT_IN_ENGINE, nodes);
            archive.saveReview(gameId, json);
            latest = new Reviewed(gameId, record.startPosition(), moves, summary);
            publish.accept(json);
            log.info("Reviewed game {}: {} moves in {} s. {}", gameId, moves.length,
                    TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began), summary.text(Language.EN));
        } catch (ReviewStopped e) {
            log.debug("Review of game {} stopped with the daemon.", gameId);
        } catch (IOException | IllegalArgumentException e) {
            log.warn("Review of game {} not written: {}", gameId, e.getMessage());
        }
    }

    /** Return the newest game reviewed since the daemon started, or null. */
    Reviewed latest() {
        return latest;
    }

    /** Before each position: wait while a game's computer player thinks (the game comes first), or stop if closing. */
    private void waitWhileAGameThinks() {
        while (!closed && gameThinking.getAsBoolean()) {
            try {
                Thread.sleep(YIELD_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                closed = true;
            }
        }
        if (closed) {
            throw new ReviewStopped();
        }
    }

    /** Thrown out of a review's search loop when the daemon stops. */
    private static final class ReviewStopped extends RuntimeException {
        ReviewStopped() {
            super("the daemon stops", null, false, false);
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
