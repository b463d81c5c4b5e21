package org.numaloom.perf.bench;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.locks.registry.LockRegistry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExclusionTest {
    private static final int THREADS = 8;
    private static final int ENTRIES_PER_THREAD = 2_000;

    /** Written only inside the exclusion under test; a field, so the threads really share it. */
    private int count;

    static List<String> names() {
        return Exclusion.names();
    }

    @Test
    void namesAreSynchronizedAndEveryRegisteredLock() {
        List<String> expected = new ArrayList<>(List.of(Exclusion.SYNCHRONIZED));
        expected.addAll(LockRegistry.names());
        assertEquals(expected, Exclusion.names());
        assertTrue(Exclusion.names().containsAll(List.of("NUMA_MCS", "MCS", "UNFAIR_REENTRANT", "FAIR_REENTRANT")));
    }

    @ParameterizedTest
    @MethodSource("names")
    void everyNameResolvesToItself(String name) {
        assertEquals(name, Exclusion.named(name).name());
        assertEquals(name, Exclusion.named(" " + name.toLowerCase() + " ").name());
    }

    @ParameterizedTest
    @MethodSource("names")
    void everyResolutionIsANewExclusion(String name) {
        assertNotSame(Exclusion.named(name), Exclusion.named(name));
    }

    @Test
    void unknownNameListsSynchronizedAndTheRegisteredLocks() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Exclusion.named("NO_SUCH_LOCK"));
        assertTrue(e.getMessage().contains("unknown lock 'NO_SUCH_LOCK'"), e.getMessage());
        assertEquals("unknown lock 'NO_SUCH_LOCK'; known locks: " + String.join(", ", Exclusion.names())
                + ". To add a lock of your own, implement org.numaloom.locks.registry.LockProvider and list that class in"
                + " META-INF/services/org.numaloom.locks.registry.LockProvider of a jar on the class path.", e.getMessage());
    }

    @Test
    void nullNameIsUnknown() {
        assertThrows(IllegalArgumentException.class, () -> Exclusion.named(null));
    }

    @ParameterizedTest
    @MethodSource("names")
    void excludesVirtualThreadsFromEachOther(String name) throws InterruptedException {
        assertEquals(THREADS * ENTRIES_PER_THREAD, countUnder(Exclusion.named(name)));
    }

    /** Guards the test above: without exclusion its threads do lose updates. */
    @Test
    void countingLosesUpdatesWithoutExclusion() throws InterruptedException {
        assertTrue(countUnder(none()) < THREADS * ENTRIES_PER_THREAD);
    }

    /**
     * Virtual threads that increment {@link #count} with a yield between the read and the write, let
     * go together: started one by one, the first could finish before the next exists (on a busy
     * machine it does), and a missing exclusion would go unseen.
     */
    private int countUnder(Exclusion exclusion) throws InterruptedException {
        count = 0;
        Runnable increment = () -> {
            int seen = count;
            Thread.yield();
            count = seen + 1;
        };
        Workers.runTogether(THREADS, "count-", thread -> {
            for (int i = 0; i < ENTRIES_PER_THREAD; i++) {
                exclusion.run(increment);
            }
        });
        return count;
    }

    /** A broken exclusion that excludes nothing: the negative control of the benches' count checks. */
    static Exclusion none() {
        return new Exclusion() {
            @Override
            public void run(Runnable criticalSection) {
                criticalSection.run();
            }

            @Override
            public String name() {
                return "NONE";
            }
        };
    }
}
