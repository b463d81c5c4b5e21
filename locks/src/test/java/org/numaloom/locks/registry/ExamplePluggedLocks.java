package org.numaloom.locks.registry;

import java.util.List;

import org.numaloom.example.ExampleUserLock;

/**
 * A user's provider, registered the way a user registers one: listed in the test class path's
 * {@code META-INF/services}. Proves that a lock registered this way reaches every suite that
 * iterates the registry (the contract tests, the virtual-thread harness, jcstress and Lincheck run
 * it too). Its lock, {@link ExampleUserLock}, is one a user wrote, so that {@code ./numaloom mutate}
 * has a user's lock to mutate as well.
 */
public final class ExamplePluggedLocks implements LockProvider {
    @Override
    public List<LockType> lockTypes() {
        return List.of(new LockType("EXAMPLE_PLUGGED", "a user's lock registered through LockProvider (test sources)",
                true, ExampleUserLock::new));
    }
}
