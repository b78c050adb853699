package org.shogibridge.device.usi;

/** An external USI engine failed: it could not start, died, hung, or broke the protocol. */
public final class UsiEngineException extends Exception {
    public UsiEngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
