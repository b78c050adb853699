package org.shogibridge.firmware.protocol;

/**
 * The constants of the board protocol, version 1.0 (firmware-interface/PROTOCOL.md): frame sizes, message types,
 * error codes, features, buttons, LED colours and patterns. Every multi-byte number is little-endian.
 */
public final class Protocol {
    public static final int VERSION_MAJOR = 1;
    public static final int VERSION_MINOR = 0;

    /** The CRC-32 after type and body. */
    public static final int CRC_BYTES = 4;
    /** Type, body and CRC of one frame, before COBS. */
    public static final int MAX_PAYLOAD = 253;
    public static final int MAX_BODY = MAX_PAYLOAD - 1 - CRC_BYTES;
    /**
     * On the wire, delimiter included: COBS adds one byte to a payload of up to 253 bytes (254 would need a second
     * code byte when it holds no zero), so a whole frame fits a 255-byte buffer.
     */
    public static final int MAX_FRAME = MAX_PAYLOAD + 2;

    // Message types. Board to Pi: HELLO, SNAPSHOT, DELTA, BUTTON, PONG, ACK. Pi to board: SYNC, PING, LEDS. ERROR: both.
    public static final int HELLO = 0x01;
    public static final int SYNC = 0x02;
    public static final int SNAPSHOT = 0x03;
    public static final int DELTA = 0x04;
    public static final int BUTTON = 0x05;
    public static final int PING = 0x06;
    public static final int PONG = 0x07;
    public static final int LEDS = 0x10;
    public static final int ACK = 0x11;
    public static final int ERROR = 0x7F;

    // Error codes, in ERROR messages and in an ACK's status.
    public static final int OK = 0;
    public static final int ERROR_CRC = 1;
    public static final int ERROR_UNKNOWN_TYPE = 2;
    public static final int ERROR_TOO_LONG = 3;
    public static final int ERROR_MALFORMED = 4;
    public static final int ERROR_VERSION = 5;
    public static final int ERROR_BAD_VALUE = 6;

    // HELLO feature bits.
    public static final int FEATURE_FACE_SENSING = 1;
    public static final int FEATURE_CLOCK_BUTTONS = 1 << 1;
    public static final int FEATURE_MENU_BUTTON = 1 << 2;
    public static final int FEATURE_DELTAS = 1 << 3;
    public static final int FEATURE_RGB_LEDS = 1 << 4;

    // Buttons.
    public static final int BUTTON_BLACK_CLOCK = 0;
    public static final int BUTTON_WHITE_CLOCK = 1;
    public static final int BUTTON_MENU = 2;

    /** How often the Pi repeats SYNC while the board has not said hello, and resends an LED frame nobody acked. */
    public static final int RETRY_MILLIS = 500;
    /** No snapshot for this long and the board is offline (four heartbeats of the default 250 ms). */
    public static final int WATCHDOG_MILLIS = 1_000;

    private Protocol() {
    }

    /** Return a message type's name, for logs and errors. */
    public static String typeName(int type) {
        return switch (type) {
            case HELLO -> "HELLO";
            case SYNC -> "SYNC";
            case SNAPSHOT -> "SNAPSHOT";
            case DELTA -> "DELTA";
            case BUTTON -> "BUTTON";
            case PING -> "PING";
            case PONG -> "PONG";
            case LEDS -> "LEDS";
            case ACK -> "ACK";
            case ERROR -> "ERROR";
            default -> String.format("0x%02X", type);
        };
    }

    /** Return an error code's name. */
    public static String errorName(int code) {
        return switch (code) {
            case OK -> "ok";
            case ERROR_CRC -> "CRC error";
            case ERROR_UNKNOWN_TYPE -> "unknown message type";
            case ERROR_TOO_LONG -> "frame too long";
            case ERROR_MALFORMED -> "malformed message";
            case ERROR_VERSION -> "version mismatch";
            case ERROR_BAD_VALUE -> "bad value";
            default -> "error " + code;
        };
    }
}
