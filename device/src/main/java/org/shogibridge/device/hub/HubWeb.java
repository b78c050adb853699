package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import org.shogibridge.device.http.DashboardAssets;
import org.shogibridge.device.http.HttpReplies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hub's HTTP server: the event dashboard ({@code /}, the dashboard's event view on the club broker), its
 * settings ({@code /config.json}), the feeds under {@code /event/} for relay tools and the archive under
 * {@code /archive/}. Feeds may be fetched from any
 * origin (CORS for GET: a viewer's page on another site polls them), are gzip-compressed for clients that accept it,
 * and are answered {@code 304} when unchanged.
 */
final class HubWeb implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HubWeb.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final EventFeeds feeds;
    private final ArchiveFeeds archive;
    private final HubSettings settings;
    private final DashboardAssets assets = new DashboardAssets("/dashboard/");

    HubWeb(HubSettings settings, EventFeeds feeds, ArchiveFeeds archive) throws IOException {
        this.settings = settings;
        this.feeds = feeds;
        this.archive = archive;
        server = HttpReplies.server(settings.httpHost(), settings.httpPort(), this::handle, "hub-http");
    }

    int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            if (path.startsWith("/event/")) {
                exchange.getResponseHeaders().set("Access-Control-Allow-Origin", "*");
                exchange.getResponseHeaders().set("Access-Control-Expose-Headers", "ETag, Last-Modified");
            }
            if (method.equals("OPTIONS")) { // a CORS preflight (a poller that sends If-None-Match)
                exchange.getResponseHeaders().set("Access-Control-Allow-Methods", "GET, HEAD");
                exchange.getResponseHeaders().set("Access-Control-Allow-Headers", "If-None-Match, If-Modified-Since");
                exchange.sendResponseHeaders(204, -1);
                return;
            }
            if (!method.equals("GET") && !method.equals("HEAD")) {
                HttpReplies.send(exchange, 405, "text/plain; charset=utf-8", "Method not allowed.\n");
                return;
            }
            if (path.startsWith("/event/")) {
                event(exchange, path.substring("/event/".length()));
            } else if (path.startsWith("/archive/")) {
                ArchiveFeeds.Answer answer = archive.answer(path.substring("/archive/".length()), exchange.getRequestURI().getRawQuery());
                if (answer == null) {
                    HttpReplies.send(exchange, 404, "text/plain; charset=utf-8", "No such game.\n");
                } else {
                    HttpReplies.send(exchange, 200, answer.type(), answer.bytes());
                }
            } else if (path.equals("/config.json")) {
                HttpReplies.send(exchange, 200, "application/json", config());
            } else {
                HttpReplies.staticFile(exchange, assets, path);
            }
        } catch (IOException e) {
            log.debug("HTTP: {}", e.getMessage());
        } catch (RuntimeException e) {
            log.warn("HTTP request failed: {}", e.toString());
        }
    }

    private void event(HttpExchange exchange, String name) throws IOException {
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
            HttpReplies.send(exchange, 404, "text/plain; charset=utf-8", "No such board or feed.\n");
        } else {
            HttpReplies.feed(exchange, feed);
        }
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
        server.stop(0);
    }
}
