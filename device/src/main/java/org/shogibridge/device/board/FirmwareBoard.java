package org.shogibridge.device.board;

import java.io.IOException;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A board with its own microcontroller, behind the board port: the Pi's end of the protocol in
 * firmware-interface/PROTOCOL.md, over a serial port or TCP. One thread opens the link (again and again while the board
 * is away), says SYNC, checks the HELLO against the configuration, turns every intact snapshot into a core snapshot,
 * and keeps the LEDs as the daemon wants them (resent until acknowledged). A frame that fails its CRC or does not fit is
 * dropped and counted: only whole, checked snapshots reach the inference, so a torn frame cannot invent a move. No
 * snapshot for {@link Protocol#WATCHDOG_MILLIS} and the board is reported offline; when it answers again the inference
 * re-reads it and guides the player back to the recorded position if anything moved meanwhile.
 */
public final class FirmwareBoard implements ReadingsTap.Tappable, FrameDecoder.Sink {
    private static final Logger log = LoggerFactory.getLogger(FirmwareBoard.class);
    /** A board that speaks another protocol is asked again this rarely (someone may be flashing it). */
    private static final int INCOMPATIBLE_RETRY_MILLIS = 5_000;
    /**
     * An LED frame not acknowledged this soon is sent again: the answer takes a few milliseconds, and a player's
     * gestures (the promotion choice) wait for the LEDs.
     */
    private static final int LED_RETRY_MILLIS = 150;
    /** Readings are handed on at most this often (200 Hz), whatever scan rate a board claims. */
    private static final int MIN_SCAN_MILLIS = 5;
    private static final int HOLD_SLACK_MILLIS = 100;

    private enum State { CLOSED, AWAIT_HELLO, AWAIT_SNAPSHOT, ONLINE, INCOMPATIBLE }

    private final Variant variant;
    private final boolean faceSensing;
    private final BoardLink link;
    private final MonotonicClock clock;
    private final FrameDecoder decoder = new FrameDecoder(this);
    private final FrameEncoder encoder = new FrameEncoder();
    private final BodyWriter body = new BodyWriter();
    private final BodyReader reader = new BodyReader();
    private final byte[] in = new byte[512];
    private final byte[] out = new byte[Protocol.MAX_FRAME];
    private final SensorSnapshot snapshot;
    /** The LEDs the daemon wants, one group per komadai; written by the board loop, read by the link thread. */
    private final LedCommand wanted;
    private final Stats stats = new Stats();
    private volatile boolean running;
    private volatile ReadingsTap tap;
    private Thread thread;
    private Listener listener;

    // Link thread only.
    private State state = State.CLOSED;
    private BoardGeometry geometry;
    private Readings readings;
    /** The last full snapshot since the board's HELLO: deltas are relative to it. */
    private Readings lastFull;
    private LedCommand wire;
    private long lastSnapshotMillis;
    /** When the readings were last reported: those handed on after it say so (SensorSnapshot#reportedMillis). */
    private long reportedMillis;
    private long lastDeliveredMillis;
    /** The board's scan period: its readings are handed on this often. */
    private long scanMillis = 10;
    /**
     * How long past its last report the board's readings are held: its heartbeat and a little for the link. Beyond
     * that the Pi does not know the board is still (a report may be on its way), so it does not let the inference's
     * timers run on readings it has not had.
     */
    private long holdMillis = 250 + HOLD_SLACK_MILLIS;
    private long lastSyncMillis;
    private int expectedSeq = -1;
    private int lastButtonSeq = -1;
    /** Whether the board's HELLO announced clock buttons. */
    private volatile boolean clockButtons;
    private int ledSeq;
    private int awaitedAck = -1;
    private long ledSentMillis;
    private long ledVersionSent = -1;
    private Boolean reportedOnline;
    private String lastProblem;
    private volatile long ledVersion;
    /** The frame (and its version) last given to show, then last sent: its acknowledgement is reported. */
    private LedFrame wantedFrame;
    private long wantedFrameVersion;
    private LedFrame sentFrame;
    private long sentFrameVersion;

    /** What went wrong on the link, counted (for logs, the sensor test and the benchmarks). */
    public static final class Stats {
        public volatile long frames;
        public volatile long faults;
        public volatile long gaps;
        public volatile long malformed;
        public volatile long reconnects;
        public volatile long errorsFromBoard;
    }

    public FirmwareBoard(Variant variant, boolean faceSensing, BoardLink link, MonotonicClock clock) {
        this.variant = variant;
        this.faceSensing = faceSensing;
        this.link = link;
        this.clock = clock;
        this.snapshot = new SensorSnapshot(variant);
        this.wanted = new LedCommand(variant.squares(), 2);
    }

    public Stats stats() {
        return stats;
    }

    @Override
    public void tap(ReadingsTap readingsTap) {
        this.tap = readingsTap;
    }

    @Override
    public void start(Listener boardListener) {
        this.listener = boardListener;
        running = true;
        thread = new Thread(this::run, "firmware-board");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public boolean hasClockButtons() {
        return clockButtons;
    }

    @Override
    public void showLeds(LedFrame frame) {
        synchronized (wanted) {
            BoardGeometry.picture(frame, wanted);
            wantedFrame = frame;
            wantedFrameVersion = frame.version();
            ledVersion++;
        }
    }

    @Override
    public boolean acknowledgesLeds() {
        return true;
    }

    @Override
    public void close() {
        running = false;
        BoardPort.stopThread(thread, 2_000);
        link.close();
    }

    // ---------------------------------------------------------------- the link thread

    private void run() {
        while (running) {
            try {
                link.open();
                problem(null);
                decoder.reset();
                state = State.AWAIT_HELLO;
                sync(clock.millis());
                serve();
            } catch (IOException e) {
                problem(e.getMessage());
            } catch (RuntimeException e) {
                log.error("Board link failed: {}", e.toString(), e);
            }
            link.close();
            if (state != State.CLOSED) {
                stats.reconnects++;
            }
            state = State.CLOSED;
            report(false);
            pause(Protocol.RETRY_MILLIS);
        }
    }

    /** Read and answer until the link fails. */
    private void serve() throws IOException {
        while (running) {
            int n = link.read(in);
            long now = clock.millis();
            if (n > 0) {
                decoder.feed(in, 0, n);
            }
            switch (state) {
                case AWAIT_HELLO, AWAIT_SNAPSHOT -> {
                    if (now - lastSyncMillis >= Protocol.RETRY_MILLIS) {
                        sync(now);
                    }
                    if (now - lastSyncMillis > Protocol.WATCHDOG_MILLIS) {
                        report(false);
                    }
                }
                case INCOMPATIBLE -> {
                    if (now - lastSyncMillis >= INCOMPATIBLE_RETRY_MILLIS) {
                        sync(now);
                    }
                }
                case ONLINE -> {
                    if (now - lastDeliveredMillis >= scanMillis && now - lastSnapshotMillis <= holdMillis) {
                        hold(now);
                    }
                    if (now - lastSnapshotMillis > Protocol.WATCHDOG_MILLIS) {
                        problem("Board silent. No snapshot from " + link.describe() + " for " + Protocol.WATCHDOG_MILLIS
                                + " ms; asking it to start again.");
                        report(false);
                        state = State.AWAIT_HELLO;
                        sync(now);
                    } else {
                        sendLeds(now);
                    }
                }
                default -> {
                }
            }
        }
    }

    private void sync(long now) throws IOException {
        lastSyncMillis = now;
        send(Protocol.SYNC, Messages.sync(body));
    }

    private void sendLeds(long now) throws IOException {
        long version = ledVersion;
        boolean changed = version != ledVersionSent;
        boolean unacked = awaitedAck >= 0 && now - ledSentMillis >= LED_RETRY_MILLIS;
        if (!changed && !unacked) {
            return;
        }
        if (changed) {
            synchronized (wanted) {
                geometry.toWire(wanted, wire);
                sentFrame = wantedFrame;
                sentFrameVersion = wantedFrameVersion;
            }
            wire.seq(++ledSeq);
            ledVersionSent = version;
        }
        wire.write(body);
        send(Protocol.LEDS, body);
        awaitedAck = wire.seq();
        ledSentMillis = now;
    }

    private void send(int type, BodyWriter message) throws IOException {
        int n = encoder.encode(type, message.bytes(), message.length(), out);
        link.write(out, n);
    }

    // ---------------------------------------------------------------- frames from the board

    @Override
    public void frame(int type, byte[] payload, int bodyLength) {
        stats.frames++;
        reader.of(payload, bodyLength);
        long now = clock.millis();
        switch (type) {
            case Protocol.HELLO -> hello(now, payload, bodyLength);
            case Protocol.SNAPSHOT -> {
                if (readings == null || state == State.AWAIT_HELLO || state == State.INCOMPATIBLE) {
                    return; // not yet known to be our board
                }
                if (!readings.readSnapshot(reader)) {
                    stats.malformed++;
                    return;
                }
                lastFull.copyFrom(readings);
                deliver(now);
            }
            case Protocol.DELTA -> {
                if (state != State.ONLINE) {
                    return; // no full snapshot since HELLO to apply it to
                }
                switch (readings.applyDelta(reader, lastFull)) {
                    case APPLIED -> deliver(now);
                    case MALFORMED -> stats.malformed++;
                    case WRONG_BASE -> {
                        // Its snapshot was lost: wait for the next full one, at most a second away. The board is
                        // talking, so the watchdog is fed.
                        stats.gaps++;
                        lastSnapshotMillis = now;
                        listener.readingsLost();
                    }
                }
            }
            case Protocol.BUTTON -> {
                Messages.Button button = Messages.Button.read(reader);
                if (button == null) {
                    stats.malformed++;
                } else if (button.seq() != lastButtonSeq) { // a repeated event (the board resent it) counts once
                    lastButtonSeq = button.seq();
                    if (button.button() == Protocol.BUTTON_MENU) {
                        listener.menuButton(button.pressed());
                    } else if (button.pressed()) {
                        listener.clockPressed(button.button() == Protocol.BUTTON_BLACK_CLOCK ? Side.BLACK : Side.WHITE);
                    }
                }
            }
            case Protocol.ACK -> {
                Messages.Ack ack = Messages.Ack.read(reader);
                if (ack != null && ack.type() == Protocol.LEDS && ack.seq() == awaitedAck) {
                    awaitedAck = -1;
                    if (ack.status() != Protocol.OK) {
                        log.warn("The board refused an LED frame: {}.", Protocol.errorName(ack.status()));
                    }
                    if (sentFrame != null) {
                        // A refused frame is reported too: the board has answered and will show nothing better, and a
                        // promotion choice waits for the board's answer before its window counts.
                        listener.ledsShown(sentFrame, sentFrameVersion, now);
                    }
                }
            }
            case Protocol.ERROR -> {
                stats.errorsFromBoard++;
                Messages.ErrorReport error = Messages.ErrorReport.read(reader);
                log.debug("The board reports: {}", error);
            }
            case Protocol.PONG -> {
            }
            default -> stats.malformed++;
        }
    }

    private void hello(long now, byte[] payload, int bodyLength) {
        int major = reader.u8();
        int minor = reader.u8();
        if (reader.malformed()) {
            stats.malformed++;
            return;
        }
        if (major != Protocol.VERSION_MAJOR) {
            state = State.INCOMPATIBLE;
            problem("Incompatible board. " + link.describe() + " speaks protocol " + major + "." + minor + "; this daemon speaks "
                    + Protocol.VERSION_MAJOR + "." + Protocol.VERSION_MINOR + ". Update the firmware or the daemon.");
            report(false);
            return;
        }
        Hello hello = Hello.read(reader.of(payload, bodyLength)); // again from the start: the version first was a peek
        if (hello == null) {
            stats.malformed++;
            return;
        }
        String mismatch = BoardGeometry.mismatch(hello, variant, faceSensing);
        if (mismatch != null) {
            state = State.INCOMPATIBLE;
            problem("Wrong board. " + link.describe() + ": " + mismatch + ".");
            report(false);
            return;
        }
        if (geometry == null || !hello.komadai().equals(geometry.komadai())) {
            geometry = BoardGeometry.of(hello, variant);
            readings = geometry.newReadings();
            lastFull = geometry.newReadings();
            wire = geometry.newLedCommand();
        }
        clockButtons = hello.has(Protocol.FEATURE_CLOCK_BUTTONS);
        scanMillis = Math.max(MIN_SCAN_MILLIS, 1000 / Math.max(1, hello.scanHz()));
        holdMillis = Math.max(1, hello.heartbeatMillis()) + HOLD_SLACK_MILLIS;
        log.info("Board on {}: {}, protocol {}, {}x{}{}, {} komadai slots.", link.describe(), hello.firmware(), hello.protocol(),
                hello.files(), hello.ranks(), hello.has(Protocol.FEATURE_FACE_SENSING) ? " with face sensing" : "",
                hello.komadai().slots());
        state = State.AWAIT_SNAPSHOT;
        expectedSeq = -1;
        lastSyncMillis = now;
    }

    private void deliver(long now) {
        int seq = readings.seq();
        boolean repeated = expectedSeq >= 0 && seq == ((expectedSeq - 1) & 0xFFFF); // a frame the link sent twice
        if (expectedSeq >= 0 && seq != expectedSeq && !repeated) {
            stats.gaps++; // snapshots are whole: a lost one costs nothing but its moment, which the listener is told of
            listener.readingsLost();
        }
        expectedSeq = (seq + 1) & 0xFFFF;
        lastSnapshotMillis = now;
        if (state != State.ONLINE) {
            state = State.ONLINE;
            ledVersionSent = -1; // show the LEDs again: the board forgot them at SYNC
            awaitedAck = -1;
            report(true);
        }
        ReadingsTap t = tap;
        if (t != null) {
            t.readings(geometry, readings, now);
        }
        geometry.toSnapshot(readings, snapshot);
        reportedMillis = now;
        hold(now);
    }

    /**
     * Hand the board's readings to the inference, as of now. A board reports only changes (and a heartbeat), but
     * the readings hold between reports, and the inference counts scans to tell a bounce from a lifted piece: so the
     * last readings are handed on again at the board's scan rate, saying when they were reported.
     */
    private void hold(long now) {
        snapshot.timeMillis(now).reportedMillis(reportedMillis);
        lastDeliveredMillis = now;
        listener.snapshot(snapshot);
    }

    @Override
    public void fault(FrameDecoder.Fault fault) {
        stats.faults++;
    }

    private void report(boolean online) {
        if (reportedOnline != null && reportedOnline == online) {
            return;
        }
        reportedOnline = online;
        if (online) {
            log.info("Board {} online.", link.describe());
            listener.online();
        } else {
            log.warn("Board {} offline.", link.describe());
            listener.offline();
        }
    }

    /** Log a problem once (not on every retry), and that it is over. */
    private void problem(String text) {
        if (text != null && !text.equals(lastProblem)) {
            log.warn(text);
        }
        lastProblem = text;
    }

    private void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            running = false;
        }
    }
}
