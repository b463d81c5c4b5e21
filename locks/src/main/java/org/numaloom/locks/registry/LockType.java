package org.numaloom.locks.registry;

import java.util.Objects;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A named kind of lock: what the registry lists, what the stress, linearizability and performance
 * suites take by name, and what a {@link LockProvider} contributes.
 *
 * @param name        upper-case letters, digits and underscores, starting with a letter (e.g. {@code NUMA_MCS})
 * @param description one line for tables and reports
 * @param reentrant   whether the owner may lock again while it holds the lock (the contract suite
 *                    checks reentrancy only for locks that claim it)
 * @param factory     makes a new, unlocked instance each call
 */
public record LockType(String name, String description, boolean reentrant, Supplier<? extends Lock> factory) {
    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

    public LockType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(factory, "factory");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("lock name '" + name
                    + "' must be upper-case letters, digits and underscores, starting with a letter, e.g. MY_LOCK");
        }
    }

    /** A new, unlocked lock of this type. */
    public Lock create() {
        Lock lock = factory.get();
        if (lock == null) {
            throw new IllegalStateException("the factory of lock " + name + " returned null");
        }
        return lock;
    }

    @Override
    public String toString() {
        return name;
    }
}
