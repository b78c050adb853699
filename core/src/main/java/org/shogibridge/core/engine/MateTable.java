package org.shogibridge.core.engine;

import java.util.Arrays;

/**
 * A fixed-size table of two numbers per position for the {@link MateSolver}: proof and disproof numbers for
 * df-pn, or the shortest mate known and the longest length known not to mate for the exact search.
 *
 * <p>Open addressing over a power-of-two array of keys, probing four slots; when all four hold other
 * positions, the first is replaced. Losing an entry only loses knowledge (the solver then starts that position
 * afresh), never soundness: only the exact search claims mates, and it re-reads every defence. Nothing is
 * allocated after construction, unlike a map of boxed keys.
 */
final class MateTable {
    private static final int PROBES = 4;
    private final long[] keys;
    private final int[] first;
    private final int[] second;
    private final boolean[] used;
    private final int mask;
    private final int absentFirst;
    private final int absentSecond;

    /** A table of 2^bits entries that reads (absentFirst, absentSecond) for a position it does not hold. */
    MateTable(int bits, int absentFirst, int absentSecond) {
        int size = 1 << bits;
        keys = new long[size];
        first = new int[size];
        second = new int[size];
        used = new boolean[size];
        mask = size - 1;
        this.absentFirst = absentFirst;
        this.absentSecond = absentSecond;
    }

    void clear() {
        Arrays.fill(used, false);
    }

    /** Return the slot holding the key, or -1. */
    private int find(long key) {
        int start = (int) (key ^ key >>> 32) & mask;
        for (int i = 0; i < PROBES; i++) {
            int slot = (start + i) & mask;
            if (!used[slot]) {
                return -1;
            }
            if (keys[slot] == key) {
                return slot;
            }
        }
        return -1;
    }

    boolean contains(long key) {
        return find(key) >= 0;
    }

    int first(long key) {
        int slot = find(key);
        return slot < 0 ? absentFirst : first[slot];
    }

    int second(long key) {
        int slot = find(key);
        return slot < 0 ? absentSecond : second[slot];
    }

    /** Store both numbers of a position. */
    void put(long key, int a, int b) {
        int start = (int) (key ^ key >>> 32) & mask;
        int slot = start;
        for (int i = 0; i < PROBES; i++) {
            int s = (start + i) & mask;
            if (!used[s] || keys[s] == key) {
                slot = s;
                break;
            }
        }
        keys[slot] = key;
        first[slot] = a;
        second[slot] = b;
        used[slot] = true;
    }
}
