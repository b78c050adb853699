package org.shogibridge.firmware.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.protocol.BodyReader;
import org.shogibridge.firmware.protocol.BodyWriter;
import org.shogibridge.firmware.protocol.FrameDecoder;
import org.shogibridge.firmware.protocol.FrameEncoder;
import org.shogibridge.firmware.protocol.Hello;
import org.shogibridge.firmware.protocol.LedCommand;
import org.shogibridge.firmware.protocol.Messages;
import org.shogibridge.firmware.protocol.Payloads;
import org.shogibridge.firmware.protocol.Protocol;
import org.shogibridge.firmware.protocol.Readings;

/**
 * The firmware core of the reference firmware (c/src/sb_board.c) on a simulated board in virtual time
 * ({@code sbtool board}), held to PROTOCOL.md's "Behaviour" with the Java codec: greeting, reports on change with the
 * 100 ms of repeats and the heartbeat, deltas relative to the last full snapshot, LED frames acknowledged and shown
 * with their blink patterns, buttons debounced, and an ERROR for each fault.
 */
class CFirmwareCoreTest {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();
    private static final BoardGeometry GEOMETRY = BoardGeometry.recommended(Variant.STANDARD, false);
    private static final int SQUARES = 81;
    private static final int SLOTS = GEOMETRY.komadai().slots();

    /** A frame the core sent, at its virtual time. */
    record Sent(long millis, int type, byte[] body) {
        BodyReader reader() {
            return Payloads.reader(type, body, body.length);
        }

        Readings snapshot() {
            Readings r = GEOMETRY.newReadings();
            assertTrue(r.readSnapshot(reader()));
            return r;
        }
    }

    /** What the core did in a run: its frames, and the lit LEDs each time it showed them. */
    record Run(List<Sent> sent, List<Long> ledTimes, List<Map<Integer, String>> leds, String stats) {
        List<Sent> of(int type) {
            return sent.stream().filter(s -> s.type() == type).toList();
        }

        List<Sent> between(long from, long to) {
            return sent.stream().filter(s -> s.millis() >= from && s.millis() < to).toList();
        }
    }

    private static Hello hello(int features) {
        return new Hello(Protocol.VERSION_MAJOR, Protocol.VERSION_MINOR, "reference", new int[] {1, 0, 0}, 9, 9, features,
                200, 250, GEOMETRY.komadai(), "*", "*");
    }

    private static Run run(Hello hello, String script) throws Exception {
        BodyWriter body = new BodyWriter();
        hello.write(body);
        CFirmware.Result result = CFirmware.run(List.of(CFirmware.tool().toString(), "board",
                HEX.formatHex(body.bytes(), 0, body.length())), script.getBytes(), 60);
        assertEquals(0, result.exit(), result.stderr());
        List<Sent> sent = new ArrayList<>();
        List<Long> ledTimes = new ArrayList<>();
        List<Map<Integer, String>> leds = new ArrayList<>();
        String stats = "";
        for (String line : result.lines()) {
            String[] parts = line.split(" ");
            switch (parts[0]) {
                case "tx" -> {
                    long millis = Long.parseLong(parts[1]);
                    byte[] frame = HEX.parseHex(parts[2]);
                    List<Sent> got = new ArrayList<>();
                    FrameDecoder decoder = new FrameDecoder(new FrameDecoder.Sink() {
                        @Override
                        public void frame(int type, byte[] payload, int bodyLength) {
                            got.add(new Sent(millis, type, Arrays.copyOfRange(payload, 1, 1 + bodyLength)));
                        }

                        @Override
                        public void fault(FrameDecoder.Fault fault) {
                            throw new AssertionError("the core sent a damaged frame: " + line);
                        }
                    });
                    decoder.feed(frame, 0, frame.length);
                    assertEquals(1, got.size(), "one whole frame per write: " + line);
                    sent.addAll(got);
                }
                case "leds" -> {
                    ledTimes.add(Long.parseLong(parts[1]));
                    Map<Integer, String> lit = new LinkedHashMap<>();
                    for (int i = 2; i < parts.length; i++) {
                        String[] led = parts[i].split(":");
                        lit.put(Integer.parseInt(led[0]), led[1]);
                    }
                    leds.add(lit);
                }
                case "stats" -> stats = line;
                default -> throw new AssertionError("unexpected output: " + line);
            }
        }
        return new Run(sent, ledTimes, leds, stats);
    }

    private static String send(int type, BodyWriter body) {
        byte[] frame = new byte[Protocol.MAX_FRAME];
        int n = new FrameEncoder().encode(type, body.bytes(), body.length(), frame);
        return "send " + HEX.formatHex(frame, 0, n) + "\n";
    }

    private static String sync(int major) {
        return send(Protocol.SYNC, new BodyWriter().clear().u8(major).u8(0));
    }

    @Test
    void itGreetsAtPowerUpAndAtSyncAndRefusesAnotherMajorVersion() throws Exception {
        Hello hello = hello(Protocol.FEATURE_CLOCK_BUTTONS | Protocol.FEATURE_RGB_LEDS);
        Run run = run(hello, "square 4 1\nwait 10\n" + sync(1) + "wait 10\n" + sync(2) + "wait 10\n");
        List<Integer> types = run.sent().stream().map(Sent::type).toList();
        assertEquals(List.of(Protocol.HELLO, Protocol.SNAPSHOT), types.subList(0, 2), "unasked at power-up");
        Hello said = Hello.read(run.sent().get(0).reader());
        assertNotNull(said);
        assertEquals(hello.firmware(), said.firmware());
        assertEquals(hello.komadai(), said.komadai());
        assertEquals(SLOTS, said.komadai().slots());

        List<Sent> hellos = run.of(Protocol.HELLO);
        assertEquals(2, hellos.size(), "once at power-up, once for SYNC 1.0, not for SYNC 2.0");
        Sent afterSync = run.sent().get(run.sent().indexOf(hellos.get(1)) + 1);
        assertEquals(Protocol.SNAPSHOT, afterSync.type(), "a full snapshot follows HELLO");
        assertEquals(Readings.OCCUPIED, afterSync.snapshot().square(4));

        Messages.ErrorReport refused = Messages.ErrorReport.read(run.of(Protocol.ERROR).get(0).reader());
        assertEquals(Protocol.ERROR_VERSION, refused.code());
        assertEquals("board speaks 1.0", refused.detail());
    }

    @Test
    void aChangeIsSentAtOnceRepeatedEvery20MsFor100MsAndThenOnlyAtTheHeartbeat() throws Exception {
        Run run = run(hello(0), "wait 1000\nsquare 40 1\nslot 3 1\nwait 400\n");
        // Scanning at 200 Hz: the change is seen within 5 ms.
        List<Sent> reports = run.between(1001, 1400);
        List<Long> times = reports.stream().map(Sent::millis).toList();
        assertEquals(List.of(1005L, 1025L, 1045L, 1065L, 1085L, 1335L), times);
        for (Sent report : reports) {
            Readings r = report.snapshot();
            assertEquals(Readings.OCCUPIED, r.square(40));
            assertTrue(r.slot(3));
        }
        // Before it, a still board sends only its heartbeat, every 250 ms.
        List<Long> quiet = run.between(1, 1001).stream().map(Sent::millis).toList();
        assertEquals(List.of(250L, 500L, 750L, 1000L), quiet);
        // Every report has the next seq.
        List<Integer> seqs = run.of(Protocol.SNAPSHOT).stream().map(s -> s.snapshot().seq()).toList();
        for (int i = 1; i < seqs.size(); i++) {
            assertEquals(seqs.get(i - 1) + 1, seqs.get(i));
        }
    }

    @Test
    void withDeltasEachCarriesEveryChangeSinceTheLastFullSnapshotWhichComesEverySecond() throws Exception {
        StringBuilder script = new StringBuilder("wait 100\nsquare 10 1\nwait 50\nsquare 11 1\nslot 0 1\nwait 50\n"
                + "square 10 0\nwait 1000\n");
        for (int sq = 0; sq < 70; sq++) { // more than a delta may carry
            script.append("square ").append(sq).append(" 2\n");
        }
        script.append("wait 20\n");
        Run run = run(hello(Protocol.FEATURE_DELTAS), script.toString());
        Readings lastFull = null;
        Readings pi = GEOMETRY.newReadings();
        int deltas = 0;
        for (Sent s : run.sent()) {
            if (s.type() == Protocol.SNAPSHOT) {
                lastFull = s.snapshot();
                pi.copyFrom(lastFull);
            } else if (s.type() == Protocol.DELTA) {
                deltas++;
                assertEquals(Readings.DeltaResult.APPLIED, pi.applyDelta(s.reader(), lastFull), "delta at " + s.millis());
            }
        }
        assertTrue(deltas >= 10, "changes went as deltas: " + deltas);
        // The delta at 205 ms still carries square 11 and slot 0 from 155 ms, relative to the snapshot at 0 ms.
        Sent at205 = run.between(205, 206).get(0);
        assertEquals(Protocol.DELTA, at205.type());
        Readings seen = GEOMETRY.newReadings();
        Readings first = run.of(Protocol.SNAPSHOT).get(0).snapshot();
        assertEquals(Readings.DeltaResult.APPLIED, seen.applyDelta(at205.reader(), first));
        assertEquals(Readings.EMPTY, seen.square(10));
        assertEquals(Readings.OCCUPIED, seen.square(11));
        assertTrue(seen.slot(0));
        // A full snapshot at least every second; the burst of 70 changes came as one.
        List<Long> fulls = run.of(Protocol.SNAPSHOT).stream().map(Sent::millis).toList();
        for (int i = 1; i < fulls.size(); i++) {
            assertTrue(fulls.get(i) - fulls.get(i - 1) <= 1000, "full snapshots " + fulls);
        }
        assertEquals(Protocol.SNAPSHOT, run.between(1205, 1210).get(0).type(), "70 changes: a full snapshot");
        assertEquals(Readings.FACE_UP, pi.square(69));
    }

    @Test
    void ledFramesAreAcknowledgedAndShownWithBrightnessAndBlinkingAndABadOneIsRefused() throws Exception {
        LedCommand leds = GEOMETRY.newLedCommand().seq(5).brightness(128);
        leds.square(40, 1, 0); // green, steady
        leds.square(41, 4, 2); // red, fast blink
        leds.group(0, 2, 1);   // black's stand blue, slow blink
        BodyWriter body = new BodyWriter();
        leds.write(body);
        String good = send(Protocol.LEDS, body);
        LedCommand wrong = new LedCommand(80, 2).seq(6);
        wrong.write(body);
        String wrongSize = send(Protocol.LEDS, body);
        Run run = run(hello(Protocol.FEATURE_RGB_LEDS), "wait 2\n" + good + "wait 1000\n" + wrongSize + "wait 10\n");

        List<Messages.Ack> acks = run.of(Protocol.ACK).stream().map(s -> Messages.Ack.read(s.reader())).toList();
        assertEquals(List.of(new Messages.Ack(Protocol.LEDS, 5, Protocol.OK),
                new Messages.Ack(Protocol.LEDS, 6, Protocol.ERROR_BAD_VALUE)), acks);
        // Shown at the next poll; the steady one always at half brightness, the blinking ones on and off.
        int first = run.ledTimes().indexOf(3L);
        assertTrue(first >= 0, "shown at 3 ms: " + run.ledTimes());
        int fastOn = 0;
        int slowOn = 0;
        int shows = 0;
        for (int i = first; i < run.leds().size(); i++) {
            Map<Integer, String> lit = run.leds().get(i);
            assertEquals("008000", lit.get(40), "at " + run.ledTimes().get(i));
            fastOn += "800000".equals(lit.get(41)) ? 1 : 0;
            slowOn += "000080".equals(lit.get(81)) ? 1 : 0;
            shows++;
        }
        assertTrue(shows >= 8 && fastOn > 0 && fastOn < shows && slowOn > 0 && slowOn < shows,
                shows + " shows, fast on " + fastOn + ", slow on " + slowOn);
        // The refused frame changed nothing: the LEDs show what they showed.
        assertEquals("008000", run.leds().get(run.leds().size() - 1).get(40));
    }

    @Test
    void everyFaultIsAnsweredWithItsErrorAndPingWithPong() throws Exception {
        byte[] frame = new byte[Protocol.MAX_FRAME];
        int n = new FrameEncoder().encode(Protocol.PING, new byte[] {0x34, 0x12}, 2, frame);
        String ping = "send " + HEX.formatHex(frame, 0, n) + "\n";
        frame[2] ^= 0x01;
        String damaged = "send " + HEX.formatHex(frame, 0, n) + "\n";
        String unknown = send(0x42, new BodyWriter().clear().u8(1));
        String tooLong = "send " + "01".repeat(300) + "00\n";
        String shortLeds = send(Protocol.LEDS, new BodyWriter().clear().u8(7));
        Run run = run(hello(0), ping + damaged + unknown + tooLong + shortLeds + "wait 1\n");

        assertEquals(0x1234, run.of(Protocol.PONG).get(0).reader().u16());
        List<Integer> codes = run.of(Protocol.ERROR).stream().map(s -> Messages.ErrorReport.read(s.reader()).code()).toList();
        assertEquals(List.of(Protocol.ERROR_CRC, Protocol.ERROR_UNKNOWN_TYPE, Protocol.ERROR_TOO_LONG), codes);
        assertEquals("type 0x42", Messages.ErrorReport.read(run.of(Protocol.ERROR).get(1).reader()).detail());
        assertEquals(Protocol.ERROR_MALFORMED, Messages.Ack.read(run.of(Protocol.ACK).get(0).reader()).status());
        assertTrue(run.stats().contains("faults=2"), run.stats());
    }

    @Test
    void buttonsAreReportedOnceDebouncedAndABounceIsNot() throws Exception {
        Run run = run(hello(Protocol.FEATURE_CLOCK_BUTTONS),
                "wait 10\nbuttons 1\nwait 40\nbuttons 0\nwait 40\nbuttons 2\nwait 10\nbuttons 0\nwait 40\n");
        List<Messages.Button> buttons = run.of(Protocol.BUTTON).stream().map(s -> Messages.Button.read(s.reader())).toList();
        assertEquals(List.of(new Messages.Button(1, Protocol.BUTTON_BLACK_CLOCK, true),
                new Messages.Button(2, Protocol.BUTTON_BLACK_CLOCK, false)), buttons, "the 10 ms press of white's was a bounce");
        long pressedAt = run.of(Protocol.BUTTON).get(0).millis();
        assertTrue(pressedAt >= 30 && pressedAt <= 40, "debounced for 20 ms: " + pressedAt);
    }

    @Test
    void theCoreFitsASmallMicrocontroller() throws Exception {
        Run run = run(hello(0), "wait 1\n");
        int size = Integer.parseInt(run.stats().replaceAll(".*sizeof=", ""));
        assertTrue(size < 2048, "sb_board takes " + size + " bytes of RAM");
    }
}
