package org.shogibridge.firmware.emulator;

import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.protocol.BodyReader;
import org.shogibridge.firmware.protocol.BodyWriter;
import org.shogibridge.firmware.protocol.FrameDecoder;
import org.shogibridge.firmware.protocol.FrameEncoder;
import org.shogibridge.firmware.protocol.Hello;
import org.shogibridge.firmware.protocol.LedCommand;
import org.shogibridge.firmware.protocol.Messages;
import org.shogibridge.firmware.protocol.Protocol;
import org.shogibridge.firmware.protocol.Readings;

/**
 * The firmware of a board, in Java: it answers SYNC with HELLO and a full snapshot, sends a snapshot when the sensors
 * change and at every heartbeat (if enabled, deltas from the last full snapshot, which is repeated every second), acknowledges LED frames and shows
 * them on a core {@link LedFrame} (which the simulated player watches), answers PING, reports buttons, and answers a
 * frame it cannot use with ERROR. Everything it sends passes through a {@link FaultPlan}. Transport-agnostic: the
 * caller feeds it received bytes and scans, and gives it an {@link EmulatedFirmware.Output}.
 */
public final class BoardEmulator extends LinkedFirmware implements FrameDecoder.Sink {
    public static final int HEARTBEAT_MILLIS = 250;
    /** With deltas, a full snapshot at least this often. */
    public static final int FULL_SNAPSHOT_MILLIS = 1_000;
    /**
     * After a change the readings are sent again every 20 ms for 100 ms: one lost frame must not hide a short lift
     * (the promotion gesture lasts 150 ms).
     */
    public static final int REPEAT_MILLIS = 100;
    public static final int REPEAT_EVERY_MILLIS = 20;

    private final BoardGeometry geometry;
    private final Hello hello;
    private final FaultPlan faults;
    private final LedFrame leds;
    private final FrameDecoder decoder = new FrameDecoder(this);
    private final FrameEncoder encoder = new FrameEncoder();
    private final BodyWriter body = new BodyWriter();
    private final BodyReader reader = new BodyReader();
    private final byte[] frame = new byte[Protocol.MAX_FRAME];
    private final Readings current;
    private final Readings sent;
    /** The last full snapshot sent: what deltas are relative to. */
    private final Readings lastFull;
    private final LedCommand ledCommand;
    private final boolean deltas;
    private boolean haveSent;
    private long lastSentMillis;
    private long lastFullMillis;
    private long repeatUntil;
    private int seq;
    private int buttonSeq;
    private long framesSent;
    private long snapshotsSent;
    private long deltasSent;

    public BoardEmulator(BoardGeometry geometry, String firmwareName, boolean deltas, FaultPlan faults, LedFrame leds) {
        this.geometry = geometry;
        this.faults = faults;
        this.leds = leds;
        this.deltas = deltas;
        int features = Protocol.FEATURE_CLOCK_BUTTONS | Protocol.FEATURE_MENU_BUTTON | Protocol.FEATURE_RGB_LEDS | (deltas ? Protocol.FEATURE_DELTAS : 0)
                | (geometry.faceSensing() ? Protocol.FEATURE_FACE_SENSING : 0);
        this.hello = new Hello(Protocol.VERSION_MAJOR, Protocol.VERSION_MINOR, firmwareName, new int[] {1, 0, 0},
                geometry.variant().files(), geometry.variant().ranks(), features, 200, HEARTBEAT_MILLIS, geometry.komadai(),
                geometry.ledGroupsBlack(), geometry.ledGroupsWhite());
        this.current = geometry.newReadings();
        this.sent = geometry.newReadings();
        this.lastFull = geometry.newReadings();
        this.ledCommand = geometry.newLedCommand();
    }

    public Hello hello() {
        return hello;
    }

    /** The link is up (a new connection): the firmware waits for SYNC. */
    @Override
    public synchronized void connected(Output out) {
        link.connected(out);
        decoder.reset();
    }

    /** The link is down. */
    @Override
    public synchronized void disconnected() {
        link.disconnected();
    }

    /** Bytes from the Pi. */
    @Override
    public synchronized void received(byte[] bytes, int length, long nowMillis) {
        this.now = nowMillis;
        decoder.feed(bytes, 0, length);
    }

    private long now;

    /** One scan of the sensors (from the simulated player): send it if it changed or the heartbeat is due. */
    @Override
    public synchronized void scan(SensorSnapshot snapshot, long nowMillis) {
        this.now = nowMillis;
        geometry.toReadings(snapshot, current);
        if (!link.listening()) {
            return;
        }
        boolean changed = !haveSent || !current.sameAs(sent);
        if (changed) {
            repeatUntil = nowMillis + REPEAT_MILLIS;
        }
        boolean fullDue = deltas && nowMillis - lastFullMillis >= FULL_SNAPSHOT_MILLIS;
        if (changed || fullDue || nowMillis - lastSentMillis >= HEARTBEAT_MILLIS
                || nowMillis < repeatUntil && nowMillis - lastSentMillis >= REPEAT_EVERY_MILLIS) {
            sendReadings(false);
        }
    }

    /** A button of the board was pressed (0 black's clock, 1 white's, 2 the menu). */
    public void button(int button) {
        button(button, true);
    }

    /** A button of the board went down or came up (0 black's clock, 1 white's, 2 the menu). */
    @Override
    public synchronized void button(int button, boolean pressed) {
        if (link.listening()) {
            Messages.button(body, new Messages.Button(++buttonSeq & 0xFFFF, button, pressed));
            send(Protocol.BUTTON);
        }
    }

    private void sendReadings(boolean forceFull) {
        current.seq(++seq);
        boolean full = forceFull || !deltas || !haveSent || now - lastFullMillis >= FULL_SNAPSHOT_MILLIS
                || !current.writeDelta(lastFull, body);
        if (full) {
            current.writeSnapshot(body);
            lastFull.copyFrom(current);
            lastFullMillis = now;
        }
        send(full ? Protocol.SNAPSHOT : Protocol.DELTA);
        if (full) {
            snapshotsSent++;
        } else {
            deltasSent++;
        }
        sent.copyFrom(current);
        haveSent = true;
        lastSentMillis = now;
    }

    private void send(int type) {
        int n = encoder.encode(type, body.bytes(), body.length(), frame);
        FaultPlan.Fault fault = link.send(faults, frame, n, now);
        if (fault != null) {
            framesSent++;
        }
        if (fault == FaultPlan.Fault.RESET) {
            reboot();
        }
    }

    /** A firmware restart: it says HELLO and sends a full snapshot without being asked, as a board does at power-up. */
    private void reboot() {
        link.rebooted();
        haveSent = false;
        hello.write(body);
        send(Protocol.HELLO);
        sendReadings(true);
    }

    /** Return how many full snapshots were sent (whatever became of them on the link). */
    @Override
    public synchronized long snapshotsSent() {
        return snapshotsSent;
    }

    /** Return how many deltas were sent. */
    @Override
    public synchronized long deltasSent() {
        return deltasSent;
    }

    public synchronized long framesSent() {
        return framesSent;
    }

    // ---------------------------------------------------------------- frames from the Pi

    @Override
    public void frame(int type, byte[] payload, int bodyLength) {
        reader.of(payload, bodyLength);
        switch (type) {
            case Protocol.SYNC -> {
                int major = reader.u8();
                if (reader.malformed()) {
                    error(Protocol.ERROR_MALFORMED, "SYNC without a version");
                } else if (major != Protocol.VERSION_MAJOR) {
                    error(Protocol.ERROR_VERSION, "board speaks " + Protocol.VERSION_MAJOR + "." + Protocol.VERSION_MINOR);
                } else {
                    link.syncedAt(now);
                    haveSent = false;
                    hello.write(body);
                    send(Protocol.HELLO);
                    sendReadings(true);
                }
            }
            case Protocol.PING -> {
                int token = reader.u16();
                Messages.token(body, token);
                send(Protocol.PONG);
            }
            case Protocol.LEDS -> {
                int messageSeq = bodyLength >= 2 ? (payload[1] & 0xFF) | (payload[2] & 0xFF) << 8 : 0;
                int status = ledCommand.read(reader);
                if (status == Protocol.OK) {
                    geometry.toLedFrame(ledCommand, leds);
                }
                Messages.ack(body, new Messages.Ack(Protocol.LEDS, messageSeq, status));
                send(Protocol.ACK);
            }
            default -> error(Protocol.ERROR_UNKNOWN_TYPE, "type " + Protocol.typeName(type));
        }
    }

    @Override
    public void fault(FrameDecoder.Fault fault) {
        error(fault == FrameDecoder.Fault.TOO_LONG ? Protocol.ERROR_TOO_LONG : Protocol.ERROR_CRC, fault.name().toLowerCase());
    }

    private void error(int code, String detail) {
        Messages.error(body, new Messages.ErrorReport(code, detail));
        send(Protocol.ERROR);
    }
}
