package org.numaloom.locks.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

import org.junit.jupiter.api.Test;
import org.numaloom.locks.CnaLock;
import org.numaloom.locks.McsLock;
import org.numaloom.locks.NumaMcsLock;

class LockRegistryTest {
    @Test
    void listsTheBuiltInLocksFirstThenPluggedOnes() {
        assertEquals(List.of("NUMA_MCS", "CNA", "MCS", "UNFAIR_REENTRANT", "FAIR_REENTRANT", "EXAMPLE_PLUGGED"), LockRegistry.names());
    }

    @Test
    void createsANewLockOfTheNamedTypeEachTime() {
        assertInstanceOf(NumaMcsLock.class, LockRegistry.create("NUMA_MCS"));
        assertInstanceOf(CnaLock.class, LockRegistry.create("cna"));
        assertInstanceOf(McsLock.class, LockRegistry.create("mcs"));
        ReentrantLock fair = assertInstanceOf(ReentrantLock.class, LockRegistry.create(" FAIR_REENTRANT "));
        assertTrue(fair.isFair());
        assertTrue(LockRegistry.create("MCS") != LockRegistry.create("MCS"));
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LockRegistry.named("NUMA_CMS"));
        assertTrue(e.getMessage().contains("unknown lock 'NUMA_CMS'"), e.getMessage());
        assertTrue(e.getMessage().contains("NUMA_MCS, CNA, MCS, UNFAIR_REENTRANT, FAIR_REENTRANT, EXAMPLE_PLUGGED"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LockRegistry.named(null));
    }

    @Test
    void aNameClaimedByTwoProvidersIsAnErrorNamingBoth() {
        LockProvider clash = () -> List.of(new LockType("MCS", "another MCS", true, ReentrantLock::new));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LockRegistry.collect(List.of(new BuiltInLocks(), clash)));
        assertTrue(e.getMessage().contains("MCS is registered twice"), e.getMessage());
        assertTrue(e.getMessage().contains(BuiltInLocks.class.getName()), e.getMessage());
    }

    @Test
    void lockNamesMustBeUpperCaseIdentifiers() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new LockType("my-lock", "bad name", true, ReentrantLock::new));
        assertTrue(e.getMessage().contains("'my-lock'"), e.getMessage());
    }

    @Test
    void aFactoryThatReturnsNullIsReportedByName() {
        LockType broken = new LockType("BROKEN", "returns null", true, () -> null);
        IllegalStateException e = assertThrows(IllegalStateException.class, broken::create);
        assertTrue(e.getMessage().contains("BROKEN"), e.getMessage());
    }
}
