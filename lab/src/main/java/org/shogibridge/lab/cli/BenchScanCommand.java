package org.shogibridge.lab.cli;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Side;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.wired.LedChain;
import org.shogibridge.device.board.wired.LedPixels;
import org.shogibridge.device.board.wired.ScanStats;
import org.shogibridge.device.board.wired.SensorBus;
import org.shogibridge.device.board.wired.ShiftRegisterChain;
import org.shogibridge.device.board.wired.WiredBoard;
import org.shogibridge.device.board.wired.WiredPlan;
import org.shogibridge.device.config.ConfigException;
import org.shogibridge.device.config.ConfigLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench-scan}: the wired board's scan thread at its configured rate for a while, on the recommended design
 * (74HC165 chain, WS2812B LEDs) with the bus replaced by memory: a piece moves every 300 ms and a square blinks, so that
 * every scan decodes, maps, hands on a snapshot and renders the LEDs. Measures the rate, how late scans start, the work
 * per scan, the scan thread's CPU share and its allocation. Real SPI time on a Pi is added by hand (docs/BENCHMARKS.md).
 */
@Command(name = "bench-scan", mixinStandardHelpOptions = true,
        description = "Time the wired board's scan loop (rate, jitter, CPU share, allocation) with the bus in memory.")
public final class BenchScanCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--seconds", defaultValue = "10", description = "How long to scan (default 10).")
    private double seconds;

    @Option(names = "--scan-hz", defaultValue = "200", description = "Scans per second (default 200).")
    private int scanHz;

    @Option(names = "--face-sensing", description = "Two sensors a square (30 chips instead of 20).")
    private boolean faceSensing;

    @Override
    public Integer call() throws Exception {
        Map<String, Object> overrides = new HashMap<>();
        overrides.put("board.source", "wired");
        overrides.put("board.face-sensing", faceSensing);
        overrides.put("board.wired.scan-hz", scanHz);
        WiredPlan plan;
        try {
            plan = new ConfigLoader().load(null, overrides).wired();
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        WiredPlan.ShiftRegisters design = (WiredPlan.ShiftRegisters) plan.sensors();
        MonotonicClock clock = new MonotonicClock();
        InMemoryChain bus = new InMemoryChain(new ShiftRegisterChain(design.chips(), design.activeLow()));
        long[] ledBytes = {0};
        LedChain leds = new LedChain((bytes, length) -> ledBytes[0] += length, plan.leds().encoding(),
                new LedPixels(plan.leds().order(), plan.leds().brightness(), plan.leds().maxMilliamps()));
        SensorSnapshot kept = new SensorSnapshot(plan.geometry().variant());
        WiredBoard board = new WiredBoard(plan.geometry(), plan.sensorMap(), bus, leds, null, plan.scanHz(), clock, null);
        LedFrame frame = new LedFrame(plan.geometry().variant().squares());
        frame.set(40, LedFrame.Colour.GREEN, LedFrame.Pattern.BLINK);
        board.showLeds(frame);
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        board.start(new BoardPort.Listener() {
            @Override
            public void snapshot(SensorSnapshot snapshot) {
                kept.copyFrom(snapshot); // what the daemon's board loop does with each scan
            }


            @Override
            public void clockPressed(Side side) {
            }
        });
        Thread.sleep(1000); // warm up: the JIT compiles the loop
        long id = board.scanThreadId();
        long cpu0 = threads.getThreadCpuTime(id);
        long alloc0 = threads.getThreadAllocatedBytes(id);
        long scans0 = board.stats().scans();
        long t0 = System.nanoTime();
        Thread.sleep((long) (seconds * 1000));
        long cpu = threads.getThreadCpuTime(id) - cpu0;
        long alloc = threads.getThreadAllocatedBytes(id) - alloc0;
        long wall = System.nanoTime() - t0;
        long scans = board.stats().scans() - scans0;
        board.close();
        ScanStats stats = board.stats();
        PrintWriter out = spec.commandLine().getOut();
        out.printf("Design: %d 74HC165 (%d sensors), %d WS2812B, %d Hz%n", design.chips(), plan.sensorMap().inputs(),
                plan.leds().order().leds(), plan.scanHz());
        out.printf("Scans: %d in %.1f s, %.1f Hz%n", scans, wall / 1e9, stats.rateHz());
        out.printf("Start lateness: p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms%n", stats.latenessMillis(50), stats.latenessMillis(99),
                stats.latenessMillis(99.9));
        out.printf("Interval: p1 %.2f ms, p50 %.2f ms, p99 %.2f ms%n", stats.intervalMillis(1), stats.intervalMillis(50),
                stats.intervalMillis(99));
        out.printf("Work per scan: mean %.4f ms, max %.2f ms%n", stats.meanBusyMillis(), stats.maxBusyMillis());
        out.printf("CPU: %.2f %% of one core (scan thread)%n", 100.0 * cpu / wall);
        out.printf("Allocated: %.1f bytes per scan%n", scans == 0 ? 0 : (double) alloc / scans);
        out.printf("LED frames sent: %d (%d bytes); sensor changes: %d%n", leds.framesSent(), ledBytes[0], bus.changes);
        out.flush();
        return 0;
    }

    /** A 74HC165 chain in memory: its bytes as the SPI read would give them, one square toggled every 300 ms. */
    private static final class InMemoryChain implements SensorBus {
        private final ShiftRegisterChain chain;
        private final byte[] bytes;
        private long changes;
        private long lastToggle;

        InMemoryChain(ShiftRegisterChain chain) {
            this.chain = chain;
            this.bytes = new byte[chain.bytes()];
            java.util.Arrays.fill(bytes, (byte) 0xFF); // active low: nothing near
        }

        @Override
        public int inputs() {
            return chain.inputs();
        }

        @Override
        public void read(boolean[] active, long millis) {
            if (millis - lastToggle >= 300) {
                lastToggle = millis;
                bytes[(int) (changes % 10)] ^= 0x01;
                changes++;
            }
            chain.decode(bytes, active);
        }

        @Override
        public String describe() {
            return "in-memory 74HC165 chain";
        }
    }
}
