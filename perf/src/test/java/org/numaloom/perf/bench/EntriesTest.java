package org.numaloom.perf.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The count check both lock microbenchmarks end an invocation with. */
class EntriesTest {

    @Test
    void allEntriesCountedPasses() {
        assertDoesNotThrow(() -> Entries.requireAll("MCS", 64_000, 64_000, "items"));
    }

    @Test
    void aLostOrAnExtraEntryFailsNamingTheLockAndTheCounts() {
        IllegalStateException lost = assertThrows(IllegalStateException.class,
                () -> Entries.requireAll("NUMA_MCS", 63_999, 64_000, "items"));
        assertEquals("NUMA_MCS let 63999 of 64000 items through its critical section: it lost updates, or a worker "
                + "failed (see its stack trace above)", lost.getMessage());
        assertThrows(IllegalStateException.class, () -> Entries.requireAll("MCS", 11, 10, "acquisitions"));
    }
}
