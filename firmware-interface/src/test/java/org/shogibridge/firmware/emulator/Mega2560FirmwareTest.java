package org.shogibridge.firmware.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.protocol.BodyReader;
import org.shogibridge.firmware.protocol.BodyWriter;
import org.shogibridge.firmware.protocol.FrameDecoder;
import org.shogibridge.firmware.protocol.FrameEncoder;
import org.shogibridge.firmware.protocol.LedCommand;
import org.shogibridge.firmware.protocol.Messages;
import org.shogibridge.firmware.protocol.Protocol;
import org.shogibridge.firmware.protocol.Readings;

/**
 * The reference board's firmware binary, built by its Makefile, run on simavr's ATmega2560 inside the harness that
 * plays its 74HC165 chains, buttons, APA102 strip and UART. Each test talks to it as the Pi does, frame by frame, and
 * checks what the wiring of pins.h makes of the sensors, the buttons and the LEDs.
 */
class Mega2560FirmwareTest {
    private static final long START = System.nanoTime();
    private final LedFrame leds = new LedFrame(81);
    private final List<Frame> frames = new ArrayList<>();
    private SimavrFirmware mcu;

    /** A frame as the decoder gave it: its payload (type, then body) and the body's length. */
    record Frame(int type, byte[] payload, int bodyLength) {
        BodyReader reader() {
            return new BodyReader().of(payload, bodyLength);
        }
    }

    @AfterEach
    void stop() {
        if (mcu != null) {
            mcu.close();
        }
    }

    private static long now() {
        return (System.nanoTime() - START) / 1_000_000;
    }

    /** Start the firmware and connect as the Pi: every frame it sends is kept, decoded. */
    private void start(String build, String... makeVariables) throws Exception {
        mcu = SimavrFirmware.start(ReferenceBoardBuild.elf(build, makeVariables), Variant.STANDARD, FaultPlan.none(), leds,
                Mega2560FirmwareTest::now);
        FrameDecoder decoder = new FrameDecoder(new FrameDecoder.Sink() {
            @Override
            public void frame(int type, byte[] payload, int bodyLength) {
                byte[] copy = java.util.Arrays.copyOf(payload, bodyLength + 1);
                synchronized (frames) {
                    frames.add(new Frame(type, copy, bodyLength));
                    frames.notifyAll();
                }
            }

            @Override
            public void fault(FrameDecoder.Fault fault) {
                synchronized (frames) {
                    frames.add(new Frame(-1, new byte[1], 0));
                }
            }
        });
        mcu.connected((bytes, length) -> decoder.feed(bytes, 0, length));
    }

    private void send(int type, BodyWriter body) {
        byte[] frame = new byte[Protocol.MAX_FRAME];
        int n = new FrameEncoder().encode(type, body.bytes(), body.length(), frame);
        mcu.received(frame, n, now());
    }

    /**
     * Say SYNC as the Pi does, again every 250 ms until the board answers (a SYNC that reaches the MCU while it boots
     * is lost, as on the real part), and wait for the HELLO and the snapshot that answer it.
     */
    private void sync() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            int from = count();
            send(Protocol.SYNC, Messages.sync(new BodyWriter()));
            if (answeredWithin(from, 250)) {
                return;
            }
            assertTrue(System.nanoTime() < deadline, "the board answers SYNC within 10 s");
        }
    }

    /** Whether a HELLO and then a snapshot come after the first {@code from} frames within {@code millis}. */
    private boolean answeredWithin(int from, long millis) throws InterruptedException {
        long until = System.nanoTime() + millis * 1_000_000;
        synchronized (frames) {
            while (true) {
                boolean hello = false;
                for (int i = from; i < frames.size(); i++) {
                    hello |= frames.get(i).type == Protocol.HELLO;
                    if (hello && frames.get(i).type == Protocol.SNAPSHOT) {
                        return true;
                    }
                }
                long left = (until - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return false;
                }
                frames.wait(left); // woken by each frame the board sends
            }
        }
    }

    /** Wait for a frame of this type that passes the test, sent after the first {@code from} frames. */
    private Frame await(int from, int type, Predicate<Frame> test) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        synchronized (frames) {
            while (true) {
                for (int i = from; i < frames.size(); i++) {
                    Frame f = frames.get(i);
                    if (f.type == type && test.test(f)) {
                        return f;
                    }
                }
                long left = (deadline - System.nanoTime()) / 1_000_000;
                assertTrue(left > 0, "no " + Protocol.typeName(type) + " in 10 s; got " + frames.size() + " frames: "
                        + frames.stream().map(f -> Protocol.typeName(f.type)).toList());
                frames.wait(left);
            }
        }
    }

    private int count() {
        synchronized (frames) {
            return frames.size();
        }
    }

    private Readings readingsOf(Frame snapshot) {
        Readings r = mcu.geometry().newReadings();
        assertTrue(r.readSnapshot(snapshot.reader()));
        return r;
    }

    @Test
    void theFirmwareBuildsWithEveryWarningAnErrorAndLeavesRoom() throws Exception {
        java.nio.file.Path elf = ReferenceBoardBuild.elf("standard");
        assertTrue(Files.size(elf.resolveSibling("shogi-board-mega2560.hex")) > 0);
        ReferenceBoardBuild.Result size = ReferenceBoardBuild.run(List.of("avr-size", "-C", "--mcu=atmega2560", elf.toString()));
        int flash = bytes(size.output(), "Program");
        int ram = bytes(size.output(), "Data");
        System.out.printf("Reference board firmware (Mega 2560): %,d bytes of flash of 256 KB, %,d bytes of RAM of 8 KB%n", flash, ram);
        assertTrue(flash < 16 * 1024, "flash: " + flash);
        assertTrue(ram < 4 * 1024, "static RAM, leaving half of the 8 KB to the stack: " + ram);
    }

    @Test
    void theSensorsOfEveryChainReachThePiAsTheyAreWired() throws Exception {
        start("standard");
        assertTrue(mcu.geometry().faceSensing(), "the standard build senses faces");
        sync();

        // A game's position with promoted pieces (face down) and pieces in both hands: every chain carries a part.
        Position position = Position.fromSfen("ln1g3+Rl/1ks1g4/1ppp2+B1p/p3pN3/9/2P1P4/PP1P1PP1P/1SK2S3/LN1G3NL b RGS3Pbp 55");
        SensorSnapshot placed = SensorSnapshot.of(position, true);
        BoardGeometry geometry = mcu.geometry();
        int before = count();
        mcu.scan(placed, now());
        Frame seen = await(before, Protocol.SNAPSHOT, f -> {
            SensorSnapshot s = new SensorSnapshot(Variant.STANDARD);
            geometry.toSnapshot(readingsOf(f), s);
            return s.sameReadings(placed);
        });
        Readings r = readingsOf(seen);
        assertEquals(Readings.FACE_DOWN, r.square(7), "2a holds a promoted rook, face down");
        assertEquals(Readings.FACE_UP, r.square(8), "1a holds a lance, face up");
        assertEquals(Readings.FACE_UP, r.square(9 + 1), "8b holds a king, face up");
        assertEquals(Readings.EMPTY, r.square(40), "5e is empty");
        // Black holds R, G, S and three pawns: slots R 0, G 4, S 8 and P 20-22 of its run order R2 B2 G4 S4 N4 L4 P18.
        assertTrue(r.slot(0) && !r.slot(1) && !r.slot(2) && r.slot(4) && r.slot(8) && r.slot(20) && r.slot(22) && !r.slot(23));
        assertTrue(r.slot(38 + 2) && r.slot(38 + 20) && !r.slot(38 + 21) && !r.slot(38 + 12) && !r.slot(38),
                "white holds B and P");
    }

    @Test
    void theButtonsAreDebouncedAndReported() throws Exception {
        start("standard");
        sync();
        int from = count();
        mcu.button(Protocol.BUTTON_WHITE_CLOCK, true);
        mcu.button(Protocol.BUTTON_WHITE_CLOCK, false); // a quick press: held the 100 ms a finger takes
        Frame down = await(from, Protocol.BUTTON, f -> true);
        Messages.Button pressed = Messages.Button.read(down.reader());
        assertEquals(Protocol.BUTTON_WHITE_CLOCK, pressed.button());
        assertTrue(pressed.pressed());
        Frame up = await(from, Protocol.BUTTON, f -> !Messages.Button.read(f.reader()).pressed());
        assertEquals(Protocol.BUTTON_WHITE_CLOCK, Messages.Button.read(up.reader()).button());

        from = count();
        mcu.button(Protocol.BUTTON_MENU, true);
        Frame menu = await(from, Protocol.BUTTON, f -> true);
        assertEquals(Protocol.BUTTON_MENU, Messages.Button.read(menu.reader()).button());
        mcu.button(Protocol.BUTTON_MENU, false);
    }

    @Test
    void theLedsTheStripShowsAreWhatThePiAskedWithTheirBlinks() throws Exception {
        start("standard");
        sync();
        LedCommand command = mcu.geometry().newLedCommand().seq(7);
        command.square(40, LedFrame.Colour.GREEN.ordinal(), LedFrame.Pattern.STEADY.ordinal());
        command.square(0, LedFrame.Colour.RED.ordinal(), LedFrame.Pattern.FAST_BLINK.ordinal());
        command.square(80, LedFrame.Colour.YELLOW.ordinal(), LedFrame.Pattern.BLINK.ordinal());
        command.group(1, LedFrame.Colour.BLUE.ordinal(), LedFrame.Pattern.STEADY.ordinal());
        BodyWriter body = new BodyWriter();
        command.write(body);
        int from = count();
        send(Protocol.LEDS, body);
        Frame ack = await(from, Protocol.ACK, f -> true);
        assertEquals(Protocol.OK, Messages.Ack.read(ack.reader()).status());
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!(leds.colour(40) == LedFrame.Colour.GREEN && leds.pattern(40) == LedFrame.Pattern.STEADY
                && leds.colour(0) == LedFrame.Colour.RED && leds.pattern(0) == LedFrame.Pattern.FAST_BLINK
                && leds.colour(80) == LedFrame.Colour.YELLOW && leds.pattern(80) == LedFrame.Pattern.BLINK
                && leds.komadaiColour(Side.WHITE) == LedFrame.Colour.BLUE && leds.komadaiColour(Side.BLACK) == LedFrame.Colour.OFF
                && leds.colour(41) == LedFrame.Colour.OFF)) {
            assertTrue(System.nanoTime() < deadline, "the strip shows 5e green, 9a red fast, 1i yellow slow, white's stand"
                    + " blue: 5e " + leds.colour(40) + " " + leds.pattern(40) + ", 9a " + leds.colour(0) + " " + leds.pattern(0)
                    + ", 1i " + leds.colour(80) + " " + leds.pattern(80) + ", white " + leds.komadaiColour(Side.WHITE));
            Thread.sleep(20);
            mcu.scan(new SensorSnapshot(Variant.STANDARD), now()); // the hands' scans keep the strip's reading current
        }
    }

    @Test
    void aResetMcuSaysHelloUnaskedAndScansAtItsRateInMcuCycles() throws Exception {
        start("standard");
        sync();
        long resets = mcu.resets();
        int from = count();
        mcu.resetMcu(); // as a brown-out or the reset button would
        await(from, Protocol.HELLO, f -> true);
        await(from, Protocol.SNAPSHOT, f -> true);
        assertEquals(resets + 1, mcu.resets());

        // The harness counts the sensor loads and the MCU's cycles: the scan rate the binary really keeps, in MCU time.
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (mcu.cycles() < 2 * 16_000_000L) {
            assertTrue(System.nanoTime() < deadline, "the harness reports its cycles every MCU second");
            Thread.sleep(50);
        }
        double seconds = mcu.cycles() / 16e6;
        double rate = mcu.scans() / seconds;
        System.out.printf("Reference board firmware in simavr: %d scans in %.2f s of MCU time: %.1f Hz; a read of the chains"
                + " takes %,d cycles (%.2f ms)%n", mcu.scans(), seconds, rate, mcu.longestReadCycles(), mcu.longestReadCycles() / 16e3);
        assertTrue(rate > 190 && rate <= 201, "the HELLO's 200 Hz: " + rate);
        assertTrue(mcu.longestReadCycles() > 168 && mcu.longestReadCycles() < 16_000, "168 clocks, well inside a millisecond: "
                + mcu.longestReadCycles());
    }

    private static int bytes(String avrSize, String what) {
        Matcher m = Pattern.compile(what + ":\\s+(\\d+) bytes").matcher(avrSize);
        assertTrue(m.find(), avrSize);
        return Integer.parseInt(m.group(1));
    }
}
