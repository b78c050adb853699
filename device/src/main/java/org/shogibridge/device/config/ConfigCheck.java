package org.shogibridge.device.config;

import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Checks of configuration values whose failures name the key and where it was set ({@code FILE:LINE} or an option). */
record ConfigCheck(Function<String, String> where) {
    /** An id of an event or a board: it becomes an MQTT topic level and a file name. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

    ConfigException fail(String key, String problem) {
        return new ConfigException("Invalid configuration. " + where.apply(key) + ": key '" + key + "' " + problem + ".");
    }

    <T> T oneOf(String key, String value, Map<String, T> allowed) throws ConfigException {
        T found = value == null ? null : allowed.get(value);
        if (found == null) {
            throw fail(key, "must be one of " + String.join(", ", allowed.keySet().stream().sorted().toList())
                    + ", not '" + value + "'");
        }
        return found;
    }

    int range(String key, Integer value, int min, int max) throws ConfigException {
        if (value == null || value < min || value > max) {
            throw fail(key, "must be " + min + " to " + max + ", not " + value);
        }
        return value;
    }

    /** Two keys that go together (a user name and its password): both given, or neither. */
    void pair(String key, Object value, String otherKey, Object other) throws ConfigException {
        if ((value == null) != (other == null)) {
            throw fail(value != null ? key : otherKey, "needs '" + (value != null ? otherKey : key) + "' as well");
        }
    }

    void id(String key, String value) throws ConfigException {
        if (value == null || !ID.matcher(value).matches()) {
            throw fail(key, "must be 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit, not '" + value + "'");
        }
    }

    String name(String key, String value) throws ConfigException {
        if (value.isBlank() || value.length() > 100 || value.chars().anyMatch(Character::isISOControl)) {
            throw fail(key, "must be 1 to 100 printable characters");
        }
        return value;
    }
}
