package org.example.userlocks;

import java.util.List;

import org.numaloom.locks.registry.LockProvider;
import org.numaloom.locks.registry.LockType;

/**
 * Registers this jar's locks with the kit, found through {@code META-INF/services}: once the jar is
 * in {@code NUMALOOM_CLASSPATH}, every kit command that takes a lock name takes these.
 */
public final class UserLocks implements LockProvider {
    @Override
    public List<LockType> lockTypes() {
        return List.of(
                new LockType("USER_MUTEX", "a user's non-reentrant mutex on AbstractQueuedSynchronizer (examples/user-lock)",
                        false, Mutex::new),
                new LockType("USER_FORGETFUL_MUTEX", "USER_MUTEX with a mistake the kit must catch: lock() goes in"
                        + " after one failed try (examples/user-lock)", false, ForgetfulMutex::new));
    }
}
