package org.shogibridge.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TranspositionTableTest {
    @Test
    void storesAndFindsAnEntry() {
        TranspositionTable table = new TranspositionTable(1);
        long key = 0x1234_5678_9ABC_DEF0L;
        table.store(key, 4321, -250, 7, TranspositionTable.BOUND_LOWER);
        long entry = table.probe(key);
        assertEquals(4321, TranspositionTable.move(entry));
        assertEquals(-250, TranspositionTable.score(entry));
        assertEquals(7, TranspositionTable.depth(entry));
        assertEquals(TranspositionTable.BOUND_LOWER, TranspositionTable.bound(entry));
        assertEquals(0, table.probe(key + 4096), "another key of the same bucket finds nothing");
    }

    @Test
    void aDeeperEntryOfThisSearchKeepsItsPlaceAndTheNewOneGoesBesideIt() {
        TranspositionTable table = new TranspositionTable(1);
        long deep = 0x10_0000L;
        long shallow = deep + (1L << 40);  // same bucket: the index uses the low bits
        table.store(deep, 11, 5, 9, TranspositionTable.BOUND_EXACT);
        table.store(shallow, 22, 6, 2, TranspositionTable.BOUND_EXACT);
        assertEquals(11, TranspositionTable.move(table.probe(deep)));
        assertEquals(22, TranspositionTable.move(table.probe(shallow)));
        table.newSearch();
        long third = deep + (2L << 40);
        table.store(third, 33, 7, 1, TranspositionTable.BOUND_EXACT);
        assertEquals(33, TranspositionTable.move(table.probe(third)), "an old deep entry gives way");
        assertEquals(0, table.probe(deep));
    }

    @Test
    void aStoreWithoutAMoveKeepsTheKnownOne() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(99, 777, 0, 3, TranspositionTable.BOUND_LOWER);
        table.store(99, 0, -10, 4, TranspositionTable.BOUND_UPPER);
        assertEquals(777, TranspositionTable.move(table.probe(99)));
        assertEquals(-10, TranspositionTable.score(table.probe(99)));
    }

    /**
     * Threads writing the same slots at once (as lazy SMP does) must never make a probe return one entry's data
     * for another's key. Every entry here carries a move derived from its key, so a mixed-up slot shows.
     */
    @Test
    void threadsWritingTheSameSlotsNeverMixOneEntrysKeyWithAnothersData() throws Exception {
        TranspositionTable table = new TranspositionTable(1);  // small, so the writers collide all the time
        int writers = 3;
        long keysPerWriter = 16;
        AtomicLong mismatches = new AtomicLong();
        AtomicLong hits = new AtomicLong();
        Thread[] threads = new Thread[writers];
        for (int w = 0; w < writers; w++) {
            int id = w;
            threads[w] = new Thread(() -> {
                for (int round = 0; round < 200_000; round++) {
                    for (long k = 0; k < keysPerWriter; k++) {
                        // The same few buckets for every writer (low bits equal), different keys (high bits).
                        long key = (k << 1) | ((long) (id * keysPerWriter + k + 1) << 32);
                        table.store(key, moveOf(key), round & 0x3FF, round & 63, TranspositionTable.BOUND_EXACT);
                        long entry = table.probe(key);
                        if (entry != 0) {
                            hits.incrementAndGet();
                            if (TranspositionTable.move(entry) != moveOf(key)) {
                                mismatches.incrementAndGet();
                            }
                        }
                    }
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertTrue(hits.get() > 0, "the probes found entries");
        assertEquals(0, mismatches.get(), "entries returned with another key's data");
    }

    private static int moveOf(long key) {
        return (int) (key >>> 32) * 7919 & 0x3FFFFFF;
    }
}
