package org.shogibridge.core.inference;

/**
 * Per-channel debounce: a channel's stable value changes only after a different raw value has been read on
 * {@code scans} consecutive scans, so contact bounce and one- or two-scan flicker never reach the inference. (A wired
 * board's buttons are debounced by time instead: device's {@code Buttons}.)
 */
public final class Debouncer {
    private final int[] stable;
    private final int[] candidate;
    private final int[] count;
    private final int scans;

    public Debouncer(int channels, int scans) {
        this.stable = new int[channels];
        this.candidate = new int[channels];
        this.count = new int[channels];
        this.scans = scans;
    }

    /** Take a value as stable at once, with no pending change. */
    public void force(int channel, int value) {
        stable[channel] = value;
        count[channel] = 0;
    }

    /** Return true if a raw value other than the stable one is being counted on the channel (a change under way). */
    public boolean changing(int channel) {
        return count[channel] > 0;
    }

    /** Feed one raw reading; return true if the channel's stable value changed to it. */
    public boolean update(int channel, int raw) {
        if (raw == stable[channel]) {
            count[channel] = 0;
            return false;
        }
        if (count[channel] > 0 && raw == candidate[channel]) {
            count[channel]++;
        } else {
            candidate[channel] = raw;
            count[channel] = 1;
        }
        if (count[channel] >= scans) {
            stable[channel] = raw;
            count[channel] = 0;
            return true;
        }
        return false;
    }
}
