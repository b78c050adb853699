package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
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
        return HttpReplies.staticFile(request, assets, path);
    }

    private WebReply event(WebRequest request, String name) throws IOException {
        HttpReplies.Feed feed = switch (name) {
            case "index.json" -> feeds.index();
            case "all.kifu" -> feeds.all();
            case "games.zip" -> feeds.zip();
            default -> {
                int dot = name.lastIndexOf('.');
                yield dot <= 0 ? null : feeds.board(name.substring(0, dot), name.substring(dot + 1));
            }
        };
        return feed == null ? WebReply.text(404, "No such board or feed.\n") : HttpReplies.feed(request, feed);
    }

    /** The page's settings: the event view of this event, on the broker the page can reach, with no controls. */
    private String config() {
        return JSON.createObjectNode().put("broker", settings.dashboardBroker() == null ? "" : settings.dashboardBroker())
                .put("prefix", settings.root() + "/" + settings.event() + "/_hub").put("event", settings.event())
                .putNull("board").put("hub", true).put("title", settings.title()).put("commands", false)
                // the arbiter signs in to edit the round and the pairings (the broker's ACL decides who may)
                .put("signIn", true)
                .put("simulated", false).toString();
    }

    @Override
    public void close() {
        server.close();
    }
}
