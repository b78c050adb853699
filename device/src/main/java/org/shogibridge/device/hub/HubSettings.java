package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The hub's settings: its command-line options over its YAML file ({@code --config}, the same names without the
 * dashes: {@code broker: tcp://..., event: club-2026-11, delay-moves: 2}), over the defaults. Built only by
 * {@link #of}, which says in one line what is wrong.
 *
 * @param broker          the club broker the boards publish on (perhaps with an account in the URL)
 * @param caFile          the CA of an {@code ssl://} club broker, or null
 * @param root            the topics' root ({@code shogi/v1})
 * @param publicPrefix    where the delayed feed goes ({@code shogi/v1/public/<event>})
 * @param publicBroker    the broker of the public feed (the club broker unless another is named)
 * @param dashboardBroker the WebSocket URL the event page connects to, or null (the page then says it has none)
 * @param publicDashboardBroker the WebSocket URL viewers' pages reach the public feed at (embeds, the overlay), or null
 *                        (then the dashboard broker's)
 * @param round           the round the games now starting belong to, or null: the one the arbiter set last, else 1
 */
public record HubSettings(String broker, Path caFile, String event, String title, String root, String httpHost, int httpPort,
        Path dataDir, int delayMoves, int delaySeconds, String publicPrefix, String publicBroker, String dashboardBroker,
        String publicDashboardBroker, Path pairings, Integer round) {

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final Set<String> KEYS = Set.of("broker", "ca-file", "event", "title", "http-host", "http-port", "data-dir",
            "delay-moves", "delay-seconds", "public-prefix", "public-broker", "dashboard-broker", "public-dashboard-broker", "pairings", "round");

    /** The event's own topics: {@code <root>/<event>}. */
    public String eventPrefix() {
        return root + "/" + event;
    }

    /** The settings of a file (or null) with options over it; an {@link IllegalArgumentException} says what is wrong. */
    public static HubSettings of(Path file, Map<String, Object> options) throws IOException {
        Map<String, Object> merged = new LinkedHashMap<>();
        if (file != null) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("Bad hub configuration. " + file + " is not a file.");
            }
            JsonNode yaml;
            try {
                yaml = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
            } catch (IOException e) {
                throw new IllegalArgumentException("Bad hub configuration. " + file + " is not YAML: " + e.getMessage().lines().findFirst().orElse(""));
            }
            if (yaml != null && !yaml.isMissingNode() && !yaml.isNull()) {
                if (!yaml.isObject()) {
                    throw new IllegalArgumentException("Bad hub configuration. " + file + " must be a map of settings.");
                }
                yaml.fields().forEachRemaining(e -> {
                    if (!KEYS.contains(e.getKey())) {
                        throw new IllegalArgumentException("Bad hub configuration. " + file + ": unknown key '" + e.getKey()
                                + "' (known: " + String.join(", ", new java.util.TreeSet<>(KEYS)) + ").");
                    }
                    merged.put(e.getKey(), e.getValue().isNumber() ? (Object) e.getValue().asInt() : e.getValue().asText());
                });
            }
        }
        options.forEach((k, v) -> {
            if (v != null) {
                merged.put(k, v);
            }
        });
        String event = text(merged, "event", "local");
        if (!ID.matcher(event).matches()) {
            throw new IllegalArgumentException("Bad hub setting. event '" + event + "' must be letters, digits, '-', '_' or '.'.");
        }
        String broker = text(merged, "broker", "tcp://127.0.0.1:1883");
        if (!broker.matches("(tcp|ssl|ws|wss)://.+")) {
            throw new IllegalArgumentException("Bad hub setting. broker '" + broker + "' must be tcp://, ssl://, ws:// or wss://HOST:PORT.");
        }
        String root = "shogi/v1";
        return new HubSettings(broker, path(merged, "ca-file"), event, text(merged, "title", event), root,
                text(merged, "http-host", "0.0.0.0"), number(merged, "http-port", 8090, 0, 65535),
                Path.of(text(merged, "data-dir", "shogi-bridge-hub")), number(merged, "delay-moves", 0, 0, 1000),
                number(merged, "delay-seconds", 0, 0, 86_400), text(merged, "public-prefix", root + "/public/" + event),
                text(merged, "public-broker", broker), text(merged, "dashboard-broker", null),
                text(merged, "public-dashboard-broker", text(merged, "dashboard-broker", null)), path(merged, "pairings"),
                merged.get("round") == null ? null : number(merged, "round", 1, 1, 1000));
    }

    private static String text(Map<String, Object> m, String key, String fallback) {
        Object v = m.get(key);
        return v == null || v.toString().isBlank() ? fallback : v.toString().strip();
    }

    private static Path path(Map<String, Object> m, String key) {
        String v = text(m, key, null);
        return v == null ? null : Path.of(v);
    }

    private static int number(Map<String, Object> m, String key, int fallback, int min, int max) {
        Object v = m.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            int n = v instanceof Number number ? number.intValue() : Integer.parseInt(v.toString().strip());
            if (n < min || n > max) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Bad hub setting. " + key + " '" + v + "' must be a whole number from " + min
                    + " to " + max + ".");
        }
    }
}
