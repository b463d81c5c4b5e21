package org.numaloom.perf.bench;

import java.util.concurrent.ConcurrentHashMap;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkersTest {

    @ParameterizedTest
    @CsvSource({"3, 1000", "7, 5", "16, 16", "1, 1", "4, 0"})
    void sharesAreContiguousAndCoverEveryItemOnce(int workers, int items) {
        int next = 0;
        for (int i = 0; i < workers; i++) {
            Workers.Share share = Workers.shareOf(i, workers, items);
            assertEquals(next, share.from());
            assertTrue(share.size() == items / workers || share.size() == items / workers + 1, share.toString());
            next = share.to();
        }
        assertEquals(items, next);
    }

    @Test
    void everyIndexRunsOnItsOwnVirtualThread() throws InterruptedException {
        Set<Integer> seen = ConcurrentHashMap.newKeySet();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        Workers.runTogether(50, "w-", i -> {
            assertTrue(Thread.currentThread().isVirtual());
            seen.add(i);
            threads.add(Thread.currentThread());
        });
        assertEquals(50, seen.size());
        assertEquals(50, threads.size());
    }
}
