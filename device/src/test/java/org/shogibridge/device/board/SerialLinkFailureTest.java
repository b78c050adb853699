package org.shogibridge.device.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import org.shogibridge.device.Await;
import com.fazecast.jSerialComm.SerialPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.emulator.BoardEmulator;
import org.shogibridge.firmware.emulator.FaultPlan;

/**
 * jSerialComm's SerialPort failing the ways a real USB serial port does but never on demand, made by Mockito: a read
 * that fails mid-game, a write that fails, a port that vanishes inside a frame. Behind each mocked port is the Java
 * firmware, so the daemon's real adapter (SerialLink under FirmwareBoard) meets a real board protocol; after every
 * failure the board must go offline, come back when the port opens again, and never hand on a reading the pieces did
 * not make.
 */
class SerialLinkFailureTest {
    private static final Variant V = Variant.STANDARD;

    @TempDir
    Path dir;

    /** How a port fails, once. */
    private enum Failure { READ, WRITE, VANISH_INSIDE_A_FRAME }

    /** The Java firmware behind every port this test hands out: the same board, plugged in again. */
    private final LedFrame shown = new LedFrame(V.squares());
    private final BoardEmulator firmware = new BoardEmulator(BoardGeometry.recommended(V, false), "mocked port", false,
            FaultPlan.none(), shown);
    private final MonotonicClock clock = new MonotonicClock();
    private final AtomicInteger opened = new AtomicInteger();

    /** One plugging-in of the cable: a mocked SerialPort wired to the firmware, failing once as asked. */
    private SerialPort port(Failure failure, AtomicBoolean failNow) {
        SerialPort port = mock(SerialPort.class);
        AtomicBoolean open = new AtomicBoolean();
        byte[][] pending = {new byte[0]};
        when(port.openPort()).thenAnswer(i -> {
            open.set(true);
            opened.incrementAndGet();
            firmware.connected((bytes, length) -> {
                synchronized (pending) {
                    byte[] more = Arrays.copyOf(pending[0], pending[0].length + length);
                    System.arraycopy(bytes, 0, more, pending[0].length, length);
                    pending[0] = more;
                    pending.notifyAll();
                }
            });
            return true;
        });
        when(port.isOpen()).thenAnswer(i -> open.get());
        when(port.closePort()).thenAnswer(i -> {
            open.set(false);
            firmware.disconnected();
            return true;
        });
        when(port.readBytes(any(byte[].class), anyInt())).thenAnswer(i -> {
            byte[] buffer = i.getArgument(0);
            int wanted = i.getArgument(1);
            if (!open.get()) {
                return -1;
            }
            synchronized (pending) {
                if (failNow.get() && failure == Failure.READ) {
                    failNow.set(false);
                    return -1; // the read fails: EIO from a USB port that reset
                }
                if (failNow.get() && failure == Failure.VANISH_INSIDE_A_FRAME) {
                    // A whole frame is let in before it is cut: the bytes wait until one has come, however the
                    // reads fall between the firmware's writes.
                    int frameEnd = indexOf(pending[0], (byte) 0, 5);
                    if (frameEnd < 0) {
                        pending.wait(3);
                        return 0;
                    }
                    failNow.set(false);
                    int half = frameEnd / 2; // half of a frame arrives, then the device is gone
                    System.arraycopy(pending[0], 0, buffer, 0, half);
                    open.set(false);
                    firmware.disconnected();
                    return half;
                }
                if (pending[0].length == 0) {
                    try {
                        pending.wait(3); // the read's short timeout: it returns as soon as bytes come
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt(); // closing: jSerialComm returns, it does not throw
                    }
                }
                int n = Math.min(wanted, pending[0].length);
                if (n == 0) {
                    return 0;
                }
                System.arraycopy(pending[0], 0, buffer, 0, n);
                pending[0] = Arrays.copyOfRange(pending[0], n, pending[0].length);
                return n;
            }
        });
        when(port.writeBytes(any(byte[].class), anyInt())).thenAnswer(i -> {
            byte[] bytes = i.getArgument(0);
            int length = i.getArgument(1);
            if (failNow.get() && failure == Failure.WRITE) {
                failNow.set(false);
                return -1; // the write fails
            }
            if (!open.get()) {
                return -1;
            }
            firmware.received(bytes, length, clock.millis());
            return length;
        });
        return port;
    }

    /** The first index of {@code b} in {@code bytes} from {@code from}, or -1. */
    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** What the board hands on. */
    private static final class Seen implements BoardPort.Listener {
        final List<String> events = new ArrayList<>();
        final List<String> readings = new ArrayList<>();

        @Override
        public synchronized void snapshot(SensorSnapshot snapshot) {
            readings.add(snapshot.toString());
        }

        @Override
        public synchronized void offline() {
            events.add("offline");
        }

        @Override
        public synchronized void online() {
            events.add("online");
        }

        @Override
        public void clockPressed(Side side) {
        }

        synchronized List<String> events() {
            return List.copyOf(events);
        }

        synchronized List<String> readings() {
            return List.copyOf(readings);
        }
    }

    private void await(String what, java.util.function.BooleanSupplier done) throws InterruptedException {
        Await.until(what, java.time.Duration.ofSeconds(30), done);
    }

    private void failsOnceAndComesBack(Failure failure) throws Exception {
        Files.createFile(dir.resolve("ttyACM0"));
        Position position = Position.start(V);
        position.doMove(org.shogibridge.core.rules.Usi.parseLegalMove(position, "7g7f"));
        SensorSnapshot truth = SensorSnapshot.of(position, false);
        AtomicBoolean failNow = new AtomicBoolean();
        SensorScanner scanner = new SensorScanner(firmware, truth, clock);
        Seen seen = new Seen();
        SerialLink link = new SerialLink(dir.resolve("ttyACM*").toString(), 115_200, path -> port(failure, failNow));
        try (FirmwareBoard board = new FirmwareBoard(V, false, link, clock)) {
            board.start(seen);
            await("online", () -> seen.events().contains("online") && seen.readings().size() >= 3);
            failNow.set(true);
            if (failure == Failure.WRITE) {
                LedFrame wanted = new LedFrame(V.squares());
                wanted.set(20, LedFrame.Colour.BLUE, LedFrame.Pattern.STEADY);
                board.showLeds(wanted); // the LEDS frame's write is the one that fails
            }
            await(failure + ": offline, then online again", () -> seen.events().equals(List.of("online", "offline", "online")));
            int before = seen.readings().size();
            await("snapshots again", () -> seen.readings().size() > before + 3);
            if (failure == Failure.WRITE) {
                await("the LEDs shown once the port is back", () -> shown.colour(20) == LedFrame.Colour.BLUE);
            }
        } finally {
            scanner.close();
        }
        assertEquals(2, opened.get(), "the port was opened again, once");
        String expected = truth.toString();
        for (String reading : seen.readings()) {
            assertEquals(expected, reading, "no reading the pieces did not make");
        }
    }

    @Test
    void aReadThatFailsMidGameTakesTheBoardOfflineUntilThePortOpensAgain() throws Exception {
        failsOnceAndComesBack(Failure.READ);
    }

    @Test
    void aWriteThatFailsTakesTheBoardOfflineAndTheLedsFollowOnceItIsBack() throws Exception {
        failsOnceAndComesBack(Failure.WRITE);
    }

    @Test
    void aPortThatVanishesInsideAFrameLeavesNoHalfFrameBehind() throws Exception {
        failsOnceAndComesBack(Failure.VANISH_INSIDE_A_FRAME);
    }
}
