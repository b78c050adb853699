package org.shogibridge.device.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.shogibridge.device.config.ConfigException;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.daemon.Daemon;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code run}: the live daemon. Options override the configuration file, which overrides the defaults
 * (docs/configuration.md). Runs until SIGTERM or Ctrl-C, then stops cleanly.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run the daemon: read the board, play, record and broadcast games over MQTT.",
                "With no options: a simulated board, you (sente) against the built-in engine (gote, level 5),",
                "the embedded broker on 127.0.0.1 and the dashboard; data in ./shogi-bridge-data."})
public final class RunCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "The YAML configuration file.")
    private Path config;

    @Option(names = "--simulate", description = "Read a simulated board (the default until the drivers land).")
    private boolean simulate;

    @Option(names = "--voice", description = "Speak the computer's moves, checks, the end and the clock's calls (voice.enabled).")
    private boolean voice;

    @Option(names = "--demo", description = "Engine against engine on the simulated board, game after game, with sensor noise.")
    private boolean demo;

    @Option(names = "--broker", paramLabel = "URL", description = "embedded, tcp://HOST:PORT or ssl://HOST:PORT.")
    private String broker;

    @Option(names = "--dashboard-broker", paramLabel = "URL",
            description = "The WebSocket URL the dashboard connects to, with an external broker (broker.dashboard-url).")
    private String dashboardBroker;

    @Option(names = "--mqtt-port", paramLabel = "P", description = "The embedded broker's MQTT port (default 1883).")
    private Integer mqttPort;

    @Option(names = "--ws-port", paramLabel = "P", description = "The embedded broker's WebSocket port (default 9001).")
    private Integer wsPort;

    @Option(names = "--http-port", paramLabel = "P", description = "The dashboard's HTTP port (default 8080).")
    private Integer httpPort;

    @Option(names = "--data-dir", paramLabel = "DIR", description = "Where the journal and the games go.")
    private String dataDir;

    @Option(names = "--event", paramLabel = "ID", description = "The event id in the topics (default local).")
    private String event;

    @Option(names = "--board", paramLabel = "ID", description = "The board id in the topics (default board1).")
    private String board;

    @Option(names = "--sente", paramLabel = "PLAYER", description = "human, engine[:LEVEL], usi:COMMAND or board:EVENT/BOARD.")
    private String sente;

    @Option(names = "--gote", paramLabel = "PLAYER", description = "human, engine[:LEVEL], usi:COMMAND or board:EVENT/BOARD.")
    private String gote;

    @Option(names = "--variant", paramLabel = "V", description = "standard, okisaki or minishogi.")
    private String variant;

    @Option(names = "--mode", paramLabel = "M", description = "casual (takebacks allowed) or tournament (fouls lose).")
    private String mode;

    @Option(names = "--online", paramLabel = "SERVICE", description = "Play people online on the board: lishogi (online.service).")
    private String online;

    @Option(names = "--online-url", paramLabel = "URL", description = "The site (online.url, default https://lishogi.org).")
    private String onlineUrl;

    @Option(names = "--online-token-file", paramLabel = "FILE", description = "The file holding the account's API token.")
    private String onlineTokenFile;

    @Override
    public Integer call() throws Exception {
        Map<String, Object> overrides = new LinkedHashMap<>();
        put(overrides, "broker.url", broker);
        put(overrides, "broker.dashboard-url", dashboardBroker);
        put(overrides, "broker.mqtt-port", mqttPort);
        put(overrides, "broker.ws-port", wsPort);
        put(overrides, "http.port", httpPort);
        put(overrides, "data-dir", dataDir);
        put(overrides, "event", event);
        put(overrides, "board-id", board);
        put(overrides, "variant", variant);
        put(overrides, "mode", mode);
        put(overrides, "online.service", online);
        put(overrides, "online.url", onlineUrl);
        put(overrides, "online.token-file", onlineTokenFile);
        if (simulate) {
            overrides.put("board.source", "simulated");
        }
        if (voice) {
            overrides.put("voice.enabled", true);
        }
        put(overrides, "players.sente", player("--sente", sente));
        put(overrides, "players.gote", player("--gote", gote));
        if (demo) {
            overrides.put("demo", true);
            overrides.putIfAbsent("players.sente", Map.of("type", "engine", "level", 3));
            overrides.putIfAbsent("players.gote", Map.of("type", "engine", "level", 3));
            overrides.put("board.follow-leds", true);
            overrides.putIfAbsent("board.noise", 0.01);
        }
        RunSettings settings;
        try {
            settings = new ConfigLoader().load(config, overrides);
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage()); // one line, exit 2, nothing started
        }
        Daemon daemon = new Daemon(settings);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            daemon.close();
            stopped.countDown();
        }, "shutdown"));
        daemon.onFatal(() -> System.exit(70)); // the shutdown hook stops the daemon; systemd starts it again
        daemon.start();
        PrintWriter out = spec.commandLine().getOut();
        var b = settings.config().broker();
        if (settings.embeddedBroker()) {
            out.println("Broker: " + daemon.brokerUrl() + " (WebSocket ws://" + b.host() + ":" + b.wsPort() + "/mqtt)");
            if (settings.brokerTls() != null) { // issue 84: the TLS listeners were not named
                var tls = settings.brokerTls();
                out.println("Broker over TLS: " + (tls.mqttPort() > 0 ? "ssl://" + b.host() + ":" + tls.mqttPort() : "")
                        + (tls.mqttPort() > 0 && tls.wsPort() > 0 ? " (WebSocket " : tls.wsPort() > 0 ? "WebSocket " : "")
                        + (tls.wsPort() > 0 ? "wss://" + b.host() + ":" + tls.wsPort() + "/mqtt" : "")
                        + (tls.mqttPort() > 0 && tls.wsPort() > 0 ? ")" : ""));
            }
        } else {
            out.println("Broker: " + daemon.brokerUrl());
        }
        out.println("Topics: " + settings.topicPrefix() + "/#");
        out.println("Dashboard: http://" + settings.config().http().host() + ":" + daemon.httpPort() + "/");
        if (!settings.embeddedBroker() && b.dashboardUrl() == null) {
            // The page talks MQTT over WebSocket, which a tcp:// or ssl:// URL does not give it (issue 82).
            out.println("No broker for the dashboard. The page cannot reach " + settings.brokerUrl()
                    + " without its WebSocket listener: add --dashboard-broker ws://HOST:PORT/mqtt (broker.dashboard-url).");
        }
        out.println("Ready."); // board, session, broker link and web server all run: commands are heard from now on
        out.flush();
        stopped.await();
        return 0;
    }

    private static void put(Map<String, Object> overrides, String key, Object value) {
        if (value != null) {
            overrides.put(key, value);
        }
    }

    private Map<String, Object> player(String option, String text) {
        if (text == null) {
            return null;
        }
        if (text.equals("human")) {
            return Map.of("type", "human");
        }
        if (text.equals("engine")) {
            return Map.of("type", "engine");
        }
        if (text.startsWith("engine:")) {
            try {
                return Map.of("type", "engine", "level", Integer.parseInt(text.substring("engine:".length())));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Invalid option. " + option + " engine:LEVEL needs a level 1-10, not '" + text + "'.");
            }
        }
        if (text.startsWith("usi:") && text.length() > 4) {
            return Map.of("type", "usi", "command", text.substring(4));
        }
        if (text.matches("board:[^/]+/[^/]+")) { // a person at another board: board:EVENT/BOARD (docs/remote-play.md)
            String[] address = text.substring("board:".length()).split("/");
            return Map.of("type", "board", "event", address[0], "board", address[1]);
        }
        throw new IllegalArgumentException("Invalid option. " + option
                + " must be human, engine[:LEVEL], usi:COMMAND or board:EVENT/BOARD, not '" + text + "'.");
    }
}
