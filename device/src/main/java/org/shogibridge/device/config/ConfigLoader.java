package org.shogibridge.device.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.shogibridge.device.io.TextFiles;

/**
 * Reads the YAML configuration: the file's keys over the defaults, then the command-line options over both. An
 * unknown key, a wrong type or an impossible value is a {@link ConfigException} that names the file, the line and the
 * key; nothing starts half-configured.
 */
public final class ConfigLoader {
    private static final long MAX_BYTES = 1 << 20;
    private final ObjectMapper yaml;

    public ConfigLoader() {
        yaml = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(com.fasterxml.jackson.databind.MapperFeature.ALLOW_COERCION_OF_SCALARS);
    }

    /**
     * Return the settings from an optional file (null for none) and option overrides, each keyed by its dotted path
     * ({@code broker.url}) with the option's text as value.
     */
    public RunSettings load(Path file, Map<String, Object> overrides) throws ConfigException, IOException {
        ObjectNode merged = yaml.valueToTree(DaemonConfig.defaults());
        Map<String, Integer> lines = new HashMap<>();
        String source = file == null ? "defaults" : file.toString();
        if (file != null) {
            String text = utf8(file, TextFiles.readBytes(file, MAX_BYTES));
            lines.putAll(keyLines(text, source));
            JsonNode fromFile;
            try {
                fromFile = yaml.readTree(text);
                // Binding the file alone finds unknown keys and wrong types with their line.
                if (fromFile != null && fromFile.isObject()) {
                    yaml.readValue(text, DaemonConfig.class);
                }
            } catch (UnrecognizedPropertyException e) {
                throw new ConfigException("Invalid configuration. " + source + ":" + lines.getOrDefault(path(e), line(e.getLocation()))
                        + ": unknown key '" + path(e) + "'" + known(e) + ".");
            } catch (JsonMappingException e) {
                throw new ConfigException("Invalid configuration. " + source + ":" + lines.getOrDefault(path(e), line(e.getLocation()))
                        + ": key '" + path(e) + "' " + expected(e) + ".");
            } catch (JsonProcessingException e) {
                throw new ConfigException("Invalid configuration. " + source + ":" + line(e.getLocation()) + ": not YAML: "
                        + firstLine(e.getOriginalMessage()) + ".");
            }
            if (fromFile != null && fromFile.isObject()) {
                merge(merged, (ObjectNode) fromFile);
            } else if (fromFile != null && !fromFile.isMissingNode() && !fromFile.isNull()) {
                throw new ConfigException("Invalid configuration. " + source + ":1: the file must be a mapping of keys.");
            }
        }
        for (Map.Entry<String, Object> override : overrides.entrySet()) {
            set(merged, override.getKey(), override.getValue());
        }
        DaemonConfig config;
        try {
            config = yaml.treeToValue(merged, DaemonConfig.class);
        } catch (JsonProcessingException e) {
            throw new ConfigException("Invalid configuration. An option has the wrong type: " + firstLine(e.getOriginalMessage()) + ".");
        }
        return RunSettings.validate(config, key -> {
            if (overrides.containsKey(key)) {
                return "option --" + optionName(key);
            }
            Integer line = lines.get(key);
            return line != null ? source + ":" + line : source;
        });
    }

    private static String optionName(String key) {
        return switch (key) {
            case "broker.url" -> "broker";
            case "broker.mqtt-port" -> "mqtt-port";
            case "broker.ws-port" -> "ws-port";
            case "http.port" -> "http-port";
            case "players.sente" -> "sente";
            case "players.gote" -> "gote";
            case "board.source" -> "simulate";
            case "online.service" -> "online";
            case "online.url" -> "online-url";
            case "online.token-file" -> "online-token-file";
            default -> key;
        };
    }

    private static String utf8(Path file, byte[] bytes) throws ConfigException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ConfigException("Invalid configuration. " + file + ": not UTF-8 text.");
        }
    }

    /** Map each key's dotted path to the line it is on, by walking the YAML tokens once. */
    private Map<String, Integer> keyLines(String text, String source) throws ConfigException {
        Map<String, Integer> lines = new HashMap<>();
        Deque<String> path = new ArrayDeque<>();
        String pending = null;
        try (JsonParser parser = yaml.getFactory().createParser(text)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                switch (token) {
                    case FIELD_NAME -> {
                        pending = parser.currentName();
                        String key = path.isEmpty() ? pending : String.join(".", (Iterable<String>) path::descendingIterator) + "." + pending;
                        lines.putIfAbsent(key, parser.currentLocation().getLineNr());
                    }
                    case START_OBJECT -> {
                        if (pending != null) {
                            path.push(pending);
                        } else if (!path.isEmpty() || parser.getParsingContext().getParent() != null
                                && !parser.getParsingContext().getParent().inRoot()) {
                            path.push("[]");
                        }
                        pending = null;
                    }
                    case END_OBJECT -> {
                        if (!path.isEmpty()) {
                            path.pop();
                        }
                    }
                    default -> pending = null;
                }
            }
        } catch (JsonProcessingException e) {
            throw new ConfigException("Invalid configuration. " + source + ":" + line(e.getLocation()) + ": not YAML: "
                    + firstLine(e.getOriginalMessage()) + ".");
        } catch (IOException e) {
            throw new ConfigException("Invalid configuration. " + source + ": " + e.getMessage() + ".");
        }
        return lines;
    }

    private static void merge(ObjectNode into, ObjectNode from) {
        Iterator<Map.Entry<String, JsonNode>> fields = from.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode existing = into.get(field.getKey());
            if (existing instanceof ObjectNode target && field.getValue() instanceof ObjectNode source) {
                merge(target, source);
            } else {
                into.set(field.getKey(), field.getValue());
            }
        }
    }

    private void set(ObjectNode root, String dotted, Object value) {
        String[] parts = dotted.split("\\.");
        ObjectNode node = root;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode child = node.get(parts[i]);
            if (!(child instanceof ObjectNode)) {
                child = node.putObject(parts[i]);
            }
            node = (ObjectNode) child;
        }
        node.set(parts[parts.length - 1], yaml.valueToTree(value));
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                sb.append(sb.length() > 0 ? "." : "").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    /** Say what type a key wanted, in words. */
    private static String expected(JsonMappingException e) {
        Class<?> type = e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m ? m.getTargetType() : null;
        String wanted = type == null ? null
                : type == Integer.class || type == Long.class || type == int.class ? "a whole number"
                : type == Double.class ? "a number"
                : type == Boolean.class ? "true or false"
                : type == String.class ? "a text"
                : type == java.util.Map.class ? "a mapping of names to values"
                : type.isRecord() ? "a mapping of keys" : null;
        return wanted == null ? "has the wrong type: " + firstLine(e.getOriginalMessage()) : "must be " + wanted;
    }

    private static String known(UnrecognizedPropertyException e) {
        if (e.getKnownPropertyIds() == null || e.getKnownPropertyIds().isEmpty()) {
            return "";
        }
        return " (known here: " + String.join(", ", e.getKnownPropertyIds().stream().map(Object::toString).sorted().toList()) + ")";
    }

    private static int line(JsonLocation location) {
        return location == null ? 1 : Math.max(1, location.getLineNr());
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        String first = message.lines().findFirst().orElse("").strip();
        first = first.replaceAll("\\s*\\(class [^)]*\\)", "").replace("`", "'");
        return first.endsWith(".") ? first.substring(0, first.length() - 1) : first;
    }
}
