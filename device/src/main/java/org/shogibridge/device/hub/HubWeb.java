package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shogibridge.device.http.DashboardAssets;
import org.shogibridge.device.http.HttpReplies;
import org.shogibridge.device.http.HttpService;
import org.shogibridge.device.http.WebReply;
import org.shogibridge.device.http.WebRequest;

/**
 * The hub's HTTP server: the event dashboard ({@code /}, the dashboard's event view on the club broker), its
 * settings ({@code /config.json}), the feeds under {@code /event/} for relay tools and the archive under
 * {@code /archive/}. Feeds may be fetched from any
 * origin (CORS for GET: a viewer's page on another site polls them), are gzip-compressed for clients that accept it,
 * and are answered {@code 304} when unchanged.
 */
final class HubWeb implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** {@code <board>/state.json} or {@code <board>/state/<seq>.json} under {@code /event/}. */
    private static final Pattern PUBLIC_STATE =
            Pattern.compile("([A-Za-z0-9_-]{1,64})/state(?:/([0-9]{1,18}))?\\.json");
    /** {@code /embed/<event>/<board>} and {@code /overlay/<event>/<board>}: one board for other pages and for OBS. */
    private static final Pattern ONE_BOARD = Pattern.compile("/(embed|overlay)/([A-Za-z0-9_.-]{1,64})/([A-Za-z0-9_-]{1,64})/?");
    /** A URL whose content never changes: kept by browsers and CDNs for a year without asking again. */
    static final String IMMUTABLE = "public, max-age=31536000, immutable";
    /** A URL whose content changes: kept a second (a CDN in front asks the hub at most once a second per URL). */
    static final String SHORT = "public, max-age=1";

    private final HttpService server;
    private final EventFeeds feeds;
    private final ArchiveFeeds archive;
    private final HubSettings settings;
    private final DashboardAssets assets = new DashboardAssets("/dashboard/");

    HubWeb(HubSettings settings, EventFeeds feeds, ArchiveFeeds archive) throws IOException {
        this.settings = settings;
        this.feeds = feeds;
        this.archive = archive;
        server = HttpService.start(settings.httpHost(), settings.httpPort(), this::handle, "hub-http");
    }

    int port() {
        return server.port();
    }

    private WebReply handle(WebRequest request) throws IOException {
        WebReply reply = answer(request);
        if (request.path().startsWith("/event/")) {
            reply.header("Access-Control-Allow-Origin", "*").header("Access-Control-Expose-Headers", "ETag, Last-Modified");
        }
        return reply;
    }

    private WebReply answer(WebRequest request) throws IOException {
        String method = request.method();
        String path = request.path();
        if (method.equals("OPTIONS")) { // a CORS preflight (a poller that sends If-None-Match)
            return WebReply.empty(204).header("Access-Control-Allow-Methods", "GET, HEAD")
                    .header("Access-Control-Allow-Headers", "If-None-Match, If-Modified-Since");
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            return WebReply.text(405, "Method not allowed.\n");
        }
        if (path.startsWith("/event/")) {
            return event(request, path.substring("/event/".length()));
        } else if (path.startsWith("/archive/")) {
            ArchiveFeeds.Answer answer = archive.answer(path.substring("/archive/".length()), request.rawQuery());
            return answer == null ? WebReply.text(404, "No such game.\n") : WebReply.of(200, answer.type(), answer.bytes());
        } else if (path.equals("/config.json")) {
            return WebReply.of(200, "application/json", config());
        }
        Matcher oneBoard = ONE_BOARD.matcher(path);
        if (oneBoard.matches()) {
            return oneBoard(oneBoard.group(1), oneBoard.group(2), oneBoard.group(3));
        }
        return HttpReplies.staticFile(request, assets, path);
    }

    private WebReply event(WebRequest request, String name) throws IOException {
        Matcher state = PUBLIC_STATE.matcher(name);
        if (state.matches()) {
            return publicState(state.group(1), state.group(2));
        }
        HttpReplies.Feed feed = switch (name) {
            case "index.json" -> feeds.index();
            case "all.kifu" -> feeds.all();
            case "games.zip" -> feeds.zip();
            default -> {
                int dot = name.lastIndexOf('.');
                yield dot <= 0 ? null : feeds.board(name.substring(0, dot), name.substring(dot + 1));
            }
        };
        if (feed == null) {
            return WebReply.text(404, "No such board or feed.\n");
        }
        String wanted = versionAsked(request.rawQuery());
        boolean oneBoard = !name.equals("index.json") && !name.equals("all.kifu") && !name.equals("games.zip");
        if (wanted != null && oneBoard) {
            String version = feeds.version(name.substring(0, name.lastIndexOf('.')));
            if (!wanted.equals(version)) { // an older version (or none such): the current one's URL, asked again in a second
                return WebReply.empty(302).header("Location", "/event/" + name + "?v=" + version).header("Cache-Control", SHORT);
            }
            return HttpReplies.feed(request, feed, IMMUTABLE);
        }
        // A CDN keeps it a second: however many poll it, the hub makes and sends it at most once a second.
        return HttpReplies.feed(request, feed, SHORT);
    }

    /** The {@code v} of a query ({@code v=3f9a...}), or null. */
    private static String versionAsked(String query) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith("v=")) {
                return pair.substring(2);
            }
        }
        return null;
    }

    /**
     * A board's public state: of one {@code seq} ({@code <board>/state/<seq>.json}), which never changes and may be kept
     * for ever; or the newest ({@code <board>/state.json}), a redirect to its version that may be kept a second. A
     * version no longer kept redirects to the newest: the viewer follows the deltas from there.
     */
    private WebReply publicState(String board, String seq) {
        PublicSnapshots.Snapshot snapshot = seq == null ? null : feeds.publicState(board, Long.parseLong(seq));
        if (snapshot != null) {
            return WebReply.of(200, "application/json", snapshot.json()).header("Cache-Control", IMMUTABLE);
        }
        String newest = feeds.newestPublicState(board);
        return newest == null ? WebReply.text(404, "No such board or feed.\n").header("Cache-Control", SHORT)
                : WebReply.empty(302).header("Location", newest).header("Cache-Control", SHORT);
    }

    /**
     * An embed or the overlay: the page itself, told by its query to show this board from the public feed (the
     * config file names the feed's broker, topics and HTTP folder). A redirect rather than the page at this path, whose
     * assets are found beside it.
     */
    private WebReply oneBoard(String view, String event, String board) {
        if (!event.equals(settings.event())) {
            return WebReply.text(404, "No such event. This hub carries " + settings.event() + ".\n");
        }
        String publicEvent = settings.publicPrefix().substring(settings.publicPrefix().lastIndexOf('/') + 1);
        return WebReply.empty(302).header("Location", "/?view=" + view + "&event=" + publicEvent + "&board=" + board)
                .header("Cache-Control", "public, max-age=3600");
    }

    /** The page's settings: the event view of this event, on the broker the page can reach, with no controls. */
    private String config() {
        return JSON.createObjectNode().put("broker", settings.dashboardBroker() == null ? "" : settings.dashboardBroker())
                .put("prefix", settings.root() + "/" + settings.event() + "/_hub").put("event", settings.event())
                .putNull("board").put("hub", true).put("title", settings.title()).put("commands", false)
                // the arbiter signs in to edit the round and the pairings (the broker's ACL decides who may)
                .put("signIn", true)
                .put("simulated", false)
                // embeds and the overlay follow the public feed: deltas on its broker, states from /event/
                .put("publicBroker", settings.publicDashboardBroker() == null ? "" : settings.publicDashboardBroker())
                .put("publicRoot", settings.publicPrefix().substring(0, Math.max(0, settings.publicPrefix().lastIndexOf('/'))))
                .put("feed", "/event/").toString();
    }

    @Override
    public void close() {
        server.close();
    }
}
