package org.numaloom.perf.bench;

/**
 * The check a lock benchmark ends each invocation with: what its critical section counted against
 * what its workers were given. A broken exclusion loses increments, and a benchmark must not be fast
 * by being wrong. A worker that failed leaves its share undone, which the check reports as well (its
 * stack trace is printed by {@link Workers#runTogether}'s threads).
 *
 * <p>Call it after {@link Workers#runTogether} has returned: joining the workers orders their writes
 * of the count before the caller's read, so a plain field is enough.
 */
final class Entries {

    private Entries() {
    }

    /**
     * @param lock     the exclusion's name, for the message
     * @param counted  what the critical section counted
     * @param expected the items the workers were given
     * @param items    what was counted, plural, e.g. {@code "items"}
     * @throws IllegalStateException if they differ
     */
    static void requireAll(String lock, long counted, long expected, String items) {
        if (counted != expected) {
            throw new IllegalStateException(lock + " let " + counted + " of " + expected + " " + items
                    + " through its critical section: it lost updates, or a worker failed (see its stack trace above)");
        }
    }
}
