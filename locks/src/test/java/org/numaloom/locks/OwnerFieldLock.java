package org.numaloom.locks;

/**
 * For the test's own locks: the owner's thread id in a field of its own, recorded after each
 * acquisition and cleared before each release, so that a lock here supplies only how it takes and
 * lets go of its word ({@link #take}, {@link #await}, {@link #letGo}). The kit's locks name their
 * owner where they already write (a {@link LeaderLock}'s word, an MCS lock's holder node).
 */
abstract class OwnerFieldLock extends AbstractReentrantLock {
    /** 0 while nobody holds the lock; volatile, so that a racy read sees a whole {@code long}. */
    private volatile long ownerId;

    /** Takes the lock if that is possible without waiting. */
    abstract boolean take();

    /** Takes the lock, waiting on the waiter's terms; false if the waiter gave up. */
    abstract boolean await(Waiter waiter);

    /** Lets the lock go. */
    abstract void letGo();

    @Override
    final boolean tryAcquire() {
        return take() && recordOwner();
    }

    @Override
    final boolean acquire(Waiter waiter) {
        return await(waiter) && recordOwner();
    }

    @Override
    final void release() {
        ownerId = 0;
        letGo();
    }

    @Override
    final long ownerId() {
        return ownerId;
    }

    private boolean recordOwner() {
        ownerId = Thread.currentThread().threadId();
        return true;
    }
}
