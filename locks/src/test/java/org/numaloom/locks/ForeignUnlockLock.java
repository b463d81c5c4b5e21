package org.numaloom.locks;

/**
 * NEGATIVE CONTROL, known broken: {@link #unlock()} by a thread that does not hold the lock is
 * accepted instead of throwing {@link IllegalMonitorStateException}, and it releases the lock under
 * the feet of its holder, so that another thread can enter the critical section while the holder is
 * still in it.
 *
 * <p>Everything else is the kit's own machinery: acquisition and release are those of a
 * {@link NumaMcsLock} over one node, so the verdict is about the foreign unlock alone.
 */
final class ForeignUnlockLock extends AbstractReentrantLock {
    private final NumaMcsLock algorithm = new NumaMcsLock(LockCases.spreadOver(1), 0, NumaMcsLock.DEFAULT_HANDOFF_BOUND);

    ForeignUnlockLock() {
    }

    @Override
    boolean tryAcquire() {
        return algorithm.tryAcquire();
    }

    @Override
    boolean acquire(Waiter waiter) {
        return algorithm.acquire(waiter);
    }

    @Override
    void release() {
        algorithm.release();
    }

    @Override
    long ownerId() {
        return algorithm.ownerId();
    }

    @Override
    public void unlock() {
        if (isHeldByCurrentThread()) {
            super.unlock();
        } else {
            release();
        }
    }
}
