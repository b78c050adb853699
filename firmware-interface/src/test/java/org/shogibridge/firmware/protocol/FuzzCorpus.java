package org.shogibridge.firmware.protocol;

import java.util.SplittableRandom;

/** The damage the fuzz tests do to a stream: random bytes, and frames with bits flipped and bytes lost, added or copied. */
public final class FuzzCorpus {
    private FuzzCorpus() {
    }

    /** Fill the start of {@code wire} with random bytes, often zeros, and return how many. */
    public static int randomBytes(byte[] wire, SplittableRandom random) {
        int n = 1 + random.nextInt(wire.length - 1);
        for (int k = 0; k < n; k++) {
            wire[k] = (byte) (random.nextInt(8) == 0 ? 0 : random.nextInt(256));
        }
        return n;
    }

    /** Damage the frame in the first {@code n} bytes of {@code wire} one to four times; return its new length. */
    public static int mutate(byte[] wire, int n, SplittableRandom random) {
        int mutations = 1 + random.nextInt(4);
        for (int m = 0; m < mutations; m++) {
            int at = random.nextInt(n);
            switch (random.nextInt(4)) {
                case 0 -> wire[at] ^= (byte) (1 << random.nextInt(8));
                case 1 -> {
                    if (n > 1) {
                        System.arraycopy(wire, at + 1, wire, at, n - at - 1);
                        n--;
                    }
                }
                case 2 -> {
                    if (n < wire.length) {
                        System.arraycopy(wire, at, wire, at + 1, n - at);
                        wire[at] = (byte) random.nextInt(256);
                        n++;
                    }
                }
                default -> wire[at] = wire[random.nextInt(n)];
            }
        }
        return n;
    }
}
