package org.shogibridge.core.rules;

/** A SFEN position or USI move that cannot be read; the message says what is wrong and where. */
public class SfenException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SfenException(String message) {
        super(message);
    }
}
