package org.numaloom.linearizability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.numaloom.locks.registry.LockRegistry;
import org.numaloom.locks.registry.LockType;

/** The selection of locks by {@code -Dnumaloom.lincheck.locks}, as the launcher's {@code --lock} passes it. */
class CheckedLocksTest {
    private static List<String> names(List<LockType> types) {
        return types.stream().map(LockType::name).toList();
    }

    @Test
    void noSelectionChecksEveryRegisteredLockAndTheVariants() {
        List<String> all = names(CheckedLocks.named(""));
        assertTrue(all.containsAll(LockRegistry.names()), all.toString());
        assertTrue(all.containsAll(List.of("NUMA_MCS_4_SPREAD_NODES", "MCS_NO_SPIN", "NUMA_MCS_NO_SPIN")), all.toString());
        assertEquals(all, names(CheckedLocks.named(null)));
    }

    @Test
    void registeredLocksAndVariantsAreSelectedByNameInAnyCase() {
        assertEquals(List.of("MCS", "NUMA_MCS_NO_SPIN"), names(CheckedLocks.named(" mcs, Numa_Mcs_No_Spin ")));
    }

    @Test
    void anUnknownNameIsAnErrorThatListsTheKnownLocks() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> CheckedLocks.named("MCS,NO_SUCH_LOCK"));
        assertTrue(error.getMessage().contains("NO_SUCH_LOCK"), error.getMessage());
        assertTrue(error.getMessage().contains(String.join(", ", LockRegistry.names())), error.getMessage());
        assertTrue(error.getMessage().contains("MCS_NO_SPIN"), error.getMessage());
    }

    @Test
    void anUnknownNameIsTheRegistrysOneErrorNotARewriteOfIt() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> CheckedLocks.named("NO_SUCH_LOCK"));
        List<String> known = new ArrayList<>(LockRegistry.names());
        CheckedLocks.all().stream().map(LockType::name).filter(name -> !known.contains(name)).forEach(known::add);
        assertEquals("unknown lock 'NO_SUCH_LOCK'; known locks: " + String.join(", ", known)
                + ". To add a lock of your own, implement org.numaloom.locks.registry.LockProvider and list that class in"
                + " META-INF/services/org.numaloom.locks.registry.LockProvider of a jar on the class path.",
                error.getMessage());
    }
}
