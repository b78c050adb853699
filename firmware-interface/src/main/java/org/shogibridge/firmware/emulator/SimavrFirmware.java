package org.shogibridge.firmware.emulator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.protocol.BodyReader;
import org.shogibridge.firmware.protocol.FrameDecoder;
import org.shogibridge.firmware.protocol.Hello;
import org.shogibridge.firmware.protocol.Protocol;
import org.shogibridge.firmware.protocol.Readings;

/**
 * The real firmware binary as the emulator's board: the reference board's {@code .elf} running in simavr, inside the
 * harness of {@code firmware-interface/mega2560/sim} (built beside it as {@code shogi-board-sim}), which models the
 * shift-register chains, the buttons, the LED strip and the UART. This class is the harness's other end: the hands'
 * sensors become the chains' bits, the strip's colours become the {@link LedFrame} the hands watch, and the UART's
 * bytes go to and from the Pi, faults injected per frame on their way out as with the Java firmware. A RESET fault
 * resets the MCU for real; a new connection (the USB cable plugged in again, or the port opened, which resets a Mega
 * through DTR) powers it up again.
 */
public final class SimavrFirmware extends LinkedFirmware implements AutoCloseable {
    /** The name of the harness, built by {@code make sim} into the firmware's own folder. */
    public static final String HARNESS = "shogi-board-sim";
    /** A button is held at least this long: the firmware reads it every scan and debounces it for 20 ms. */
    static final long BUTTON_HOLD_MILLIS = 100;
    private static final long START_MILLIS = 20_000;
    private static final HexFormat HEX = HexFormat.of();

    private final Process harness;
    private final Writer toHarness;
    private final FaultPlan faults;
    private final LongSupplier clock;
    private final CompletableFuture<Hello> firstHello = new CompletableFuture<>();
    private final ScheduledExecutorService releases = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "simavr-buttons");
        t.setDaemon(true);
        return t;
    });
    /** What the MCU sends, a frame at a time: frames end with a zero byte. */
    private final byte[] frame = new byte[Protocol.MAX_FRAME * 2];
    private int frameLength;
    private final FrameDecoder fromMcu = new FrameDecoder(new FromMcu());
    private final FrameDecoder fromPi = new FrameDecoder(new FromPi());
    private volatile BoardGeometry geometry;
    private volatile LedStrip strip;
    private Readings readings;
    private String chains = "";
    private int buttons;
    private final long[] pressedAt = new long[3];
    private long snapshots;
    private long deltas;
    private long resets;
    private volatile long scans;
    private volatile long cycles;
    private volatile long longestRead;

    private SimavrFirmware(Process harness, FaultPlan faults, LongSupplier clock) {
        this.harness = harness;
        this.toHarness = new java.io.OutputStreamWriter(harness.getOutputStream(), StandardCharsets.US_ASCII);
        this.faults = faults;
        this.clock = clock;
    }

    /**
     * Start the firmware in simavr and wait for the HELLO it says at power-up: that is what the board is.
     *
     * @throws IllegalArgumentException "Firmware not started. ..." when the file, the harness or the HELLO is missing
     */
    public static SimavrFirmware start(Path elf, Variant variant, FaultPlan faults, LedFrame leds, LongSupplier clock)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(elf)) {
            throw new IllegalArgumentException("Firmware not started. " + elf
                    + " does not exist (make -C firmware-interface/mega2560).");
        }
        Path harness = elf.toAbsolutePath().getParent().resolve(HARNESS);
        if (!Files.isExecutable(harness)) {
            throw new IllegalArgumentException("Firmware not started. The simulator harness " + harness + " is missing: build it"
                    + " with 'make -C firmware-interface/mega2560 sim' (Debian: apt install simavr libsimavr-dev).");
        }
        int stripLeds = variant.squares() + 2; // the reference board: one LED per stand; checked against the HELLO below
        Process process = new ProcessBuilder(harness.toString(), elf.toAbsolutePath().toString(), String.valueOf(stripLeds))
                .start();
        SimavrFirmware firmware = new SimavrFirmware(process, faults, clock);
        Thread reader = new Thread(firmware::readHarness, "simavr-reader");
        reader.setDaemon(true);
        reader.start();
        Thread errors = new Thread(firmware::readHarnessErrors, "simavr-errors");
        errors.setDaemon(true);
        errors.start();
        Hello hello;
        try {
            hello = firmware.firstHello.get(START_MILLIS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            firmware.close();
            errors.join(1_000); // the harness's last words, if it ended
            String said = firmware.lastError;
            throw new IllegalArgumentException(said != null && !process.isAlive()
                    ? "Firmware not started. simavr could not run " + elf + ": " + said
                    : "Firmware not started. " + elf + " said no HELLO within " + START_MILLIS / 1000
                            + " s in simavr (is it the reference board's firmware?).");
        }
        String mismatch = BoardGeometry.mismatch(hello, variant, false);
        if (mismatch != null || hello.squares() + hello.ledGroups() != stripLeds) {
            firmware.close();
            throw new IllegalArgumentException("Wrong firmware. " + elf + " is " + hello.firmware() + " for "
                    + hello.files() + "x" + hello.ranks() + (mismatch != null ? ": " + mismatch : " with " + hello.ledGroups()
                    + " komadai LED groups, not 2") + ".");
        }
        BoardGeometry geometry = BoardGeometry.of(hello, variant);
        firmware.geometry = geometry;
        firmware.strip = new LedStrip(geometry, leds);
        firmware.readings = geometry.newReadings();
        return firmware;
    }

    /** Return the board the firmware described in its HELLO. */
    public BoardGeometry geometry() {
        return geometry;
    }

    // ---------------------------------------------------------------- the harness's lines

    /** The harness's and simavr's own words on stderr: the last line is kept for a start that fails. */
    private volatile String lastError;

    private void readHarnessErrors() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(harness.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    lastError = line.strip();
                }
            }
        } catch (IOException e) {
            // the harness ended
        }
    }

    private void readHarness() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(harness.getInputStream(), StandardCharsets.US_ASCII))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("U ")) {
                    fromMcu(HEX.parseHex(line, 2, line.length()));
                } else if (line.startsWith("L ")) {
                    LedStrip s = strip;
                    if (s != null) {
                        s.show(HEX.parseHex(line, 2, line.length()), clock.getAsLong());
                    }
                } else if (line.startsWith("T ")) {
                    String[] t = line.split(" ");
                    cycles = Long.parseLong(t[1]);
                    scans = Long.parseLong(t[2]);
                    longestRead = Long.parseLong(t[4]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the harness ended; close() or a crash: the link then goes quiet and the Pi says so
        }
        firstHello.completeExceptionally(new IOException("the harness ended"));
    }

    private synchronized void fromMcu(byte[] bytes) {
        for (byte b : bytes) {
            if (frameLength < frame.length) {
                frame[frameLength++] = b;
            }
            if (b == 0 || frameLength == frame.length) {
                fromMcu.feed(frame, 0, frameLength);
                toPi();
                frameLength = 0;
            }
        }
    }

    /** One frame from the MCU on its way to the Pi, if the link is up, with the plan's fault done to it. */
    private void toPi() {
        if (link.send(faults, frame, frameLength, clock.getAsLong()) == FaultPlan.Fault.RESET) {
            resetMcu();
        }
    }

    /** Frames the MCU sends, read as the Pi would: the HELLO says what the board is; the reports are counted. */
    private final class FromMcu implements FrameDecoder.Sink {
        private final BodyReader reader = new BodyReader();

        @Override
        public void frame(int type, byte[] payload, int bodyLength) {
            switch (type) {
                case Protocol.HELLO -> {
                    if (!firstHello.isDone()) {
                        reader.of(payload, bodyLength);
                        firstHello.complete(Hello.read(reader));
                    }
                }
                case Protocol.SNAPSHOT -> snapshots++;
                case Protocol.DELTA -> deltas++;
                default -> {
                }
            }
        }

        @Override
        public void fault(FrameDecoder.Fault fault) {
            // the MCU's frames are whole; a reset can cut one, which the Pi's decoder handles as well
        }
    }

    /** Frames the Pi sends, watched for SYNC: the Pi is in step with the board from then on. */
    private final class FromPi implements FrameDecoder.Sink {
        @Override
        public void frame(int type, byte[] payload, int bodyLength) {
            if (type == Protocol.SYNC) {
                link.syncedAt(clock.getAsLong());
            }
        }

        @Override
        public void fault(FrameDecoder.Fault fault) {
        }
    }

    private void command(String line) {
        try {
            synchronized (toHarness) {
                toHarness.write(line);
                toHarness.write('\n');
                toHarness.flush();
            }
        } catch (IOException e) {
            // the harness ended: the board goes quiet, as a board without power does
        }
    }

    void resetMcu() {
        resets++;
        frameLength = 0;
        command("R");
    }

    // ---------------------------------------------------------------- EmulatedFirmware

    @Override
    public synchronized void connected(Output out) {
        link.connected(out);
        fromPi.reset();
        resetMcu(); // plugged in: the Mega powers up (and opening its port resets it through DTR)
    }

    @Override
    public synchronized void disconnected() {
        link.disconnected();
    }

    @Override
    public void received(byte[] bytes, int length, long nowMillis) {
        synchronized (this) {
            fromPi.feed(bytes, 0, length);
        }
        command("U " + HEX.formatHex(bytes, 0, length));
    }

    @Override
    public void scan(SensorSnapshot snapshot, long nowMillis) {
        String bits;
        synchronized (this) {
            geometry.toReadings(snapshot, readings);
            bits = chainBits(readings, geometry.faceSensing());
            if (bits.equals(chains)) {
                bits = null;
            } else {
                chains = bits;
            }
        }
        if (bits != null) {
            command("S " + bits);
        }
        strip.refresh(nowMillis);
    }

    /**
     * The three chains' active sensors as the harness takes them (hex, bit j of byte k is chain bit 8k+j), wired as
     * pins.h says: per square the face-up switch then the face-down one (or one switch), each side's slots in the HELLO's order.
     */
    static String chainBits(Readings readings, boolean faceSensing) {
        int squares = readings.squares();
        byte[] board = new byte[(squares * (faceSensing ? 2 : 1) + 7) / 8];
        for (int sq = 0; sq < squares; sq++) {
            byte r = readings.square(sq);
            if (r == Readings.EMPTY) {
                continue;
            }
            if (faceSensing) {
                set(board, r == Readings.FACE_DOWN ? 2 * sq + 1 : 2 * sq); // the switch that sees the face up, or down
            } else {
                set(board, sq);
            }
        }
        int perSide = readings.slots() / 2;
        byte[] black = new byte[(perSide + 7) / 8];
        byte[] white = new byte[(perSide + 7) / 8];
        for (int i = 0; i < perSide; i++) {
            if (readings.slot(i)) {
                set(black, i);
            }
            if (readings.slot(perSide + i)) {
                set(white, i);
            }
        }
        return HEX.formatHex(board) + " " + HEX.formatHex(black) + " " + HEX.formatHex(white);
    }

    private static void set(byte[] bits, int k) {
        bits[k >> 3] |= (byte) (1 << (k & 7));
    }

    @Override
    public void button(int button, boolean pressed) {
        long now = clock.getAsLong();
        synchronized (this) {
            if (pressed) {
                pressedAt[button] = now;
            } else if (now - pressedAt[button] < BUTTON_HOLD_MILLIS) { // a finger stays on a button this long
                long wait = pressedAt[button] + BUTTON_HOLD_MILLIS - now;
                releases.schedule(() -> button(button, false), wait, TimeUnit.MILLISECONDS);
                return;
            }
            buttons = pressed ? buttons | 1 << button : buttons & ~(1 << button);
        }
        command("K " + buttons);
    }

    @Override
    public synchronized long snapshotsSent() {
        return snapshots;
    }

    @Override
    public synchronized long deltasSent() {
        return deltas;
    }

    /** Return how many times the MCU was reset (a RESET fault, a connection). */
    public synchronized long resets() {
        return resets;
    }

    /** Return the MCU's cycles so far and the sensor loads (scans) it made, as the harness last counted them. */
    public long cycles() {
        return cycles;
    }

    public long scans() {
        return scans;
    }

    /** Return the longest read of the sensor chains so far, in MCU cycles (16 per microsecond). */
    public long longestReadCycles() {
        return longestRead;
    }

    @Override
    public void close() {
        releases.shutdownNow();
        try {
            toHarness.close(); // the harness ends at the end of its input
        } catch (IOException e) {
            // ending anyway
        }
        try {
            if (!harness.waitFor(2, TimeUnit.SECONDS)) {
                harness.destroyForcibly();
            }
        } catch (InterruptedException e) {
            harness.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
