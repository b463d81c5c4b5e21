package org.numaloom.locks;

/**
 * NEGATIVE CONTROL, known broken: unlock frees the lock word with a plain write instead of a
 * volatile one. Everything else is {@link ParkingWordLock}, a correct lock.
 *
 * <p>A plain write has two consequences, and only one of them shows on an x86 machine:
 * <ul>
 *   <li>It is not a release: the critical section's writes may become visible after the word reads
 *       "free", so the next holder may read stale data. x86 (TSO) never reorders a store with an
 *       earlier load or store, and HotSpot's JIT keeps this store after the critical section in
 *       practice (it is behind the unlock's owner check), so this is expected to show only on a
 *       weakly ordered machine such as aarch64 hardware, not here nor under QEMU.</li>
 *   <li>It gives no store-load ordering: the releaser's read of the waiter queue may be satisfied
 *       while its write of the word still sits in the store buffer (x86 does reorder a store with a
 *       later load, and so may the JIT with a plain store). A waiter that joined the queue and then
 *       read the word as taken parks, the releaser saw no waiter: a lost wake-up, and the waiter
 *       stays parked on a free lock. That is what the suites catch here.</li>
 * </ul>
 */
final class PlainUnlockLock extends ParkingWordLock {
    @Override
    void freeWord() {
        setWordPlain(0);
    }
}
