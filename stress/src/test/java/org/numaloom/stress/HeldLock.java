package org.numaloom.stress;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.Lock;

import org.numaloom.locks.registry.LockType;

/**
 * One hand-over, the liveness tests' unit: a lock held when a waiter arrives, and let go by its
 * holder once the waiter is on its way in. The waiter must then get the lock. Or, in the interrupt
 * test, an interrupt instead of the hand-over: the holder keeps the lock and interrupts the waiter
 * in {@code lockInterruptibly()}, which must then throw; a wait that misses the interrupt never
 * ends, since nobody lets go.
 *
 * <p>The thread that makes this object is the holder: it takes the lock in the constructor and
 * unlocks in {@link #release()} (or keeps it, in the interrupt test); jcstress's liveness tests
 * build their state and call their signal on one control thread, and the virtual-thread harness
 * does the same on its main thread. A lost wake-up needs the release to fall in a window of a few
 * instructions of the waiter's way into the lock (between its look at the lock and its parking),
 * so the holder does not wait for the waiter to park: it waits until the waiter announces itself,
 * and both then spin a random few rounds before the waiter calls lock() and the holder unlock().
 * In the virtual-thread harness, which calls {@link #release()} right after it starts the waiter,
 * the release so falls anywhere from a little before the waiter's first look at the lock to a
 * little after it parked, sweeping the window. In jcstress the signal runs about a millisecond
 * after the actor starts (its runner sleeps 1 ms until it sees the actor started), so there the
 * holder almost always finds the waiter parked: the tests there check the wake-up of a parked
 * waiter, not that window.
 */
public class HeldLock {
    /**
     * Up to about 2 microseconds of spinning (2^6 rounds of {@code onSpinWait}): the length of a
     * lock()'s way from its first look to park(). Log-uniform, so that short delays, where the
     * windows of compiled code are, come up as often as long ones.
     */
    private static final int MAX_DELAY_SPINS_LOG2 = 6;

    private final Lock lock;
    /** The waiter, once it is on its way into the lock. */
    private volatile Thread waiter;

    /** A new lock of the type, taken by the calling thread. */
    public HeldLock(LockType type) {
        this(type.create());
    }

    /** The given lock, taken by the calling thread: a lock that lives on between hand-overs. */
    public HeldLock(Lock lock) {
        this.lock = lock;
        lock.lock();
    }

    /** The waiter: blocks until the holder lets go, then lets go itself. */
    public final void lockAndUnlock() {
        waiter = Thread.currentThread();
        spinRandomly();
        lock.lock();
        lock.unlock();
    }

    /** The holder: waits until the waiter is on its way into lock(), and lets go. */
    public final void release() {
        awaitTheWaiter();
        spinRandomly();
        lock.unlock();
    }

    /**
     * The waiter of the interrupt test: waits in {@code lockInterruptibly()} for the lock its holder
     * keeps, until the holder interrupts it.
     *
     * @throws IllegalStateException if {@code lockInterruptibly()} returned: it took a held lock
     */
    public final void lockInterruptiblyUntilInterrupted() {
        waiter = Thread.currentThread();
        try {
            lock.lockInterruptibly();
        } catch (InterruptedException expected) {
            return;
        }
        throw new IllegalStateException("lockInterruptibly() returned while its holder still held " + lock);
    }

    /**
     * The holder of the interrupt test: keeps the lock, and interrupts the waiter once it is on its
     * way in (in jcstress, a millisecond later: parked).
     */
    public final void interruptTheWaiter() {
        awaitTheWaiter().interrupt();
    }

    private Thread awaitTheWaiter() {
        Thread arriving;
        while ((arriving = waiter) == null) {
            Thread.onSpinWait();
        }
        return arriving;
    }

    /** Spins a random few rounds, up to about 2 µs, log-uniformly. */
    private static void spinRandomly() {
        spinRandomly(MAX_DELAY_SPINS_LOG2);
    }

    /** Spins up to {@code 2^maxLog2} rounds of {@code onSpinWait}, the count log-uniform. */
    static void spinRandomly(int maxLog2) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int spins = random.nextInt(1 << random.nextInt(maxLog2 + 1)); spins > 0; spins--) {
            Thread.onSpinWait();
        }
    }
}
