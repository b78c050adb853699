package org.shogibridge.firmware.protocol;

/**
 * The small messages: SYNC, PING and PONG, ACK, BUTTON and ERROR, written into a {@link BodyWriter} and read back into
 * records (they are rare: a record per message costs nothing at their rate). HELLO, SNAPSHOT, DELTA and LEDS have
 * their own classes.
 */
public final class Messages {
    /** At most this many characters of detail in an ERROR. */
    public static final int MAX_DETAIL = 64;

    private Messages() {
    }

    /** SYNC body: the Pi's protocol version. The board answers with HELLO and a full SNAPSHOT, and turns its LEDs off. */
    public static BodyWriter sync(BodyWriter out) {
        return out.clear().u8(Protocol.VERSION_MAJOR).u8(Protocol.VERSION_MINOR);
    }

    /** PING or PONG body: a token the PONG echoes. */
    public static BodyWriter token(BodyWriter out, int token) {
        return out.clear().u16(token);
    }

    public static BodyWriter ack(BodyWriter out, Ack ack) {
        return out.clear().u8(ack.type()).u16(ack.seq()).u8(ack.status());
    }

    public static BodyWriter button(BodyWriter out, Button button) {
        return out.clear().u16(button.seq()).u8(button.button()).u8(button.pressed() ? 1 : 0);
    }

    public static BodyWriter error(BodyWriter out, ErrorReport error) {
        String detail = error.detail().length() > MAX_DETAIL ? error.detail().substring(0, MAX_DETAIL) : error.detail();
        return out.clear().u8(error.code()).text(detail);
    }

    /** ACK: the board took (status 0) or refused (an error code) the message of this type and seq. */
    public record Ack(int type, int seq, int status) {
        public static Ack read(BodyReader in) {
            Ack ack = new Ack(in.u8(), in.u16(), in.u8());
            return in.malformed() ? null : ack;
        }
    }

    /** BUTTON: a button was pressed or released; {@code seq} counts events so a repeated frame is seen as one. */
    public record Button(int seq, int button, boolean pressed) {
        public static Button read(BodyReader in) {
            int seq = in.u16();
            int button = in.u8();
            int pressed = in.u8();
            return in.malformed() || button > Protocol.BUTTON_MENU || pressed > 1 ? null : new Button(seq, button, pressed == 1);
        }
    }

    /** ERROR: what went wrong at the other end, as a code and a short printable detail. */
    public record ErrorReport(int code, String detail) {
        public static ErrorReport read(BodyReader in) {
            int code = in.u8();
            String detail = in.text(MAX_DETAIL);
            return in.malformed() ? null : new ErrorReport(code, detail);
        }

        @Override
        public String toString() {
            return Protocol.errorName(code) + (detail.isEmpty() ? "" : ": " + detail);
        }
    }
}
