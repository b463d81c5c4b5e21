package org.numaloom.locks.registry;

import java.util.List;

/**
 * Contributes locks to the {@link LockRegistry}, found through {@link java.util.ServiceLoader}.
 *
 * <p>To put your own lock through the whole kit, implement this interface in a public class with a
 * public no-argument constructor (what {@code ServiceLoader} builds), list that class in
 * {@code META-INF/services/org.numaloom.locks.registry.LockProvider} of your jar, and name the jar
 * by its absolute path in {@code NUMALOOM_CLASSPATH} when you run {@code ./numaloom}: every command
 * that takes lock names then accepts yours, the jcstress suite included (it generates and builds a
 * test class per lock, yours too, on its next build). In a program of your own, the jar on the
 * class path is enough. Names are upper-case letters, digits and underscores, starting with a
 * letter ({@link LockType}); {@code examples/user-lock} is a complete project that does all this.
 */
public interface LockProvider {
    /** The locks this provider contributes; names must not clash with other providers'. */
    List<LockType> lockTypes();
}
