package org.numaloom.locks.registry;

import java.util.List;

/**
 * Contributes locks to the {@link LockRegistry}, found through {@link java.util.ServiceLoader}.
 *
 * <p>To put your own lock through the whole kit, implement this interface, list the class in
 * {@code META-INF/services/org.numaloom.locks.registry.LockProvider}, and put the jar on the
 * class path: every suite that takes lock names then accepts yours.
 */
public interface LockProvider {
    /** The locks this provider contributes; names must not clash with other providers'. */
    List<LockType> lockTypes();
}
