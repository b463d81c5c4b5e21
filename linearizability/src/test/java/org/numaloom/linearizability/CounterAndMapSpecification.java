package org.numaloom.linearizability;

import java.util.HashMap;
import java.util.Map;

/**
 * The sequential specification of {@link LockedCounterAndMap}: the same operations on the same
 * state, without any lock. Lincheck accepts a concurrent run only if some order of whole operations
 * on this object gives the same results; being lock-free, it cannot share a flaw with the lock
 * under test.
 */
public class CounterAndMapSpecification {
    private final Map<Integer, Integer> totals = new HashMap<>();
    private int count;

    public int increment() {
        return ++count;
    }

    public int incrementAfterTryLock() {
        return ++count;
    }

    public int incrementAfterTimedTryLock() {
        return ++count;
    }

    public int incrementAndSignal() {
        return ++count;
    }

    public int awaitCountThenRead() {
        return count;
    }

    public int read() {
        return count;
    }

    public int addTo(int key, int amount) {
        return totals.merge(key, amount, Integer::sum);
    }

    public Integer total(int key) {
        return totals.get(key);
    }

    /** No thread holds a lock between operations, so unlocking is always a misuse. */
    public void unlockWithoutHolding() {
        throw new IllegalMonitorStateException("the specification holds no lock");
    }
}
