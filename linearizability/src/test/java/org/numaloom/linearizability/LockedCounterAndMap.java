package org.numaloom.linearizability;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * Lincheck's test object: a counter and a small map, plain sequential state that only the lock
 * under test ({@link LockUnderTest}) makes safe to share. Every operation enters the lock through
 * a different door ({@code lock}, {@code tryLock}, timed {@code tryLock}, {@code lockInterruptibly},
 * a condition's {@code await} and {@code signal}), so a door that lets two threads in at once, or
 * leaves a thread waiting on a free lock, shows up as results no sequential order explains
 * ({@link CounterAndMapSpecification}) or as a hang.
 *
 * <p>The state itself has no synchronization of its own on purpose: the lock is the only thing
 * that orders the accesses, so every interleaving Lincheck explores inside a critical section is
 * one the lock failed to prevent.
 */
@Param(name = "key", gen = IntGen.class, conf = "0:1")
@Param(name = "amount", gen = IntGen.class, conf = "1:2")
public class LockedCounterAndMap {
    /** Long enough to be a real timed wait, short enough that a scenario never stalls on it. */
    private static final long TRY_LOCK_TIMEOUT_MILLIS = 1;

    private final Lock lock = LockUnderTest.createLock();
    private final long conditionWaitNanos = LockUnderTest.conditionWaitNanos();
    private final Condition counted = lock.newCondition();
    private final Map<Integer, Integer> totals = new HashMap<>();
    private int count;

    @Operation
    public int increment() {
        lock.lock();
        return incrementAndUnlock();
    }

    /**
     * Increments after a {@code tryLock}, falling back to {@code lock} when it fails. A failed
     * {@code tryLock} is correct whenever another operation holds the lock, which no sequential
     * order of whole operations can express; with the fallback the result depends only on where
     * the increment falls in that order, and the operation still exercises {@code tryLock}'s path.
     */
    @Operation
    public int incrementAfterTryLock() {
        if (!lock.tryLock()) {
            lock.lock();
        }
        return incrementAndUnlock();
    }

    /** As {@link #incrementAfterTryLock}, through the timed {@code tryLock} and its wait. */
    @Operation
    public int incrementAfterTimedTryLock() throws InterruptedException {
        if (!lock.tryLock(TRY_LOCK_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
            lock.lock();
        }
        return incrementAndUnlock();
    }

    /** Increments and wakes one thread waiting in {@link #awaitCountThenRead}. */
    @Operation
    public int incrementAndSignal() {
        lock.lock();
        try {
            int value = ++count;
            counted.signal();
            return value;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits briefly for a count above zero, then reads it. Whether the wait ends by a signal, by the
     * timeout or spuriously, the read happens with the lock taken back, so its result is the count
     * at one moment within the operation: linearizable whatever the timing. The wait releases the
     * lock fully and takes it back, racing signallers for its place in the condition's queue.
     */
    @Operation
    public int awaitCountThenRead() throws InterruptedException {
        lock.lock();
        try {
            if (count == 0) {
                counted.awaitNanos(conditionWaitNanos);
            }
            return count;
        } finally {
            lock.unlock();
        }
    }

    @Operation
    public int read() {
        lock.lock();
        try {
            return count;
        } finally {
            lock.unlock();
        }
    }

    /** Adds to the key's total and returns the new total (a read-modify-write of the map). */
    @Operation
    public int addTo(@Param(name = "key") int key, @Param(name = "amount") int amount) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            return totals.merge(key, amount, Integer::sum);
        } finally {
            lock.unlock();
        }
    }

    @Operation
    public Integer total(@Param(name = "key") int key) {
        lock.lock();
        try {
            return totals.get(key);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Unlocks without holding the lock: every lock must throw {@link IllegalMonitorStateException}
     * and stay as it was. One that accepts the unlock either returns normally (a result the
     * specification never gives) or frees the lock while another operation holds it.
     */
    @Operation
    public void unlockWithoutHolding() {
        lock.unlock();
    }

    private int incrementAndUnlock() {
        try {
            return ++count;
        } finally {
            lock.unlock();
        }
    }
}
