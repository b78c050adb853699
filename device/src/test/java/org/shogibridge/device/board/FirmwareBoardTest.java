package org.shogibridge.device.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.emulator.BoardEmulator;
import org.shogibridge.firmware.emulator.EmulatorTransport;
import org.shogibridge.firmware.emulator.FaultPlan;
import org.shogibridge.firmware.protocol.BodyWriter;
import org.shogibridge.firmware.protocol.FrameEncoder;
import org.shogibridge.firmware.protocol.Hello;
import org.shogibridge.firmware.protocol.KomadaiLayout;
import org.shogibridge.firmware.protocol.Protocol;

/** The Pi's end of the board protocol against the emulator's firmware, in this process over loopback TCP. */
class FirmwareBoardTest {

    /** Records what the board port reports. */
    static final class Events implements BoardPort.Listener {
        final BlockingQueue<String> events = new LinkedBlockingQueue<>();
        volatile SensorSnapshot last;

        @Override
        public void snapshot(SensorSnapshot snapshot) {
            SensorSnapshot copy = new SensorSnapshot(snapshot.variant());
            copy.copyFrom(snapshot);
            boolean first = last == null;
            last = copy; // before the event: the test thread reads it as soon as it sees the event
            if (first) {
                events.add("snapshot");
            }
        }

        @Override
        public void offline() {
            events.add("offline");
        }

        @Override
        public void online() {
            events.add("online");
        }

        @Override
        public void clockPressed(Side side) {
            events.add("clock " + side);
        }

        @Override
        public void ledsShown(LedFrame frame, long version, long atMillis) {
            events.add("leds shown " + version);
        }

        String next() throws InterruptedException {
            String e = events.poll(10, TimeUnit.SECONDS);
            return e == null ? "(nothing)" : e;
        }
    }

    @Test
    void theBoardIsGreetedReadLitAndItsButtonsHeard() throws Exception {
        MonotonicClock clock = new MonotonicClock();
        Variant v = Variant.STANDARD;
        LedFrame shown = new LedFrame(v.squares());
        BoardEmulator firmware = new BoardEmulator(BoardGeometry.recommended(v, false), "test", true, FaultPlan.none(), shown);
        try (EmulatorTransport.Tcp transport = new EmulatorTransport.Tcp(firmware, FaultPlan.none(), clock::millis, 0)) {
            transport.start();
            Events events = new Events();
            Position position = Position.start(v);
            position.doMove(org.shogibridge.core.rules.Usi.parseLegalMove(position, "7g7f"));
            SensorSnapshot truth = SensorSnapshot.of(position, false);
            truth.komadai(Side.WHITE, Piece.PAWN, 3);
            try (SensorScanner scanner = new SensorScanner(firmware, truth, clock);
                    FirmwareBoard board = new FirmwareBoard(v, false, new TcpLink("127.0.0.1", transport.port()), clock)) {
                board.start(events);
                assertEquals("online", events.next());
                assertEquals("snapshot", events.next());
                assertEquals(truth.toString(), events.last.toString());
                assertEquals(3, events.last.komadai(Side.WHITE, Piece.PAWN));
                assertEquals(0, events.last.komadai(Side.BLACK, Piece.PAWN));

                LedFrame wanted = new LedFrame(v.squares());
                wanted.set(10, LedFrame.Colour.RED, LedFrame.Pattern.FAST_BLINK);
                wanted.setKomadai(Side.BLACK, LedFrame.Colour.GREEN, LedFrame.Pattern.BLINK);
                board.showLeds(wanted);
                Await.until("the LEDs shown", java.time.Duration.ofSeconds(30), () -> shown.colour(10) == LedFrame.Colour.RED);
                assertEquals(LedFrame.Colour.RED, shown.colour(10));
                assertEquals(LedFrame.Pattern.FAST_BLINK, shown.pattern(10));
                assertEquals(LedFrame.Colour.GREEN, shown.komadaiColour(Side.BLACK));
                assertTrue(board.acknowledgesLeds());
                assertEquals("leds shown " + wanted.version(), events.next(), "the board's acknowledgement, reported");

                firmware.button(Protocol.BUTTON_WHITE_CLOCK);
                assertEquals("clock WHITE", events.next());
                assertEquals(0, board.stats().faults);
            }
        }
    }

    /**
     * Between reports the Pi hands the last readings on at the board's scan rate, but no longer than the board's
     * heartbeat (and a little for the link) past its last report: beyond that a report may be on its way, and the
     * inference's timers must not run on readings the Pi has not had (a promotion's window closed on a lift still in
     * the link once recorded 5f5g+ for 5f5g).
     */
    @Test
    void readingsAreHeldNoLongerThanAHeartbeatPastTheLastReport() throws Exception {
        AtomicLong now = new AtomicLong();
        MonotonicClock clock = new MonotonicClock(now::get); // the test's: each step below is 5 ms of the board's time
        Variant v = Variant.STANDARD;
        BoardEmulator firmware = new BoardEmulator(BoardGeometry.recommended(v, false), "test", true, FaultPlan.none(),
                new LedFrame(v.squares()));
        SensorSnapshot truth = SensorSnapshot.of(Position.start(v), false);
        firmware.scan(truth, 0); // read before the board says HELLO, as at power-up
        SteppedLink link = new SteppedLink(firmware, clock);
        Events events = new Events();
        long silentFrom = 300; // the sensors scan until here, then the board falls silent
        try (FirmwareBoard board = new FirmwareBoard(v, false, link, clock)) {
            board.start(events);
            for (long t = 0; t <= silentFrom + 900; t += 5) {
                now.set(t);
                if (t <= silentFrom) {
                    firmware.scan(truth, t); // a report when the heartbeat is due
                }
                link.step();
            }
            link.step(); // the last step handled whole
            assertEquals("online", events.next());
            assertEquals("snapshot", events.next());
            long lastReport = link.lastReadAt();
            long heldUntil = events.last.timeMillis();
            // The board's last heartbeat was read at 250 ms; the readings are handed on at its scan rate for a
            // heartbeat and the link's slack after it, and no longer. Before, they were held until the watchdog.
            assertTrue(lastReport > silentFrom - BoardEmulator.HEARTBEAT_MILLIS && lastReport <= silentFrom,
                    "the last report read at " + lastReport);
            assertTrue(heldUntil >= lastReport + BoardEmulator.HEARTBEAT_MILLIS, "held across a heartbeat: " + heldUntil);
            assertTrue(heldUntil <= lastReport + BoardEmulator.HEARTBEAT_MILLIS + 100,
                    "held " + (heldUntil - lastReport) + " ms past the board's last report");
            // and handed on saying when they were reported: the promotion window counts no further (issue 97)
            assertEquals(lastReport, events.last.reportedMillis());
        }
    }

    /** A fake board that answers every SYNC with this HELLO. */
    private static Thread fakeBoard(ServerSocket server, Hello hello) {
        Thread t = new Thread(() -> {
            try (Socket s = server.accept()) {
                OutputStream out = s.getOutputStream();
                BodyWriter body = new BodyWriter();
                hello.write(body);
                byte[] frame = new byte[Protocol.MAX_FRAME];
                int n = new FrameEncoder().encode(Protocol.HELLO, body.bytes(), body.length(), frame);
                byte[] in = new byte[256];
                while (s.getInputStream().read(in) > 0) { // a SYNC (or part of one): answer it
                    out.write(frame, 0, n);
                }
            } catch (Exception e) {
                // the test is over
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static Hello hello(int major, int files, int ranks) {
        List<KomadaiLayout.Run> runs = List.of(new KomadaiLayout.Run('P', 18));
        return new Hello(major, 0, "other", new int[] {2, 0, 0}, files, ranks, 0, 100, 250, new KomadaiLayout(runs, runs), "*", "*");
    }

    @Test
    void aBoardOfAnotherProtocolOrGeometryIsRefusedAndNeverRead() throws Exception {
        for (Hello hello : List.of(hello(2, 9, 9), hello(1, 5, 5))) {
            try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                fakeBoard(server, hello);
                Events events = new Events();
                try (FirmwareBoard board = new FirmwareBoard(Variant.STANDARD, false,
                        new TcpLink("127.0.0.1", server.getLocalPort()), new MonotonicClock())) {
                    board.start(events);
                    assertEquals("offline", events.next(), "refused: " + hello.protocol() + " " + hello.files() + "x" + hello.ranks());
                    assertTrue(events.events.isEmpty() && events.last == null);
                }
            }
        }
    }
}
