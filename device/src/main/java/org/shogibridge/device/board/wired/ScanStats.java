package org.shogibridge.device.board.wired;

/**
 * The scan thread's timing: how late each scan started against its schedule (the jitter a snapshot's time carries),
 * the intervals between scans, and how long each scan took. Histograms of fixed size, updated by the scan thread
 * without allocating; read by a benchmark or sensor-test after the fact, so the figures are approximate while it runs.
 */
public final class ScanStats {
    /** 10 us buckets up to 100 ms; later values go to the last bucket. */
    private static final int BUCKET_NANOS = 10_000;
    private static final int BUCKETS = 10_000;

    private final int[] lateness = new int[BUCKETS];
    private final int[] interval = new int[BUCKETS];
    private long scans;
    private long firstStart;
    private long lastStart;
    private long busyNanos;
    private long maxBusyNanos;

    void scanStarted(long now, long scheduled) {
        if (scans == 0) {
            firstStart = now;
        } else {
            interval[bucket(now - lastStart)]++;
        }
        lateness[bucket(now - scheduled)]++;
        lastStart = now;
        scans++;
    }

    void scanEnded(long tookNanos) {
        busyNanos += tookNanos;
        maxBusyNanos = Math.max(maxBusyNanos, tookNanos);
    }

    private static int bucket(long nanos) {
        return (int) Math.min(BUCKETS - 1, Math.max(0, nanos / BUCKET_NANOS));
    }

    public long scans() {
        return scans;
    }

    /** Return the scans per second achieved. */
    public double rateHz() {
        return scans < 2 ? 0 : (scans - 1) * 1e9 / (lastStart - firstStart);
    }

    /** Return a percentile (0-100) of how late scans started, in ms. */
    public double latenessMillis(double percentile) {
        return percentile(lateness, percentile);
    }

    /** Return a percentile of the interval between scan starts, in ms. */
    public double intervalMillis(double percentile) {
        return percentile(interval, percentile);
    }

    /** Return the mean time a scan took, in ms. */
    public double meanBusyMillis() {
        return scans == 0 ? 0 : busyNanos / 1e6 / scans;
    }

    public double maxBusyMillis() {
        return maxBusyNanos / 1e6;
    }

    private static double percentile(int[] histogram, double percentile) {
        long total = 0;
        for (int count : histogram) {
            total += count;
        }
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(percentile / 100 * total);
        long seen = 0;
        for (int b = 0; b < histogram.length; b++) {
            seen += histogram[b];
            if (seen >= Math.max(1, rank)) {
                return (b + 0.5) * BUCKET_NANOS / 1e6;
            }
        }
        return (histogram.length - 0.5) * BUCKET_NANOS / 1e6;
    }
}
