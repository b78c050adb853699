package org.shogibridge.device.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.mqtt.BrokerRoles;
import org.shogibridge.device.journal.GameArchive;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's HTTP server, on the JDK's own {@code com.sun.net.httpserver} (a supported JDK module: no dependency,
 * enough for static files and a few read-only endpoints). It serves the dashboard from the jar ({@code /}), its
 * settings ({@code /config.json}), the recorded games ({@code /games/}, {@code /games/index.json},
 * {@code /games/<id>.kifu}, {@code .kif}, {@code .csa}, {@code .jkf}, and {@code .json} for the board view) and
 * the game in progress as a growing KIF ({@code /live/<board>.kifu}) for broadcast relays.
 */
public final class WebServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(WebServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The game in progress as a growing record, for relays and the dashboard's downloads: /live/<board>.kifu etc. */
    /** The live game's downloads: KIF in UTF-8 (.kifu) and in Shift_JIS (.kif, for Kifu for Windows and older tools), CSA, JKF. */
    private static final Map<String, RecordFormat> LIVE_FORMATS = Map.of("kifu", RecordFormat.KIFU, "kif", RecordFormat.KIF,
            "csa", RecordFormat.CSA, "jkf", RecordFormat.JKF);

    private final HttpServer server;
    private final GameArchive archive;
    private final RunSettings settings;
    private final Function<RecordFormat, byte[]> liveRecord;
    private final DashboardAssets assets = new DashboardAssets("/dashboard/");
    private final ArchivedGames games;

    public WebServer(String host, int port, GameArchive archive, RunSettings settings, Function<RecordFormat, byte[]> liveRecord)
            throws IOException {
        this.archive = archive;
        this.games = new ArchivedGames(archive);
        this.settings = settings;
        this.liveRecord = liveRecord;
        server = HttpReplies.server(host, port, this::handle, "http");
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
                send(exchange, 405, "text/plain; charset=utf-8", "Method not allowed.\n");
                return;
            }
            String path = exchange.getRequestURI().getPath();
            String board = settings.config().boardId();
            if (path.equals("/games/") || path.equals("/games")) {
                gameList(exchange);
            } else if (path.equals("/games/index.json")) {
                send(exchange, 200, "application/json", games.index());
            } else if (path.startsWith("/games/")) {
                archivedGame(exchange, path.substring("/games/".length()), board);
            } else if (path.startsWith("/live/" + board + ".") && LIVE_FORMATS.containsKey(path.substring(path.lastIndexOf('.') + 1))) {
                RecordFormat format = LIVE_FORMATS.get(path.substring(path.lastIndexOf('.') + 1));
                byte[] file = liveRecord.apply(format);
                if (file == null) {
                    send(exchange, 503, "text/plain; charset=utf-8", "The game is not available yet.\n");
                } else {
                    exchange.getResponseHeaders().set("Cache-Control", "no-cache");
                    send(exchange, 200, format == RecordFormat.JKF ? "application/json"
                            : "text/plain; charset=" + (format == RecordFormat.KIF ? "Shift_JIS" : "utf-8"), file);
                }
            } else if (path.equals("/config.json")) {
                var b = settings.config().broker();
                String ws = b.dashboardUrl() != null ? b.dashboardUrl()
                        : settings.embeddedBroker() ? "ws://" + hostFor(exchange) + ":" + b.wsPort() + "/mqtt" : "";
                var json = JSON.createObjectNode().put("broker", ws)
                        .put("prefix", settings.topicPrefix()).put("event", settings.config().event()).put("board", board)
                        .put("simulated", "simulated".equals(settings.config().board().source()))
                        .put("commands", settings.config().commands().enabled() && pageMayCommand())
                        // the page asks for the broker's account before it connects (an arbiter's, to command)
                        .put("login", settings.embeddedBroker() ? settings.anonymousRole() == null : b.username() != null)
                        // the page watches without an account, and offers the arbiter's sign-in to command
                        .put("signIn", settings.embeddedBroker() && settings.anonymousRole() == BrokerRoles.Role.VIEWER
                                && b.username() != null)
                        .put("variant", settings.session().variant().name().toLowerCase(java.util.Locale.ROOT))
                        .put("usiEngine", settings.usiEngine() == null ? null : settings.usiEngine().name());
                send(exchange, 200, "application/json", json.toString());
            } else {
                staticFile(exchange, path);
            }
        } catch (IOException e) {
            log.debug("HTTP: {}", e.getMessage());
        } catch (RuntimeException e) {
            log.warn("HTTP request failed: {}", e.toString());
        }
    }

    /**
     * A recorded game: its kept KIF (.kifu) or CSA, or made from the KIF: Shift_JIS KIF, JKF, or the JSON the page's
     * board view opens.
     */
    /** Return true if a page can command the board: anonymously, or signed in with an account that may. */
    private boolean pageMayCommand() {
        return !settings.embeddedBroker() || settings.anonymousRole() == BrokerRoles.Role.ARBITER
                || settings.config().broker().username() != null;
    }

    private void archivedGame(HttpExchange exchange, String name, String board) throws IOException {
        int dot = name.lastIndexOf('.');
        String id = dot < 0 ? name : name.substring(0, dot);
        String extension = dot < 0 ? "" : name.substring(dot + 1);
        Path file = archive.file(id, extension);
        if (file != null) {
            send(exchange, 200, "text/plain; charset=utf-8", Files.readAllBytes(file));
            return;
        }
        boolean made = extension.equals("json") || ArchivedGames.CONVERTED.containsKey(extension);
        GameRecord record = made ? games.record(id) : null;
        if (record == null) {
            send(exchange, 404, "text/plain; charset=utf-8", "No such game.\n");
        } else if (extension.equals("json")) {
            send(exchange, 200, "application/json", ArchivedGames.json(id, settings.config().event(), board, record));
        } else {
            RecordFormat format = ArchivedGames.CONVERTED.get(extension);
            send(exchange, 200, format == RecordFormat.JKF ? "application/json" : "text/plain; charset=Shift_JIS",
                    format.encode(record));
        }
    }

    private static String hostFor(HttpExchange exchange) {
        String host = exchange.getRequestHeaders().getFirst("Host");
        if (host == null) {
            return "127.0.0.1";
        }
        return host.startsWith("[") ? host.substring(0, host.indexOf(']') + 1) : host.split(":")[0];
    }

    private void gameList(HttpExchange exchange) throws IOException {
        StringBuilder html = new StringBuilder("<!doctype html><html lang=ja><meta charset=utf-8><title>対局一覧 (games)</title>"
                + "<h1>対局一覧 <small lang=en>games</small></h1><ul>\n");
        for (String id : archive.ids()) {
            html.append("<li>").append(id).append(": <a href=\"").append(id).append(".kifu\">KIF</a> <a href=\"")
                    .append(id).append(".csa\">CSA</a>\n");
        }
        html.append("</ul>\n");
        send(exchange, 200, "text/html; charset=utf-8", html.toString());
    }

    private void staticFile(HttpExchange exchange, String path) throws IOException {
        HttpReplies.staticFile(exchange, assets, path);
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        HttpReplies.send(exchange, status, type, body);
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        HttpReplies.send(exchange, status, type, body);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
