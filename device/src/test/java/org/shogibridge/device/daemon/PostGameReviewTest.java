package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.session.SessionEvent;
import org.shogibridge.core.session.SessionSettings;
import org.shogibridge.core.session.TimeControl;
import org.shogibridge.core.simulation.HumanSimulator;
import org.shogibridge.device.Await;
import org.shogibridge.device.journal.GameArchive;

class PostGameReviewTest {
    @TempDir
    Path dir;

    /** A game between two people that Black resigns after four moves; return its end. */
    private static SessionEvent.GameEnded resignedGame() {
        List<SessionEvent> events = new ArrayList<>();
        InferenceSettings board = InferenceSettings.defaults();
        GameSession session = new GameSession(new SessionSettings(Variant.STANDARD, board, TimeControl.NONE,
                Player.human("A"), Player.human("B")), () -> "20261206-100000-b1", events::add);
        session.start(1, 0);
        HumanSimulator hands = new HumanSimulator(Variant.STANDARD, board, 0, 3, 5, session::snapshot);
        hands.watch(session.leds());
        hands.setUp(Position.start(Variant.STANDARD));
        for (String usi : List.of("7g7f", "3c3d", "2g2f", "4c4d")) {
            Position p = session.state().position();
            hands.play(p, Usi.parseLegalMove(p, usi));
        }
        session.resign(Side.BLACK, hands.timeMillis());
        return events.stream().filter(SessionEvent.GameEnded.class::isInstance).map(SessionEvent.GameEnded.class::cast)
                .findFirst().orElseThrow();
    }

    /** Issue 97: a game that ends as the daemon stops is reviewed at the next start, and nothing is thrown. */
    @Test
    void aGameThatEndsAsTheDaemonStopsIsReviewedAtTheNextStart() throws Exception {
        GameArchive archive = new GameArchive(dir);
        SessionEvent.GameEnded ended = resignedGame();
        String id = ended.state().gameId();
        archive.save(id, ended.record());

        List<String> published = new CopyOnWriteArrayList<>();
        PostGameReview stopped = new PostGameReview(archive, 2_000, () -> false, published::add);
        stopped.close();
        stopped.after(ended, 0);
        assertEquals(List.of(id), archive.pendingReviews());

        try (PostGameReview next = new PostGameReview(archive, 2_000, () -> false, published::add)) {
            next.catchUp();
            Await.until("the review published", Duration.ofSeconds(60), () -> !published.isEmpty());
        }
        assertEquals(List.of(), archive.pendingReviews());
        assertNotNull(archive.review(id));
        assertEquals(1, published.size());
    }
}
