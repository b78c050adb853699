package org.shogibridge.device.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.mqtt.BrokerRoles;
import org.shogibridge.device.journal.GameArchive;

/**
 * The daemon's web server (on {@link HttpService}). It serves the dashboard from the jar ({@code /}), its
 * settings ({@code /config.json}), the recorded games ({@code /games/}, {@code /games/index.json},
 * {@code /games/<id>.kifu}, {@code .kif}, {@code .csa}, {@code .jkf}, {@code .json} for the board view, and
 * {@code .review.json}) and
 * the game in progress as a growing KIF ({@code /live/<board>.kifu}) for broadcast relays.
 */
public final class WebServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The live game's downloads: KIF in UTF-8 (.kifu) and in Shift_JIS (.kif, for Kifu for Windows and older tools), CSA, JKF. */
    private static final String REVIEW = ".review.json";
    private static final Map<String, RecordFormat> LIVE_FORMATS = Map.of("kifu", RecordFormat.KIFU, "kif", RecordFormat.KIF,
            "csa", RecordFormat.CSA, "jkf", RecordFormat.JKF);

    private final HttpService server;
    private final GameArchive archive;
    private final RunSettings settings;
    private final Function<RecordFormat, byte[]> liveRecord;
    private final DashboardAssets assets = new DashboardAssets("/dashboard/");
    private final ArchivedGames games;
    /** The built-in tsume with the board's progress ({@code /tsume.json}), once the daemon gives it. */
    private volatile Supplier<String> tsume;

    public WebServer(String host, int port, GameArchive archive, RunSettings settings, Function<RecordFormat, byte[]> liveRecord)
            throws IOException {
        this.archive = archive;
        this.games = new ArchivedGames(archive);
        this.settings = settings;
        this.liveRecord = liveRecord;
        server = HttpService.start(host, port, this::handle, "http");
    }

    public int port() {
        return server.port();
    }

    /** Serve the built-in tsume and the board's progress through them at {@code /tsume.json}. */
    public void tsume(Supplier<String> progress) {
        this.tsume = progress;
    }

    private WebReply handle(WebRequest request) throws IOException {
        if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
            return WebReply.text(405, "Method not allowed.\n");
        }
        String path = request.path();
        String board = settings.config().boardId();
        if (path.equals("/games/") || path.equals("/games")) {
            return gameList();
        } else if (path.equals("/games/index.json")) {
            return WebReply.of(200, "application/json", games.index());
        } else if (path.startsWith("/games/")) {
            return archivedGame(path.substring("/games/".length()), board);
        } else if (path.startsWith("/live/" + board + ".") && LIVE_FORMATS.containsKey(path.substring(path.lastIndexOf('.') + 1))) {
            RecordFormat format = LIVE_FORMATS.get(path.substring(path.lastIndexOf('.') + 1));
            byte[] file = liveRecord.apply(format);
            if (file == null) {
                return WebReply.text(503, "The game is not available yet.\n");
            }
            return WebReply.of(200, format == RecordFormat.JKF ? "application/json"
                    : "text/plain; charset=" + (format == RecordFormat.KIF ? "Shift_JIS" : "utf-8"), file).header("Cache-Control", "no-cache");
        } else if (path.equals("/tsume.json") && tsume != null) {
            return WebReply.of(200, "application/json", tsume.get()).header("Cache-Control", "no-cache");
        } else if (path.equals("/config.json")) {
            return WebReply.of(200, "application/json", config(request, board));
        }
        return HttpReplies.staticFile(request, assets, path);
    }

    /** The page's settings: where its broker is, which board, and what it may do. */
    private String config(WebRequest request, String board) {
        var b = settings.config().broker();
        String ws = b.dashboardUrl() != null ? b.dashboardUrl()
                : settings.embeddedBroker() ? "ws://" + hostFor(request) + ":" + b.wsPort() + "/mqtt" : "";
        return JSON.createObjectNode().put("broker", ws)
                .put("prefix", settings.topicPrefix()).put("event", settings.config().event()).put("board", board)
                .put("simulated", "simulated".equals(settings.config().board().source()))
                .put("commands", settings.config().commands().enabled() && pageMayCommand())
                // the page asks for the broker's account before it connects (an arbiter's, to command)
                .put("login", settings.embeddedBroker() ? settings.anonymousRole() == null : b.username() != null)
                // the page watches without an account, and offers the arbiter's sign-in to command
                .put("signIn", settings.embeddedBroker() && settings.anonymousRole() == BrokerRoles.Role.VIEWER
                        && b.username() != null)
                .put("variant", settings.session().variant().name().toLowerCase(java.util.Locale.ROOT))
                .put("usiEngine", settings.usiEngine() == null ? null : settings.usiEngine().name()).toString();
    }

    /** Return true if a page can command the board: anonymously, or signed in with an account that may. */
    private boolean pageMayCommand() {
        return !settings.embeddedBroker() || settings.anonymousRole() == BrokerRoles.Role.ARBITER
                || settings.config().broker().username() != null;
    }

    /**
     * A recorded game: its kept KIF (.kifu) or CSA, or made from the KIF: Shift_JIS KIF, JKF, or the JSON the page's
     * board view opens; or its review ({@code <id>.review.json}) once it has one.
     */
    private WebReply archivedGame(String name, String board) throws IOException {
        if (name.endsWith(REVIEW)) {
            Path review = archive.review(name.substring(0, name.length() - REVIEW.length()));
            return review == null ? WebReply.text(404, "No review of this game.\n")
                    : WebReply.of(200, "application/json", Files.readAllBytes(review));
        }
        int dot = name.lastIndexOf('.');
        String id = dot < 0 ? name : name.substring(0, dot);
        String extension = dot < 0 ? "" : name.substring(dot + 1);
        Path file = archive.file(id, extension);
        if (file != null) {
            return WebReply.of(200, "text/plain; charset=utf-8", Files.readAllBytes(file));
        }
        boolean made = extension.equals("json") || ArchivedGames.CONVERTED.containsKey(extension);
        GameRecord record = made ? games.record(id) : null;
        if (record == null) {
            return WebReply.text(404, "No such game.\n");
        } else if (extension.equals("json")) {
            return WebReply.of(200, "application/json", ArchivedGames.json(id, settings.config().event(), board, record));
        }
        RecordFormat format = ArchivedGames.CONVERTED.get(extension);
        return WebReply.of(200, format == RecordFormat.JKF ? "application/json" : "text/plain; charset=Shift_JIS", format.encode(record));
    }

    private static String hostFor(WebRequest request) {
        String host = request.header("Host");
        if (host == null) {
            return "127.0.0.1";
        }
        return host.startsWith("[") ? host.substring(0, host.indexOf(']') + 1) : host.split(":")[0];
    }

    private WebReply gameList() throws IOException {
        StringBuilder html = new StringBuilder("<!doctype html><html lang=ja><meta charset=utf-8><title>対局一覧 (games)</title>"
                + "<h1>対局一覧 <small lang=en>games</small></h1><ul>\n");
        for (String id : archive.ids()) {
            html.append("<li>").append(id).append(": <a href=\"").append(id).append(".kifu\">KIF</a> <a href=\"")
                    .append(id).append(".csa\">CSA</a>\n");
        }
        html.append("</ul>\n");
        return WebReply.of(200, "text/html; charset=utf-8", html.toString());
    }

    @Override
    public void close() {
        server.close();
    }
}
