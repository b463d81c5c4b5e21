package org.numaloom.perf.bench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

class UncontendedBenchmarkTest {
    /** Every lock the benchmark lists exists, and its section runs under it. */
    @Test
    void everyListedLockRunsTheSection() throws Exception {
        String[] locks = UncontendedBenchmark.Section.class.getField("lock").getAnnotation(Param.class).value();
        assertEquals(5, locks.length, Arrays.toString(locks));
        for (String lock : locks) {
            UncontendedBenchmark.Section section = new UncontendedBenchmark.Section();
            section.lock = lock;
            section.setUp();
            section.lockIncrementUnlock();
            assertEquals(2, section.lockIncrementUnlock(), lock);
            assertEquals(lock, section.exclusion.name());
        }
    }

    @Test
    void eachStateAcceptsOnlyItsKindOfThread() throws InterruptedException {
        assertDoesNotThrow(() -> new UncontendedBenchmark.OnPlatformThread().check());
        assertThrows(IllegalStateException.class, () -> new UncontendedBenchmark.OnVirtualThread().check());
        assertNull(VirtualThreadCheck.failureOf(() -> new UncontendedBenchmark.OnVirtualThread().check()));
        assertInstanceOf(IllegalStateException.class, VirtualThreadCheck.failureOf(() -> new UncontendedBenchmark.OnPlatformThread().check()));
    }
}
