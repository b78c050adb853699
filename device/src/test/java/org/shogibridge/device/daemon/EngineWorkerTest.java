package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EngineWorkerTest {
    @Test
    void theBuiltInEngineSearchesOnEveryCoreButOneAndAtMostThree() {
        assertEquals(1, EngineWorker.searchThreads(1));
        assertEquals(1, EngineWorker.searchThreads(2), "this VM: the scan loop keeps the other core");
        assertEquals(3, EngineWorker.searchThreads(4), "a Raspberry Pi 4");
        assertEquals(3, EngineWorker.searchThreads(16));
    }
}
