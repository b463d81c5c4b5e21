package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.numaloom.locks.registry.LockRegistry;
import org.numaloom.locks.registry.LockType;

/** {@link LockCases#named}: the registry's lookup, with the suites' variants and negative controls. */
class LockCasesTest {
    @Test
    void findsRegisteredLocksVariantsAndNegativeControlsInAnyCase() {
        assertEquals("NUMA_MCS", LockCases.named(" numa_mcs ").name());
        assertEquals("NUMA_MCS_4_SPREAD_NODES", LockCases.named("numa_mcs_4_spread_nodes").name());
        assertEquals("CNA_2_SPREAD_NODES", LockCases.named("CNA_2_SPREAD_NODES").name());
        assertSame(BrokenLocks.SWALLOWED_INTERRUPT, LockCases.named("swallowed_interrupt"));
        assertSame(BrokenLocks.UNBOUNDED_HEAD_SPIN, LockCases.named("UNBOUNDED_HEAD_SPIN"));
    }

    @Test
    void anUnknownNameIsTheRegistrysErrorListingEveryNameItKnows() {
        String message = assertThrows(IllegalArgumentException.class, () -> LockCases.named("NO_SUCH_LOCK")).getMessage();
        List<String> known = new java.util.ArrayList<>(LockRegistry.names());
        known.addAll(List.of("NUMA_MCS_4_SPREAD_NODES", "CNA_2_SPREAD_NODES", "HMCS_4_SPREAD_GROUPS"));
        BrokenLocks.everyControl().stream().map(LockType::name).forEach(known::add);
        assertEquals("unknown lock 'NO_SUCH_LOCK'; known locks: " + String.join(", ", known)
                + ". To add a lock of your own, implement org.numaloom.locks.registry.LockProvider and list that class in"
                + " META-INF/services/org.numaloom.locks.registry.LockProvider of a jar on the class path.", message);
        assertTrue(message.contains("PLAIN_UNLOCK"), message);
    }
}
