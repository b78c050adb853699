package org.shogibridge.firmware.emulator;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Which faults the emulator injects into what it sends, and how often: {@code --faults SPEC} with SPEC a comma-separated
 * list of {@code kind=value}. Per frame, with probability p: {@code flip} (one bit of one byte), {@code drop-byte},
 * {@code drop-frame}, {@code duplicate}, {@code reset} (the frame is cut off and the firmware restarts: it sends HELLO
 * and a full snapshot unasked), {@code stall} (nothing is sent for 1.5 s, longer than the Pi's watchdog); and
 * {@code disconnect=S}: every S seconds the link drops and comes back (a PTY under a new device name). Seeded: the
 * same seed injects the same faults.
 */
public final class FaultPlan {
    public static final long STALL_MILLIS = 1_500;
    private static final String KINDS = "flip, drop-byte, drop-frame, duplicate, reset, stall, disconnect";

    /** What to do to one frame. */
    public enum Fault { NONE, FLIP, DROP_BYTE, DROP_FRAME, DUPLICATE, RESET, STALL }

    private static final Fault[] KINDS_BY_RATE = {Fault.FLIP, Fault.DROP_BYTE, Fault.DROP_FRAME, Fault.DUPLICATE, Fault.RESET, Fault.STALL};
    /** The probability of each fault of {@link #KINDS_BY_RATE}, per frame. */
    private final double[] rates;
    private final double disconnectSeconds;
    private final SplittableRandom random;
    private final Map<Fault, Long> injected = new LinkedHashMap<>();

    private FaultPlan(Map<String, Double> rates, long seed) {
        this.rates = new double[] {rates.getOrDefault("flip", 0.0), rates.getOrDefault("drop-byte", 0.0),
                rates.getOrDefault("drop-frame", 0.0), rates.getOrDefault("duplicate", 0.0), rates.getOrDefault("reset", 0.0),
                rates.getOrDefault("stall", 0.0)};
        disconnectSeconds = rates.getOrDefault("disconnect", 0.0);
        random = new SplittableRandom(seed);
        for (Fault f : Fault.values()) {
            injected.put(f, 0L);
        }
    }

    /** Return no faults. */
    public static FaultPlan none() {
        return new FaultPlan(Map.of(), 1);
    }

    /**
     * Return the plan of a spec such as {@code flip=0.01,drop-frame=0.02,disconnect=20}.
     *
     * @throws IllegalArgumentException "Bad faults. ..." naming the part that is wrong
     */
    public static FaultPlan parse(String spec, long seed) {
        Map<String, Double> rates = new LinkedHashMap<>();
        if (spec != null && !spec.isBlank()) {
            for (String part : spec.split(",")) {
                String[] kv = part.trim().split("=", 2);
                String kind = kv[0].trim().toLowerCase(Locale.ROOT);
                if (!(", " + KINDS + ",").contains(", " + kind + ",")) {
                    throw new IllegalArgumentException("Bad faults. Unknown fault '" + kind + "' (known: " + KINDS + ").");
                }
                double value;
                try {
                    value = kv.length == 2 ? Double.parseDouble(kv[1].trim()) : Double.NaN;
                } catch (NumberFormatException e) {
                    value = Double.NaN;
                }
                boolean seconds = kind.equals("disconnect");
                if (!(value >= 0) || !seconds && value > 1) {
                    throw new IllegalArgumentException("Bad faults. '" + part.trim() + "' needs "
                            + (seconds ? "a number of seconds" : "a probability from 0 to 1") + ".");
                }
                rates.put(kind, value);
            }
        }
        return new FaultPlan(rates, seed);
    }

    /** Return the fault to inject into the next frame (at most one). */
    public Fault next() {
        double r = random.nextDouble();
        Fault fault = Fault.NONE;
        for (int i = 0; i < rates.length; i++) {
            if (r < rates[i]) {
                fault = KINDS_BY_RATE[i];
                break;
            }
            r -= rates[i];
        }
        injected.merge(fault, 1L, Long::sum);
        return fault;
    }

    /**
     * Send one frame to the Pi with the next fault done to it, and return the fault: the firmware restarts on
     * {@link Fault#RESET} (the frame was cut off) and goes silent on {@link Fault#STALL} (the frame was not sent).
     */
    public Fault send(byte[] frame, int n, EmulatedFirmware.Output out) throws IOException {
        Fault fault = next();
        switch (fault) {
            case FLIP -> {
                byte[] damaged = Arrays.copyOf(frame, n);
                damaged[nextInt(n)] ^= (byte) (1 << nextInt(8));
                out.write(damaged, n);
            }
            case DROP_BYTE -> {
                int lost = nextInt(n);
                byte[] damaged = new byte[n - 1];
                System.arraycopy(frame, 0, damaged, 0, lost);
                System.arraycopy(frame, lost + 1, damaged, lost, n - lost - 1);
                out.write(damaged, n - 1);
            }
            case DROP_FRAME, STALL -> {
                // lost on the way, or never sent
            }
            case DUPLICATE -> {
                out.write(frame, n);
                out.write(frame, n);
            }
            case RESET -> out.write(frame, nextInt(n)); // cut off mid-frame; the firmware boots again
            default -> out.write(frame, n);
        }
        return fault;
    }

    public int nextInt(int bound) {
        return random.nextInt(bound);
    }

    /** Return the seconds between disconnects, or 0 for none. */
    public double disconnectSeconds() {
        return disconnectSeconds;
    }

    /** Return how many frames got each fault so far. */
    public Map<Fault, Long> injected() {
        return Map.copyOf(injected);
    }
}
