package org.shogibridge.device.daemon;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.session.GameState;

/**
 * Each position's evaluation as it is played ({@code analysis.enabled}): asked of the engine worker at low priority,
 * and published as the {@code analysis} payload (docs/mqtt.md) with every score of the game so far, so that a viewer
 * who arrives late draws the whole graph from the one retained message.
 */
final class GameAnalysis {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final EngineWorker engines;
    private final long millis;
    private final Consumer<String> publish;
    /** The evaluations of the game analysed last, by ply. Touched only by the engine thread's callbacks. */
    private final TreeMap<Integer, Integer> scores = new TreeMap<>();
    private String game;

    GameAnalysis(EngineWorker engines, long millis, Consumer<String> publish) {
        this.engines = engines;
        this.millis = millis;
        this.publish = publish;
    }

    /** Analyse the position of {@code state}; its payload is published when the engine answers. */
    void analyse(GameState state) {
        Position position = state.position();
        long seq = state.seq();
        int ply = state.plies();
        engines.analyse(position, millis, result -> {
            int score = position.sideToMove() == Side.BLACK ? result.score() : -result.score();
            ObjectNode json = JSON.createObjectNode().put("seq", seq).put("game", state.gameId()).put("ply", ply)
                    .put("score", score).put("depth", result.depth());
            var pv = json.putArray("pv");
            for (int m : result.pv()) {
                pv.add(Usi.format(position.variant(), m));
            }
            if (!state.gameId().equals(game)) {
                game = state.gameId();
                scores.clear();
            }
            scores.tailMap(ply).clear(); // a takeback withdrew the later ones
            scores.put(ply, score);
            var graph = json.putArray("scores");
            scores.forEach((p, s) -> graph.addArray().add(p).add(s));
            publish.accept(json.toString());
        });
    }
}
