package org.shogibridge.core.engine;

/**
 * A fixed-size hash table of search results, two entries per bucket: the first keeps the deeper result, the
 * second always takes the newest. Entries are two longs (the key, and the packed data), so the table is two
 * primitive arrays and a probe never allocates.
 *
 * <p>Several search threads share one table without locks (lazy SMP). Two threads may write one slot at once,
 * and a 32-bit JVM may even write a long in two halves, so a slot could hold the key of one entry and the data
 * of another. The key is therefore stored XORed with the data: a probe recomputes it, and a torn slot does
 * not match any key. A move from the table is only ever compared with generated moves, never played unchecked.
 *
 * <p>Data layout: move (bits 0-25), score + 32768 (26-41), depth + 1 (42-49), bound (50-51), generation
 * (52-59).
 */
public final class TranspositionTable {
    public static final int BOUND_NONE = 0;
    public static final int BOUND_UPPER = 1;
    public static final int BOUND_LOWER = 2;
    public static final int BOUND_EXACT = 3;

    private final long[] keys;
    private final long[] data;
    private final int mask;
    private int generation;

    /** Create a table of about {@code megabytes} MiB (a power of two number of entries, at least 1024). */
    public TranspositionTable(int megabytes) {
        long entries = Math.max(1024, (long) megabytes * 1024 * 1024 / 16);
        int size = Integer.highestOneBit((int) Math.min(entries, 1 << 28));
        keys = new long[size];
        data = new long[size];
        mask = size - 2;
    }

    /** Forget everything (a new game). */
    public void clear() {
        java.util.Arrays.fill(keys, 0);
        java.util.Arrays.fill(data, 0);
    }

    /** Start a new search: older entries become the first to be replaced. */
    public void newSearch() {
        generation = (generation + 1) & 0xFF;
    }

    /** Return the packed data stored for the key, or 0 if none. */
    public long probe(long key) {
        int i = (int) key & mask;
        long first = data[i];
        if ((keys[i] ^ first) == key) {
            return first;
        }
        long second = data[i + 1];
        if ((keys[i + 1] ^ second) == key) {
            return second;
        }
        return 0;
    }

    /** Store a result. */
    public void store(long key, int move, int score, int depth, int bound) {
        int i = (int) key & mask;
        long held = data[i];
        boolean same = (keys[i] ^ held) == key;
        if (move == 0 && same && held != 0) {
            move = move(held);  // keep the best move we knew when this search found none
        }
        long packed = (move & 0x3FFFFFFL) | (long) (score + 32768) << 26 | (long) (Math.max(depth, -1) + 1) << 42
                | (long) bound << 50 | (long) generation << 52;
        if (!same && held != 0 && depth < depth(held) && generationOf(held) == generation) {
            i++;  // the first entry is deeper and of this search: the second, always-replace one takes it
        }
        data[i] = packed;
        keys[i] = key ^ packed;
    }

    public static int move(long entry) {
        return (int) (entry & 0x3FFFFFF);
    }

    public static int score(long entry) {
        return (int) (entry >>> 26 & 0xFFFF) - 32768;
    }

    public static int depth(long entry) {
        return (int) (entry >>> 42 & 0xFF) - 1;
    }

    public static int bound(long entry) {
        return (int) (entry >>> 50 & 3);
    }

    private static int generationOf(long entry) {
        return (int) (entry >>> 52 & 0xFF);
    }

    /** Return the per-mille of the first 1000 buckets used in this search (USI "hashfull"). */
    public int hashfull() {
        int used = 0;
        for (int i = 0; i < 2000 && i < keys.length; i++) {
            if (data[i] != 0 && generationOf(data[i]) == generation) {
                used++;
            }
        }
        return used / 2;
    }
}
