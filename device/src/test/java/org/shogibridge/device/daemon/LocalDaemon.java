package org.shogibridge.device.daemon;

import com.pi4j.context.Context;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.shogibridge.device.config.ConfigLoader;

/**
 * A daemon in this process on the simulated board with the embedded broker on free ports (event {@code test}, board
 * {@code b1}), configured by extra keys, and a subscriber to all its topics that knows it listens.
 */
final class LocalDaemon implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(30);
    static final String PREFIX = "shogi/v1/test/b1";

    final Daemon daemon;
    final Subscriber mqtt;
    /** The daemon's clock and timers: the system's time, which the test may skip ahead. */
    final SkippableTime time = new SkippableTime();

    /** Start it: sente and gote as given, then the extra configuration keys over the defaults. */
    LocalDaemon(Path data, Map<String, Object> sente, Map<String, Object> gote, Map<String, Object> extra) throws Exception {
        this(data, sente, gote, extra, null);
    }

    /** Start it on a wired board on this Pi4J context (a mock Pi), or, with null, the configuration's board. */
    LocalDaemon(Path data, Map<String, Object> sente, Map<String, Object> gote, Map<String, Object> extra, Context pi4j)
            throws Exception {
        int mqttPort = Ports.free();
        Map<String, Object> overrides = new HashMap<>(Map.of("data-dir", data.toString(), "event", "test", "board-id", "b1",
                "broker.mqtt-port", mqttPort, "broker.ws-port", Ports.free(), "http.port", Ports.free(),
                "players.sente", sente, "players.gote", gote));
        overrides.putAll(extra);
        var settings = new ConfigLoader().load(null, overrides);
        daemon = new Daemon(settings, pi4j == null ? org.shogibridge.device.board.wired.PiBoardFactory::hardwareContext
                : () -> pi4j, time.clock, time);
        daemon.start();
        // With broker.url among the extras the daemon is on that broker (a Mosquitto of the test's), and so is its watcher.
        String url = extra.get("broker.url") instanceof String external ? external : "tcp://127.0.0.1:" + mqttPort;
        mqtt = Subscriber.toListeningDaemon(url, PREFIX, null, null, WAIT);
    }

    @Override
    public void close() throws Exception {
        Subscriber.closeAll(mqtt, daemon);
    }
}
