package org.shogibridge.device.config;

/** A configuration the daemon cannot start with; the message names the file, line and key. */
public final class ConfigException extends Exception {
    public ConfigException(String message) {
        super(message);
    }
}
