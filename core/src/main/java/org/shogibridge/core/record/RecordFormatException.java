package org.shogibridge.core.record;

/** A game record that cannot be read: the message names the source, the line and the reason. */
public class RecordFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public RecordFormatException(String source, int line, String reason) {
        super(source + (line > 0 ? ":" + line : "") + ": " + reason);
    }
}
