package org.shogibridge.device.cli;

import com.pi4j.context.Context;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.ReadingsTap;
import org.shogibridge.device.board.SensorCheck;
import org.shogibridge.device.board.wired.PiBoardFactory;
import org.shogibridge.device.config.ConfigException;
import org.shogibridge.device.config.ConfigLoader;
import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.daemon.HardwareBoards;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code sensor-test}: the builder's check of a board's sensors and LEDs, on the board of the configuration (wired to
 * the Pi, or a microcontroller on serial or TCP). It shows every square and komadai slot as read, lights the LEDs one
 * by one, and at the end lists the sensors that never changed and those that flickered.
 */
@Command(name = "sensor-test", mixinStandardHelpOptions = true,
        description = {"Check a board's sensors and LEDs: shows every square and komadai slot live, lights the LEDs square "
                + "by square, counts changes, and at the end lists squares that never changed and squares that flickered.",
                "Move every piece, and put one in every komadai slot, while it runs. Ctrl-C (or --seconds) ends it."})
public final class SensorTestCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "The daemon's configuration (board.source wired, serial or tcp).")
    private Path config;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "0", description = "End after S seconds (0: at Ctrl-C).")
    private double seconds;

    @Option(names = "--led-millis", paramLabel = "MS", defaultValue = "500", description = "How long each LED stays lit.")
    private long ledMillis;

    @Option(names = "--flicker-millis", paramLabel = "MS", defaultValue = "100",
            description = "A change undone within this is a flicker.")
    private long flickerMillis;

    @Option(names = "--plain", description = "Print a line per change instead of redrawing the board (the default without a terminal).")
    private boolean plain;

    private final Supplier<Context> hardware;

    public SensorTestCommand() {
        this(PiBoardFactory::hardwareContext);
    }

    /** Open wired boards on this Pi4J context instead of the Pi's (tests give one on Pi4J's mock providers). */
    public SensorTestCommand(Supplier<Context> hardware) {
        this.hardware = hardware;
    }

    @Override
    public Integer call() throws Exception {
        RunSettings settings;
        try {
            settings = new ConfigLoader().load(config, Map.of());
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        boolean redraw = !plain && System.console() != null;
        Variant variant = settings.session().variant();
        MonotonicClock clock = new MonotonicClock();
        SensorCheck check = new SensorCheck(flickerMillis, redraw ? null : (where, from, to, millis) -> {
            synchronized (out) {
                out.printf("%8.3f s  %-10s %s -> %s%n", millis / 1000.0, where, from, to);
                out.flush();
            }
        });
        ReadingsTap.Tappable board = open(settings, clock);
        board.tap(check);
        out.println("Sensor test: " + describe(settings) + ". Move every piece and fill every komadai slot; "
                + (seconds > 0 ? "ends after " + seconds + " s." : "Ctrl-C ends it."));
        out.flush();
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(done::countDown, "sensor-test-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        board.start(new Events(out));
        LedFrame leds = new LedFrame(variant.squares());
        int ledCount = variant.squares() + 2;
        long start = clock.millis();
        long end = seconds > 0 ? start + (long) (seconds * 1000) : Long.MAX_VALUE;
        int lit = -1;
        try {
            while (clock.millis() < end && !done.await(redraw ? 100 : 20, TimeUnit.MILLISECONDS)) {
                int now = (int) ((clock.millis() - start) / ledMillis % ledCount);
                if (now != lit) {
                    light(leds, lit, LedFrame.Colour.OFF);
                    lit = now;
                    light(leds, lit, LedFrame.Colour.WHITE);
                    board.showLeds(leds);
                }
                if (redraw) {
                    out.print("\033[H\033[2J" + check.picture() + "LED lit: " + ledName(lit, variant) + "\n");
                    out.flush();
                }
            }
        } finally {
            board.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is stopping (Ctrl-C): the report still goes out below
            }
        }
        synchronized (out) {
            out.print(check.picture());
            out.print(check.report());
            out.flush();
        }
        return check.reports() > 0 ? 0 : 1;
    }

    private ReadingsTap.Tappable open(RunSettings settings, MonotonicClock clock) {
        ReadingsTap.Tappable board = HardwareBoards.open(settings, clock, hardware);
        if (board == null) {
            throw new IllegalArgumentException("No board to test. board.source is " + settings.config().board().source()
                    + "; sensor-test needs wired, serial or tcp (give --config FILE).");
        }
        return board;
    }

    private static String describe(RunSettings settings) {
        var c = settings.config().board();
        return switch (c.source()) {
            case "wired" -> "board wired to the Pi (" + c.wired().sensors().kind() + ")";
            case "serial" -> "board on " + c.port();
            default -> "board at " + c.address();
        };
    }

    /** LED i: a square in SFEN order, then black's komadai, then white's. */
    private static void light(LedFrame leds, int i, LedFrame.Colour colour) {
        if (i < 0) {
            return;
        }
        if (i < leds.squares()) {
            leds.set(i, colour, LedFrame.Pattern.STEADY);
        } else {
            leds.setKomadai(i == leds.squares() ? Side.BLACK : Side.WHITE, colour, LedFrame.Pattern.STEADY);
        }
    }

    private static String ledName(int i, Variant variant) {
        return i < variant.squares() ? Usi.square(variant, i) : i == variant.squares() ? "black komadai" : "white komadai";
    }

    /** Prints what is not a reading: the board going and coming, the buttons. */
    private record Events(PrintWriter out) implements BoardPort.Listener {
        @Override
        public void snapshot(SensorSnapshot snapshot) {
        }

        @Override
        public void offline() {
            say("Board offline.");
        }

        @Override
        public void online() {
            say("Board online.");
        }

        @Override
        public void clockPressed(Side side) {
            say("Button: " + (side == Side.BLACK ? "black" : "white") + " clock.");
        }

        @Override
        public void menuButton(boolean down) {
            if (down) {
                say("Button: menu.");
            }
        }

        private void say(String line) {
            synchronized (out) {
                out.println(line);
                out.flush();
            }
        }
    }
}
