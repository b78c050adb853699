package org.shogibridge.firmware.protocol;

import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a message means, as one line of text that the Java readers here and the C readers of the reference firmware
 * (sbtool in firmware-interface/c/host) both print, so that the two codecs can be compared message by message:
 * {@code SNAPSHOT seq=7 squares=0110... slots=01...}, {@code LEDS status=6}, {@code MALFORMED type=5},
 * {@code FAULT CRC}.
 */
public final class Described {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    private Described() {
    }

    public static String fault(FrameDecoder.Fault fault) {
        return "FAULT " + fault.name();
    }

    /** Describe a decoded frame (as {@link FrameDecoder} hands it on) for a board of this geometry. */
    public static String message(int type, byte[] payload, int bodyLength, int squares, int slots, int groups) {
        BodyReader in = new BodyReader().of(payload, bodyLength);
        String text = switch (type) {
            case Protocol.HELLO -> hello(Hello.read(in));
            case Protocol.SYNC -> {
                int major = in.u8();
                int minor = in.u8();
                yield in.malformed() ? null : "SYNC " + major + "." + minor;
            }
            case Protocol.SNAPSHOT -> {
                Readings readings = new Readings(squares, slots);
                yield readings.readSnapshot(in) ? "SNAPSHOT seq=" + readings.seq() + readings(readings) : null;
            }
            case Protocol.DELTA -> delta(payload, bodyLength, squares, slots);
            case Protocol.BUTTON -> {
                Messages.Button b = Messages.Button.read(in);
                yield b == null ? null : "BUTTON seq=" + b.seq() + " button=" + b.button() + " pressed=" + (b.pressed() ? 1 : 0);
            }
            case Protocol.PING, Protocol.PONG -> {
                int token = in.u16();
                yield in.malformed() ? null : (type == Protocol.PING ? "PING " : "PONG ") + token;
            }
            case Protocol.LEDS -> {
                LedCommand leds = new LedCommand(squares, groups);
                int status = leds.read(in);
                yield status != Protocol.OK ? "LEDS status=" + status : leds(leds);
            }
            case Protocol.ACK -> {
                Messages.Ack a = Messages.Ack.read(in);
                yield a == null ? null : "ACK type=" + a.type() + " seq=" + a.seq() + " status=" + a.status();
            }
            case Protocol.ERROR -> {
                Messages.ErrorReport e = Messages.ErrorReport.read(in);
                yield e == null ? null : "ERROR code=" + e.code() + " detail=" + e.detail();
            }
            default -> "UNKNOWN type=" + type + " length=" + bodyLength;
        };
        return text == null ? "MALFORMED type=" + type : text;
    }

    private static String hello(Hello h) {
        if (h == null) {
            return null;
        }
        return "HELLO " + h.protocol() + " fw=" + h.firmwareVersion()[0] + "." + h.firmwareVersion()[1] + "."
                + h.firmwareVersion()[2] + " name=" + h.firmwareName() + " " + h.files() + "x" + h.ranks() + " features="
                + h.features() + " scan=" + h.scanHz() + " heartbeat=" + h.heartbeatMillis() + " black="
                + runs(h.komadai().black()) + " white=" + runs(h.komadai().white()) + " groups=" + h.ledGroupsBlack() + "|"
                + h.ledGroupsWhite();
    }

    private static String runs(List<KomadaiLayout.Run> runs) {
        return runs.stream().map(r -> r.kind() + "" + r.slots()).collect(Collectors.joining(","));
    }

    private static String readings(Readings r) {
        StringBuilder text = new StringBuilder(" squares=");
        for (int i = 0; i < r.squares(); i++) {
            text.append(r.square(i));
        }
        text.append(" slots=");
        for (int i = 0; i < r.slots(); i++) {
            text.append(r.slot(i) ? 1 : 0);
        }
        return text.toString();
    }

    /**
     * A DELTA's changes, "index:value" in index order. A delta means something only against its base, so it is applied
     * to two boards numbered as its base, one empty and one full (every square face down, every slot taken): a change
     * to 0 shows on the full one, any other on the empty one.
     */
    private static String delta(byte[] payload, int bodyLength, int squares, int slots) {
        BodyReader in = new BodyReader().of(payload, bodyLength);
        int baseSeq = in.byteAt(2) | in.byteAt(3) << 8;
        Readings empty = new Readings(squares, slots).seq(baseSeq);
        Readings full = new Readings(squares, slots).seq(baseSeq);
        for (int i = 0; i < squares; i++) {
            full.square(i, Readings.FACE_DOWN);
        }
        for (int i = 0; i < slots; i++) {
            full.slot(i, true);
        }
        Readings fromEmpty = new Readings(squares, slots);
        Readings fromFull = new Readings(squares, slots);
        if (fromEmpty.applyDelta(in, empty) != Readings.DeltaResult.APPLIED
                || fromFull.applyDelta(new BodyReader().of(payload, bodyLength), full) != Readings.DeltaResult.APPLIED) {
            return null;
        }
        StringBuilder text = new StringBuilder("DELTA seq=" + fromEmpty.seq() + " base=" + baseSeq + " changes=");
        int count = 0;
        for (int i = 0; i < squares + slots; i++) {
            int onEmpty = i < squares ? fromEmpty.square(i) : fromEmpty.slot(i - squares) ? 1 : 0;
            int onFull = i < squares ? fromFull.square(i) : fromFull.slot(i - squares) ? 1 : 0;
            if (onEmpty != 0 || onFull != (i < squares ? Readings.FACE_DOWN : 1)) {
                text.append(count++ > 0 ? "," : "").append(i).append(':').append(onEmpty);
            }
        }
        return text.toString();
    }

    private static String leds(LedCommand leds) {
        StringBuilder text = new StringBuilder("LEDS seq=" + leds.seq() + " brightness=" + leds.brightness() + " squares=");
        for (int i = 0; i < leds.squares(); i++) {
            text.append(HEX.toHexDigits((byte) (leds.colour(i) | leds.pattern(i) << 4)));
        }
        text.append(" groups=");
        for (int i = 0; i < leds.groups(); i++) {
            text.append(HEX.toHexDigits((byte) (leds.groupColour(i) | leds.groupPattern(i) << 4)));
        }
        return text.toString();
    }
}
