package org.shogibridge.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.BoardLink;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.FirmwareBoard;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.SerialLink;
import org.shogibridge.device.board.TcpLink;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.emulator.BoardEmulator;
import org.shogibridge.firmware.emulator.EmulatedFirmware;
import org.shogibridge.firmware.emulator.SimavrFirmware;
import org.shogibridge.firmware.emulator.EmulatorTransport;
import org.shogibridge.firmware.emulator.FaultPlan;
import org.shogibridge.firmware.protocol.BodyWriter;
import org.shogibridge.firmware.protocol.FrameEncoder;
import org.shogibridge.firmware.protocol.Protocol;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench-board-link}: what the board link adds to a move. The board emulator scans at the given rate and
 * speaks the board protocol over a socat pseudo-terminal (or TCP) to the daemon's own board adapter, which reads it
 * with jSerialComm. A piece is lifted or put down at a random moment; the time until the adapter hands on readings
 * that show it is measured, in two parts: waiting for the next scan, and from the scan to the adapter (encoding,
 * the link, decoding). A pseudo-terminal does not run at a baud rate, so the time the bytes take on a real wire is
 * computed from the frame's length and printed beside it.
 *
 * <p>With {@code --firmware FILE.elf} the board is the reference board's real firmware binary in simavr
 * (firmware-interface/mega2560): the change goes into its 74HC165 chains, the MCU scans them at its own 200 Hz and
 * sends the snapshot over its UART at the baud rate it was built for, which simavr times; what is measured is then
 * sensor change inside the MCU to the adapter.
 */
@Command(name = "bench-board-link", mixinStandardHelpOptions = true,
        description = {"Measure the latency the board protocol link adds to a move (emulator -> PTY or TCP -> board adapter).",
                "Prints percentiles in milliseconds, and the computed wire time of a snapshot at common baud rates."})
public final class BenchBoardLinkCommand implements Callable<Integer> {
    private static final int SQUARE = 40; // 5e

    @Spec
    private CommandSpec spec;

    @Option(names = "--link", defaultValue = "pty", description = "pty (socat, default) or tcp.")
    private String link;

    @Option(names = "--scan-hz", defaultValue = "100", description = "The board's scan rate (default 100).")
    private int scanHz;

    @Option(names = "--changes", defaultValue = "300", description = "How many changes to time (default 300).")
    private int changes;

    @Option(names = "--baud", defaultValue = "115200", description = "The serial port's baud rate (default 115200).")
    private int baud;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the change times (default 1).")
    private long seed;

    @Option(names = "--firmware", paramLabel = "FILE.elf",
            description = "Time the reference board's firmware binary in simavr instead of the Java firmware (its harness beside it).")
    private Path firmware;

    @Override
    public Integer call() throws Exception {
        if (!link.equals("pty") && !link.equals("tcp")) {
            throw new IllegalArgumentException("Bad option. --link must be pty or tcp, not " + link + ".");
        }
        if (scanHz < 10 || scanHz > 1000 || changes < 1 || changes > 100_000) {
            throw new IllegalArgumentException("Bad option. --scan-hz must be 10-1000 and --changes 1-100000.");
        }
        PrintWriter out = spec.commandLine().getOut();
        MonotonicClock clock = new MonotonicClock();
        EmulatedFirmware emulator;
        BoardGeometry geometry;
        if (firmware != null) {
            SimavrFirmware mcu = SimavrFirmware.start(firmware, Variant.STANDARD, FaultPlan.none(), new LedFrame(81), clock::millis);
            geometry = mcu.geometry();
            emulator = mcu;
        } else {
            geometry = BoardGeometry.recommended(Variant.STANDARD, false);
            emulator = new BoardEmulator(geometry, "bench", false, FaultPlan.none(), new LedFrame(81));
        }
        byte piece = geometry.faceSensing() ? SensorSnapshot.FACE_UP : SensorSnapshot.OCCUPIED;
        Path ptyDir = link.equals("pty") ? Files.createTempDirectory("shogi-bridge-bench-link") : null;
        EmulatorTransport transport = ptyDir != null
                ? new EmulatorTransport.Pty(emulator, FaultPlan.none(), clock::millis, ptyDir)
                : new EmulatorTransport.Tcp(emulator, FaultPlan.none(), clock::millis, 0);
        String where = transport.start();
        BoardLink boardLink = ptyDir != null ? new SerialLink(where, baud)
                : new TcpLink("127.0.0.1", Integer.parseInt(where.replaceAll(".*:", "")));

        // What the adapter has handed on: the reading of the square, and when it first showed each change.
        long[] shownAt = new long[changes];
        int[] expected = {-1, 0};
        CountDownLatch online = new CountDownLatch(1);
        FirmwareBoard board = new FirmwareBoard(Variant.STANDARD, geometry.faceSensing(), boardLink, clock);
        board.start(new BoardPort.Listener() {
            @Override
            public void snapshot(SensorSnapshot snapshot) {
                synchronized (expected) {
                    int k = expected[0];
                    if (k >= 0 && shownAt[k] == 0 && snapshot.reading(SQUARE) == expected[1]) {
                        shownAt[k] = System.nanoTime();
                    }
                }
            }

            @Override
            public void offline() {
            }

            @Override
            public void online() {
                online.countDown();
            }

            @Override
            public void clockPressed(Side side) {
            }
        });
        try {
            SensorSnapshot sensors = new SensorSnapshot(Variant.STANDARD);
            long periodNanos = 1_000_000_000L / scanHz;
            long next = System.nanoTime();
            // Scan until the adapter is online.
            long deadline = next + TimeUnit.SECONDS.toNanos(10);
            while (online.getCount() > 0) {
                if (next - deadline > 0) {
                    throw new IllegalStateException("No board. The adapter did not come online over " + where + ".");
                }
                sleepUntil(next);
                emulator.scan(sensors, clock.millis());
                next += periodNanos;
            }
            SplittableRandom random = new SplittableRandom(seed);
            long[] changedAt = new long[changes];
            long[] scannedAt = new long[changes];
            for (int k = 0; k < changes; k++) {
                // Still for a while (one to three tenths of a second), then the change at a random moment of a scan period.
                for (int still = random.nextInt(10, 30); still > 0; still--) {
                    sleepUntil(next);
                    emulator.scan(sensors, clock.millis());
                    next += periodNanos;
                }
                long changeAt = next - periodNanos + random.nextLong(periodNanos);
                sleepUntil(changeAt);
                byte reading = sensors.reading(SQUARE) == SensorSnapshot.EMPTY ? piece : SensorSnapshot.EMPTY;
                synchronized (expected) {
                    sensors.reading(SQUARE, reading);
                    changedAt[k] = System.nanoTime();
                    expected[0] = k;
                    expected[1] = reading;
                }
                sleepUntil(next);
                scannedAt[k] = System.nanoTime();
                emulator.scan(sensors, clock.millis());
                next += periodNanos;
            }
            // Let the last one arrive.
            for (int i = 0; i < 50; i++) {
                emulator.scan(sensors, clock.millis());
                next += periodNanos;
                sleepUntil(next);
            }
            long[] toScan = new long[changes];
            long[] scanToAdapter = new long[changes];
            long[] total = new long[changes];
            int lost = 0;
            for (int k = 0; k < changes; k++) {
                if (shownAt[k] == 0) {
                    lost++;
                    shownAt[k] = scannedAt[k] + periodNanos * 50;
                }
                toScan[k] = scannedAt[k] - changedAt[k];
                scanToAdapter[k] = shownAt[k] - scannedAt[k];
                total[k] = shownAt[k] - changedAt[k];
            }
            int frameBytes = snapshotFrameBytes(geometry);
            if (emulator instanceof SimavrFirmware mcu) {
                // The change reaches the MCU's sensors at the bench's scan; from there on it is the firmware's.
                out.printf(Locale.ROOT, "Board link over %s (%s), the firmware binary %s in simavr (%d scans in %.1f s of MCU time:"
                        + " %.1f Hz): %d changes, %d not seen.%n", link.equals("pty") ? "a socat pseudo-terminal, jSerialComm"
                        : "TCP loopback", where, firmware.getFileName(), mcu.scans(), mcu.cycles() / 16e6,
                        mcu.scans() / (mcu.cycles() / 16e6), changes, lost);
                out.println(BenchDaemonCommand.summary("sensor change in the MCU to adapter", scanToAdapter));
            } else {
                out.printf(Locale.ROOT, "Board link over %s (%s), scanning at %d Hz: %d changes, %d not seen.%n",
                        link.equals("pty") ? "a socat pseudo-terminal, jSerialComm" : "TCP loopback", where, scanHz, changes, lost);
                out.println(BenchDaemonCommand.summary("change to scan", toScan));
                out.println(BenchDaemonCommand.summary("scan to adapter", scanToAdapter));
                out.println(BenchDaemonCommand.summary("change to adapter", total));
            }
            out.printf(Locale.ROOT, "wire time of a %d-byte snapshot frame (computed, 10 bits a byte): %.2f ms at 115200 baud, "
                    + "%.2f ms at 1 Mbaud%n", frameBytes, frameBytes * 10 / 115.2, frameBytes * 10 / 1000.0);
            out.printf(Locale.ROOT, "link faults: %d, gaps: %d%n", board.stats().faults, board.stats().gaps);
            return lost == 0 ? 0 : 1;
        } finally {
            board.close();
            transport.close();
            if (emulator instanceof SimavrFirmware mcu) {
                mcu.close();
            }
        }
    }

    private static int snapshotFrameBytes(BoardGeometry geometry) {
        BodyWriter body = new BodyWriter();
        geometry.newReadings().writeSnapshot(body);
        return new FrameEncoder().encode(Protocol.SNAPSHOT, body.bytes(), body.length(), new byte[Protocol.MAX_FRAME]);
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            if (left > 1_500_000) {
                Thread.sleep((left - 1_000_000) / 1_000_000, 0);
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
