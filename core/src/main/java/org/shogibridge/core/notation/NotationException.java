package org.shogibridge.core.notation;

/** A move text that cannot be read or names an illegal move; the message says what is wrong. */
public class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public NotationException(String message) {
        super(message);
    }
}
