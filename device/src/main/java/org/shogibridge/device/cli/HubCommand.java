package org.shogibridge.device.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.shogibridge.device.config.BrokerUrl;
import org.shogibridge.device.hub.Hub;
import org.shogibridge.device.hub.HubSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hub}: one process per event. Hears every board of the event on the club broker, serves the event to relay
 * tools and viewers over HTTP, keeps its games, and republishes it, delayed, for the outside world (docs/broadcast.md).
 */
@Command(name = "hub", mixinStandardHelpOptions = true,
        description = {"Gather an event's boards: the event page, relay feeds (KIF, CSA, JKF, JSON) with a round index, "
                + "the event's games kept on disk, and a delayed public feed for viewers outside the room."})
public final class HubCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "A YAML file of these settings (names without the dashes).")
    private Path config;

    @Option(names = "--broker", paramLabel = "URL", description = "The club broker the boards publish on (default tcp://127.0.0.1:1883).")
    private String broker;

    @Option(names = "--event", paramLabel = "ID", description = "The event id in the boards' topics (default local).")
    private String event;

    @Option(names = "--http-port", paramLabel = "P", description = "The hub's HTTP port (default 8090).")
    private Integer httpPort;

    @Option(names = "--data-dir", paramLabel = "DIR", description = "Where the event's games are kept (default ./shogi-bridge-hub).")
    private String dataDir;

    @Option(names = "--delay-moves", paramLabel = "N", description = "Hold back the last N moves from the public feed and the feeds.")
    private Integer delayMoves;

    @Option(names = "--delay-seconds", paramLabel = "S", description = "Show each move and the end only S seconds after it was made.")
    private Integer delaySeconds;

    @Option(names = "--public-prefix", paramLabel = "PREFIX", description = "The public feed's topics (default shogi/v1/public/<event>).")
    private String publicPrefix;

    @Option(names = "--public-broker", paramLabel = "URL", description = "The broker of the public feed (default: the club broker).")
    private String publicBroker;

    @Option(names = "--dashboard-broker", paramLabel = "URL", description = "The WebSocket URL the event page connects to.")
    private String dashboardBroker;

    @Option(names = "--public-dashboard-broker", paramLabel = "URL",
            description = "The WebSocket URL viewers reach the public feed at: embeds and the overlay (default: --dashboard-broker).")
    private String publicDashboardBroker;

    @Option(names = "--title", paramLabel = "TEXT", description = "The event's name in the page and the records (default: the id).")
    private String title;

    @Option(names = "--pairings", paramLabel = "FILE", description = "CSV lines round,board,sente,gote: the players of each board.")
    private String pairings;

    @Option(names = "--round", paramLabel = "N", description = "The round the games now starting belong to (default 1).")
    private Integer round;

    @Override
    public Integer call() throws Exception {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("broker", broker);
        options.put("event", event);
        options.put("http-port", httpPort);
        options.put("data-dir", dataDir);
        options.put("delay-moves", delayMoves);
        options.put("delay-seconds", delaySeconds);
        options.put("public-prefix", publicPrefix);
        options.put("public-broker", publicBroker);
        options.put("dashboard-broker", dashboardBroker);
        options.put("public-dashboard-broker", publicDashboardBroker);
        options.put("title", title);
        options.put("pairings", pairings);
        options.put("round", round);
        HubSettings settings = HubSettings.of(config, options);
        Hub hub = new Hub(settings);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            hub.close();
            stopped.countDown();
        }, "shutdown"));
        hub.start();
        PrintWriter out = spec.commandLine().getOut();
        out.println("Broker: " + BrokerUrl.redacted(settings.broker()));
        out.println("Boards: " + settings.eventPrefix() + "/+/{status,state,analysis,games/+}");
        out.println("Public feed: " + settings.publicPrefix() + "/# on " + BrokerUrl.redacted(settings.publicBroker())
                + (settings.delayMoves() + settings.delaySeconds() > 0
                        ? " (delayed " + settings.delayMoves() + " moves, " + settings.delaySeconds() + " s)" : " (no delay)"));
        out.println("Event page: http://" + settings.httpHost() + ":" + hub.httpPort() + "/");
        out.println("Round index: http://" + settings.httpHost() + ":" + hub.httpPort() + "/event/index.json");
        out.println("Ready.");
        out.flush();
        stopped.await();
        return 0;
    }
}
