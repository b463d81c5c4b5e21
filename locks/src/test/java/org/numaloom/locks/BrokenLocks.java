package org.numaloom.locks;

import java.util.List;

import org.numaloom.locks.registry.LockType;

/**
 * The negative controls: locks that are broken on purpose, one flaw each, for the suites that must
 * prove they can catch such a flaw (a suite that passes them checks nothing). Deliberately not in
 * the {@link org.numaloom.locks.registry.LockRegistry}: no suite that iterates the registry, and no
 * user, may mistake them for locks.
 */
public final class BrokenLocks {
    private BrokenLocks() {
    }

    public static List<LockType> all() {
        return List.of(
                new LockType("NO_EXCLUSION", "NEGATIVE CONTROL: every acquisition succeeds at once",
                        true, NoExclusionLock::new),
                new LockType("LOST_WAKEUP", "NEGATIVE CONTROL: a waiter publishes itself after its last look at the lock word",
                        true, LostWakeupLock::new),
                new LockType("FOREIGN_UNLOCK", "NEGATIVE CONTROL: unlock by a thread that does not hold the lock releases it",
                        true, ForeignUnlockLock::new));
    }
}
